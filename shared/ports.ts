/**
 * Whether a TCP port is free, checked before anything slow (the build) starts, so a taken port is
 * one sentence at once rather than a stack trace minutes later.
 */
import { createServer } from 'node:net';

/** Resolves true when nothing listens on `host:port` (by listening there for a moment). */
export function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((done, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') done(false);
      else reject(error);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => done(true)));
  });
}

/** The sentence for a taken port: which variable moves it, and an example with the next port. */
export function portInUseSentence(variable: string, port: number, host: string, command: string): string {
  const next = port < 65535 ? port + 1 : port - 1;
  return `Port ${port} on ${host} is already in use (another server, or another copy of this one): stop that program, or choose another port with ${variable}, e.g. \`${variable}=${next} ${command}\`.`;
}

/** Throws {@link portInUseSentence} for the first of `ports` that is taken. */
export async function assertPortsFree(
  ports: ReadonlyArray<{ variable: string; port: number; host: string }>,
  command: string,
): Promise<void> {
  for (const { variable, port, host } of ports) {
    if (!(await portIsFree(port, host))) throw new Error(portInUseSentence(variable, port, host, command));
  }
}

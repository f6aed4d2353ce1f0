/**
 * The keeper: a small process between the server and PostgreSQL that ties PostgreSQL's life to
 * the server's. It starts `postgres` (as the unprivileged user when given), reports its pid on
 * stdout, and stops it with a fast shutdown (SIGINT: open transactions roll back, a checkpoint
 * is written, postmaster.pid removed) as soon as its stdin closes, which happens when the server
 * closes it on purpose AND when the server dies in any way, SIGKILL included. Without it a killed
 * server would leave PostgreSQL running and holding the data folder.
 *
 * Run by server/postgres/cluster.ts as `node keeper.ts '<json KeeperConfig>'` in its own process
 * group, so Ctrl-C in a terminal reaches the server (which then stops in order) and not
 * PostgreSQL directly.
 */
import { spawn } from 'node:child_process';

/** What the keeper is told on its command line. */
export interface KeeperConfig {
  /** Path of the `postgres` binary. */
  postgres: string;
  args: string[];
  /** Switch to this user for PostgreSQL (the server runs as root). */
  uid?: number;
  gid?: number;
}

/** The lines the keeper writes on stdout, one JSON object each. */
export type KeeperMessage = { pid: number } | { exit: number | null; signal: string | null } | { error: string };

/** After a fast shutdown was asked for, wait this long before an immediate shutdown (SIGQUIT). */
const FAST_SHUTDOWN_GRACE_MS = 60_000;

function say(message: KeeperMessage): void {
  try {
    process.stdout.write(JSON.stringify(message) + '\n');
  } catch {
    // The server is gone; nobody listens.
  }
}

function main(): void {
  const config = JSON.parse(process.argv[2] ?? '{}') as KeeperConfig;
  // A dead server makes writes to stdout fail; that must not kill the keeper before PostgreSQL stops.
  process.stdout.on('error', () => {});
  const child = spawn(config.postgres, config.args, {
    uid: config.uid,
    gid: config.gid,
    // PostgreSQL logs to stderr, which goes to the server; its messages are English (lc_messages=C).
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, LC_ALL: 'C' },
  });
  child.on('error', (error) => {
    say({ error: error.message });
    process.exit(1);
  });
  if (child.pid) say({ pid: child.pid });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    child.kill('SIGINT');
    setTimeout(() => child.kill('SIGQUIT'), FAST_SHUTDOWN_GRACE_MS).unref();
  };
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);

  child.on('exit', (code, signal) => {
    say({ exit: code, signal });
    process.exit(0);
  });
}

main();

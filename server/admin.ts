/**
 * The local admin channel of the embedded backend: a Unix socket inside the data folder
 * (`<DATA_DIR>/admin.sock`, mode 0600) that answers with the stored contact requests. It exists
 * because PGlite is single-process: while the server runs, nobody else may open its data folder,
 * so `npm run submissions` (and the browser tests) ask the running server instead. It is not part
 * of the HTTP API, so the browser can never reach it; whoever can use it could read the data
 * folder anyway. The socket also marks the folder as in use, so a second server refuses to start.
 */
import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import type { ContactDatabase, Submission } from './database.ts';

/** The only request the socket understands. */
const LIST = 'list-submissions\n';

/** Path of the admin socket of a data folder. */
export function adminSocketPath(dataDir: string): string {
  return join(resolve(dataDir), 'admin.sock');
}

/** Asks the server of `dataDir` for the stored requests; null when no server is running there. */
export function readSubmissionsFromServer(dataDir: string): Promise<Submission[] | null> {
  return new Promise((done, reject) => {
    const socket = createConnection(adminSocketPath(dataDir));
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(LIST));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      try {
        const reply = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { rows?: Submission[]; error?: string };
        if (reply.rows) done(reply.rows);
        else reject(new Error(reply.error ?? 'The server sent no rows.'));
      } catch (error) {
        reject(error);
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') done(null);
      else reject(error);
    });
  });
}

/**
 * Throws when another live server already uses `dataDir`; removes a stale socket left by a
 * server that crashed. Call before opening the database.
 */
export async function claimDataDir(dataDir: string): Promise<void> {
  const path = adminSocketPath(dataDir);
  const live = await new Promise<boolean>((done) => {
    const socket = createConnection(path);
    socket.on('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.on('error', () => done(false));
  });
  if (live) throw new Error(`Another server is using the data folder ${resolve(dataDir)}: stop it or set DATA_DIR to another folder.`);
  await rm(path, { force: true });
}

/** Starts the admin socket of `dataDir`, answering from `db`. Close the returned server on shutdown. */
export async function serveAdmin(dataDir: string, db: ContactDatabase): Promise<Server> {
  const path = adminSocketPath(dataDir);
  const server = createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      input += chunk;
      if (!input.includes('\n')) {
        if (input.length > LIST.length) socket.end(JSON.stringify({ error: 'Unknown request.' }));
        return;
      }
      if (input !== LIST) {
        socket.end(JSON.stringify({ error: 'Unknown request.' }));
        return;
      }
      db.listSubmissions().then(
        (rows) => socket.end(JSON.stringify({ rows })),
        (error: unknown) => socket.end(JSON.stringify({ error: (error as Error).message })),
      );
    });
  });
  await new Promise<void>((done, reject) => {
    server.once('error', reject);
    server.listen(path, () => done());
  });
  await chmod(path, 0o600);
  return server;
}

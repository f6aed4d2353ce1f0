/**
 * Assembles the server of `npm start`: the built site (static.ts) and, unless the site talks to a
 * Supabase project, the embedded contact backend (PGlite + the PostgREST-compatible insert
 * endpoint + the local admin socket). Used by server/index.ts, the load check and tests, each
 * with its own port and data folder.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { Server as NetServer } from 'node:net';
import { createStaticHandler } from './static.ts';
import { openContactDatabase, type ContactDatabase } from './database.ts';
import { createRestHandler, isRestPath, DEFAULT_MAX_BODY_BYTES } from './rest.ts';
import { claimDataDir, serveAdmin } from './admin.ts';
import { LOCAL_ANON_KEY } from '../site/lib/local-backend.ts';

/** Default data folder of the embedded database, relative to the working directory. */
export const DEFAULT_DATA_DIR = '.data/pglite';

/** Options of {@link startServer}. */
export interface ServerOptions {
  /** @default 4321; 0 picks a free port */
  port?: number;
  /** @default 'localhost' */
  host?: string;
  /** Folder of the built site; null serves no site (the load check). */
  distDir: string | null;
  /** Run the embedded contact backend. @default true */
  embeddedBackend?: boolean;
  /** Data folder of the embedded database; null keeps it in memory (no admin socket). @default DEFAULT_DATA_DIR */
  dataDir?: string | null;
  /** Wipe the data folder first. @default false */
  resetData?: boolean;
  /** @default LOCAL_ANON_KEY */
  anonKey?: string;
  /** @default DEFAULT_MAX_BODY_BYTES */
  maxBodyBytes?: number;
}

/** A started server. */
export interface RunningServer {
  /** Base URL, e.g. http://localhost:4321 */
  url: string;
  port: number;
  /** The embedded database, or null when disabled. */
  db: ContactDatabase | null;
  /** Stops accepting requests, waits for open ones, closes the database. */
  close(): Promise<void>;
}

/** Starts the server; resolves once it listens. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { port = 4321, host = 'localhost', distDir, embeddedBackend = true, resetData = false } = options;
  const dataDir = options.dataDir === undefined ? DEFAULT_DATA_DIR : options.dataDir;
  const serveStatic = distDir ? createStaticHandler(distDir) : null;

  let db: ContactDatabase | null = null;
  let admin: NetServer | null = null;
  let rest: ReturnType<typeof createRestHandler> | null = null;
  if (embeddedBackend) {
    if (dataDir) await claimDataDir(dataDir);
    db = await openContactDatabase({ dataDir: dataDir ?? undefined, reset: resetData });
    if (dataDir) admin = await serveAdmin(dataDir, db);
    rest = createRestHandler({
      db,
      anonKey: options.anonKey ?? LOCAL_ANON_KEY,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    });
  }

  const server: HttpServer = createServer((req, res) => {
    let pathname = '/';
    try {
      pathname = new URL(req.url ?? '/', 'http://x').pathname;
    } catch {
      // static.ts answers 400 for unparsable URLs
    }
    if (rest && isRestPath(pathname)) {
      void rest(req, res);
      return;
    }
    if (!serveStatic) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not Found');
      return;
    }
    serveStatic(req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error');
    });
  });
  // A slow or stalled client cannot hold a request open for long.
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;

  try {
    await new Promise<void>((done, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => done());
    });
  } catch (error) {
    admin?.close();
    await db?.close();
    throw error;
  }
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | null = null;
  return {
    url: `http://${shownHost}:${actualPort}`,
    port: actualPort,
    db,
    close() {
      closing ??= (async () => {
        await new Promise<void>((done) => {
          server.close(() => done());
          server.closeIdleConnections();
        });
        if (admin) await new Promise<void>((done) => admin.close(() => done()));
        await db?.close();
      })();
      return closing;
    },
  };
}

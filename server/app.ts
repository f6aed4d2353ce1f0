/**
 * Assembles the server of `npm start`: the built site (static.ts) and, unless the site talks to a
 * Supabase project, the embedded contact backend (a real PostgreSQL 17 in the data folder, with
 * Supabase's roles and the repository's migrations, behind the PostgREST-compatible insert
 * endpoint). Every response carries the security headers. Used by server/index.ts, the load check
 * and tests, each with its own port and data folder.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { createStaticHandler } from './static.ts';
import { openContactDatabase, type ContactDatabase } from './database.ts';
import { createRestHandler, isRestPath, DEFAULT_MAX_BODY_BYTES } from './rest.ts';
import { createOriginPolicy, listenOrigins } from './origins.ts';
import { createRateLimiter, DEFAULT_RATE_LIMIT } from './rate-limit.ts';
import { clientAddress, requestIsHttps, TRUST_NO_PROXY } from './trust-proxy.ts';
import { createHealthHandler, isHealthPath } from './health.ts';
import { underBasePath } from './base-path.ts';
import { HSTS_VALUE } from './transport-security.ts';
import { startCluster, type RunningCluster } from './postgres/cluster.ts';
import { prepareDatabase } from './postgres/bootstrap.ts';
import {
  DEFAULT_POOL_MAX,
  describeDatabaseUrl,
  prepareExternalDatabase,
  retryableDuringRestart,
} from './external/prepare.ts';
import { migrationsLine } from './migrations-line.ts';
import { attachDelivery, type NotifyingDatabase } from './leads/notify.ts';
import { createTranscriptHandler, TRANSCRIPT_PATH } from './transcripts/route.ts';
import { LOCAL_ANON_KEY } from '../shared/local-backend.ts';
import { CHECKOUT_DATA_DIR, DEFAULT_HOST, DEFAULT_PORT } from '../shared/config.ts';
import {
  API_CONTENT_SECURITY_POLICY,
  BASE_SECURITY_HEADERS,
  SECURITY_HEADERS_FILE,
  type SecurityManifest,
} from '../shared/security-headers.ts';
import type { RunningServer, ServerOptions, ShutdownReport, ShutdownStep } from './server-options.ts';

export type { RunningServer, ServerOptions, ShutdownReport, ShutdownStep } from './server-options.ts';

/** Data folder of the embedded database when none is given: the checkout's (shared/config.ts chooses the real default). */
export const DEFAULT_DATA_DIR = CHECKOUT_DATA_DIR;

/** How long a shutdown waits for open requests before it closes their connections. @default 10 s */
export const SHUTDOWN_GRACE_MS = 10_000;

/** The headers of every response: the build's (with its CSP), or the API-only set without a site. */
async function securityHeaders(distDir: string | null): Promise<SecurityManifest> {
  if (!distDir)
    return {
      siteOrigin: '',
      headers: { ...BASE_SECURITY_HEADERS, 'Content-Security-Policy': API_CONTENT_SECURITY_POLICY },
    };
  const file = join(distDir, SECURITY_HEADERS_FILE);
  let manifest: SecurityManifest;
  try {
    manifest = JSON.parse(await readFile(file, 'utf8')) as SecurityManifest;
  } catch {
    throw new Error(
      `${file} is missing or unreadable: rebuild the site with \`npm run build\` (it writes the security headers).`,
    );
  }
  if (!manifest.headers?.['Content-Security-Policy'])
    throw new Error(`${file} has no Content-Security-Policy: rebuild the site with \`npm run build\`.`);
  return manifest;
}

/** The path of a request ('/' when unparsable: static.ts answers 400 for those). */
function pathOf(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? '/', 'http://x').pathname;
  } catch {
    return '/';
  }
}

/** Starts the server; resolves once it listens. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const {
    port = DEFAULT_PORT,
    host = DEFAULT_HOST,
    distDir,
    embeddedBackend = true,
    resetData = false,
    log = console.log,
  } = options;
  const trustProxy = options.trustProxy ?? TRUST_NO_PROXY;
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const security = await securityHeaders(distDir);
  const serveStatic = distDir ? createStaticHandler(distDir) : null;

  let cluster: RunningCluster | null = null;
  let db: ContactDatabase | null = null;
  let delivery: NotifyingDatabase | null = null;
  let rest: ReturnType<typeof createRestHandler> | null = null;
  // "Email me a copy" (issue 38): beside the contact endpoint, on the same database and limiter.
  let transcripts: ReturnType<typeof createTranscriptHandler> | null = null;
  let closing: Promise<ShutdownReport> | null = null;
  // Requests not yet answered (the shutdown's report counts the ones it waited for).
  let inFlight = 0;
  const shutdownSteps: ShutdownStep[] = [];
  const health = createHealthHandler({
    checks: {
      ...(embeddedBackend ? { database: () => (db ? db.ping() : Promise.reject(new Error('not started'))) } : {}),
    },
    draining: () => closing !== null,
  });
  const basePath = options.basePath ?? '/';
  /** Whether a request is for the contact endpoint (below the base path). */
  const isRestRequest = (req: IncomingMessage) => {
    const path = pathOf(req);
    const below =
      basePath === '/'
        ? path
        : path === basePath || path.startsWith(basePath + '/')
          ? path.slice(basePath.length) || '/'
          : null;
    return below !== null && isRestPath(below);
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    inFlight++;
    res.once('close', () => inFlight--);
    for (const [name, value] of Object.entries(security.headers)) res.setHeader(name, value);
    if (requestIsHttps(req, trustProxy)) res.setHeader('Strict-Transport-Security', HSTS_VALUE);
    // During a shutdown a finished response leaves its keep-alive connection idle: close it now.
    res.once('finish', () => closing && setImmediate(() => server.closeIdleConnections()));
    let pathname = pathOf(req);
    if (isHealthPath(pathname)) {
      void health(req, res, pathname);
      return;
    }
    const below = underBasePath(req, res, basePath, pathname);
    if (below === null) return;
    pathname = below;
    if (rest && isRestPath(pathname)) {
      void rest(req, res);
      return;
    }
    if (transcripts && pathname === TRANSCRIPT_PATH) {
      void transcripts(req, res);
      return;
    }
    if (!serveStatic) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not Found');
      return;
    }
    serveStatic(req, res).catch((error: unknown) => {
      log(`static file error: ${(error as Error).message}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error');
    });
  };
  const server: HttpServer = createServer(handle);
  // `Expect: 100-continue`: the REST endpoint sends 100 Continue itself once the request passed
  // every check that needs no body (so an over-limit length gets its 413 at once); the site has
  // no use for request bodies and answers as usual.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!(rest && isRestRequest(req))) res.writeContinue();
    handle(req, res);
  });
  // A slow or stalled client cannot hold a request open for long.
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;

  const stopBackend = async () => {
    await delivery?.stop();
    await db?.close().catch(() => {});
    await cluster?.stop();
  };

  try {
    if (embeddedBackend && options.databaseUrl) {
      const url = options.databaseUrl;
      log(await migrationsLine(`${describeDatabaseUrl(url)} (DATABASE_URL)`, await prepareExternalDatabase(url)));
      db = retryableDuringRestart(
        await openContactDatabase({ connectionString: url, poolSize: options.databasePoolMax ?? DEFAULT_POOL_MAX }),
      );
      if (options.delivery?.channels.length) {
        delivery = attachDelivery(db, { connectionString: url }, null, options.delivery, log);
        db = delivery.db;
      }
    } else if (embeddedBackend) {
      cluster = await startCluster({ dataDir, kind: 'server', reset: resetData, log });
      log(
        await migrationsLine(
          'the embedded database',
          await prepareDatabase({ host: cluster.host, port: cluster.port }, cluster.credentials),
        ),
      );
      db = await openContactDatabase({ host: cluster.host, port: cluster.port, credentials: cluster.credentials });
      if (options.delivery?.channels.length) {
        const connection = {
          host: cluster.host,
          port: cluster.port,
          database: 'postgres',
          user: 'authenticator',
          password: cluster.credentials.authenticator,
        };
        delivery = attachDelivery(db, connection, 'service_role', options.delivery, log);
        db = delivery.db;
      }
      await cluster.markReady();
    }
    await new Promise<void>((done, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => done());
    });
  } catch (error) {
    await stopBackend();
    throw error;
  }

  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  if (db) {
    const origins = [
      ...listenOrigins(host, actualPort),
      ...(security.siteOrigin ? [security.siteOrigin] : []),
      ...(options.allowedOrigins ?? []),
    ];
    const rateLimit = options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit;
    const rateLimiter = rateLimit ? createRateLimiter(rateLimit) : null;
    transcripts = createTranscriptHandler({
      db,
      allowOrigin: createOriginPolicy(origins),
      rateLimiter,
      delivers: Boolean(delivery && options.delivery?.transcripts?.length),
      clientAddress: (req) => clientAddress(req, trustProxy),
      log,
    });
    rest = createRestHandler({
      db,
      anonKey: options.anonKey ?? LOCAL_ANON_KEY,
      allowOrigin: createOriginPolicy(origins),
      rateLimiter,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      bodyTimeoutMs: options.bodyTimeoutMs,
      clientAddress: (req) => clientAddress(req, trustProxy),
      log,
    });
  }
  void cluster?.exited.then(({ expected, detail }) => {
    if (expected || closing) return;
    log(
      `PostgreSQL stopped and could not be restarted (${detail}); the site keeps serving, contact requests answer 503 until the server restarts.`,
    );
    options.onDatabaseLost?.(detail);
  });

  return {
    url: `http://${shownHost}:${actualPort}`,
    port: actualPort,
    cluster,
    onShutdown(step) {
      shutdownSteps.push(step);
    },
    close() {
      closing ??= (async () => {
        const openRequests = inFlight;
        let cutOff = 0;
        await new Promise<void>((done) => {
          server.close(() => done());
          server.closeIdleConnections();
          // A client that keeps a response open (or never reads it) cannot hold the shutdown forever.
          setTimeout(() => {
            cutOff = Math.min(inFlight, openRequests);
            server.closeAllConnections();
          }, options.shutdownGraceMs ?? SHUTDOWN_GRACE_MS).unref();
        });
        for (const step of shutdownSteps) {
          await step().catch((error: unknown) => log(`shutdown step failed: ${(error as Error).message}`));
        }
        const database = cluster ? 'embedded' : db ? 'url' : 'none';
        await stopBackend();
        return { openRequests, cutOff, steps: shutdownSteps.length, database } satisfies ShutdownReport;
      })();
      return closing;
    },
  };
}

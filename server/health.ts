/**
 * Health endpoints for reverse proxies, load balancers and orchestrators:
 * - `GET /healthz` — the process is up and serving (200 while it runs, even while the database is
 *   down: restarting the process would not bring the database back);
 * - `GET /readyz` — it can take contact requests: the database answers (200), or it does not, or
 *   the server is shutting down (503, so the balancer sends visitors elsewhere).
 * Both answer `application/json` with `Cache-Control: no-store`, at the root whatever BASE_PATH is.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Liveness path. */
export const HEALTH_PATH = '/healthz';

/** Readiness path. */
export const READY_PATH = '/readyz';

/** What readiness is made of: each check resolves when its dependency answers, rejects when not. */
export interface HealthOptions {
  /** Named checks, e.g. `{ database: () => db.ping() }`; none when the site stores nothing itself. */
  checks: Readonly<Record<string, () => Promise<void>>>;
  /** True once the server is shutting down. */
  draining: () => boolean;
}

/** How long a check may take before it counts as failed (a hung database is not a ready one). */
export const CHECK_TIMEOUT_MS = 2_000;

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Whether `pathname` is one of the health endpoints. */
export function isHealthPath(pathname: string): boolean {
  return pathname === HEALTH_PATH || pathname === READY_PATH;
}

function send(req: IncomingMessage, res: ServerResponse, status: number, body: object): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(text)),
  });
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** The handler for {@link HEALTH_PATH} and {@link READY_PATH}. */
export function createHealthHandler(options: HealthOptions) {
  return async function health(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed');
      return;
    }
    if (pathname === HEALTH_PATH) return send(req, res, 200, { status: 'ok' });
    if (options.draining()) return send(req, res, 503, { status: 'shutting down' });
    const results: Record<string, string> = {};
    let ok = true;
    await Promise.all(
      Object.entries(options.checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          results[name] = 'ok';
        } catch {
          // A public endpoint names no internals: the reason is in the server's own log.
          ok = false;
          results[name] = 'unavailable';
        }
      }),
    );
    send(req, res, ok ? 200 : 503, { status: ok ? 'ready' : 'unavailable', checks: results });
  };
}

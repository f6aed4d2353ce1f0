/**
 * The endpoint's answers in PostgREST's shape: the JSON error body `{code, message, details, hint}`,
 * PostgREST's status for each PostgreSQL error code, and which failures mean "the database is not
 * available right now" (a 503 with Retry-After, never a false 201).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The JSON error body of PostgREST. */
export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/** A refused request: the status and body to answer with, and extra headers. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  hint?: string | null;
  details?: string | null;
  headers?: Record<string, string>;
}

/** Seconds a client is told to wait (Retry-After) when the database is not available. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** PostgreSQL going away under a connection: terminated, crashed, starting up or in recovery. */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '57P05']);

/**
 * HTTP status PostgREST answers for a PostgreSQL error code (PostgREST's documented table; the
 * caller is always the anon role here, so an insufficient privilege is 401 like PostgREST does
 * for anonymous requests). A connection PostgreSQL ended (57P01–57P05) is 503: the request may be
 * sent again.
 */
export function statusForPgCode(code: string, anonymous = true): number {
  if (code === '42501') return anonymous ? 401 : 403;
  if (code === '23503' || code === '23505' || code === '23P01') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === 'P0001') return 400;
  if (UNAVAILABLE_CODES.has(code)) return 503;
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53') return 503;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (code === '42P17') return 500;
  if (code === '57014') return 504;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(cls))
    return 500;
  return 400;
}

/** A PostgreSQL error as pg reports it. */
interface PgError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isPgError(error: unknown): error is PgError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as PgError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PgError).code) &&
    typeof (error as PgError).message === 'string'
  );
}

/**
 * The answer for an insert that threw: PostgreSQL's own error with PostgREST's status, or, for
 * anything that means the database is not reachable (a refused or broken connection, a timeout, a
 * backend PostgreSQL ended), 503 with Retry-After. `unavailable` is true in that case (worth a log line).
 */
export function refusalForInsertError(error: unknown): Refusal & { unavailable: boolean } {
  if (isPgError(error)) {
    const status = statusForPgCode(error.code);
    if (status !== 503)
      return {
        status,
        code: error.code,
        message: error.message,
        hint: error.hint || null,
        details: error.detail || null,
        unavailable: false,
      };
  }
  return {
    status: 503,
    code: 'PGRST001',
    message: 'The database is not available',
    hint: 'Try again in a moment.',
    headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
    unavailable: true,
  };
}

/** Sends `body` as JSON (or an empty body) unless the response is already gone. */
export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) {
    res.end();
    return;
  }
  const payload = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    ...(payload ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
    'Content-Length': String(Buffer.byteLength(payload)),
  });
  res.end(payload);
}

/** Answers a refusal with PostgREST's error body. */
export function refuse(res: ServerResponse, refusal: Refusal): void {
  const body: PostgrestErrorBody = {
    code: refusal.code,
    message: refusal.message,
    details: refusal.details ?? null,
    hint: refusal.hint ?? null,
  };
  send(res, refusal.status, body, refusal.headers);
}

/** A request handler of the endpoints. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * `handle` as a handler that never rejects: an unexpected failure is logged as
 * `<endpoint> endpoint error: <message>` and answered 500 in PostgREST's shape with `code` (the
 * visitor's request is not left hanging, and the server keeps running).
 */
export function answerFailuresWith500(
  handle: RequestHandler,
  endpoint: string,
  code: string,
  log: (line: string) => void,
): RequestHandler {
  return async (req, res) => {
    try {
      await handle(req, res);
    } catch (error) {
      log(`${endpoint} endpoint error: ${(error as Error).message}`);
      refuse(res, { status: 500, code, message: 'Internal server error' });
    }
  };
}

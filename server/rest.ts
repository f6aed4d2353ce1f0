/**
 * A PostgREST-compatible insert endpoint, `POST /rest/v1/<table>`, over the embedded database: the
 * part of Supabase's API that the contact modal's supabase-js uses, answering as PostgREST does
 * (201 with an empty body; errors as JSON `{code, message, details, hint}` with PostgreSQL's code
 * and PostgREST's status mapping). Requests must carry the anon key (`apikey` header, `apikey`
 * query parameter or `Authorization: Bearer`) like requests to Supabase.
 *
 * Stricter than PostgREST where a contact form needs it: one JSON object per request (no bulk
 * arrays), scalar values only, at most 32 levels of nesting, valid UTF-8, a body limit (checked
 * before `100 Continue` is sent), a per-client rate limit, and CORS only for the site's own
 * origins. Bad requests get a clear error and never a crash; an upload the client aborts is logged
 * as one line; a database that is not available is a 503 with Retry-After. Reading rows is not
 * offered: anon may not, and `npm run submissions` reads through the database itself.
 *
 * The steps live in rest/: access.ts (CORS, key, rate limit), body.ts (reading and checking the
 * row), errors.ts (PostgREST's answers); this file runs them in order.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContactDatabase } from './database.ts';
import type { OriginPolicy } from './origins.ts';
import type { RateLimiter } from './rate-limit.ts';
import { REST_PREFIX } from '../shared/local-backend.ts';
import { applyCors, INSERT_BUCKET, KEYLESS_BUCKET, keyRefusal, rateRefusal } from './rest/access.ts';
import { insertColumns, parseRowBody, readBody } from './rest/body.ts';
import { answerFailuresWith500, refusalForInsertError, refuse, send, type Refusal } from './rest/errors.ts';

export { MAX_JSON_DEPTH, jsonDepth } from './rest/body.ts';
export { statusForPgCode, type PostgrestErrorBody } from './rest/errors.ts';
export { waitText } from './rest/access.ts';

/** Largest request body accepted, in bytes. A full contact request is under 10 KB. @default 32768 */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024;

/** How long a request body may take to arrive once the headers passed their checks. @default 10 s */
export const DEFAULT_BODY_TIMEOUT_MS = 10_000;

/** At most one "answered 503" log line per this long (the rest are counted in the next one). */
export const UNAVAILABLE_LOG_INTERVAL_MS = 5_000;

/** Options of {@link createRestHandler}. */
export interface RestHandlerOptions {
  db: ContactDatabase;
  /** The key requests must carry. */
  anonKey: string;
  /** Which browser origins may call (CORS). */
  allowOrigin: OriginPolicy;
  /** Per-client limit of inserts (keyless requests in a bucket of their own); null = none. */
  rateLimiter: RateLimiter | null;
  /** @default DEFAULT_MAX_BODY_BYTES */
  maxBodyBytes?: number;
  /** Time for the whole body to arrive; past it the answer is 408. @default DEFAULT_BODY_TIMEOUT_MS */
  bodyTimeoutMs?: number;
  /** Where one-line reports of failures go. @default console.error */
  log?: (line: string) => void;
  /** The client's address, for the rate limit (server/trust-proxy.ts). @default the socket's peer */
  clientAddress?: (req: IncomingMessage) => string;
}

/** `Prefer: return=representation` asks for the inserted rows back. */
function wantsRepresentation(req: IncomingMessage): boolean {
  const prefer = req.headers.prefer;
  const text = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '');
  return text.split(',').some((p) => p.trim().toLowerCase() === 'return=representation');
}

/** Whether the request path is under the REST prefix (`/rest/v1`). */
export function isRestPath(pathname: string): boolean {
  return pathname === REST_PREFIX.slice(0, -1) || pathname.startsWith(REST_PREFIX);
}

/** The table a path names, when it is one of the schema cache. */
function tableOf(
  url: URL,
  db: ContactDatabase,
): { table: string; columns: NonNullable<ReturnType<ContactDatabase['tables']['get']>> } | { refusal: Refusal } {
  let table = '';
  try {
    table = decodeURIComponent(url.pathname.slice(REST_PREFIX.length));
  } catch {
    // a malformed escape names no table
  }
  const columns = table && !table.includes('/') ? db.tables.get(table) : undefined;
  if (!columns)
    return {
      refusal: {
        status: 404,
        code: 'PGRST205',
        message: `Could not find the table 'public.${table}' in the schema cache`,
      },
    };
  return { table, columns };
}

/** The socket's peer: the client when no proxy is trusted. */
function socketAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/** The checks of an insert's headers, in PostgREST's order: method, schema, media type, declared length. */
function headerRefusal(req: IncomingMessage, maxBodyBytes: number): Refusal | null {
  if (req.method !== 'POST') {
    return {
      status: 405,
      code: 'PGRST117',
      message: `Unsupported HTTP method: ${req.method}`,
      hint: 'This endpoint only accepts inserts (POST).',
      headers: { Allow: 'POST, OPTIONS' },
    };
  }
  const profile = req.headers['content-profile'];
  if (profile !== undefined && profile !== 'public') {
    return {
      status: 406,
      code: 'PGRST106',
      message: 'Invalid schema: ' + String(profile),
      hint: 'Only the following schemas are exposed: public',
    };
  }
  const mediaType = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== undefined && mediaType !== 'application/json') {
    return {
      status: 415,
      code: 'PGRST107',
      message: `Content-Type not acceptable: ${mediaType}`,
      hint: 'Send the row as JSON with Content-Type: application/json.',
    };
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBodyBytes) return tooLarge(maxBodyBytes);
  return null;
}

function tooLarge(maxBodyBytes: number): Refusal {
  return {
    status: 413,
    code: 'PGRST413',
    message: `Request body is larger than ${maxBodyBytes} bytes`,
    headers: { Connection: 'close' },
  };
}

/**
 * Creates the handler for requests under `/rest/v1`. It resolves once the response is sent and
 * never rejects: unexpected failures become a 500 with a PostgREST-shaped body and one log line.
 * It also serves requests that sent `Expect: 100-continue` (the server's `checkContinue` event):
 * `100 Continue` goes out only once every check that needs no body has passed.
 */
export function createRestHandler(options: RestHandlerOptions) {
  const { db, anonKey, allowOrigin, rateLimiter, maxBodyBytes = DEFAULT_MAX_BODY_BYTES } = options;
  const { bodyTimeoutMs = DEFAULT_BODY_TIMEOUT_MS, clientAddress = socketAddress } = options;
  const { log = (line: string) => console.error(line) } = options;
  // While the database is away every insert fails alike: one line per few seconds, with a count.
  let quietUntil = 0;
  let suppressed = 0;
  const logUnavailable = (message: string) => {
    const now = Date.now();
    if (now < quietUntil) {
      suppressed++;
      return;
    }
    log(
      `contact insert failed, answered 503: ${message}${suppressed ? ` (${suppressed} more since the last such line)` : ''}`,
    );
    suppressed = 0;
    quietUntil = now + UNAVAILABLE_LOG_INTERVAL_MS;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Vary', 'Origin');
    const cors = applyCors(req, res, allowOrigin);
    if (cors === 'answered') return;
    if (cors) return refuse(res, cors);

    const url = new URL(req.url ?? '/', 'http://localhost');
    const unkeyed = keyRefusal(req, url, anonKey);
    // A request without the key is counted apart from the address' inserts (and refused either way).
    const limited = rateRefusal(req, clientAddress(req), rateLimiter, unkeyed ? KEYLESS_BUCKET : INSERT_BUCKET);
    if (limited) return refuse(res, limited);
    if (unkeyed) return refuse(res, unkeyed);

    const target = tableOf(url, db);
    if ('refusal' in target) return refuse(res, target.refusal);
    const early = headerRefusal(req, maxBodyBytes);
    if (early) return refuse(res, early);

    if (/\b100-continue\b/i.test(String(req.headers.expect ?? ''))) res.writeContinue();
    const read = await readBody(req, maxBodyBytes, bodyTimeoutMs);
    if (read.kind === 'too-large') return refuse(res, tooLarge(maxBodyBytes));
    if (read.kind === 'timeout') {
      log(`contact request from ${clientAddress(req)} timed out after ${read.bytes} bytes of its body, answered 408`);
      // Connection: close, as for 413: the rest of the declared body may still come and is not read.
      return refuse(res, {
        status: 408,
        code: 'PGRST408',
        message: `Request body not received within ${bodyTimeoutMs / 1000} s`,
        hint: 'Send the whole body (as many bytes as Content-Length says) without pausing.',
        headers: { Connection: 'close' },
      });
    }
    if (read.kind === 'aborted') {
      log(`contact request from ${clientAddress(req)} aborted by the client after ${read.bytes} bytes`);
      res.destroy();
      return;
    }
    const parsed = parseRowBody(read.body);
    if ('refusal' in parsed) return refuse(res, parsed.refusal);
    const columns = insertColumns(parsed.row, url.searchParams.get('columns'), target.table, target.columns);
    if ('refusal' in columns) return refuse(res, columns.refusal);

    const returning = wantsRepresentation(req);
    let inserted: unknown[];
    try {
      inserted = await db.insertAsAnon(target.table, columns.names, parsed.row, returning);
    } catch (error) {
      const refusal = refusalForInsertError(error);
      if (refusal.unavailable) logUnavailable((error as Error).message);
      return refuse(res, refusal);
    }
    if (returning) send(res, 201, inserted);
    else send(res, 201, undefined, { 'Content-Range': '*/*' });
  }

  return answerFailuresWith500(handle, 'contact', 'PGRST000', log);
}

/**
 * A PostgREST-compatible insert endpoint, `POST /rest/v1/<table>`, over the embedded database: the
 * part of Supabase's API that the contact modal's supabase-js uses, answering as PostgREST does
 * (201 with an empty body; errors as JSON `{code, message, details, hint}` with PostgreSQL's code
 * and PostgREST's status mapping). Requests must carry the anon key (`apikey` header, `apikey`
 * query parameter or `Authorization: Bearer`) like requests to Supabase.
 *
 * Stricter than PostgREST where a contact form needs it: one JSON object per request (no bulk
 * arrays), scalar values only, at most 32 levels of nesting, valid UTF-8, a body limit, a
 * per-client rate limit, and CORS only for the site's own origins. Bad requests get a clear error
 * and never a crash; an upload the client aborts is logged as one line. Reading rows is not
 * offered: anon may not, and `npm run submissions` reads through the database itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContactDatabase } from './database.ts';
import type { OriginPolicy } from './origins.ts';
import type { RateLimiter } from './rate-limit.ts';
import { REST_PREFIX } from '../shared/local-backend.ts';

/** Largest request body accepted, in bytes. A full contact request is under 10 KB. @default 32768 */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024;

/** Deepest JSON nesting accepted (a contact request has depth 1). */
export const MAX_JSON_DEPTH = 32;

/** The JSON error body of PostgREST. */
export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/** Options of {@link createRestHandler}. */
export interface RestHandlerOptions {
  db: ContactDatabase;
  /** The key requests must carry. */
  anonKey: string;
  /** Which browser origins may call (CORS). */
  allowOrigin: OriginPolicy;
  /** Per-client limit of inserts; null = none. */
  rateLimiter: RateLimiter | null;
  /** @default DEFAULT_MAX_BODY_BYTES */
  maxBodyBytes?: number;
  /** Where one-line reports of failures go. @default console.error */
  log?: (line: string) => void;
  /** The client's address, for the rate limit (server/trust-proxy.ts). @default the socket's peer */
  clientAddress?: (req: IncomingMessage) => string;
}

/** Headers a browser on an allowed origin may send (supabase-js and PostgREST clients). */
const ALLOWED_HEADERS =
  'Authorization, Content-Type, Accept, Accept-Language, Content-Language, apikey, x-client-info, Prefer, Content-Profile, Accept-Profile, X-Retry-Count';
const EXPOSED_HEADERS = 'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit, Retry-After';

/**
 * HTTP status PostgREST answers for a PostgreSQL error code (PostgREST's documented table; the
 * caller is always the anon role here, so an insufficient privilege is 401 like PostgREST does
 * for anonymous requests).
 */
export function statusForPgCode(code: string, anonymous = true): number {
  if (code === '42501') return anonymous ? 401 : 403;
  if (code === '23503' || code === '23505' || code === '23P01') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === 'P0001') return 400;
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53') return 503;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (code === '42P17') return 500;
  if (code === '57014') return 504;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(cls)) return 500;
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

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
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

function fail(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  hint: string | null = null,
  details: string | null = null,
  headers: Record<string, string> = {},
): void {
  const body: PostgrestErrorBody = { code, message, details, hint };
  send(res, status, body, headers);
}

type BodyResult = { kind: 'ok'; body: Buffer } | { kind: 'too-large' } | { kind: 'aborted'; bytes: number };

/** Reads the body up to `limit` bytes. */
function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) settle({ kind: 'too-large' });
      else chunks.push(chunk);
    });
    req.on('end', () => settle({ kind: 'ok', body: Buffer.concat(chunks) }));
    req.on('error', () => settle({ kind: 'aborted', bytes: size }));
    req.on('close', () => {
      if (!req.complete) settle({ kind: 'aborted', bytes: size });
    });
  });
}

/** The deepest nesting of arrays and objects in a JSON text (strings skipped), or Infinity past `max`. */
export function jsonDepth(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > max) return Infinity;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** The credential a request carries: `apikey` header or parameter, else a Bearer token. */
function presentedKey(req: IncomingMessage, url: URL): string | null {
  const header = req.headers.apikey;
  if (typeof header === 'string' && header) return header;
  const param = url.searchParams.get('apikey');
  if (param) return param;
  const auth = req.headers.authorization;
  const bearer = auth ? /^Bearer\s+(.+)$/i.exec(auth) : null;
  return bearer?.[1]?.trim() || null;
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

/** A wait for people: "45 seconds", "1 second", "10 minutes" (rounded up past 90 seconds). */
export function waitText(seconds: number): string {
  if (seconds <= 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** The socket's peer: the client when no proxy is trusted. */
function socketAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Creates the handler for requests under `/rest/v1`. It resolves once the response is sent and
 * never rejects: unexpected failures become a 500 with a PostgREST-shaped body and one log line.
 */
export function createRestHandler(options: RestHandlerOptions) {
  const { db, anonKey, allowOrigin, rateLimiter, maxBodyBytes = DEFAULT_MAX_BODY_BYTES, log = (line: string) => console.error(line), clientAddress = socketAddress } = options;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Vary', 'Origin');
    const origin = req.headers.origin;
    if (!allowOrigin(origin)) {
      // No CORS headers: the browser keeps the answer from the page, and nothing is inserted.
      return fail(res, 403, 'RW403', `Contact requests from ${origin} are not accepted.`, 'Add the origin to ALLOWED_ORIGINS on the server.');
    }
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }

    if (req.method === 'OPTIONS') {
      res.writeHead(200, {
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': '86400',
        Allow: 'POST, OPTIONS',
        'Content-Length': '0',
      });
      res.end();
      return;
    }

    if (req.method === 'POST' && rateLimiter) {
      const decision = rateLimiter.hit(clientAddress(req));
      if (!decision.allowed) {
        const seconds = decision.retryAfterSeconds;
        return fail(res, 429, 'RW429', `Too many contact requests from your address. Please try again in ${waitText(seconds)}.`, null, null, {
          'Retry-After': String(seconds),
        });
      }
    }

    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = presentedKey(req, url);
    if (!key) {
      return fail(res, 401, 'PGRST302', 'No API key found in request', 'No `apikey` request header or url param was found.');
    }
    if (key !== anonKey) {
      return fail(res, 401, 'PGRST301', 'Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.');
    }

    let table = '';
    try {
      table = decodeURIComponent(url.pathname.slice(REST_PREFIX.length));
    } catch {
      // a malformed escape names no table
    }
    const columns = table && !table.includes('/') ? db.tables.get(table) : undefined;
    if (!columns) return fail(res, 404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);

    if (req.method !== 'POST') {
      return fail(res, 405, 'PGRST117', `Unsupported HTTP method: ${req.method}`, 'This endpoint only accepts inserts (POST).', null, { Allow: 'POST, OPTIONS' });
    }

    const profile = req.headers['content-profile'];
    if (profile !== undefined && profile !== 'public') {
      return fail(res, 406, 'PGRST106', 'Invalid schema: ' + String(profile), 'Only the following schemas are exposed: public');
    }

    const mediaType = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== undefined && mediaType !== 'application/json') {
      return fail(res, 415, 'PGRST107', `Content-Type not acceptable: ${mediaType}`, 'Send the row as JSON with Content-Type: application/json.');
    }

    const tooLarge = () => fail(res, 413, 'PGRST413', `Request body is larger than ${maxBodyBytes} bytes`, null, null, { Connection: 'close' });
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBodyBytes) return tooLarge();
    const read = await readBody(req, maxBodyBytes);
    if (read.kind === 'too-large') return tooLarge();
    if (read.kind === 'aborted') {
      log(`contact request from ${clientAddress(req)} aborted by the client after ${read.bytes} bytes`);
      res.destroy();
      return;
    }

    let text: string;
    try {
      text = utf8.decode(read.body);
    } catch {
      return fail(res, 400, 'PGRST102', 'Invalid UTF-8 in the request body', 'Send the body encoded as UTF-8.');
    }
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      return fail(res, 400, 'PGRST102', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, 'Send one flat JSON object.');
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      return fail(res, 400, 'PGRST102', 'Empty or invalid json', null, (error as Error).message);
    }
    if (Array.isArray(body)) {
      return fail(res, 400, 'PGRST102', 'One contact request per request: the body must be one JSON object, not an array', 'Send each row in its own request.');
    }
    if (typeof body !== 'object' || body === null) {
      return fail(res, 400, 'PGRST102', 'Empty or invalid json', 'The body must be one JSON object.');
    }
    const row = body as Record<string, unknown>;

    // Columns: the `columns` parameter (PostgREST's), else every key.
    const param = url.searchParams.get('columns');
    const wanted = param ? [...new Set(param.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1')))] : Object.keys(row);
    for (const name of wanted) {
      const column = columns.find((c) => c.name === name);
      if (!column) return fail(res, 400, 'PGRST204', `Could not find the '${name}' column of '${table}' in the schema cache`);
      const value = row[name];
      if (value !== undefined && value !== null && typeof value === 'object') {
        return fail(res, 400, '22P02', `Column '${name}' expects a ${column.type}, not a JSON ${Array.isArray(value) ? 'array' : 'object'}`);
      }
    }

    const returning = wantsRepresentation(req);
    try {
      const inserted = await db.insertAsAnon(table, wanted, row, returning);
      if (returning) send(res, 201, inserted);
      else send(res, 201, undefined, { 'Content-Range': '*/*' });
    } catch (error) {
      if (isPgError(error)) return fail(res, statusForPgCode(error.code), error.code, error.message, error.hint || null, error.detail || null);
      log(`contact insert failed: ${(error as Error).message}`);
      return fail(res, 503, 'PGRST001', 'The database is not available', 'Try again in a moment.');
    }
  }

  return async function restHandler(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      await handle(req, res);
    } catch (error) {
      log(`contact endpoint error: ${(error as Error).message}`);
      fail(res, 500, 'PGRST000', 'Internal server error');
    }
  };
}

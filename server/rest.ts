/**
 * A PostgREST-compatible insert endpoint, `POST /rest/v1/<table>`, over the embedded database: the
 * part of Supabase's API that the contact modal's supabase-js uses, answering as PostgREST does
 * (201 with an empty body; errors as JSON `{code, message, details, hint}` with Postgres' code and
 * PostgREST's status mapping). Requests must carry the anon key (`apikey` header, `apikey` query
 * parameter or `Authorization: Bearer`) like requests to Supabase. Bad requests get a clear
 * error, never a crash. Reading rows is deliberately not offered: anon may not, and the admin
 * path is a local socket (server/admin.ts), not HTTP.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContactDatabase } from './database.ts';
import { REST_PREFIX } from '../site/lib/local-backend.ts';

/** Largest request body accepted, in bytes. A full contact request is under 10 KB. @default 65536 */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

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
  /** @default DEFAULT_MAX_BODY_BYTES */
  maxBodyBytes?: number;
  /** Where unexpected failures are reported. @default console.error */
  logError?: (error: unknown) => void;
}

/** Headers a browser on another origin may send (supabase-js and PostgREST clients). */
const ALLOWED_HEADERS =
  'Authorization, Content-Type, Accept, Accept-Language, Content-Language, apikey, x-client-info, Prefer, Content-Profile, Accept-Profile, X-Retry-Count';
const EXPOSED_HEADERS = 'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit';

/**
 * HTTP status PostgREST answers for a Postgres error code (PostgREST's documented table; the
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
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(cls)) return 500;
  return 400;
}

/** A Postgres error as PGlite throws it. */
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
  if (res.headersSent) {
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

function fail(res: ServerResponse, status: number, code: string, message: string, hint: string | null = null, details: string | null = null, headers: Record<string, string> = {}): void {
  const body: PostgrestErrorBody = { code, message, details, hint };
  send(res, status, body, headers);
}

/** Reads the body up to `limit` bytes; null when it is larger. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
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

/**
 * Creates the handler for requests under `/rest/v1`. It resolves once the response is sent and
 * never rejects: unexpected failures become a 500 with a PostgREST-shaped body and are logged.
 */
export function createRestHandler(options: RestHandlerOptions) {
  const { db, anonKey, maxBodyBytes = DEFAULT_MAX_BODY_BYTES, logError = (e: unknown) => console.error(e) } = options;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // CORS like PostgREST: any origin may call; credentials are the apikey header, not cookies.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Cache-Control', 'no-store');

    if (req.method === 'OPTIONS') {
      res.writeHead(200, {
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': String(req.headers['access-control-request-headers'] ?? ALLOWED_HEADERS),
        'Access-Control-Max-Age': '86400',
        Allow: 'POST, OPTIONS',
        'Content-Length': '0',
      });
      res.end();
      return;
    }

    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = presentedKey(req, url);
    if (!key) {
      return fail(res, 401, 'PGRST302', 'No API key found in request', 'No `apikey` request header or url param was found.');
    }
    if (key !== anonKey) {
      return fail(res, 401, 'PGRST301', 'Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.');
    }

    const rest = url.pathname.slice(REST_PREFIX.length);
    let table = '';
    try {
      table = decodeURIComponent(rest);
    } catch {
      // a malformed escape names no table
    }
    const columns = table && !table.includes('/') ? db.tables.get(table) : undefined;
    if (!columns) {
      return fail(res, 404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
    }

    if (req.method !== 'POST') {
      return fail(res, 405, 'PGRST117', `Unsupported HTTP method: ${req.method}`, 'This endpoint only accepts inserts (POST).', null, {
        Allow: 'POST, OPTIONS',
      });
    }

    const profile = req.headers['content-profile'];
    if (profile !== undefined && profile !== 'public') {
      return fail(res, 406, 'PGRST106', 'Invalid schema: ' + String(profile), 'Only the following schemas are exposed: public');
    }

    const contentType = req.headers['content-type'];
    const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== undefined && mediaType !== 'application/json') {
      return fail(res, 415, 'PGRST107', `Content-Type not acceptable: ${mediaType}`, 'Send the row as JSON with Content-Type: application/json.');
    }

    const declared = Number(req.headers['content-length']);
    const tooLarge = () =>
      fail(res, 413, 'PGRST413', `Request body is larger than ${maxBodyBytes} bytes`, null, null, { Connection: 'close' });
    if (Number.isFinite(declared) && declared > maxBodyBytes) return tooLarge();
    const raw = await readBody(req, maxBodyBytes);
    if (raw === null) return tooLarge();

    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch (error) {
      return fail(res, 400, 'PGRST102', 'Empty or invalid json', null, (error as Error).message);
    }
    const rows = Array.isArray(body) ? body : [body];
    if (rows.length === 0 || !rows.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))) {
      return fail(res, 400, 'PGRST102', 'Empty or invalid json', 'The body must be a JSON object or an array of objects.');
    }

    // Columns: the `columns` parameter (supabase-js sends it for bulk inserts), else every key.
    const param = url.searchParams.get('columns');
    const wanted = param
      ? param.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'))
      : [...new Set(rows.flatMap((r) => Object.keys(r as object)))];
    const unknown = wanted.find((c) => !columns.includes(c));
    if (unknown !== undefined) {
      return fail(res, 400, 'PGRST204', `Could not find the '${unknown}' column of '${table}' in the schema cache`);
    }

    const returning = wantsRepresentation(req);
    try {
      const inserted = await db.insertAsAnon(table, wanted, rows as object[], returning);
      if (returning) send(res, 201, inserted);
      else send(res, 201, undefined, { 'Content-Range': '*/*' });
    } catch (error) {
      if (isPgError(error)) {
        return fail(res, statusForPgCode(error.code), error.code, error.message, error.hint || null, error.detail || null);
      }
      throw error;
    }
  }

  return async function restHandler(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      await handle(req, res);
    } catch (error) {
      logError(error);
      fail(res, 500, 'PGRST000', 'Internal server error');
    }
  };
}

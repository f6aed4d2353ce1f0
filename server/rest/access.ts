/**
 * Who may use the endpoint: CORS for the site's own origins, the anon key (as Supabase asks for
 * it), and the per-address rate limit. Requests without a valid key are counted in their own
 * bucket, so nobody can spend the quota of everyone behind one address (a NAT, an office) without
 * the key; a flood of keyless requests still ends in 429.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OriginPolicy } from '../origins.ts';
import type { RateLimiter } from '../rate-limit.ts';
import type { Refusal } from './errors.ts';

/** Headers a browser on an allowed origin may send (supabase-js and PostgREST clients). */
const ALLOWED_HEADERS =
  'Authorization, Content-Type, Accept, Accept-Language, Content-Language, apikey, x-client-info, Prefer, Content-Profile, Accept-Profile, X-Retry-Count';
const EXPOSED_HEADERS =
  'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit, Retry-After';

/** The rate-limit bucket of requests with the right key, and the one of requests without it. */
export const INSERT_BUCKET = 'insert';
export const KEYLESS_BUCKET = 'keyless';

/**
 * CORS: a refusal for a foreign origin (no CORS headers, so the browser keeps the answer from the
 * page), 'answered' after a preflight, else null with the allowing headers set.
 */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  allowOrigin: OriginPolicy,
): Refusal | 'answered' | null {
  const origin = req.headers.origin;
  if (!allowOrigin(origin)) {
    return {
      status: 403,
      code: 'RW403',
      message: `Contact requests from ${origin} are not accepted.`,
      hint: 'Add the origin to ALLOWED_ORIGINS on the server.',
    };
  }
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  }
  if (req.method !== 'OPTIONS') return null;
  res.writeHead(200, {
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '86400',
    Allow: 'POST, OPTIONS',
    'Content-Length': '0',
  });
  res.end();
  return 'answered';
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

/** PostgREST's 401 for a missing or wrong key, or null when the request carries `anonKey`. */
export function keyRefusal(req: IncomingMessage, url: URL, anonKey: string): Refusal | null {
  const key = presentedKey(req, url);
  if (!key)
    return {
      status: 401,
      code: 'PGRST302',
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    };
  if (key !== anonKey)
    return {
      status: 401,
      code: 'PGRST301',
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    };
  return null;
}

/** A wait for people: "45 seconds", "1 second", "10 minutes" (rounded up past 90 seconds). */
export function waitText(seconds: number): string {
  if (seconds <= 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** Counts a POST in `bucket` of the client's `address` (server/trust-proxy.ts); the 429 when that bucket is used up. */
export function rateRefusal(
  req: IncomingMessage,
  address: string,
  limiter: RateLimiter | null,
  bucket: string,
): Refusal | null {
  if (req.method !== 'POST' || !limiter) return null;
  const decision = limiter.hit(address, bucket);
  if (decision.allowed) return null;
  const seconds = decision.retryAfterSeconds;
  return {
    status: 429,
    code: 'RW429',
    message: `Too many contact requests from your address. Please try again in ${waitText(seconds)}.`,
    headers: { 'Retry-After': String(seconds) },
  };
}

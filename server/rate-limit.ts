/**
 * A per-client rate limit for the contact insert: at most `limit` requests per `windowMs` from one
 * client (a sliding window: each request counts for exactly `windowMs`). Clients are keyed by
 * address; IPv6 addresses by their /64 network, since one home or server has a whole /64 to
 * itself. Memory stays bounded: entries expire with their window and the table holds at most
 * `maxClients` (beyond that the quietest client is forgotten first).
 */
import { isIPv6 } from 'node:net';

/** A limit: `limit` requests per `windowMs`. */
export interface RateLimitConfig {
  limit: number;
  windowMs: number;
}

/** The default: 5 contact requests per minute from one address (a person sends one). */
export const DEFAULT_RATE_LIMIT: RateLimitConfig = { limit: 5, windowMs: 60_000 };

/** Largest number of clients remembered at once. @default 100000 */
export const DEFAULT_MAX_CLIENTS = 100_000;

/**
 * Parses `CONTACT_RATE_LIMIT`: `<requests>/<seconds>` (e.g. `5/60`, the default), or `off`.
 * Throws one sentence on anything else.
 */
export function parseRateLimit(value: string | undefined): RateLimitConfig | null {
  const text = value?.trim();
  if (!text) return DEFAULT_RATE_LIMIT;
  if (text.toLowerCase() === 'off') return null;
  const match = /^(\d+)\s*\/\s*(\d+(?:\.\d+)?)$/.exec(text);
  const limit = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(limit) || limit < 1 || !(seconds > 0)) {
    throw new Error(
      `CONTACT_RATE_LIMIT must look like 5/60 (requests per seconds) or be off, not ${JSON.stringify(text)}.`,
    );
  }
  return { limit, windowMs: Math.round(seconds * 1000) };
}

/** The bucket a client address falls in. */
export function clientKey(address: string): string {
  const plain = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  if (!isIPv6(plain)) return plain;
  // Expand "::" and keep the first four groups (the /64 network).
  const [head = '', tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = plain.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = plain.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return (
    groups
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, '').toLowerCase())
      .join(':') + '::/64'
  );
}

/** The verdict for one request. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A rate limiter; `now` is injectable for tests. */
export interface RateLimiter {
  /**
   * Counts a request from `address` in `bucket` (each bucket has its own `limit` per window: the
   * REST endpoint counts keyless requests apart from inserts) and says whether it may go on.
   */
  hit(address: string, bucket?: string): RateDecision;
  /** Clients currently remembered. */
  readonly size: number;
}

/** Creates a limiter for `config`. */
export function createRateLimiter(
  config: RateLimitConfig,
  options: { now?: () => number; maxClients?: number } = {},
): RateLimiter {
  const { now = Date.now, maxClients = DEFAULT_MAX_CLIENTS } = options;
  // Insertion order = order of each client's latest request (re-inserted on every hit).
  const clients = new Map<string, number[]>();

  const prune = (times: number[], at: number) => {
    while (times.length > 0 && (times[0] ?? 0) <= at - config.windowMs) times.shift();
  };

  return {
    get size() {
      return clients.size;
    },
    hit(address, bucket = 'default') {
      const at = now();
      const key = `${bucket} ${clientKey(address)}`;
      const times = clients.get(key) ?? [];
      prune(times, at);
      if (times.length >= config.limit) {
        // Refused requests do not count: the window ends when the oldest counted one expires.
        const oldest = times[0] ?? at;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + config.windowMs - at) / 1000)) };
      }
      times.push(at);
      clients.delete(key);
      clients.set(key, times);
      // Forget expired clients from the quiet end, and the quietest ones beyond the cap.
      for (const [other, otherTimes] of clients) {
        if (other === key) break;
        prune(otherTimes, at);
        if (otherTimes.length === 0 || clients.size > maxClients) clients.delete(other);
        else break;
      }
      return { allowed: true };
    },
  };
}

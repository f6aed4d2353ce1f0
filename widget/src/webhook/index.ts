/**
 * `@ringwise/voice-widget/webhook`: checks a lead webhook the Ringwise contact form sent
 * (server/leads/webhook.ts signs it). On Web Crypto only (`crypto.subtle`), so the same file runs in
 * Node ≥ 20, Deno, Bun, Cloudflare Workers and other edge runtimes; imports nothing.
 *
 * The header `Ringwise-Signature: t=<unix seconds>,v1=<hex>` carries HMAC-SHA256(secret, `<t>.<raw body>`).
 * `Idempotency-Key` is not signed itself: it is the lead's `id`, which the signed body carries. Deduplicate on the
 * body's `id`, or pass the header as `idempotencyKey` and a request whose header differs from it is refused.
 */

/** The signature header's name. */
export const SIGNATURE_HEADER = 'Ringwise-Signature';

/** How old a signed timestamp may be by default, in seconds (Stripe's default too). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * Web Crypto's `SubtleCrypto` as this module takes it: any object with `importKey`, `sign` and `verify`
 * (`globalThis.crypto.subtle`, node:crypto's `webcrypto.subtle`). Loose on purpose: the DOM's overloaded
 * declarations differ between TypeScript versions and libs; the calls made are the HMAC ones below.
 */
export interface HmacSubtle {
  importKey(...args: never[]): Promise<unknown>;
  sign(...args: never[]): Promise<ArrayBuffer>;
  verify(...args: never[]): Promise<boolean>;
}

/** The calls this module makes (`HmacSubtle` with its parameters). */
interface HmacCalls {
  importKey(
    format: 'raw',
    keyData: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: false,
    usages: string[],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  verify(algorithm: 'HMAC', key: unknown, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
}

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** How old the signed timestamp may be, in seconds; a finite number ≥ 0. @default DEFAULT_TOLERANCE_SECONDS */
  toleranceSeconds?: number;
  /** The time to compare with, in unix seconds. @default now */
  now?: number;
  /** The request's `Idempotency-Key` header: when given, the signed body's `id` must equal it. */
  idempotencyKey?: string | null;
  /** Web Crypto to use. @default globalThis.crypto.subtle */
  subtle?: HmacSubtle;
}

/** A raw body: the text, or its bytes exactly as received. */
export type WebhookBody = string | Uint8Array | ArrayBuffer;

const encoder = new TextEncoder();

/** The body's bytes (a copy for bytes: Web Crypto takes an `ArrayBuffer`-backed view). */
function bytesOf(body: WebhookBody): Uint8Array {
  return typeof body === 'string'
    ? encoder.encode(body)
    : new Uint8Array(body instanceof ArrayBuffer ? body.slice(0) : body);
}

/** Throws a `TypeError` for a configuration that would make every check meaningless. */
function checkSettings(secret: unknown, toleranceSeconds: number): void {
  // An empty secret makes an HMAC anyone can compute: refuse it loudly rather than verify against it.
  if (typeof secret !== 'string' || secret === '')
    throw new TypeError('verifyWebhook: the secret is empty (set CONTACT_WEBHOOK_SECRET).');
  // NaN or Infinity would make every timestamp "recent" and turn the replay window off.
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0) {
    throw new TypeError(
      `verifyWebhook: toleranceSeconds must be a finite number ≥ 0, not ${String(toleranceSeconds)}.`,
    );
  }
}

function subtleOf(subtle: HmacSubtle | undefined): HmacCalls {
  const found = subtle ?? globalThis.crypto?.subtle;
  if (!found)
    throw new TypeError(
      'verifyWebhook: no Web Crypto here; pass { subtle } (Node 18: require("node:crypto").webcrypto.subtle).',
    );
  return found as unknown as HmacCalls;
}

function hmacKey(subtle: HmacCalls, secret: string, usage: 'sign' | 'verify'): Promise<unknown> {
  return subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

/** The signed text `<t>.<body>` as bytes. */
function signedBytes(timestamp: number, body: WebhookBody): Uint8Array {
  const prefix = encoder.encode(`${timestamp}.`);
  const rest = bytesOf(body);
  const out = new Uint8Array(prefix.length + rest.length);
  out.set(prefix);
  out.set(rest, prefix.length);
  return out;
}

/** The signature header's value for `body` sent at `timestamp` (unix seconds): for a receiver's tests. */
export async function signWebhook(
  secret: string,
  body: WebhookBody,
  timestamp: number,
  options: Pick<VerifyWebhookOptions, 'subtle'> = {},
): Promise<string> {
  checkSettings(secret, 0);
  const subtle = subtleOf(options.subtle);
  const mac = new Uint8Array(
    await subtle.sign('HMAC', await hmacKey(subtle, secret, 'sign'), signedBytes(timestamp, body)),
  );
  return `t=${timestamp},v1=${[...mac].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The signed body's `id`, or undefined when the body is not a JSON object with a string id. */
function bodyId(body: WebhookBody): string | undefined {
  try {
    const parsed: unknown = JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(bytesOf(body)));
    const id = (parsed as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks a received lead webhook: `header` is the `Ringwise-Signature` value, `body` the raw body exactly as
 * received (never re-serialised JSON). Resolves `true` when one `v1` signature matches (compared by Web Crypto's
 * `verify`, in constant time) and the timestamp is within the tolerance; `false` for anything a request can get
 * wrong. Throws a `TypeError` for an empty secret or a tolerance that is not a finite number ≥ 0.
 */
export async function verifyWebhook(
  secret: string,
  header: string | null | undefined,
  body: WebhookBody,
  options: VerifyWebhookOptions = {},
): Promise<boolean> {
  const { toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now = Math.floor(Date.now() / 1000), idempotencyKey } = options;
  checkSettings(secret, toleranceSeconds);
  const subtle = subtleOf(options.subtle);
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isSafeInteger(timestamp) || !(Math.abs(now - timestamp) <= toleranceSeconds)) return false;
  const candidates = parts
    .filter(([key, value]) => key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value))
    .map(([, value]) => value!);
  if (candidates.length === 0) return false;
  const key = await hmacKey(subtle, secret, 'verify');
  const data = signedBytes(timestamp, body);
  let valid = false;
  for (const hex of candidates) {
    const signature = new Uint8Array(32);
    for (let i = 0; i < 32; i++) signature[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    if (await subtle.verify('HMAC', key, signature, data)) valid = true;
  }
  if (!valid) return false;
  return idempotencyKey === undefined || idempotencyKey === null || bodyId(body) === idempotencyKey;
}

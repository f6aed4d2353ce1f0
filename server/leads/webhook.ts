/**
 * The webhook channel: `POST CONTACT_WEBHOOK_URL` with the lead as JSON, signed the way Stripe
 * signs its webhooks. The header `Ringwise-Signature: t=<unix seconds>,v1=<hex>` carries the time
 * of this attempt and HMAC-SHA256(CONTACT_WEBHOOK_SECRET, `<t>.<raw body>`). A receiver recomputes
 * the HMAC over the raw body it got, compares in constant time, and rejects a timestamp older than
 * a few minutes (a replayed request). `Idempotency-Key` is the lead's id in every attempt, so a
 * receiver that saw the id already answers 2xx and does nothing: delivery is at least once, and
 * exactly once as far as such a receiver can tell. Any 2xx accepts; anything else is retried.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DeliveryError } from './delivery-error.ts';
import { leadPayload, type Channel, type Lead } from './lead.ts';

/** The signature header's name. */
export const SIGNATURE_HEADER = 'Ringwise-Signature';

/** How old a signed timestamp may be by default when verifying (Stripe's default too). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** How long one attempt may take before it counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/** The signature header's value for `body` sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/** Options of {@link verifyWebhook}. */
export interface VerifyOptions {
  /** @default DEFAULT_TOLERANCE_SECONDS */
  toleranceSeconds?: number;
  /** Unix seconds. @default now */
  now?: number;
}

/**
 * Checks a received webhook: `header` is the Ringwise-Signature value, `body` the raw body exactly
 * as received (not re-serialised JSON). True when one v1 signature matches and the timestamp is
 * within the tolerance. The server's own synchronous copy (its tests); receivers use the published
 * `@ringwise/voice-widget/webhook` (widget/src/webhook/, Web Crypto), which the README shows.
 */
export function verifyWebhook(
  secret: string,
  header: string | null | undefined,
  body: string,
  options: VerifyOptions = {},
): boolean {
  const { toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now = Math.floor(Date.now() / 1000) } = options;
  // As @ringwise/voice-widget/webhook: an empty secret or a NaN/Infinity tolerance would turn the check off.
  if (!secret) throw new TypeError('verifyWebhook: the secret is empty.');
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0)
    throw new TypeError('verifyWebhook: toleranceSeconds must be finite, ≥ 0.');
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isSafeInteger(timestamp) || Math.abs(now - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, body, timestamp).slice(`t=${timestamp},v1=`.length), 'hex');
  return parts
    .filter(([key, value]) => key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, 'hex'), expected));
}

/** Settings of the webhook channel. */
export interface WebhookSettings {
  url: string;
  secret: string;
}

/** The webhook channel (fetch: keep-alive, loopback or anywhere the operator points it). */
export function createWebhookChannel(settings: WebhookSettings): Channel {
  return {
    name: 'webhook',
    async deliver(lead: Lead) {
      const body = JSON.stringify(leadPayload(lead));
      let response: Response;
      try {
        response = await fetch(settings.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'User-Agent': 'ringwise-contact-webhook/1',
            'Idempotency-Key': lead.id,
            [SIGNATURE_HEADER]: signWebhook(settings.secret, body, Math.floor(Date.now() / 1000)),
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
        throw new DeliveryError('webhook', `no answer from ${new URL(settings.url).host} (${cause})`, { cause: error });
      }
      // The body is not needed; reading it frees the connection for keep-alive.
      await response.arrayBuffer().catch(() => {});
      if (response.status < 200 || response.status > 299)
        throw new DeliveryError('webhook', `HTTP ${response.status} from ${new URL(settings.url).host}`);
    },
  };
}

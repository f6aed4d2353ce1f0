/**
 * The webhook channel: the signature a receiver verifies (and a tampered body, another secret or
 * an old timestamp does not), and a real POST to a local receiver: JSON body of the documented
 * shape, Idempotency-Key = the lead's id, 2xx accepted, anything else a DeliveryError.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryError } from '../../../../server/leads/delivery-error.ts';
import type { Lead } from '../../../../server/leads/lead.ts';
import {
  createWebhookChannel,
  signWebhook,
  SIGNATURE_HEADER,
  verifyWebhook,
} from '../../../../server/leads/webhook.ts';
import { SAMPLE_LEAD } from '../../../fixtures/lead.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../fixtures/receivers.ts';

const SECRET = 'a'.repeat(64);
const lead: Lead = { ...SAMPLE_LEAD, additional_info: 'Call after 5pm' };

describe('signature', () => {
  const body = '{"id":"x","name":"Ann"}';
  const now = 1_790_000_000;
  const header = signWebhook(SECRET, body, now);

  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    expect(header, 'Stripe-style header').toMatch(/^t=1790000000,v1=[0-9a-f]{64}$/);
    // The documented recipe, written out as a receiver in another language would.
    expect(header.split('v1=')[1], 'HMAC over `${t}.${body}`').toBe(
      createHmac('sha256', SECRET).update(`${now}.${body}`).digest('hex'),
    );
  });

  it('verifies the body it was made for, and nothing else', () => {
    expect(verifyWebhook(SECRET, header, body, { now }), 'the same body').toBe(true);
    expect(verifyWebhook(SECRET, header, body.replace('Ann', 'Bob'), { now }), 'a tampered body').toBe(false);
    expect(verifyWebhook(SECRET, header, body + ' ', { now }), 'one byte more').toBe(false);
    expect(verifyWebhook('b'.repeat(64), header, body, { now }), 'another secret').toBe(false);
    expect(
      verifyWebhook(SECRET, header.replace('t=1790000000', 't=1790000001'), body, { now }),
      'a changed timestamp',
    ).toBe(false);
    expect(verifyWebhook(SECRET, header, body, { now: now + 301 }), 'older than the tolerance (a replay)').toBe(false);
    expect(verifyWebhook(SECRET, header, body, { now: now + 299 }), 'within the tolerance').toBe(true);
    expect(
      verifyWebhook(SECRET, `${header},v1=${'0'.repeat(64)}`, body, { now }),
      'one of several v1 values matches',
    ).toBe(true);
    expect(verifyWebhook(SECRET, undefined, body, { now }), 'no header').toBe(false);
    expect(verifyWebhook(SECRET, 'garbage', body, { now }), 'no timestamp').toBe(false);
    expect(verifyWebhook(SECRET, `t=${now},v1=abc`, body, { now }), 'a short signature').toBe(false);
  });

  it('refuses an empty secret and a tolerance that is not finite (issue 34)', () => {
    expect(() => verifyWebhook('', signWebhook('', body, now), body, { now }), 'empty secret').toThrow(TypeError);
    expect(() => verifyWebhook(SECRET, header, body, { now: now + 9999, toleranceSeconds: NaN }), 'NaN').toThrow(
      TypeError,
    );
  });
});

describe('delivery to a receiver', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('POSTs the documented JSON, signed, with the id as Idempotency-Key', async () => {
    receiver.mode = 'accept';
    await createWebhookChannel({ url: receiver.url, secret: SECRET }).deliver(lead);
    const hit = receiver.hits.at(-1)!;
    expect(JSON.parse(hit.body), 'body').toEqual({
      id: lead.id,
      name: 'Ann Lee',
      business_name: 'Lee Plumbing',
      email: 'ann@lee.com',
      phone: null,
      message: 'Call after 5pm',
      created_at: '2026-11-25T10:00:00.123Z',
    });
    expect(hit.headers['content-type'], 'content type').toBe('application/json');
    expect(hit.headers['idempotency-key'], 'idempotency key').toBe(lead.id);
    expect(
      verifyWebhook(SECRET, hit.headers[SIGNATURE_HEADER.toLowerCase()] as string, hit.body),
      'the receiver verifies the raw body',
    ).toBe(true);
  });

  it('treats a non-2xx answer as a failure to retry, naming the status', async () => {
    receiver.mode = 'refuse';
    const error = await createWebhookChannel({ url: receiver.url, secret: SECRET })
      .deliver(lead)
      .catch((e: unknown) => e);
    expect(error, 'a DeliveryError').toBeInstanceOf(DeliveryError);
    expect((error as Error).message).toMatch(/HTTP 503/);
  });

  it('treats no answer as a failure, without the visitor data in the message', async () => {
    const closed = await startWebhookReceiver();
    const url = closed.url;
    await closed.close();
    const error = (await createWebhookChannel({ url, secret: SECRET })
      .deliver(lead)
      .catch((e: unknown) => e)) as Error;
    expect(error.message, 'one line').toMatch(/^no answer from 127\.0\.0\.1:\d+ \(ECONNREFUSED\)$/);
  });
});

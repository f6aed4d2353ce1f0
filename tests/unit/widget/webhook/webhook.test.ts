/**
 * `@ringwise/voice-widget/webhook` (widget/src/webhook/): the receivers' `verifyWebhook`, checked against the
 * server's own signer (server/leads/webhook.ts, node:crypto's createHmac) on Node's Web Crypto (global
 * `crypto.subtle`, and node:crypto's `webcrypto.subtle` passed in), and in Chromium's Web Crypto (bundled by
 * esbuild, on a loopback origin: a secure context). Also the #34 guards: an empty secret and a tolerance that is
 * not a finite number are refused, and `idempotencyKey` must be the signed body's id.
 */
import { webcrypto } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, NO_BROWSER_MESSAGE, findBrowser } from '../../../../scripts/browser.ts';
import type { LoopbackServer } from '../../../../fixtures/loopback-server.ts';
import { serveBundlePage } from '../../../fixtures/bundle-page.ts';
import { signWebhook as serverSign } from '../../../../server/leads/webhook.ts';
import { signWebhook, verifyWebhook, type HmacSubtle } from '../../../../widget/src/webhook/index.ts';
import type * as WebhookModule from '../../../../widget/src/webhook/index.ts';

const SECRET = 'whsec_' + 'a'.repeat(40);
const body = '{"id":"lead-1","name":"Ann"}';
const now = 1_790_000_000;
const header = serverSign(SECRET, body, now);
const ENTRY = fileURLToPath(new URL('../../../../widget/src/webhook/index.ts', import.meta.url));

describe.each([
  ['the global crypto.subtle', undefined],
  ["node:crypto's webcrypto.subtle", webcrypto.subtle satisfies HmacSubtle],
])('verifyWebhook on %s', (_, subtle) => {
  const check = (h: string | undefined, b: string | Uint8Array, options: Parameters<typeof verifyWebhook>[3] = {}) =>
    verifyWebhook(SECRET, h, b, { now, subtle, ...options });

  it('verifies what the server signed, and nothing else', async () => {
    expect(await check(header, body), 'the same body').toBe(true);
    expect(await check(header, new TextEncoder().encode(body)), 'the same body as bytes').toBe(true);
    expect(await check(header, body.replace('Ann', 'Bob')), 'a tampered body').toBe(false);
    expect(await check(header, body + ' '), 'one byte more').toBe(false);
    expect(await verifyWebhook('b'.repeat(46), header, body, { now, subtle }), 'another secret').toBe(false);
    expect(await check(header.replace(`t=${now}`, `t=${now + 1}`), body), 'a changed timestamp').toBe(false);
    expect(await check(header, body, { now: now + 301 }), 'older than the tolerance (a replay)').toBe(false);
    expect(await check(header, body, { now: now + 299 }), 'within the tolerance').toBe(true);
    expect(await check(`${header},v1=${'0'.repeat(64)}`, body), 'one of several v1 values matches').toBe(true);
    expect(await check(undefined, body), 'no header').toBe(false);
    expect(await check('garbage', body), 'no timestamp').toBe(false);
    expect(await check(`t=${now},v1=abc`, body), 'a short signature').toBe(false);
  });

  it('signs as the server does', async () => {
    expect(await signWebhook(SECRET, body, now, { subtle })).toBe(header);
  });

  it('refuses an empty secret and a tolerance that is not a finite number ≥ 0 (issue 34)', async () => {
    await expect(verifyWebhook('', header, body, { now, subtle }), 'empty secret').rejects.toThrow(/secret is empty/);
    for (const toleranceSeconds of [NaN, Infinity, -1]) {
      await expect(
        check(header, body, { toleranceSeconds, now: now + 10_000 }),
        String(toleranceSeconds),
      ).rejects.toThrow(/finite number/);
    }
    // An empty secret's signature, made by anyone: never accepted.
    await expect(verifyWebhook('', serverSign('', body, now), body, { now, subtle })).rejects.toThrow(TypeError);
  });

  it("binds Idempotency-Key to the signed body's id", async () => {
    expect(await check(header, body, { idempotencyKey: 'lead-1' }), 'the same id').toBe(true);
    expect(await check(header, body, { idempotencyKey: 'lead-2' }), 'a header naming another lead').toBe(false);
    expect(await check(header, body, { idempotencyKey: null }), 'no header: not checked').toBe(true);
    const notJson = 'plain';
    expect(
      await check(serverSign(SECRET, notJson, now), notJson, { idempotencyKey: 'lead-1' }),
      'a body without an id',
    ).toBe(false);
  });
});

describe('verifyWebhook in Chromium', () => {
  const executablePath = findBrowser();
  let site: LoopbackServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (!executablePath) return; // the test fails with NO_BROWSER_MESSAGE
    site = await serveBundlePage(ENTRY, 'RingwiseWebhook');
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it("verifies the server's signature with the browser's own Web Crypto", async () => {
    if (!executablePath) expect.fail(NO_BROWSER_MESSAGE);
    const page = await browser!.newPage();
    await page.goto(site!.url);
    const results = await page.evaluate(
      async ({ secret, header, body, now }) => {
        const { verifyWebhook } = (window as unknown as { RingwiseWebhook: typeof WebhookModule }).RingwiseWebhook;
        return [
          await verifyWebhook(secret, header, body, { now }),
          await verifyWebhook(secret, header, body.replace('Ann', 'Bob'), { now }),
          await verifyWebhook(secret, header, body, { now, toleranceSeconds: NaN }).catch((error: Error) => error.name),
        ];
      },
      { secret: SECRET, header, body, now },
    );
    expect(results).toEqual([true, false, 'TypeError']);
  });
});

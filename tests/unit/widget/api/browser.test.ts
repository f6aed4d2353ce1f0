/**
 * The API client in a real browser (Chromium, headless): bundled by esbuild, loaded from one
 * loopback origin, calling the "provider" on another, so CORS preflights, the native `fetch`
 * passed as an option (the classic "Illegal invocation" trap), `File` uploads, retries, a DELETE with
 * a JSON body (preflighted), bracket-style queries and a binary download all run on the browser's
 * own implementations. Never skipped: without a Chromium it fails with one sentence saying how to
 * get one (`npm test` installs Debian's first, where it may).
 */
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, NO_BROWSER_MESSAGE, findBrowser } from '../../../../scripts/browser.ts';
import { startLoopbackServer, type LoopbackServer } from '../../../../fixtures/loopback-server.ts';
import { serveBundlePage } from '../../../fixtures/bundle-page.ts';
import type * as ApiEntry from '../../../../widget/src/api/index.ts';

const executablePath = findBrowser();
const ENTRY = fileURLToPath(new URL('../../../../widget/src/api/index.ts', import.meta.url));

let site: LoopbackServer;
let provider: LoopbackServer;
let browser: Browser | undefined;

beforeAll(async () => {
  if (!executablePath) return; // the test fails with NO_BROWSER_MESSAGE
  site = await serveBundlePage(ENTRY, 'RingwiseApi');
  provider = await startLoopbackServer();
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await provider?.close();
});

describe('API client in Chromium', () => {
  it('creates a web call, uploads a File, retries a 503 and parses errors across origins', async () => {
    if (!executablePath) expect.fail(NO_BROWSER_MESSAGE);
    provider.route('POST', '/call/web', { status: 201, body: { id: 'c1', webCallUrl: 'https://rooms.daily.co/c1' } });
    provider.route('POST', '/file', { status: 201, body: { id: 'f1' } });
    provider.route('GET', '/assistant/a1', { status: 503, headers: { 'retry-after': '0' } }, { body: { id: 'a1' } });
    provider.route('GET', '/squad/missing', { status: 404, body: { message: 'Squad not found' } });
    provider.route('POST', '/credential/webhook', { body: { ok: true } });
    provider.route('DELETE', '/call/c1', { body: { deleted: 2 } });
    provider.route('GET', '/v2/call', { body: { results: [] } });
    provider.route('GET', '/call/c1/mono-recording', {
      headers: { 'content-type': 'audio/wav' },
      body: Buffer.from([0, 255, 0xc3, 0x28]),
    });

    const page = await browser!.newPage();
    await page.goto(site.url);
    const result = await page.evaluate(async (baseUrl) => {
      type Api = typeof ApiEntry;
      const lib = (window as unknown as { RingwiseApi: Api }).RingwiseApi;
      const call = await lib.createWebCall(
        { baseUrl, token: 'pk-browser', fetch: window.fetch },
        { assistantId: 'asst' },
      );
      const api = lib.createApiClient({ token: 'sk-browser', baseUrl, fetch: window.fetch });
      const file = await api.file.create(new File(['from the browser'], 'page.txt', { type: 'text/plain' }));
      const assistant = await api.assistant.get('a1');
      const error = await api.squad.get('missing').catch((e: unknown) => e);
      await api.credential.webhook({ event: 'ping' });
      const deleted = await api.call.delete('c1', { ids: ['c1', 'c2'] });
      await api.call.listV2({ customer: { number: '+1555' }, limit: 5 });
      const recording = await api.call.monoRecording<Blob>('c1');
      return {
        call,
        file,
        assistant,
        deleted,
        recording: {
          isBlob: recording instanceof Blob,
          type: recording.type,
          bytes: [...new Uint8Array(await recording.arrayBuffer())],
        },
        isApiError: lib.isApiError(error),
        message: (error as Error).message,
      };
    }, provider.url);
    await page.close();

    expect(result.call, 'web call created').toEqual({ id: 'c1', webCallUrl: 'https://rooms.daily.co/c1' });
    expect(result.file).toEqual({ id: 'f1' });
    expect(result.assistant, 'GET retried after 503').toEqual({ id: 'a1' });
    expect(result.isApiError, 'ApiError from the 404').toBe(true);
    expect(result.message).toBe('Squad not found');

    const web = provider.requestsTo('POST', '/call/web')[0];
    expect(web?.headers.authorization).toBe('Bearer pk-browser');
    expect(web?.headers.origin, 'a cross-origin request').toBe(site.url);
    expect(web?.json).toEqual({ assistantId: 'asst' });
    const upload = provider.requestsTo('POST', '/file')[0];
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.text, 'file part with name and content').toContain('filename="page.txt"');
    expect(upload?.text).toContain('from the browser');
    expect(provider.requestsTo('GET', '/assistant/a1'), 'two attempts').toHaveLength(2);
    expect(
      provider.requestsTo('POST', '/credential/webhook')[0]?.headers.authorization,
      'webhook without auth',
    ).toBeUndefined();
    expect(result.deleted, 'DELETE with a body answered').toEqual({ deleted: 2 });
    expect(provider.requestsTo('DELETE', '/call/c1')[0]?.json, 'bulk-delete body sent by the browser').toEqual({
      ids: ['c1', 'c2'],
    });
    expect(provider.requestsTo('GET', '/v2/call')[0]?.query, 'bracket-style query').toEqual({
      'customer[number]': '+1555',
      limit: '5',
    });
    expect(result.recording, 'recording read as a Blob, bytes intact').toEqual({
      isBlob: true,
      type: 'audio/wav',
      bytes: [0, 255, 0xc3, 0x28],
    });
  }, 60_000);
});

/**
 * The API client in a real browser (Chromium, headless): bundled by esbuild, loaded from one
 * loopback origin, calling the "provider" on another, so CORS preflights, the native `fetch`
 * passed as an option (the classic "Illegal invocation" trap), `File` uploads and retries all run
 * on the browser's own implementations. Skipped only when no Chromium is installed.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findBrowser } from '../../../../scripts/browser.ts';
import { startLoopbackServer, type LoopbackServer } from '../../../fixtures/loopback-server.ts';

const executablePath = findBrowser();
const ENTRY = fileURLToPath(new URL('../../../../widget/src/api/index.ts', import.meta.url));

let site: LoopbackServer;
let provider: LoopbackServer;
let browser: Browser | undefined;

beforeAll(async () => {
  if (!executablePath) return;
  const bundle = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    globalName: 'RingwiseApi',
    target: 'es2022',
    platform: 'browser',
    write: false,
  });
  site = await startLoopbackServer();
  site.route('GET', '/', { body: '<!doctype html><title>api</title><script src="/api.js"></script>', headers: { 'content-type': 'text/html' } });
  site.route('GET', '/api.js', { body: bundle.outputFiles[0]?.text ?? '', headers: { 'content-type': 'text/javascript' } });
  provider = await startLoopbackServer();
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await provider?.close();
});

describe.skipIf(!executablePath)('API client in Chromium', () => {
  it('creates a web call, uploads a File, retries a 503 and parses errors across origins', async () => {
    provider.route('POST', '/call/web', { status: 201, body: { id: 'c1', webCallUrl: 'https://rooms.example/c1' } });
    provider.route('POST', '/file', { status: 201, body: { id: 'f1' } });
    provider.route('GET', '/assistant/a1', { status: 503, headers: { 'retry-after': '0' } }, { body: { id: 'a1' } });
    provider.route('GET', '/squad/missing', { status: 404, body: { message: 'Squad not found' } });
    provider.route('POST', '/credential/webhook', { body: { ok: true } });

    const page = await browser!.newPage();
    await page.goto(site.url);
    const result = await page.evaluate(async (baseUrl) => {
      type Api = typeof import('../../../../widget/src/api/index.ts');
      const lib = (window as unknown as { RingwiseApi: Api }).RingwiseApi;
      const call = await lib.createWebCall({ baseUrl, token: 'pk-browser', fetch: window.fetch }, { assistantId: 'asst' });
      const api = lib.createApiClient({ token: 'sk-browser', baseUrl, fetch: window.fetch });
      const file = await api.file.create(new File(['from the browser'], 'page.txt', { type: 'text/plain' }));
      const assistant = await api.assistant.get('a1');
      const error = await api.squad.get('missing').catch((e: unknown) => e);
      await api.credential.webhook({ event: 'ping' });
      return {
        call,
        file,
        assistant,
        isApiError: lib.isApiError(error),
        message: (error as Error).message,
      };
    }, provider.url);
    await page.close();

    expect(result.call, 'web call created').toEqual({ id: 'c1', webCallUrl: 'https://rooms.example/c1' });
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
    expect(provider.requestsTo('POST', '/credential/webhook')[0]?.headers.authorization, 'webhook without auth').toBeUndefined();
  }, 60_000);
});

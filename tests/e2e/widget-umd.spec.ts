/**
 * The BUILT UMD file (`widget/dist/umd/voice-widget.umd.js`) in Chromium: loaded by a plain
 * `<script>` it gives the one global `RingwiseVoice` (whose chat client streams a reply from the
 * loopback provider); under an AMD loader it registers an anonymous module and sets no global;
 * next to the script-tag loader it merges into the loader's `RingwiseVoice` without replacing
 * the loader's keys. Pages are served by the production static handler from a temp folder holding
 * copies of the built files.
 */
import { expect, test, type Page } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStaticHandler } from '../../server/static.ts';
import { CDN_FILES, UMD, WIDGET_DIR } from '../../widget/build.ts';
import { chatWebHandler, startLoopbackServer, type LoopbackServer } from '../../fixtures/loopback-server.ts';

const VERSION = (JSON.parse(readFileSync(join(WIDGET_DIR, 'package.json'), 'utf8')) as { version: string }).version;
const UMD_SRC = `/umd/${UMD.file}`;
const LOADER_SRC = `/cdn/${CDN_FILES.loader}`;

let root = '';
let server: Server;
let origin = '';
let provider: LoopbackServer;

/** A page of classic script tags (no inline script). */
function page(name: string, scripts: string[]): void {
  const tags = scripts
    .map((src) => `<script src="${src}"${src === LOADER_SRC ? ' data-mount="false"' : ''}></script>`)
    .join('\n');
  writeFileSync(
    join(root, `${name}.html`),
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${name}</title>\n${tags}\n</head><body><main><h1>${name}</h1></main></body></html>\n`,
  );
}

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'widget-umd-'));
  cpSync(join(WIDGET_DIR, 'dist', 'umd'), join(root, 'umd'), { recursive: true });
  cpSync(join(WIDGET_DIR, 'dist', 'cdn'), join(root, 'cdn'), { recursive: true });
  cpSync(new URL('../fixtures/umd-page/amd-loader.js', import.meta.url), join(root, 'amd-loader.js'));
  page('global', [UMD_SRC]);
  page('amd', ['/amd-loader.js', UMD_SRC]);
  page('loader-first', [LOADER_SRC, UMD_SRC]);
  page('umd-first', [UMD_SRC, LOADER_SRC]);
  const serve = createStaticHandler(root);
  server = createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = await startLoopbackServer();
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await provider.close();
  rmSync(root, { recursive: true, force: true });
});

/** Opens a page, recording page errors and the window keys that page scripts added. */
async function open(page: Page, name: string) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.addInitScript(() => {
    (window as unknown as { baselineKeys: string[] }).baselineKeys = Object.keys(window).concat('baselineKeys');
  });
  await page.goto(`${origin}/${name}.html`);
  const added = await page.evaluate(() => {
    const before = new Set((window as unknown as { baselineKeys: string[] }).baselineKeys);
    return Object.keys(window).filter((key) => !before.has(key));
  });
  return { errors, added };
}

test('a plain <script>: the RingwiseVoice global only, and its chat client streams a reply', async ({ page }) => {
  provider.route(
    'POST',
    '/chat/web',
    chatWebHandler({ reply: 'Hello from the UMD build.', deltaSize: 5, sessionId: 's-umd' }),
  );
  const { errors, added } = await open(page, 'global');
  expect(added, 'one global').toEqual(['RingwiseVoice']);
  const result = await page.evaluate(async (apiBaseUrl) => {
    const api = (window as unknown as { RingwiseVoice: Record<string, unknown> }).RingwiseVoice;
    type Chat = {
      on(e: string, h: (d: { delta: string }) => void): void;
      send(i: string, t: object): Promise<unknown>;
    };
    const ChatClient = api.ChatClient as new (o: object) => Chat;
    const VoiceClient = api.VoiceClient as new (o: object) => { getSnapshot(): { state: string } };
    const chat = new ChatClient({ publicKey: 'pk-umd', apiBaseUrl });
    const deltas: string[] = [];
    chat.on('chat-delta', (d) => deltas.push(d.delta));
    const reply = await chat.send('Hi', { assistantId: 'asst-umd' });
    return {
      types: [
        'VoiceClient',
        'ChatClient',
        'createWebCall',
        'requestWebCall',
        'toolCallsOf',
        'defineVoiceCallElement',
      ].map((k) => typeof api[k]),
      voice: new VoiceClient({ publicKey: 'pk-umd' }).getSnapshot().state,
      reply,
      deltas,
    };
  }, provider.url);
  expect(result.types, 'the main entry').toEqual(Array(6).fill('function'));
  expect(result.voice, 'a voice client').toBe('idle');
  expect(result.reply, 'the streamed reply').toEqual({
    text: 'Hello from the UMD build.',
    sessionId: 's-umd',
    cut: null,
  });
  expect(result.deltas.length, 'token by token').toBe(5);
  expect(provider.requestsTo('POST', '/chat/web')[0]?.headers.authorization, 'bearer key').toBe('Bearer pk-umd');
  expect(errors, 'no page error').toEqual([]);
});

test('under an AMD loader: one anonymous module with the exports, no global', async ({ page }) => {
  const { errors, added } = await open(page, 'amd');
  expect(added.sort(), 'only the loader itself').toEqual(['amdModules', 'define']);
  const modules = await page.evaluate(() =>
    (window as unknown as { amdModules: { deps: unknown[]; exports: Record<string, unknown> }[] }).amdModules.map(
      (m) => ({
        deps: m.deps,
        types: [typeof m.exports.VoiceClient, typeof m.exports.ChatClient, typeof m.exports.createWebCall],
      }),
    ),
  );
  expect(modules, 'registered through define').toEqual([{ deps: [], types: ['function', 'function', 'function'] }]);
  expect(errors, 'no page error').toEqual([]);
});

test('after the script-tag loader: merged into its RingwiseVoice, the loader keys kept and working', async ({
  page,
}) => {
  const { errors, added } = await open(page, 'loader-first');
  expect(added, 'still one global').toEqual(['RingwiseVoice']);
  const state = await page.evaluate(() => {
    const api = (window as unknown as { RingwiseVoice: Record<string, unknown> }).RingwiseVoice;
    const element = (api.mount as (a: Record<string, string>) => HTMLElement)({ 'public-key': 'pk' });
    return {
      version: api.version,
      loader: [typeof api.mount, typeof api.registerLocale],
      umd: [typeof api.VoiceClient, typeof api.ChatClient],
      defined: !!customElements.get('ringwise-voice-call'),
      mounted: element.isConnected && element.localName,
    };
  });
  expect(state, 'both sides present').toEqual({
    version: VERSION,
    loader: ['function', 'function'],
    umd: ['function', 'function'],
    defined: true,
    mounted: 'ringwise-voice-call',
  });
  await expect(
    page.getByRole('button', { name: 'Ask Our Agent' }),
    'the mounted launcher shows (hybrid, the script tag default)',
  ).toBeVisible();
  expect(errors, 'no page error').toEqual([]);
});

test('before the script-tag loader: the loader still defines the element and adds its keys', async ({ page }) => {
  const { errors, added } = await open(page, 'umd-first');
  expect(added, 'still one global').toEqual(['RingwiseVoice']);
  const state = await page.evaluate(() => {
    const api = (window as unknown as { RingwiseVoice: Record<string, unknown> }).RingwiseVoice;
    return {
      version: api.version,
      loader: [typeof api.mount, typeof api.registerLocale],
      umd: [typeof api.VoiceClient, typeof api.ChatClient],
      defined: !!customElements.get('ringwise-voice-call'),
    };
  });
  expect(state, 'both sides present').toEqual({
    version: VERSION,
    loader: ['function', 'function'],
    umd: ['function', 'function'],
    defined: true,
  });
  expect(errors, 'no page error').toEqual([]);
});

/**
 * Self-hosting: the BUILT script-tag files (widget/dist/cdn) copied to a plain static server that
 * sends no CORS headers, on another origin than the page (or on the page's own origin), under a
 * strict Content-Security-Policy. Every widget file loads as a classic script carrying the page's
 * nonce; the daily file is the fake call engine (served in its place, like a real upload would
 * be). And when a file cannot load, the card says which file and why, the console has one line.
 */
import { fileURLToPath } from 'node:url';
import { EN_LABELS } from '../../widget/src/i18n/en.ts';
import { expect, test, type Page } from '@playwright/test';
import { bundleFakeDaily, fakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import type { FakeDailyInfo } from '../fixtures/host-page/fake-daily.ts';
import { startHostPage, type HostPage, type HostPageOptions } from '../fixtures/host-page/server.ts';
import { chatWebHandler, startLoopbackServer, type LoopbackServer } from '../../fixtures/loopback-server.ts';
import { startStaticHost, type StaticFolder, type StaticHost } from '../fixtures/static-host.ts';
import { DAILY_FILE, LOADER_FILE, MODULE_FILES } from '../../widget/src/ports/manifest.ts';
import { preparePage, type PageLog } from './widget-helpers.ts';

const CDN = fileURLToPath(new URL('../../widget/dist/cdn/', import.meta.url));
const KEY = 'pk-static';
const ASSISTANT = 'asst-static';
const ROOM = 'https://fake.daily.co/room-static';
const NONCE = 'n0nce-static-host';

let provider: LoopbackServer;
let fakeDailyFile: string;
let statics: StaticHost | null = null;
let host: HostPage | null = null;

test.beforeAll(async () => {
  provider = await startLoopbackServer();
  fakeDailyFile = await bundleFakeDaily();
});
test.afterAll(async () => {
  await provider.close();
});
test.beforeEach(() => {
  provider.reset();
  provider.route('POST', '/call/web', { status: 201, body: { id: 'call-s', webCallUrl: ROOM } });
});
test.afterEach(async () => {
  await host?.close();
  await statics?.close();
  host = statics = null;
});

/** The widget folder as uploaded: the built files, the fake call engine as the daily file. */
const folder = (patch: Partial<StaticFolder> = {}): StaticFolder => ({
  dir: CDN,
  replace: { [DAILY_FILE]: fakeDailyFile },
  ...patch,
});

/**
 * Opens a host page whose script tag points at the widget folder: on a static server of its own
 * (`sameOrigin` false, default) or on the page's origin under /w/.
 */
async function open(
  page: Page,
  options: {
    mode: string;
    files?: Partial<StaticFolder>;
    sameOrigin?: boolean;
    page?: (origin: string) => Partial<HostPageOptions>;
    preload?: string;
  },
): Promise<{ log: PageLog; base: string }> {
  const log = await preparePage(page);
  const data = {
    'public-key': KEY,
    'assistant-id': ASSISTANT,
    'api-base-url': provider.url,
    mode: options.mode,
    title: 'Acme Assistant',
    ...(options.preload && { preload: options.preload }),
  };
  let base: string;
  if (options.sameOrigin) {
    host = await startHostPage({
      loaderUrl: `/w/${LOADER_FILE}`,
      data,
      connect: [provider.url],
      include: 'once',
      files: folder({ prefix: '/w/', ...options.files }),
    });
    base = new URL('/w/', host.url).href;
  } else {
    statics = await startStaticHost(folder(options.files));
    base = `${statics.origin}/`;
    host = await startHostPage({
      loaderUrl: `${base}${LOADER_FILE}`,
      data,
      connect: [provider.url],
      include: 'once',
      ...options.page?.(statics.origin),
    });
  }
  await page.goto(host.url);
  return { log, base };
}

const widget = (page: Page) => page.locator('ringwise-voice-call');
const errorBox = (page: Page) => widget(page).locator('[part=error]');
/** The widget's own console lines (the browser adds its own for failed loads and blocked scripts). */
const ownLines = (log: PageLog) => log.errors.filter((line) => line.startsWith('console: ringwise-voice-call'));

test('another origin without CORS headers, script-src only a nonce: a voice call reaches POST /call/web and goes active', async ({
  page,
}) => {
  const responses: { url: string; cors: string | null }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('voice-widget'))
      responses.push({ url: response.url(), cors: response.headers()['access-control-allow-origin'] ?? null });
  });
  const { log, base } = await open(page, { mode: 'voice', page: () => ({ nonce: NONCE }) });
  expect(host!.csp, 'no host allowed by name, no unsafe-*').toContain(`script-src 'nonce-${NONCE}';`);
  expect(host!.csp).not.toContain('unsafe');
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  const request = await provider.waitForRequest((r) => r.path === '/call/web');
  expect(request.json, 'the assistant').toEqual({ assistantId: ASSISTANT });
  await expect(widget(page).getByRole('status'), 'the fake call engine went active').toHaveText('Listening…');
  expect((await fakeDaily<FakeDailyInfo>(page, { command: 'info' })).joins, 'joined the room').toEqual([ROOM]);
  // With the call: the card's audio settings file and the rich file (the conversation began).
  const files = [
    LOADER_FILE,
    MODULE_FILES.card,
    MODULE_FILES.start,
    MODULE_FILES.engine,
    MODULE_FILES.daily,
    MODULE_FILES.audio,
    MODULE_FILES.rich,
  ];
  await expect
    .poll(() => [...new Set(responses.map((r) => r.url))].sort(), {
      message: 'loader, card, start, engine, daily, audio and rich file, all from the static host',
    })
    .toEqual(files.map((file) => `${base}${file}`).sort());
  expect(
    responses.filter((r) => r.cors !== null),
    'no CORS header anywhere',
  ).toEqual([]);
  const scripts = await page.evaluate(() => [...document.scripts].map((s) => `${new URL(s.src).pathname} ${s.nonce}`));
  expect(scripts.sort(), 'the script tag and every script the loader added, each with the nonce').toEqual(
    files.map((file) => `/${file} ${NONCE}`).sort(),
  );
  expect(log.errors, 'nothing logged').toEqual([]);
});

test('another origin without CORS headers, script-src only a nonce: chat streams a reply', async ({ page }) => {
  provider.route('POST', '/chat/web', chatWebHandler({ reply: 'We come on Sundays too.', sessionId: 'sess-s' }));
  const { log } = await open(page, { mode: 'chat', page: () => ({ nonce: NONCE }) });
  await page.getByRole('button', { name: 'Chat with Our Agent' }).click();
  await widget(page).getByRole('textbox', { name: 'Message' }).fill('Sundays?');
  await page.keyboard.press('Enter');
  await expect(widget(page).locator('[part=turn]').nth(1), 'the reply').toHaveText('Agent: We come on Sundays too.');
  expect(log.errors, 'nothing logged').toEqual([]);
});

test('a file missing from a self-hosted folder (same origin): visitors read one plain sentence; the console and ringwise-error say which file, 404, where and the fix; Try again recovers', async ({
  page,
}) => {
  const missing: string[] = [MODULE_FILES.engine];
  const { log, base } = await open(page, { mode: 'voice', sameOrigin: true, files: { missing } });
  await page.evaluate(() => {
    const seen: unknown[] = ((window as unknown as { helps: unknown[] }).helps = []);
    document.addEventListener('ringwise-error', (event) => seen.push((event as CustomEvent).detail?.failure?.help));
  });
  const url = `${base}${MODULE_FILES.engine}`;
  const help = `${url} was not found (404): upload every file of the widget folder next to voice-widget.js.`;
  // What the page asked for: the engine's 404 aborts the request, which may then never reach the
  // provider (its CORS preflight still under way), so the attempt is read from the page.
  const attempts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/call/web' && request.method() === 'POST') attempts.push(request.url());
  });
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(errorBox(page), 'one plain sentence and Try again').toContainText(
    `Loading failed${EN_LABELS.errorEngine}Try again`,
  );
  await expect(errorBox(page), 'no file, address or owner’s fix for visitors').not.toContainText(
    /voice-widget|https?:|Site owner|script-src/,
  );
  expect(ownLines(log), 'logged once, with the URL, and the fix').toEqual([
    `console: ringwise-voice-call: could not load ${url}`,
    `console: ringwise-voice-call: ${help}`,
  ]);
  expect(
    await page.evaluate(() => (window as unknown as { helps: unknown[] }).helps),
    'the event carries the fix',
  ).toEqual([help]);
  // The start file (not the missing engine) sends it, in the click's task: the request does not wait for the engine.
  await expect.poll(() => attempts.length, { message: 'the click still sent its request (then dropped)' }).toBe(1);
  missing.length = 0; // the owner uploads the file
  await errorBox(page).getByRole('button', { name: 'Try again' }).click();
  await expect(widget(page).getByRole('status'), 'the call connects').toHaveText('Listening…');
  expect(ownLines(log), 'nothing more logged').toHaveLength(2);
});

test("a file blocked by the page's Content-Security-Policy: one plain sentence in the card; the console says so and how to allow it, once per file", async ({
  page,
}) => {
  // The policy allows the loader and the card by path, not the engine. preload="intent": the
  // engine is first asked for at the click (a warm start would log its own blocked load first).
  const { log, base } = await open(page, {
    mode: 'voice',
    preload: 'intent',
    page: (origin) => ({ scriptSrc: [`${origin}/${LOADER_FILE}`, `${origin}/${MODULE_FILES.card}`] }),
  });
  const url = `${base}${MODULE_FILES.engine}`;
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(errorBox(page), 'one plain sentence and Try again').toContainText(
    `Loading failed${EN_LABELS.errorEngine}Try again`,
  );
  await expect(errorBox(page), 'no file, address or owner’s fix for visitors').not.toContainText(
    /voice-widget|https?:|Site owner|script-src/,
  );
  // The click asks for the engine, daily-js and the start file at once; the policy blocks all
  // of them: one line each; the engine's failure reaches the card, which logs the policy and the fix.
  const lines = [
    `console: ringwise-voice-call: could not load ${url}`,
    `console: ringwise-voice-call: could not load ${base}${MODULE_FILES.daily}`,
    `console: ringwise-voice-call: could not load ${base}${MODULE_FILES.start}`,
    // No rich file: a call whose engine never loaded never began, and needs no rating or thumbs
    // (the card asks for that file once a call starts or a conversation has turns).
    `console: ringwise-voice-call: This page's Content-Security-Policy blocked ${url}: allow ${new URL(base).origin} in script-src, or give the widget's script tag the page's nonce.`,
  ].sort();
  await expect.poll(() => ownLines(log).sort(), 'logged once per file, with the URL and the fix').toEqual(lines);
  // Try again asks again (a fresh URL), is blocked again, and logs nothing new.
  await errorBox(page).getByRole('button', { name: 'Try again' }).click();
  await expect(errorBox(page)).toContainText(EN_LABELS.errorEngine);
  expect(ownLines(log).sort(), 'still the same lines').toEqual(lines);
});

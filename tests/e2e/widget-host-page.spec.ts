/**
 * The script-tag widget, as website owners use it: the BUILT loader from our site, on a
 * third-party page on another loopback origin with hostile CSS and a strict CSP, talking to a
 * loopback provider fixture; the daily chunk is replaced by a fake call engine through route
 * interception (the real loader, element, engine and core run unchanged).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startHostPage, type HostPage, type HostPageOptions } from '../fixtures/host-page/server.ts';
import { fakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import type { FakeDailyInfo } from '../fixtures/host-page/fake-daily.ts';
import { startLoopbackServer, type LoopbackServer } from '../fixtures/loopback-server.ts';
import { addedWindowKeys, chunkRequests, ENGINE_URL, LOADER_URL, preparePage, type PageLog } from './widget-helpers.ts';

const KEY = 'pk-host-page';
const ASSISTANT = 'asst-host-page';
const ROOM = 'https://fake.daily.example/room-1';

let provider: LoopbackServer;
let host: HostPage | null = null;

test.beforeAll(async () => {
  provider = await startLoopbackServer();
});

test.afterAll(async () => {
  await provider.close();
});

test.beforeEach(() => {
  provider.reset();
  provider.route('POST', '/call/web', { status: 201, body: { id: 'call-1', webCallUrl: ROOM } });
});

test.afterEach(async () => {
  await host?.close();
  host = null;
});

async function openHost(page: Page, options: Partial<HostPageOptions> & { microphone?: 'granted' | 'denied' } = {}): Promise<PageLog> {
  const log = await preparePage(page, options.microphone);
  host = await startHostPage({
    loaderUrl: LOADER_URL,
    data: { 'public-key': KEY, 'assistant-id': ASSISTANT, 'api-base-url': provider.url },
    connect: [provider.url],
    ...options,
  });
  await page.goto(host.url);
  return log;
}

function status(page: Page) {
  return page.locator('ringwise-voice-call').getByRole('status');
}

test('included twice under hostile CSS and a strict CSP: one launcher, one POST /call/web, a full call and back', async ({ page }) => {
  const log = await openHost(page);
  const launcher = page.getByRole('button', { name: 'Talk to Our Agent' });
  await expect(launcher, 'the launcher shows despite button { display: none !important }').toBeVisible();
  await expect(page.locator('ringwise-voice-call'), 'exactly one widget for two script tags').toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(chunkRequests(log), 'no engine or daily chunk on page load').toEqual([]);

  const viewport = page.viewportSize()!;
  const box = (await launcher.boundingBox())!;
  expect(box.x + box.width, 'floats at the right edge').toBeGreaterThan(viewport.width - 60);
  expect(box.y + box.height, 'floats at the bottom').toBeGreaterThan(viewport.height - 60);
  expect(box.height, 'not collapsed by all: unset').toBeGreaterThanOrEqual(44);

  await launcher.click();
  const request = await provider.waitForRequest((r) => r.path === '/call/web');
  expect(request.method, 'POST').toBe('POST');
  expect(request.headers.authorization, 'bearer public key').toBe(`Bearer ${KEY}`);
  expect(request.json, 'body names the assistant').toEqual({ assistantId: ASSISTANT });

  await expect(status(page), 'active').toHaveText('Connected. Start talking.');
  const hangUp = page.getByRole('button', { name: 'Hang Up' });
  await expect(hangUp, 'launcher became Hang Up').toBeVisible();
  const info = await fakeDaily<FakeDailyInfo>(page, { command: 'info' });
  expect(info.joins, 'joined the room from the response').toEqual([ROOM]);
  expect(info.factories, 'the engine loaded the daily chunk once').toBe(1);

  expect(await fakeDaily(page, { command: 'assistant-audio' }), 'assistant audio started').toBe(true);
  await expect
    .poll(async () => (await fakeDaily<FakeDailyInfo>(page, { command: 'info' })).messages, { message: 'playable and say-first-message sent' })
    .toEqual(expect.arrayContaining(['playable', expect.objectContaining({ type: 'control', control: 'say-first-message' })]));

  await fakeDaily(page, { command: 'levels', level: 0.06 });
  await expect(page.locator('[part=container][data-speaking]'), 'speaking indicator on').toHaveCount(1);
  await expect(page.getByText('Speaking', { exact: true }), 'speaking badge').toBeVisible();
  const ringVolume = await page.locator('[part=indicator]').evaluate((el) => (el as HTMLElement).style.getPropertyValue('--v'));
  expect(Number(ringVolume), 'volume ring = 0.06 / 0.15').toBeCloseTo(0.4, 5);

  const mute = page.getByRole('button', { name: 'Mute' });
  await mute.click();
  await expect(mute, 'mute pressed').toHaveAttribute('aria-pressed', 'true');

  // Checked with the call running (everything loaded), before axe injects its own global.
  expect(await addedWindowKeys(page), 'at most one global').toEqual(['RingwiseVoice']);
  const axe = await new AxeBuilder({ page }).include('ringwise-voice-call').analyze();
  expect(axe.violations, 'axe: the open widget has no violations').toEqual([]);

  await hangUp.click();
  await expect(status(page), 'ended').toHaveText('Call ended.');
  await expect(page.getByRole('button', { name: 'Talk to Our Agent' }), 'back to idle').toBeVisible();
  expect(provider.requestsTo('POST', '/call/web'), 'exactly one POST /call/web').toHaveLength(1);
  expect(log.errors, 'no console errors or unhandled rejections').toEqual([]);
});

test('Escape inside the widget hangs up; a second call works on the same page', async ({ page }) => {
  const log = await openHost(page, { include: 'once' });
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(status(page)).toHaveText('Connected. Start talking.');
  await page.getByRole('button', { name: 'Hang Up' }).press('Escape');
  await expect(status(page), 'Escape hung up').toHaveText('Call ended.');
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(status(page), 'second call').toHaveText('Connected. Start talking.');
  expect(provider.requestsTo('POST', '/call/web'), 'one POST per call').toHaveLength(2);
  expect(log.errors, 'no console errors').toEqual([]);
});

test('microphone denied shows its message and the launcher offers a retry', async ({ page }) => {
  const log = await openHost(page, { microphone: 'denied' });
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(status(page), 'denied message').toHaveText(
    'Microphone access was denied. Allow it in your browser settings, then try again.',
  );
  await expect(page.getByRole('button', { name: 'Try Again' }), 'retry offered').toBeVisible();
  expect(await addedWindowKeys(page), 'at most one global').toEqual(['RingwiseVoice']);
  expect(log.errors, 'no console errors or unhandled rejections').toEqual([]);
});

test('loaded late (after the page loaded, like a single-page app) it still mounts and calls', async ({ page }) => {
  const log = await openHost(page, { include: 'late' });
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(status(page), 'active').toHaveText('Connected. Start talking.');
  await expect(page.locator('ringwise-voice-call'), 'one widget').toHaveCount(1);
  expect(provider.requestsTo('POST', '/call/web'), 'one POST').toHaveLength(1);
  expect(log.errors, 'no console errors').toEqual([]);
});

test('a missing public key is explained, nothing is requested and nothing throws', async ({ page }) => {
  const log = await openHost(page, { data: { 'assistant-id': ASSISTANT } });
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(status(page), 'not configured').toHaveText('Calls are not set up here yet: the public key is missing.');
  expect(provider.requests, 'no API request').toEqual([]);
  expect(chunkRequests(log), 'no engine without a key').toEqual([]);
  expect(log.errors, 'no console errors').toEqual([]);
});

test('a failing engine chunk and an API error are shown on the button, which retries', async ({ page }) => {
  const log = await openHost(page);
  await page.route(`${ENGINE_URL}*`, (route) => route.abort('connectionfailed'));
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(status(page), 'engine failure explained').toHaveText(
    'Could not load the call engine. Check your connection, then try again.',
  );
  await page.unroute(`${ENGINE_URL}*`);
  provider.route('POST', '/call/web', { status: 401, body: { message: 'Invalid public key' } });
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(status(page), 'API error explained').toHaveText("The voice service rejected this widget's key.");
  provider.route('POST', '/call/web', { status: 201, body: { id: 'call-2', webCallUrl: ROOM } });
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(status(page), 'the retry connects').toHaveText('Connected. Start talking.');
  // The browser itself logs failed loads (the aborted chunk, the 401); the page must log nothing else.
  expect(log.errors.filter((e) => !e.includes('Failed to load resource')), 'no page errors').toEqual([]);
});

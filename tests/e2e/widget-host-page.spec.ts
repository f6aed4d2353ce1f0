/**
 * The script-tag widget, as website owners use it: the BUILT loader from our site, on a
 * third-party page on another loopback origin with hostile CSS and a strict CSP, talking to a
 * loopback provider fixture; the daily chunk is replaced by a fake call engine through route
 * interception (the real loader, card, engine and core run unchanged). Voice mode here; chat,
 * hybrid, consent and phones have their own specs.
 */
import { expect, test, type Page } from '@playwright/test';
import { fakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import type { FakeDailyInfo } from '../fixtures/host-page/fake-daily.ts';
import {
  addedWindowKeys,
  chunkRequests,
  dataFor,
  ENGINE_URL,
  hostPages,
  offSizeButtons,
  widgetAxe,
} from './widget-helpers.ts';

const KEY = 'pk-host-page';
const ASSISTANT = 'asst-host-page';
const ROOM = 'https://fake.daily.co/room-1';

const hosts = hostPages({
  routes: (provider) => provider.route('POST', '/call/web', { status: 201, body: { id: 'call-1', webCallUrl: ROOM } }),
  data: dataFor(KEY, ASSISTANT, { mode: 'voice', title: 'Acme Assistant' }),
});
const openHost = hosts.open;

const widget = (page: Page) => page.locator('ringwise-voice-call');
const announced = (page: Page) => widget(page).getByRole('status');
const card = (page: Page) => widget(page).getByRole('dialog', { name: 'Acme Assistant' });

test('included twice under hostile CSS and a strict CSP: one launcher, one POST /call/web at the click, a full call, ended', async ({
  page,
}) => {
  // preload="intent": this test follows what the click loads (the default warm start loads in idle time).
  const log = await openHost(page, { data: { preload: 'intent' } });
  const launcher = page.getByRole('button', { name: 'Talk to Our Agent' });
  await expect(launcher, 'the launcher shows despite button { display: none !important }').toBeVisible();
  await expect(widget(page), 'exactly one widget for two script tags').toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(chunkRequests(log), 'nothing but the loader on page load').toEqual([]);

  const viewport = page.viewportSize()!;
  const box = (await launcher.boundingBox())!;
  expect(box.x + box.width, 'floats at the right edge').toBeGreaterThan(viewport.width - 60);
  expect(box.y + box.height, 'floats at the bottom').toBeGreaterThan(viewport.height - 60);
  expect(box.height, '48 px: not collapsed by all: unset').toBe(48);
  expect(await offSizeButtons(page), 'every button 44 ± 4 px').toEqual([]);

  await launcher.click();
  const request = await hosts.provider.waitForRequest((r) => r.path === '/call/web');
  expect([request.method, request.headers.authorization, request.json], 'POST, bearer key, the assistant').toEqual([
    'POST',
    `Bearer ${KEY}`,
    { assistantId: ASSISTANT },
  ]);
  await expect(card(page), 'the card opened').toBeVisible();
  await expect(announced(page), 'connected').toHaveText('Listening…');
  const info = await fakeDaily<FakeDailyInfo>(page, { command: 'info' });
  expect(info.joins, 'joined the room of the adopted request').toEqual([ROOM]);

  expect(await fakeDaily(page, { command: 'assistant-audio' }), 'assistant audio started').toBe(true);
  await expect
    .poll(async () => (await fakeDaily<FakeDailyInfo>(page, { command: 'info' })).messages, {
      message: 'playable sent, and no say-first-message: the call is not recorded',
    })
    .toEqual(['playable']);
  await fakeDaily(page, { command: 'levels', level: 0.06 });
  await expect(widget(page).locator('[part=status]'), 'speaking in the chip').toHaveText(
    'Agent is speaking — talk to interrupt',
  );
  const ring = await widget(page)
    .locator('[part=card]')
    .evaluate((el) => (el as HTMLElement).style.getPropertyValue('--v'));
  expect(Number(ring), 'the avatar ring follows the volume (0.06 / 0.15)').toBeCloseTo(0.4, 5);
  // Checked with the call running (everything loaded), before axe injects its own global.
  expect(await addedWindowKeys(page), 'at most one global').toEqual(['RingwiseVoice']);
  expect(await widgetAxe(page), 'axe: speaking').toEqual([]);

  await card(page).getByRole('button', { name: 'Mute' }).click();
  await expect(card(page).getByRole('button', { name: 'Unmute' }), 'mute is unmistakable').toBeVisible();
  await expect(announced(page), 'and announced').toHaveText("You're muted — the agent can't hear you");
  expect(await offSizeButtons(page), 'every button 44 ± 4 px in a call').toEqual([]);

  expect(await widgetAxe(page), 'axe: muted').toEqual([]);

  await card(page).getByRole('button', { name: 'Hang Up', exact: true }).click();
  await expect(announced(page), 'ended, with its length').toHaveText(/^Call ended · \d+:\d\d$/);
  await expect(card(page).getByRole('button', { name: 'Call again' }), 'call again').toBeVisible();
  expect(await widgetAxe(page), 'axe: ended').toEqual([]);
  expect(hosts.provider.requestsTo('POST', '/call/web'), 'exactly one POST /call/web').toHaveLength(1);
  expect(log.errors, 'no console errors or unhandled rejections').toEqual([]);
});

test('keyboard only: Enter on the launcher calls, focus moves into the card, Escape minimizes, Escape on Hang Up hangs up', async ({
  page,
}) => {
  const log = await openHost(page, { include: 'once' });
  await page.keyboard.press('Tab'); // the host page's own controls are hidden by its CSS: the launcher is first
  await expect(page.getByRole('button', { name: 'Talk to Our Agent' }), 'launcher focused').toBeFocused();
  await page.keyboard.press('Enter');
  await expect(announced(page), 'connected').toHaveText('Listening…');
  await expect(card(page), 'focus is in the card').toBeFocused();
  await page.keyboard.press('Escape');
  await expect(card(page), 'Escape minimized the card').toBeHidden();
  await expect(
    page.getByRole('button', { name: 'Back to the call' }),
    'focus back on the launcher, which leads back',
  ).toBeFocused();
  await expect(announced(page), 'the call goes on').toHaveText('Listening…');
  const dot = page.locator('ringwise-voice-call [part=launcher] .ld');
  await expect(dot, 'the minimized launcher shows the live dot').toBeVisible();
  expect(await dot.boundingBox().then((box) => [box?.width, box?.height]), 'a 10 px dot').toEqual([10, 10]);
  await page.keyboard.press('Enter');
  await expect(dot, 'no dot while the card is open').toBeHidden();
  // One collapse control: the open launcher (the header's Minimize shows only where the launcher steps aside).
  await page.keyboard.press('Tab'); // the header's menu (⋯, issue 38)
  await page.keyboard.press('Tab'); // close
  await page.keyboard.press('Tab'); // mute
  await page.keyboard.press('Tab'); // audio settings
  await page.keyboard.press('Tab'); // hang up
  await expect(card(page).getByRole('button', { name: 'Hang Up', exact: true }), 'Tab reaches Hang Up').toBeFocused();
  await page.keyboard.press('Escape');
  await expect(announced(page), 'Escape on Hang Up hung up').toHaveText(/^Call ended/);
  await expect(card(page).getByRole('button', { name: 'Call again' }), 'focus moved to Call again').toBeFocused();
  await page.keyboard.press('Enter');
  await expect(announced(page), 'second call').toHaveText('Listening…');
  expect(hosts.provider.requestsTo('POST', '/call/web'), 'one POST per call').toHaveLength(2);
  expect(log.errors, 'no console errors').toEqual([]);
});

test('microphone denied: an error section with the fix and Try again', async ({ page }) => {
  const log = await openHost(page, { microphone: 'denied' });
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  const error = widget(page).locator('[part=error]');
  await expect(error.getByRole('heading', { name: 'Microphone needed' }), 'title').toBeVisible();
  await expect(error, 'sentence and fix').toContainText(
    'Microphone access was denied.Allow the microphone: click the icon at the left of the address bar, then try again.',
  );
  await expect(error.getByRole('button', { name: 'Try again' }), 'retry offered').toBeVisible();
  expect(await addedWindowKeys(page), 'at most one global').toEqual(['RingwiseVoice']);
  expect(await widgetAxe(page), 'axe: error').toEqual([]);
  expect(log.errors, 'no console errors or unhandled rejections').toEqual([]);
});

test('loaded late (after the page loaded, like a single-page app) it still mounts and calls', async ({ page }) => {
  const log = await openHost(page, { include: 'late' });
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(announced(page), 'connected').toHaveText('Listening…');
  await expect(widget(page), 'one widget').toHaveCount(1);
  expect(hosts.provider.requestsTo('POST', '/call/web'), 'one POST').toHaveLength(1);
  expect(log.errors, 'no console errors').toEqual([]);
});

test('a missing public key is explained in the card, nothing reaches the platform and nothing throws', async ({
  page,
}) => {
  const log = await openHost(page, { data: { 'public-key': null } });
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(widget(page).locator('[part=error]'), 'not set up').toContainText(
    'Not set up correctlyThe public key is missing.',
  );
  expect(hosts.provider.requests, 'no API request').toEqual([]);
  expect(
    chunkRequests(log).filter((url) => !url.includes('-card')),
    'no engine without a key',
  ).toEqual([]);
  expect(log.errors, 'no console errors').toEqual([]);
});

test('a failing engine chunk and an API error are explained in the card; Try again recovers', async ({ page }) => {
  // preload="intent": the engine is first asked for at the click, where the route fails it.
  const log = await openHost(page, { data: { preload: 'intent' } });
  await page.route(`${ENGINE_URL}*`, (route) => route.abort('connectionfailed'));
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  const error = widget(page).locator('[part=error]');
  // One plain sentence for the visitor (the address and the owner's fix go to the console).
  await expect(error, 'engine failure explained').toContainText(
    'Loading failedPart of the assistant could not be downloaded.',
  );
  await page.unroute(`${ENGINE_URL}*`);
  hosts.provider.route('POST', '/call/web', { status: 401, body: { message: 'Invalid public key' } });
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(error, 'API error explained').toContainText("The assistant service rejected this widget's key.");
  await expect(error.getByRole('button', { name: 'Try again' }), 'no retry for a rejected key').toHaveCount(0);
  hosts.provider.route('POST', '/call/web', { status: 201, body: { id: 'call-2', webCallUrl: ROOM } });
  await card(page).getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(announced(page), 'the next call connects').toHaveText('Listening…');
  // The browser itself logs failed loads (the aborted chunk, the 401); the widget logs the chunk
  // once (hover and click both failed), and nothing else is logged.
  // Another origin, no CORS: the browser does not say whether the file is missing or the server is down.
  expect(
    log.errors.filter((e) => !e.includes('Failed to load resource')),
    'the failed file and the fix, once; no page errors',
  ).toEqual([
    `console: ringwise-voice-call: could not load ${ENGINE_URL}`,
    `console: ringwise-voice-call: ${ENGINE_URL} could not be downloaded (missing there, or the server is unreachable): check that the file opens at that address.`,
  ]);
});

test("the assistant's video is shown above the conversation", async ({ page }) => {
  hosts.provider.route('POST', '/call/web', {
    status: 201,
    body: { id: 'call-v', webCallUrl: ROOM, assistant: { voice: { provider: 'tavus' } } },
  });
  const log = await openHost(page);
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(announced(page), 'connected').toHaveText('Listening…');
  expect(await fakeDaily(page, { command: 'assistant-video' }), 'video track sent').toBe(true);
  const video = widget(page).locator('video[part=video]');
  await expect(video, 'shown').toBeVisible();
  await expect
    .poll(() => video.evaluate((el) => (el as HTMLVideoElement).videoWidth), { message: 'frames arrive' })
    .toBe(320);
  expect(
    await video.evaluate((el) => [(el as HTMLVideoElement).muted, el.hasAttribute('playsinline')]),
    'muted, inline',
  ).toEqual([true, true]);
  const [videoBox, bodyBox] = [await video.boundingBox(), await widget(page).locator('[part=body]').boundingBox()];
  expect(videoBox!.y + videoBox!.height, 'above the conversation').toBeLessThanOrEqual(bodyBox!.y + 1);
  await card(page).getByRole('button', { name: 'Hang Up', exact: true }).click();
  await expect(video, 'gone with the call').toBeHidden();
  expect(log.errors, 'no console errors').toEqual([]);
});

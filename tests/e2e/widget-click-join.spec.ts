/**
 * The click → join path with the REAL daily file (issue 20): on a page read for a moment (the
 * default warm start made the next call's object), the launcher's click asks for Daily's call
 * machine beside `POST /call/web`, before the platform has answered; with `preload="none"` nothing
 * is made ahead, and the call machine is asked for only once the call object exists, after the
 * answer. Daily's call machine cannot be fetched here: `bundle-path-override` points at the
 * provider fixture's origin, where the test records the request and answers 404 (the call then
 * fails as a blocked call machine does).
 */
import { expect, test, type Page } from '@playwright/test';
import { startLoopbackServer, type LoopbackServer } from '../../fixtures/loopback-server.ts';
import { startHostPage, type HostPage } from '../fixtures/host-page/server.ts';
import { DAILY_URL, LOADER_URL, preparePage, SITE } from './widget-helpers.ts';

let provider: LoopbackServer;
let host: HostPage | null = null;
test.beforeAll(async () => {
  provider = await startLoopbackServer();
});
test.afterAll(async () => {
  await provider.close();
});
test.afterEach(async () => {
  await host?.close();
  host = null;
});

/** Opens a host page with the built loader and the real daily file; returns when its network is quiet. */
async function openPage(page: Page, data: Record<string, string>): Promise<{ machine: number[]; answered: number[] }> {
  const at = { machine: [] as number[], answered: [] as number[] };
  await preparePage(page);
  // The real daily file, not the fake engine the other specs put in its place.
  await page.unroute(DAILY_URL);
  await page.route(`${provider.url}/daily-bundles/**`, (route) => {
    at.machine.push(performance.now());
    return route.fulfill({ status: 404, body: 'not here' });
  });
  page.on('response', (response) => {
    if (response.url().endsWith('/call/web')) at.answered.push(performance.now());
  });
  provider.reset();
  // Answered late enough that a request made after the answer cannot pass for one made before.
  provider.route('POST', '/call/web', {
    status: 201,
    body: { id: 'call-1', webCallUrl: 'https://example.daily.co/room' },
    delayMs: 1500,
  });
  host = await startHostPage({
    loaderUrl: LOADER_URL,
    include: 'once',
    connect: [provider.url],
    scriptSrc: ["'self'", SITE, provider.url],
    data: {
      'public-key': 'pk-click-join',
      'assistant-id': 'asst-1',
      'api-base-url': provider.url,
      mode: 'voice',
      'bundle-path-override': `${provider.url}/daily-bundles`,
      ...data,
    },
  });
  await page.goto(host.url);
  await page.waitForLoadState('networkidle');
  return at;
}

const launcher = (page: Page) => page.locator('ringwise-voice-call').getByRole('button', { name: 'Talk to Our Agent' });

test.setTimeout(60_000);

test('warm (the default preload): the click asks for the call machine beside POST /call/web, before its answer', async ({
  page,
}) => {
  const at = await openPage(page, {});
  expect(at.machine, 'nothing of Daily’s before the click').toEqual([]);
  await launcher(page).click();
  await expect.poll(() => at.answered.length, { message: 'POST /call/web answered' }).toBe(1);
  await expect.poll(() => at.machine.length, { message: 'the call machine asked for' }).toBeGreaterThan(0);
  expect(at.machine[0]!, 'asked for before the answer came back').toBeLessThan(at.answered[0]!);
  // daily-js tries the machine again a few times (seconds apart) before the join gives up.
  await expect(
    page.locator('ringwise-voice-call').getByRole('button', { name: 'Try again' }),
    'a blocked call machine: the call fails, the widget usable',
  ).toBeVisible({ timeout: 45_000 });
});

test('preload="none": no call object ahead, so the call machine waits for the call object (after the answer)', async ({
  page,
}) => {
  const at = await openPage(page, { preload: 'none' });
  await launcher(page).click();
  await expect.poll(() => at.machine.length, { message: 'the call machine asked for' }).toBeGreaterThan(0);
  expect(at.answered, 'the answer came first').toHaveLength(1);
  expect(at.machine[0]!, 'after the answer').toBeGreaterThan(at.answered[0]!);
});

test('intent (issue 35): a hover on the voice launcher starts the call machine, before any click or request', async ({
  page,
}) => {
  const at = await openPage(page, {});
  expect(at.machine, 'not on the page view (the default never starts it)').toEqual([]);
  await launcher(page).hover();
  await expect.poll(() => at.machine.length, { message: 'the call machine asked for on the hover' }).toBeGreaterThan(0);
  expect(at.answered, 'no POST /call/web: nothing was clicked').toEqual([]);
});

test('preload="call" (issue 35): the owner’s opt-in starts the call machine on the page view, with no interaction', async ({
  page,
}) => {
  const at = await openPage(page, { preload: 'call' });
  await expect.poll(() => at.machine.length, { message: 'the call machine asked for' }).toBeGreaterThan(0);
  expect(at.answered, 'no POST /call/web').toEqual([]);
});

test('preload="none": a hover starts nothing of Daily’s', async ({ page }) => {
  const at = await openPage(page, { preload: 'none' });
  await launcher(page).hover();
  await page.waitForLoadState('networkidle');
  expect(at.machine, 'no call machine').toEqual([]);
});

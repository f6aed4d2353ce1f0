/**
 * The click answers in its own frame (issue 35), with the BUILT loader and card over the scripted
 * voice engine (a call that goes active): what the launcher shows is read in the animation frame
 * after the click (a `requestAnimationFrame` registered by a capturing click listener, which runs
 * before the widget's own). The long tasks between the click and ready are not a test here: whether a
 * task passes 50 ms is the machine's load as much as ours, and the expected failure this file held
 * flipped with the load ("Expected to fail, but passed" in one run of three). They are the bench's
 * figure, measured beside the peers: `npm run bench -- --only=click-join` (longest task, INP) and
 * `npx node bench/click-join-trace.ts` (what each task is).
 * Run alone: `npx playwright test tests/e2e/widget-click-frame.spec.ts`.
 */
import { expect, test, type Page } from '@playwright/test';
import { bundleScriptedEngine } from '../fixtures/host-page/scripted-engine-bundle.ts';
import { startHostPage, type HostPage } from '../fixtures/host-page/server.ts';
import { startLoopbackServer, type LoopbackServer } from '../../fixtures/loopback-server.ts';
import { ENGINE_URL, LOADER_URL, preparePage } from './widget-helpers.ts';

let provider: LoopbackServer;
let engine: Promise<string>;
let host: HostPage | null = null;

test.beforeAll(async () => {
  provider = await startLoopbackServer();
  provider.route('POST', '/call/web', { status: 201, body: { id: 'c1', webCallUrl: 'https://fake.daily.co/r' } });
  engine = bundleScriptedEngine('active', 'engine');
});
test.afterAll(async () => provider.close());
test.afterEach(async () => {
  await host?.close();
  host = null;
});

/** What the launcher showed in the frame after the click. */
interface AtFrame {
  busy: string | null;
  expanded: string | null;
  label: string;
  background: string;
  /** The card's first frame: shown (it may come a frame later). */
  card: boolean;
}

/**
 * Opens a voice launcher with this `preload` and arms the frame probe and the long-task counter.
 * `micAtLoad`: the fake microphone's AudioContext is made as the page loads, not in the click's
 * task (preparePage's fake makes one per request: ≈ 300 ms at 4× CPU, a cost of the fake; a real
 * `getUserMedia` does that work outside the page's main thread).
 */
async function openPage(page: Page, preload: string, micAtLoad = false): Promise<void> {
  await preparePage(page);
  if (micAtLoad)
    await page.addInitScript(() => {
      if (typeof MediaDevices === 'undefined') return;
      const stream = new AudioContext().createMediaStreamDestination().stream;
      MediaDevices.prototype.getUserMedia = async () => stream;
    });
  const body = await engine;
  await page.route(`${ENGINE_URL}*`, (route) => route.fulfill({ body, contentType: 'text/javascript; charset=utf-8' }));
  host = await startHostPage({
    loaderUrl: LOADER_URL,
    include: 'once',
    look: 'light',
    connect: [provider.url],
    data: { 'public-key': 'pk-frame', 'assistant-id': 'asst-1', 'api-base-url': provider.url, mode: 'voice', preload },
  });
  await page.goto(host.url);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    const element = document.querySelector('ringwise-voice-call')!;
    const shadow = element.shadowRoot!;
    const launcher = shadow.querySelector<HTMLElement>('[part=launcher]')!;
    w.idleBackground = getComputedStyle(launcher).backgroundColor;
    const long: number[] = [];
    w.longTasks = long;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => long.push(e.startTime, e.duration))).observe({
      type: 'longtask',
    });
    document.addEventListener(
      'click',
      () => {
        w.clickAt = performance.now();
        requestAnimationFrame(() => {
          const card = shadow.querySelector<HTMLElement>('[part=card]');
          w.atFrame = {
            busy: launcher.getAttribute('aria-busy'),
            expanded: launcher.getAttribute('aria-expanded'),
            label: launcher.textContent,
            background: getComputedStyle(launcher).backgroundColor,
            card: !!card && !card.hidden,
          };
        });
      },
      { capture: true, once: true },
    );
    element.addEventListener('ringwise-view-change', (event) => {
      if ((event as CustomEvent<{ phase: string }>).detail.phase === 'active') w.readyAt ??= performance.now();
    });
  });
}

/** A value the page's probe stored on `window` (as the page serialised it). */
const probe = <T>(page: Page, name: string): Promise<T> =>
  page.evaluate((n) => (window as unknown as Record<string, unknown>)[n], name) as Promise<T>;
const launcher = (page: Page) => page.locator('ringwise-voice-call').getByRole('button').first();

test('cold (preload="none"): the launcher is pressed in the frame after the click, "Connecting…", while the card loads', async ({
  page,
}) => {
  await openPage(page, 'none');
  // Dispatched without a hover first (a hover is intent, but none loads nothing on it anyway).
  await launcher(page).dispatchEvent('click');
  await expect.poll(() => probe<AtFrame | undefined>(page, 'atFrame')).toBeTruthy();
  const at = (await probe<AtFrame>(page, 'atFrame'))!;
  expect(at.busy, 'aria-busy in that frame').toBe('true');
  expect(at.label, 'its text').toBe('Connecting…');
  expect(at.background, 'the pressed colour, not the idle one').not.toBe(await probe<string>(page, 'idleBackground'));
  await expect.poll(() => probe<number | undefined>(page, 'readyAt'), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(launcher(page), 'no longer busy once the card is drawn').not.toHaveAttribute('aria-busy', 'true');
});

test('warm (the default preload): the launcher is open in the frame after the click and the card drawn in it or the next', async ({
  page,
}) => {
  await openPage(page, 'idle');
  await expect
    .poll(() =>
      page.evaluate(() => !!document.querySelector('ringwise-voice-call')?.shadowRoot?.querySelector('[part=card]')),
    )
    .toBe(true);
  await launcher(page).click();
  await expect.poll(() => probe<AtFrame | undefined>(page, 'atFrame')).toBeTruthy();
  const at = (await probe<AtFrame>(page, 'atFrame'))!;
  expect(at.expanded, 'the launcher says open in the frame after the click').toBe('true');
  expect(at.busy, 'not busy: the card is mounted').toBeNull();
  // One frame later at most: the card's start waits a task so the request leaves first.
  const next = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) =>
        requestAnimationFrame(() => {
          const card = document
            .querySelector('ringwise-voice-call')!
            .shadowRoot!.querySelector<HTMLElement>('[part=card]');
          resolve(!!card && !card.hidden);
        }),
      ),
  );
  expect(at.card || next, 'the card’s first frame is not held back').toBe(true);
});

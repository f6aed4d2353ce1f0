/**
 * Measures what a visitor in a call notices when they open another page of the site (issue 22,
 * item 5): the audio gap and the time from the link click until the assistant's audio plays
 * again, on the BUILT site with the loopback provider and the fake Daily port of the browser
 * tests. Run by hand against the build under test (it reports figures, asserts no timing):
 *
 *   E2E_PORT=… PROVIDER_PORT=… npx playwright test --config tests/e2e/measure/playwright.config.ts
 *
 * `ROUTER=client` when the build under test has Astro's <ClientRouter /> with the widget under
 * `transition:persist` (the prototype the decision was measured on); otherwise the site's own
 * full page loads and the widget's rejoin.
 */
import { expect, test } from '@playwright/test';
import { fakeDaily } from '../../fixtures/host-page/fake-daily-bundle.ts';
import type { FakeDailyInfo } from '../../fixtures/host-page/fake-daily.ts';
import { preparePage, siteProvider } from '../widget-helpers.ts';

const site = siteProvider();
const RUNS = Number(process.env.RUNS ?? 5);

test('landing → guide during a call: audio gap and click → audio back', async ({ page }) => {
  site.server.route('POST', '/call/web', {
    status: 201,
    body: { id: 'nav-call', webCallUrl: 'https://fake.daily.co/nav' },
  });
  await preparePage(page);
  const results: { navigation: number; audioBack: number; joins: number; posts: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    site.server.reset();
    site.server.route('POST', '/call/web', {
      status: 201,
      body: { id: `nav-call-${run}`, webCallUrl: `https://fake.daily.co/nav-${run}` },
    });
    await page.goto('/');
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    const widget = page.locator('#ringwise-site-widget');
    await widget.evaluate(async (el) => {
      await customElements.whenDefined('ringwise-voice-call');
      return (el as unknown as { start(): Promise<boolean> }).start();
    });
    await expect
      .poll(() => widget.evaluate((el) => (el as unknown as { view: { phase: string } }).view.phase))
      .toBe('active');
    await fakeDaily(page, { command: 'assistant-audio' });
    // The click, then the moment the assistant's track plays again on the next page.
    const clickAt = await page.evaluate(() => performance.timeOrigin + performance.now());
    await page.locator('footer a[href^="/qa/"]').first().click();
    await page.waitForURL(/\/qa\//);
    const navigation = (await page.evaluate(() => performance.timeOrigin + performance.now())) - clickAt;
    if (process.env.ROUTER !== 'client') {
      await expect
        .poll(
          () =>
            page
              .locator('#ringwise-site-widget')
              .evaluate((el) => (el as unknown as { view: { phase: string } }).view.phase),
          { timeout: 20_000 },
        )
        .toBe('active');
      await fakeDaily(page, { command: 'assistant-audio' });
    }
    const audioBack = (await page.evaluate(() => performance.timeOrigin + performance.now())) - clickAt;
    const info = await fakeDaily<FakeDailyInfo>(page, { command: 'info' });
    results.push({
      navigation,
      audioBack,
      joins: info.joins.length,
      posts: site.server.requestsTo('POST', '/call/web').length,
    });
    // Hang up: nothing is kept for the next run.
    await page.locator('#ringwise-site-widget').evaluate((el) => (el as unknown as { stop(): void }).stop());
    await expect
      .poll(() =>
        page
          .locator('#ringwise-site-widget')
          .evaluate((el) => (el as unknown as { view: { phase: string } }).view.phase),
      )
      .toBe('idle');
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    JSON.stringify({
      router: process.env.ROUTER ?? 'full page loads + rejoin',
      runs: RUNS,
      medianNavigationMs: Math.round(median(results.map((r) => r.navigation))),
      medianClickToAudioMs: Math.round(median(results.map((r) => r.audioBack))),
      results,
    }),
  );
});

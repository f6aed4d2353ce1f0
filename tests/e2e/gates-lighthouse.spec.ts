/**
 * Gate: Lighthouse accessibility, best practices and SEO are all 100 on '/' and on one guide
 * (mobile, Lighthouse's default form factor), against the built site under test. Performance is
 * not gated (it depends on the machine); `npm run bench` reports it.
 */
import { expect, test } from '@playwright/test';
import { guideRoutes } from '../../bench/lib/paths.ts';
import { launchLighthouseBrowser, type LighthouseBrowser } from '../../bench/lib/lighthouse.ts';

const GATED = ['accessibility', 'best-practices', 'seo'] as const;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let browser: LighthouseBrowser | null = null;
test.afterAll(async () => {
  await browser?.close();
});

for (const route of ['/', guideRoutes()[0] ?? '/qa/(no guide built)']) {
  test(`lighthouse 100/100/100 (a11y, best practices, SEO): ${route}`, async ({ baseURL }) => {
    browser ??= await launchLighthouseBrowser();
    const run = await browser.run(`${baseURL}${route}`, 'mobile', GATED);
    expect(run.runtimeError, `${route}: Lighthouse runtime error`).toBeUndefined();
    for (const category of GATED) {
      expect(
        run.scores[category],
        `${route}: ${category} score ${run.scores[category]} (limit 100); failing audits: ${run.failing.join('; ') || 'none'}`,
      ).toBe(100);
    }
  });
}

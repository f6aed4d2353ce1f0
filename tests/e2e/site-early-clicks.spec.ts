/**
 * No click lost before hydration (issue 39), on a throttled phone: 4× CPU through CDP and every `/_astro/` script
 * held back until the visitor has tapped, so the header island and the landing page's module script are not there
 * yet. The taps are kept by the inline script (site/lib/early-clicks-script.ts) and replayed when the code starts.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { waitForIsland } from './site-helpers.ts';

// A large phone: the header shows 'Get in Contact' from 480 px (header.css) and the menu toggle below 1180 px.
test.use({ viewport: { width: 480, height: 860 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });

/** Opens `/` with 4× CPU throttling and every Astro script held; returns the release. */
async function openHeld(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const held: Route[] = [];
  let released = false;
  // Counts the clicks the page got, so a test releases the scripts only once its tap has become a click.
  await page.addInitScript(() => {
    const counted = window as unknown as { clicksSeen: number };
    counted.clicksSeen = 0;
    document.addEventListener('click', () => counted.clicksSeen++, true);
  });
  await page.route('**/_astro/**/*.js', (route) => (released ? route.continue() : void held.push(route)));
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('banner'), 'the server-rendered header').toBeVisible();
  return async () => {
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { clicksSeen: number }).clicksSeen), {
        message: 'the tap became a click',
      })
      .toBe(1);
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

test("a tap on the header's 'Get in Contact' before any script ran opens the contact modal when they run", async ({
  page,
}) => {
  const release = await openHeld(page);
  await page.getByRole('banner').getByRole('button', { name: 'Get in Contact' }).tap();
  await expect(page.locator('astro-island[ssr]').first(), 'no island has hydrated yet').toBeAttached();
  await expect(page.getByRole('dialog', { name: 'Get in Contact' }), 'nothing can open it yet').toHaveCount(0);
  await release();
  // Waits for the code, not for a time: the modal's island hydrates last (client:idle).
  await waitForIsland(page, 'ContactModal');
  // The modal's first open may wait for its lazy form under 4× throttling on a shared machine: a wait, not a limit.
  const dialog = page.getByRole('dialog', { name: 'Get in Contact' });
  await expect(dialog, 'contact modal open after the scripts ran').toBeVisible({ timeout: 30_000 });
});

test('a tap on the menu toggle before hydration leaves the menu open once the header hydrates', async ({ page }) => {
  const release = await openHeld(page);
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).tap();
  await expect(page.locator('astro-island[ssr]').first(), 'no island has hydrated yet').toBeAttached();
  await release();
  await waitForIsland(page, 'Header');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Close menu' }), 'the menu is open').toBeVisible({
    timeout: 30_000,
  });
});

/**
 * The floating section navigator: hidden at the top, shown past 300 px, one labelled dot per
 * section, the active dot (aria-current) is the section at scroll position + 100 px through every
 * section, dots scroll to their section, and the back-to-top button returns to the top.
 */
import { expect, test, type Page } from '@playwright/test';
import { landingSections } from '../../content/landing.ts';
import { maxScroll, scrollY, scrollToY, sectionTop, waitForIsland } from './site-helpers.ts';

const navigator = (page: Page) => page.getByRole('navigation', { name: 'Page sections' });

/** Label of the dot marked current (also while the navigator is hidden near the top). */
async function activeDot(page: Page): Promise<string | null> {
  const current = page
    .getByRole('navigation', { name: 'Page sections', includeHidden: true })
    .locator('a[aria-current]');
  const count = await current.count();
  return count === 1 ? current.textContent() : `${count} current dots`;
}

test.describe('section navigator', () => {
  test.use({ reducedMotion: 'reduce' });

  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await waitForIsland(page, 'SectionNav');
  });

  test('is hidden at 0 and at 300 px, shown past 300 px, hidden again at the top', async ({ page }) => {
    await expect(navigator(page), 'hidden at 0 px').toBeHidden();
    await scrollToY(page, 300);
    await expect(navigator(page), 'hidden at exactly 300 px').toBeHidden();
    await scrollToY(page, 301);
    await expect(navigator(page), 'shown past 300 px').toBeVisible();
    await scrollToY(page, 0);
    await expect(navigator(page), 'hidden back at the top').toBeHidden();
  });

  test('has one dot per section, in order, each labelled', async ({ page }) => {
    await scrollToY(page, 400);
    const dots = navigator(page).getByRole('list').getByRole('link');
    await expect(dots, 'one labelled dot per section').toHaveText(landingSections.map((s) => s.label));
    const hrefs = await dots.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs, 'dots target the sections in spec order').toEqual(landingSections.map((s) => `#${s.id}`));
    for (const section of landingSections) {
      await expect(
        navigator(page).getByRole('link', { name: section.label, exact: true }),
        `dot for #${section.id} has an accessible name`,
      ).toHaveCount(1);
    }
  });

  test('marks the section at scroll position + 100 px as current, through every section', async ({ page }) => {
    const bottom = await maxScroll(page);
    for (const [index, section] of landingSections.entries()) {
      const top = await sectionTop(page, section.id);
      const next = landingSections[index + 1];
      const nextTop = next ? await sectionTop(page, next.id) : Number.POSITIVE_INFINITY;
      // Just below the switch point, the previous section is still current.
      if (index > 0) {
        const above = Math.floor(top) - 100 - 2;
        await scrollToY(page, above);
        expect(await activeDot(page), `at ${above} px (line 2 px above #${section.id})`).toBe(
          landingSections[index - 1]!.label,
        );
      }
      // From the switch point on, this section is current.
      // Scroll positions are whole pixels here; section tops may be fractional.
      const y = Math.max(0, Math.ceil(top) - 100);
      expect(y, `#${section.id} can reach the 100 px line (page is long enough)`).toBeLessThan(bottom);
      await scrollToY(page, y);
      expect(await activeDot(page), `at ${y} px (line at the top of #${section.id})`).toBe(section.label);
      // And still current in its middle.
      const middle = Math.min(bottom - 2, Math.round((top + Math.min(nextTop, top + 2000)) / 2) - 100);
      await scrollToY(page, middle);
      expect(await activeDot(page), `at ${middle} px (inside #${section.id})`).toBe(section.label);
    }
    await scrollToY(page, bottom);
    expect(await activeDot(page), 'at the very bottom the last section is current').toBe(landingSections.at(-1)!.label);
  });

  test('clicking a dot scrolls to its section and makes it current', async ({ page }) => {
    await scrollToY(page, 400);
    for (const section of [landingSections[4]!, landingSections[2]!, landingSections[7]!]) {
      await navigator(page).getByRole('link', { name: section.label, exact: true }).click();
      await expect(page.locator(`#${section.id}`), `#${section.id} in view`).toBeInViewport();
      await expect(
        navigator(page).getByRole('link', { name: section.label, exact: true }),
        `${section.label} dot current`,
      ).toHaveAttribute('aria-current', 'location');
    }
  });

  test('back to top returns to 0 and hides the navigator', async ({ page }) => {
    await scrollToY(page, 2500);
    await navigator(page).getByRole('button', { name: 'Back to top' }).click();
    await expect.poll(() => scrollY(page), { message: 'scrolled to the top' }).toBe(0);
    await expect(navigator(page), 'hidden at the top').toBeHidden();
  });
});

test.describe('section navigator with smooth scrolling', () => {
  test('dot clicks and back to top scroll smoothly to their targets', async ({ page }) => {
    await page.goto('/');
    await waitForIsland(page, 'SectionNav');
    await scrollToY(page, 400);
    const target = await sectionTop(page, 'testimonials');
    // Every position the page passes through, recorded in the page by its scroll events: an instant jump fires
    // one event at the target, a smooth scroll fires several on the way. Polling from here instead would miss
    // the way on a fast machine (the scroll can end before the click's round trip does).
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seenScroll: number[] }).seenScroll = seen;
      addEventListener('scroll', () => seen.push(Math.round(window.scrollY)), { passive: true });
    });
    await navigator(page).getByRole('link', { name: 'Success Stories', exact: true }).click();
    await expect
      .poll(async () => Math.abs((await scrollY(page)) - (target - 80)), {
        message: 'settles with #testimonials below the header',
        intervals: [16],
      })
      .toBeLessThanOrEqual(2);
    const seen = await page.evaluate(() => (window as unknown as { seenScroll: number[] }).seenScroll);
    expect(
      seen.some((y) => y > 400 && Math.abs(y - (target - 80)) > 2),
      `intermediate positions seen (${seen.slice(0, 5).join(', ')}…)`,
    ).toBe(true);
    await navigator(page).getByRole('button', { name: 'Back to top' }).click();
    await expect.poll(() => scrollY(page), { message: 'back at the top', intervals: [16] }).toBe(0);
  });
});

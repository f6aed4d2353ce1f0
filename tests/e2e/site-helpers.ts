/**
 * Shared helpers of the site's browser tests: island hydration, scrolling and geometry.
 */
import type { Page } from '@playwright/test';

/** The five guide routes of the spec. */
export const GUIDE_ROUTES = [
  '/qa/ai-phone-calls',
  '/qa/ai-phone-companies',
  '/qa/business-phone-automation',
  '/qa/ai-receptionist',
  '/qa/phone-answering-service',
] as const;

/** A phone-sized viewport (below every breakpoint of the header). */
export const PHONE = { width: 375, height: 740 } as const;

/** Phone widths every route must fit without sideways scrolling, narrowest first. */
export const PHONE_WIDTHS = [320, 360, 375, 390] as const;

/**
 * Waits until the island whose component file name starts with `name` has hydrated
 * (Astro removes the `ssr` attribute from <astro-island> once the component is mounted).
 */
export async function waitForIsland(page: Page, name: string): Promise<void> {
  await page.waitForFunction((n) => {
    const islands = [...document.querySelectorAll('astro-island')].filter((el) =>
      (el.getAttribute('component-url') ?? '').split('/').pop()?.startsWith(n),
    );
    return islands.length > 0 && islands.every((el) => !el.hasAttribute('ssr'));
  }, name);
}

/** Scrolls the window to `y` immediately (no smooth scrolling), then lets scroll handlers run. */
export async function scrollToY(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  // Two animation frames: the scroll event fires, then the rAF-throttled handlers commit.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Current vertical scroll position. */
export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

/** Document-relative top of the element with this id. */
export function sectionTop(page: Page, id: string): Promise<number> {
  return page.evaluate((sectionId) => {
    const element = document.getElementById(sectionId);
    if (!element) throw new Error(`no element #${sectionId}`);
    return element.getBoundingClientRect().top + window.scrollY;
  }, id);
}

/** Largest possible scroll position of the page. */
export function maxScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
}

/** Opens the chat of the site's own widget and sends `message` with Enter, as a visitor does. */
export async function chatOnSite(page: Page, message: string): Promise<void> {
  const widget = page.locator('#ringwise-site-widget');
  await widget.getByRole('button', { name: 'Chat', exact: true }).click();
  await widget.getByRole('textbox', { name: 'Message' }).fill(message);
  await page.keyboard.press('Enter');
}

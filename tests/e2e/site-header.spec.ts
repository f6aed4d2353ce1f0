/**
 * The header island: transparent at the top, solid with blur past 50 px; in-page anchor links;
 * the phone menu (toggle, close on link, on contact, on Escape); contact through the store;
 * social links; and on guide pages, links that lead to the landing page's sections.
 */
import { expect, test, type Page } from '@playwright/test';
import { siteConfig } from '../../content/site.ts';
import { headerLinks } from '../../content/landing.ts';
import { sitePages } from '../../site/lib/site-nav.ts';
import { PHONE, scrollY, scrollToY, sectionTop, waitForIsland } from './site-helpers.ts';

const TRANSPARENT = 'rgba(0, 0, 0, 0)';

/** Opens the home page, waits for the header's island and opens the phone menu; returns the header. */
async function menuOpened(page: Page) {
  await page.goto('/');
  await waitForIsland(page, 'Header');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Open menu' }).click();
  return header;
}

test.describe('header on a desktop screen', () => {
  test.use({ reducedMotion: 'reduce' });

  test('is transparent at 0 px and at 50 px, solid white with blur past 50 px, and back', async ({ page }) => {
    await page.goto('/');
    await waitForIsland(page, 'Header');
    const header = page.getByRole('banner');
    await expect(header, 'transparent at the top').toHaveCSS('background-color', TRANSPARENT);
    await scrollToY(page, 50);
    await expect(header, 'still transparent at exactly 50 px').toHaveCSS('background-color', TRANSPARENT);
    await scrollToY(page, 51);
    await expect(header, 'solid (white) past 50 px').toHaveCSS('background-color', 'rgba(255, 255, 255, 0.92)');
    await expect(header, 'blurred past 50 px').toHaveCSS('backdrop-filter', /blur\(12px\)/);
    await scrollToY(page, 0);
    await expect(header, 'transparent again back at the top').toHaveCSS('background-color', TRANSPARENT);
  });

  test('is solid when a page is opened already scrolled (reload mid-page)', async ({ page }) => {
    await page.goto('/#testimonials');
    await waitForIsland(page, 'Header');
    expect(await scrollY(page), 'the browser scrolled to the anchor').toBeGreaterThan(50);
    await expect(page.getByRole('banner'), 'solid after hydration').toHaveCSS(
      'background-color',
      'rgba(255, 255, 255, 0.92)',
    );
  });

  test('shows the four section links and the two pages in a nav bar and scrolls to each section', async ({ page }) => {
    await page.goto('/');
    await waitForIsland(page, 'Header');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link'), 'four section links, then /widget and the guides').toHaveText([
      ...headerLinks.map((l) => l.label),
      ...sitePages().map((p) => p.label),
    ]);
    await expect(page.getByRole('button', { name: 'Open menu' }), 'no menu button on large screens').toBeHidden();
    for (const link of headerLinks) {
      await nav.getByRole('link', { name: link.label, exact: true }).click();
      await expect(page, `URL hash after clicking ${link.label}`).toHaveURL(new RegExp(`#${link.id}$`));
      const top = await sectionTop(page, link.id);
      await expect
        .poll(async () => Math.abs((await scrollY(page)) - (top - 80)), {
          message: `#${link.id} sits just below the fixed header`,
        })
        .toBeLessThanOrEqual(2);
    }
  });

  test("'Get in Contact' opens the contact modal through the shared store", async ({ page }) => {
    await page.goto('/');
    await waitForIsland(page, 'Header');
    await waitForIsland(page, 'ContactModal');
    await page.getByRole('banner').getByRole('button', { name: 'Get in Contact' }).click();
    await expect(page.getByRole('dialog', { name: 'Get in Contact' }), 'contact modal open').toBeVisible();
  });

  test('social links open in a new tab with rel="noopener noreferrer"', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    for (const [network, href] of [
      ['Facebook', siteConfig.social.facebook],
      ['LinkedIn', siteConfig.social.linkedin],
    ] as const) {
      const link = header.getByRole('link', { name: `${siteConfig.brand} on ${network} (opens in a new tab)` });
      await expect(link, `${network} href`).toHaveAttribute('href', href);
      await expect(link, `${network} target`).toHaveAttribute('target', '_blank');
      await expect(link, `${network} rel`).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('on a guide page, links lead to the landing sections and contact to /#contact', async ({ page }) => {
    await page.goto('/qa/ai-receptionist');
    await waitForIsland(page, 'Header');
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Main' });
    for (const link of headerLinks) {
      await expect(nav.getByRole('link', { name: link.label, exact: true }), `${link.label} href`).toHaveAttribute(
        'href',
        `/#${link.id}`,
      );
    }
    await expect(header.getByRole('link', { name: 'Get in Contact' }), 'contact link').toHaveAttribute(
      'href',
      '/#contact',
    );
    await expect(
      header.getByRole('link', { name: siteConfig.brand, exact: true }),
      'brand link goes home',
    ).toHaveAttribute('href', '/');
    await nav.getByRole('link', { name: 'Success Stories' }).click();
    await expect(page, 'navigated to the landing section').toHaveURL(/\/#testimonials$/);
    await expect(page.locator('#testimonials'), 'section in view').toBeInViewport();
  });
});

test.describe('smooth scrolling', () => {
  test('is on by default', async ({ page }) => {
    await page.goto('/');
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
      'scroll-behavior',
    ).toBe('smooth');
  });

  test('is off when the user prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
      'scroll-behavior',
    ).toBe('auto');
  });
});

test.describe('header on a phone', () => {
  test.use({ viewport: PHONE, reducedMotion: 'reduce', hasTouch: true });

  test('hides the nav bar and the bar contact button; the menu button toggles the menu', async ({ page }) => {
    await page.goto('/');
    await waitForIsland(page, 'Header');
    const header = page.getByRole('banner');
    await expect(header.getByRole('navigation', { name: 'Main' }), 'nav bar hidden on a phone').toBeHidden();
    await expect(
      header.getByRole('button', { name: 'Get in Contact' }),
      'bar contact button hidden on the smallest screens',
    ).toBeHidden();
    const menu = header.getByRole('navigation', { name: 'Menu' });
    await expect(menu, 'menu closed initially').toBeHidden();

    const toggle = header.getByRole('button', { name: 'Open menu' });
    await expect(toggle, 'collapsed').toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(menu, 'menu open').toBeVisible();
    const close = header.getByRole('button', { name: 'Close menu' });
    await expect(close, 'expanded').toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link'), 'the four links, the two pages, then the two social profiles').toHaveText([
      ...headerLinks.map((l) => l.label),
      ...sitePages().map((p) => p.label),
      '',
      '',
    ]);
    await expect(menu.getByRole('button', { name: 'Get in Contact' }), 'contact repeated in the menu').toBeVisible();
    await expect(header, 'header solid while the menu is open').toHaveCSS(
      'background-color',
      'rgba(255, 255, 255, 0.92)',
    );
    await close.click();
    await expect(menu, 'menu closed by the toggle').toBeHidden();
  });

  test('choosing a link closes the menu and scrolls to the section', async ({ page }) => {
    const header = await menuOpened(page);
    const menu = header.getByRole('navigation', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Guarantee' }).click();
    await expect(menu, 'menu closed after choosing a link').toBeHidden();
    await expect(page, 'hash').toHaveURL(/#guarantee$/);
    await expect(page.locator('#guarantee h2'), 'guarantee heading in view').toBeInViewport();
    await expect(header.getByRole('button', { name: 'Open menu' }), 'toggle collapsed again').toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test("'Get in Contact' in the menu closes the menu and opens the contact modal", async ({ page }) => {
    await page.goto('/');
    await waitForIsland(page, 'Header');
    await waitForIsland(page, 'ContactModal');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Open menu' }).click();
    const menu = header.getByRole('navigation', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Get in Contact' }).click();
    await expect(menu, 'menu closed after contact').toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Get in Contact' }), 'contact modal open').toBeVisible();
  });

  test('Escape closes the menu and returns focus to the toggle', async ({ page }) => {
    const header = await menuOpened(page);
    await page.keyboard.press('Escape');
    await expect(header.getByRole('navigation', { name: 'Menu' }), 'menu closed by Escape').toBeHidden();
    await expect(header.getByRole('button', { name: 'Open menu' }), 'focus back on the toggle').toBeFocused();
  });

  test('growing the window to the large layout closes an open menu', async ({ page }) => {
    const header = await menuOpened(page);
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect(header.getByRole('navigation', { name: 'Main' }), 'nav bar shown').toBeVisible();
    await page.setViewportSize(PHONE);
    await expect(
      header.getByRole('navigation', { name: 'Menu' }),
      'menu stays closed when shrinking again',
    ).toBeHidden();
  });
});

/**
 * The site's navigation knows its pages (issue 25): the header links /widget and the guides'
 * index on every page and marks where the visitor is (`aria-current`), the guide breadcrumb's
 * middle crumb leads to the index, the index lists every guide from the collection, and the footer
 * links both pages. Pagination past a page's worth of guides: tests/e2e/site-scale.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { GUIDE_ROUTES, PHONE, waitForIsland } from './site-helpers.ts';

/** The `aria-current` of each page link in the header's bar: [label, value or null]. */
async function headerMarks(page: Page, nav: 'Main' | 'Menu' = 'Main') {
  const links = page.getByRole('banner').getByRole('navigation', { name: nav });
  return Promise.all(
    ['For websites', 'Guides'].map(async (name) => [
      name,
      await links.getByRole('link', { name, exact: true }).getAttribute('aria-current'),
    ]),
  );
}

test('the header marks the page: /widget, /qa and a guide; nothing on the landing', async ({ page }) => {
  const cases: Array<[string, Array<[string, string | null]>]> = [
    [
      '/',
      [
        ['For websites', null],
        ['Guides', null],
      ],
    ],
    [
      '/widget',
      [
        ['For websites', 'page'],
        ['Guides', null],
      ],
    ],
    [
      '/qa',
      [
        ['For websites', null],
        ['Guides', 'page'],
      ],
    ],
    [
      '/qa/ai-receptionist',
      [
        ['For websites', null],
        ['Guides', 'true'],
      ],
    ],
  ];
  for (const [route, marks] of cases) {
    await page.goto(route);
    await waitForIsland(page, 'Header');
    expect(await headerMarks(page), `${route}: aria-current of the page links`).toEqual(marks);
  }
  await page.goto('/qa/ai-receptionist');
  await page.getByRole('banner').getByRole('link', { name: 'For websites' }).click();
  await expect(page, "the header leads to the owner's page").toHaveURL(/\/widget$/);
});

test('on a phone, the menu lists the pages and marks the current one', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/widget');
  await waitForIsland(page, 'Header');
  await page.getByRole('button', { name: 'Open menu' }).click();
  expect(await headerMarks(page, 'Menu'), 'menu marks').toEqual([
    ['For websites', 'page'],
    ['Guides', null],
  ]);
});

test('/qa lists every guide from the collection, is axe clean, and the breadcrumb of a guide leads there', async ({
  page,
}) => {
  const response = await page.goto('/qa');
  expect(response?.status(), 'GET /qa').toBe(200);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 }), 'heading').toHaveText('Guides to AI phone agents');
  const hrefs = await main
    .getByRole('heading', { level: 2 })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.sort(), 'every guide, once').toEqual([...GUIDE_ROUTES].sort());
  await expect(main.getByRole('navigation', { name: 'Pages of guides' }), 'no pager for five guides').toHaveCount(0);
  await waitForIsland(page, 'Header');
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'axe on /qa',
  ).toEqual([]);

  await page.goto('/qa/ai-receptionist');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('listitem'), 'Home / Guides / this guide').toHaveText([
    'Home',
    'Guides',
    'AI receptionist',
  ]);
  await expect(crumbs.getByRole('link', { name: 'Guides' }), 'the middle crumb leads to the index').toHaveAttribute(
    'href',
    '/qa',
  );
  const related = page.getByRole('navigation', { name: 'More guides' });
  await expect(
    related.getByRole('link', { name: 'See all guides' }),
    'and so does the end of the related guides',
  ).toHaveAttribute('href', '/qa');
  await crumbs.getByRole('link', { name: 'Guides' }).click();
  await expect(page, 'the index').toHaveURL(/\/qa$/);
});

test("the footer links the owner's page and the guides' index on every page", async ({ page }) => {
  for (const route of ['/', '/widget', '/qa', '/qa/ai-receptionist', '/no-such-page']) {
    await page.goto(route);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'For websites' }), `${route}: footer → /widget`).toHaveAttribute(
      'href',
      '/widget',
    );
    await expect(footer.getByRole('link', { name: 'All guides' }), `${route}: footer → /qa`).toHaveAttribute(
      'href',
      '/qa',
    );
  }
});

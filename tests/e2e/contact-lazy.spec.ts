/**
 * supabase-js is not part of the landing page's JavaScript before interaction: it arrives with
 * the first open of the modal (or on intent), and the page's initial scripts never mention it.
 */
import { expect, test, type Page } from '@playwright/test';

/** Bodies of the JavaScript files the page has loaded so far, by URL. */
function collectScripts(page: Page) {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    const url = response.url();
    if (response.request().resourceType() === 'script' || url.endsWith('.js'))
      scripts.set(
        url,
        response.text().catch(() => ''),
      );
  });
  return async () => new Map(await Promise.all([...scripts].map(async ([url, body]) => [url, await body] as const)));
}

/** A marker only supabase-js contains: the start of its X-Client-Info header value. */
const SUPABASE_MARKER = 'supabase-js/';

test('supabase-js loads on the first open, not with the page', async ({ page }) => {
  const loaded = collectScripts(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const before = await loaded();
  expect(before.size, 'the page loaded some scripts').toBeGreaterThan(0);
  const early = [...before].filter(([, body]) => body.includes(SUPABASE_MARKER)).map(([url]) => url);
  expect(early, 'no supabase-js before interaction').toEqual([]);

  await page.locator('#hero').getByRole('button', { name: 'Get in Contact' }).click();
  await expect(page.getByRole('dialog', { name: 'Get in Contact' })).toBeVisible();
  await expect
    .poll(async () => [...(await loaded())].some(([, body]) => body.includes(SUPABASE_MARKER)), {
      message: 'supabase-js arrives on open',
    })
    .toBe(true);
});

test('hovering a Get in Contact button starts loading supabase-js (intent)', async ({ page }) => {
  const loaded = collectScripts(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(
    [...(await loaded())].some(([, body]) => body.includes(SUPABASE_MARKER)),
    'not yet',
  ).toBe(false);
  await page.locator('#contact').getByRole('button', { name: 'Get in Contact' }).hover();
  await expect
    .poll(async () => [...(await loaded())].some(([, body]) => body.includes(SUPABASE_MARKER)), {
      message: 'loaded on hover',
    })
    .toBe(true);
  await expect(page.getByRole('dialog'), 'hover alone opens nothing').toBeHidden();
});

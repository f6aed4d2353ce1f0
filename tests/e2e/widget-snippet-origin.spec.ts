/**
 * The /widget page's snippets name the origin the page is actually served from: the built site
 * names PUBLIC_SITE_URL (readable without JavaScript), and a page opened on another origin (here
 * 127.0.0.1 instead of localhost, as with another port or a deploy without the variable) shows
 * its own origin in every snippet and says why.
 */
import { expect, test } from '@playwright/test';
import { E2E_ENV, E2E_PORT } from '../../fixtures/e2e-env.ts';

const LOADER_PATH = '/widget/voice-widget.js';

test('served from the built origin: the snippets name it, with no note', async ({ page }) => {
  await page.goto('/widget');
  await expect(page.locator('#snippet')).toContainText(`<script src="${E2E_ENV.PUBLIC_SITE_URL}${LOADER_PATH}"`);
  await expect(page.locator('#served-origin'), 'no note when they agree').toBeHidden();
});

test('served from another origin: every snippet names that origin, and a note says why', async ({ page }) => {
  const other = `http://127.0.0.1:${E2E_PORT}`;
  await page.goto(`${other}/widget`);
  await expect(page.locator('#snippet')).toContainText(`<script src="${other}${LOADER_PATH}"`);
  const element = page.locator('pre', { hasText: 'data-mount="false"' });
  await expect(element, 'the element snippet').toContainText(`<script src="${other}${LOADER_PATH}"`);
  await expect(page.locator('pre', { hasText: 'script-src' }), 'the CSP sources').toContainText(`script-src ${other} `);
  await expect(page.locator('main'), 'the built origin is gone from the snippets').not.toContainText(
    `${E2E_ENV.PUBLIC_SITE_URL}${LOADER_PATH}`,
  );
  await expect(page.locator('#served-origin')).toHaveText(
    new RegExp(`The snippets use ${other.replaceAll('.', '\\.')}, where this page is served from`),
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the snippet stays readable, with the built origin', async ({ page }) => {
    await page.goto(`http://127.0.0.1:${E2E_PORT}/widget`);
    await expect(page.locator('#snippet')).toContainText(
      `<script src="${E2E_ENV.PUBLIC_SITE_URL}${LOADER_PATH}"\n  data-public-key=`,
    );
  });
});

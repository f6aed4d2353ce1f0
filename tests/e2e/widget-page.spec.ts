/**
 * /widget, the page for website owners: the snippet carries the configured keys, the live
 * preview is the real element and follows the options, and the page is axe clean.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { E2E_ENV } from '../fixtures/e2e-env.ts';
import { chunkRequests, preparePage } from './widget-helpers.ts';

test('snippet with the configured keys, a live preview that follows its options, axe clean', async ({ page }) => {
  const log = await preparePage(page);
  await page.goto('/widget');
  const snippet = page.locator('#snippet');
  await expect(snippet, 'loader URL').toContainText(`${E2E_ENV.PUBLIC_SITE_URL}/widget/voice-widget.js`);
  await expect(snippet, 'public key').toContainText(`data-public-key="${E2E_ENV.PUBLIC_VOICE_PUBLIC_KEY}"`);
  await expect(snippet, 'assistant').toContainText(`data-assistant-id="${E2E_ENV.PUBLIC_VOICE_ASSISTANT_ID}"`);
  await expect(snippet, 'API base URL when not the default').toContainText(`data-api-base-url="${E2E_ENV.PUBLIC_VOICE_API_BASE_URL}"`);

  const preview = page.locator('#preview-widget');
  const launcher = preview.getByRole('button', { name: 'Talk to Our Agent' });
  await expect(launcher, 'the preview element is defined and painted').toBeVisible();
  await expect(page.locator('ringwise-voice-call'), 'data-mount="false": no floating launcher').toHaveCount(1);

  await page.getByLabel('Button text').fill('Call our team');
  await expect(preview.getByRole('button', { name: 'Call our team' }), 'label follows live').toBeVisible();
  await page.getByLabel('Theme').selectOption('dark');
  await expect(preview, 'theme attribute set').toHaveAttribute('theme', 'dark');
  await expect(preview.locator('[part=container]'), 'theme applied inside').toHaveAttribute('data-theme', 'dark');

  await page.waitForLoadState('networkidle');
  expect(chunkRequests(log), 'no engine before intent').toEqual([]);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), 'axe on /widget').toEqual([]);
  expect(log.errors, 'no console errors').toEqual([]);
});

/**
 * /widget, the page for website owners: the site's own floating widget is on it, the configurator's
 * snippet starts with placeholders (never this site's key) and follows what the owner types without
 * sending it anywhere, its preview follows the options, the three modes are the real element, the
 * gallery shows every card state (the real element with a scripted engine, sending nothing), the
 * tables come from the widget's reference, the page is axe clean and never scrolls sideways on phones.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { CARD_STATES } from '../../site/lib/card-states.ts';
import { EVENT_DOCS, OPTION_ATTRIBUTES, PART_DOCS, TOKEN_DOCS } from '@ringwise/voice-widget';
import { E2E_ENV } from '../../fixtures/e2e-env.ts';
import { chunkRequests, preparePage } from './widget-helpers.ts';

test("placeholders, never this site's key; the snippet follows the owner and sends nothing; floating widget, live modes, axe clean", async ({
  page,
}) => {
  const log = await preparePage(page);
  // Nothing the owner types may leave the page: not in a URL, a header or a body.
  const leaks: string[] = [];
  page.on('request', (request) => {
    if (
      /pk_owner_e2e|asst_owner_e2e/.test(
        `${request.url()} ${JSON.stringify(request.headers())} ${request.postData() ?? ''}`,
      )
    )
      leaks.push(request.url());
  });
  await page.goto('/widget');
  const snippet = page.locator('#snippet');
  await expect(snippet, 'loader URL').toContainText(`${E2E_ENV.PUBLIC_SITE_URL}/widget/voice-widget.js`);
  await expect(snippet, 'key placeholder').toContainText('data-public-key="YOUR_PUBLIC_KEY"');
  await expect(snippet, 'assistant placeholder').toContainText('data-assistant-id="YOUR_ASSISTANT_ID"');
  await expect(snippet, 'where to find them').toContainText(
    'in your voice platform’s dashboard, the public key is under API Keys',
  );
  await expect(snippet, 'API base URL when not the default').toContainText(
    `data-api-base-url="${E2E_ENV.PUBLIC_VOICE_API_BASE_URL}"`,
  );
  const configurator = page.getByRole('group', { name: 'Your widget' });
  await expect(configurator, 'the configurator').toBeVisible();
  await expect(page.getByRole('main'), "this site's key is in no snippet").not.toContainText(
    E2E_ENV.PUBLIC_VOICE_PUBLIC_KEY,
  );

  // The owner types: the snippet follows once the island has hydrated (retry until it does).
  await expect(async () => {
    await configurator.getByRole('textbox', { name: 'Public key' }).fill('pk_owner_e2e');
    await expect(snippet).toContainText('data-public-key="pk_owner_e2e"', { timeout: 500 });
  }, 'the snippet follows the key').toPass({ timeout: 15_000 });
  await configurator.getByRole('textbox', { name: 'Assistant id' }).fill('asst_owner_e2e');
  await configurator.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await configurator.getByRole('combobox', { name: 'Mode' }).selectOption('voice');
  await expect(snippet, 'no placeholder left').not.toContainText('YOUR_');
  const preview = page.locator('[data-configurator-preview]');
  await expect(preview.locator('[part=container]'), 'the preview follows the theme').toHaveAttribute(
    'data-theme',
    'dark',
  );
  await expect(preview.getByRole('button', { name: 'Talk to Our Agent' }), 'and the mode').toBeVisible();
  await page.getByRole('tab', { name: 'Custom element' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Custom element' }), 'the element form').toContainText(
    'public-key="pk_owner_e2e"',
  );

  const floating = page.locator('#ringwise-site-widget');
  await expect(floating, "the site's own floating widget, hybrid").toHaveAttribute('mode', 'hybrid');
  await expect(
    floating.getByRole('button', { name: 'Chat', exact: true }),
    'its launcher: it opens the chat',
  ).toBeVisible();
  const modes = page.locator('.modes');
  for (const name of ['Talk to Our Agent', 'Chat with Our Agent', 'Ask Our Agent']) {
    await expect(modes.getByRole('button', { name }), `mode launcher "${name}"`).toBeVisible();
  }
  await expect(page.locator('ringwise-voice-call'), '3 modes + the floating widget').toHaveCount(4);

  await page.waitForLoadState('networkidle');
  expect(
    chunkRequests(log).filter((url) => !url.includes('/_astro/')),
    'no widget chunk before intent',
  ).toEqual([]);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'axe on /widget',
  ).toEqual([]);
  expect(leaks, 'what the owner typed went nowhere').toEqual([]);
  expect(log.errors, 'no console errors').toEqual([]);
});

test('the gallery shows every card state in light and dark, and sends nothing to the platform', async ({ page }) => {
  const log = await preparePage(page);
  await page.goto('/widget');
  for (const state of CARD_STATES) {
    const section = page.locator(`#state-${state.id}`);
    await section.scrollIntoViewIfNeeded();
    // Exact: the ended card's own heading ('Call ended · 0:01') also contains its caption.
    await expect(
      section.getByRole('heading', { name: state.title, exact: true }),
      `${state.id}: caption`,
    ).toBeVisible();
    const cards = section.locator('[data-card-state]');
    await expect(cards, `${state.id}: light and dark`).toHaveCount(2);
    await expect(cards.nth(1).locator('[part=container]'), `${state.id}: dark`).toHaveAttribute('data-theme', 'dark');
    if (state.action !== 'none')
      await expect(cards.first().locator('[part=card]'), `${state.id}: card open`).toBeVisible();
  }
  await expect(page.locator('#state-transcript [part=turn]').first(), 'transcript bubbles').toBeVisible();
  await expect(
    page.locator('#state-consent').getByRole('dialog', { name: 'Before we start' }).first(),
    'consent',
  ).toBeVisible();
  await expect(
    page.locator('#state-error-mic').getByRole('heading', { name: 'Microphone needed' }).first(),
    'an error',
  ).toBeVisible();
  await expect(page.locator('#state-chat-streaming [part=turn]').nth(1), 'a streaming reply').toContainText(
    'Yes, we do.',
  );
  expect(
    log.requests.filter((url) => url.startsWith(E2E_ENV.PUBLIC_VOICE_API_BASE_URL)),
    'the scripted gallery sent nothing',
  ).toEqual([]);
  expect(log.errors, 'no console errors').toEqual([]);
});

test('the tables are the widget’s reference', async ({ page }) => {
  await page.goto('/widget');
  const rows = (label: string) => page.getByRole('region', { name: label }).locator('tbody tr');
  await expect(rows('Options'), 'every attribute, data-mount, variable-* and label-*').toHaveCount(
    OPTION_ATTRIBUTES.length + 3,
  );
  await expect(rows('Events'), 'every event').toHaveCount(Object.keys(EVENT_DOCS).length);
  await expect(rows('Parts'), 'every part').toHaveCount(Object.keys(PART_DOCS).length);
  await expect(rows('Custom properties'), 'every property').toHaveCount(Object.keys(TOKEN_DOCS).length);
  await expect(rows('Parts').first(), 'named').toContainText('container');
});

for (const width of [320, 360, 375, 390]) {
  test(`no sideways scrolling at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/widget');
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 700) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'page width' })
      .toBeLessThanOrEqual(width);
  });
}

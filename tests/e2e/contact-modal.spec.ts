/**
 * The contact modal on the built landing page, through the real supabase-js and the embedded
 * PGlite backend: rows land exactly as typed (trimmed), the states and texts of the spec, the
 * auto-close, error paths by route interception, one row per double click, keyboard-only use,
 * and axe with the modal open.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { siteConfig } from '../../content/site.ts';
import {
  SUBMIT_TIMEOUT_MS,
  SUCCESS_CLOSE_DELAY_MS,
  TIMEOUT_MESSAGE,
  networkMessage,
  refusedMessage,
  serverErrorMessage,
} from '../../site/lib/contact.ts';
import {
  fillForm,
  freezeClock,
  holdInserts,
  INSERT_URL,
  openFromHero,
  rowsFor,
  uniqueEmail,
} from './contact-helpers.ts';

const successText = `We'll contact you soon to discuss how ${siteConfig.brand} can help your business grow`;

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return errors;
}

test('a submission lands as one row with exactly the submitted (trimmed) values, through every state', async ({
  page,
}) => {
  await page.clock.install();
  const { trigger, dialog } = await openFromHero(page);
  await expect(dialog.getByRole('heading', { name: 'Get in Contact' }), 'title').toBeVisible();
  await expect(dialog.getByText(/AI phone agent/), 'intro').toBeVisible();
  await expect(dialog.getByRole('link', { name: siteConfig.contactEmail }), 'mailto footer').toHaveAttribute(
    'href',
    `mailto:${siteConfig.contactEmail}`,
  );

  const email = uniqueEmail('happy');
  await fillForm(page, {
    name: '  Ann Lee ',
    businessName: 'Lee & Sons Plumbing',
    email: ` ${email} `,
    additionalInfo: 'Mornings are best.\nAsk for Ann. ',
  });
  const held = await holdInserts(page);
  await freezeClock(page);
  await dialog.getByRole('button', { name: 'Send Message' }).click();

  const sending = dialog.getByRole('button', { name: 'Sending...' });
  await expect(sending, 'sending label').toBeVisible();
  await expect(sending, 'submit disabled while sending').toBeDisabled();
  await expect(dialog.getByLabel('Business Name'), 'inputs disabled while sending').toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Close' }), 'close disabled while sending').toBeDisabled();

  held.release();
  const thanks = page.getByRole('dialog', { name: 'Thank You!' });
  await expect(thanks.getByRole('heading', { name: 'Thank You!' }), 'success heading').toBeVisible();
  await expect(thanks.getByText(successText), 'success text').toBeVisible();
  await expect(thanks.getByText('Your message has been sent successfully!').first(), 'success note').toBeVisible();

  await page.clock.runFor(SUCCESS_CLOSE_DELAY_MS - 1);
  await expect(thanks, 'still open just before 2 s').toBeVisible();
  await page.clock.runFor(1);
  await expect(thanks, 'closed after 2 s').toBeHidden();
  await expect(trigger, 'focus back on the trigger').toBeFocused();

  const rows = await rowsFor(email);
  expect(
    rows.map(({ name, business_name, email: e, additional_info }) => ({
      name,
      business_name,
      email: e,
      additional_info,
    })),
    'one row, exact values',
  ).toEqual([
    {
      name: 'Ann Lee',
      business_name: 'Lee & Sons Plumbing',
      email,
      additional_info: 'Mornings are best.\nAsk for Ann.',
    },
  ]);

  await trigger.click();
  const again = page.getByRole('dialog', { name: 'Get in Contact' });
  await expect(again, 'reopens idle').toBeVisible();
  await expect(again.getByLabel('Email'), 'form cleared').toHaveValue('');
  await expect(again.getByRole('button', { name: 'Send Message' }), 'idle label').toBeEnabled();
});

test('empty additional info is stored as null', async ({ page }) => {
  await openFromHero(page);
  const email = uniqueEmail('null-info');
  await fillForm(page, { name: 'Bo', businessName: 'Bo Co', email, additionalInfo: '   ' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(
    (await rowsFor(email)).map((r) => r.additional_info),
    'null, not an empty string',
  ).toEqual([null]);
});

test('a double click sends one insert and stores one row', async ({ page }) => {
  const { dialog } = await openFromHero(page);
  const email = uniqueEmail('double');
  await fillForm(page, { name: 'Cy', businessName: 'Cy Co', email });
  const held = await holdInserts(page);
  await dialog.getByRole('button', { name: 'Send Message' }).dblclick();
  await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeVisible();
  held.release();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(held.count(), 'one request').toBe(1);
  expect(await rowsFor(email), 'one row').toHaveLength(1);
});

const errorCases: Array<[string, (page: Page) => Promise<unknown>, string]> = [
  // Chromium's fetch rejects with "Failed to fetch": the box keeps those words inside a sentence.
  [
    'the backend is down',
    (page) => page.route(INSERT_URL, (route) => route.abort('connectionrefused')),
    networkMessage('Failed to fetch'),
  ],
  [
    'a 500 with a PostgREST body',
    (page) =>
      page.route(INSERT_URL, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'XX000', message: 'Database is restarting', details: null, hint: null }),
        }),
      ),
    'Database is restarting',
  ],
  [
    'a 500 with an HTML page',
    (page) =>
      page.route(INSERT_URL, (route) =>
        route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }),
      ),
    serverErrorMessage(500),
  ],
  [
    'a 401 with a PostgREST error body',
    (page) =>
      page.route(INSERT_URL, (route) =>
        route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({
            code: '42501',
            message: 'new row violates row-level security policy for table "contact_submissions"',
            details: null,
            hint: null,
          }),
        }),
      ),
    refusedMessage('new row violates row-level security policy for table "contact_submissions"'),
  ],
];

for (const [label, intercept, message] of errorCases) {
  test(`error state when ${label}: message shown, input kept, still editable, logged`, async ({ page }) => {
    const errors = consoleErrors(page);
    const { dialog } = await openFromHero(page);
    const email = uniqueEmail('error');
    await fillForm(page, { name: 'Dee', businessName: 'Dee Co', email, additionalInfo: 'Keep me' });
    await intercept(page);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(dialog.getByRole('alert'), 'error box').toHaveText(message);
    await expect(dialog.getByLabel('Email'), 'email kept').toHaveValue(email);
    await expect(dialog.getByLabel('Additional Info'), 'info kept').toHaveValue('Keep me');
    await expect(dialog.getByLabel('Additional Info'), 'editable').toBeEditable();
    await expect(dialog.getByRole('button', { name: 'Send Message' }), 'can retry').toBeEnabled();
    expect(
      errors.some((e) => e.includes('Contact request failed')),
      'logged to the console',
    ).toBe(true);

    await page.unroute(INSERT_URL);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' }), 'a retry goes through').toBeVisible();
    expect(await rowsFor(email), 'one row after the retry').toHaveLength(1);
  });
}

test('a hung request ends in the error state after the timeout, input kept', async ({ page }) => {
  await page.clock.install();
  const { dialog } = await openFromHero(page);
  await fillForm(page, { name: 'Eve', businessName: 'Eve Co', email: uniqueEmail('hung') });
  await page.route(INSERT_URL, () => {
    // never answered
  });
  await freezeClock(page);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByRole('button', { name: 'Sending...' }), 'sending').toBeVisible();
  await page.clock.runFor(SUBMIT_TIMEOUT_MS - 1);
  await expect(
    dialog.getByRole('button', { name: 'Sending...' }),
    'still sending just before the timeout',
  ).toBeVisible();
  await page.clock.runFor(1);
  await expect(dialog.getByRole('alert'), 'timeout message').toHaveText(TIMEOUT_MESSAGE);
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true }), 'name kept').toHaveValue('Eve');
});

test('while sending, Escape, the backdrop and the close button do not close the modal', async ({ page }) => {
  const { dialog } = await openFromHero(page);
  await fillForm(page, { name: 'Fay', businessName: 'Fay Co', email: uniqueEmail('locked') });
  const held = await holdInserts(page);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog, 'still open').toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' }), 'close disabled').toBeDisabled();
  held.release();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
});

test('the backdrop, the close button and Escape close it when idle, returning focus', async ({ page }) => {
  const { trigger, dialog } = await openFromHero(page);
  await page.mouse.click(5, 5);
  await expect(dialog, 'backdrop click closes').toBeHidden();
  await expect(trigger, 'focus returned').toBeFocused();
  await trigger.click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog, 'close button closes').toBeHidden();
  await trigger.click();
  await page.keyboard.press('Escape');
  await expect(dialog, 'Escape closes').toBeHidden();
  await expect(trigger, 'focus returned').toBeFocused();
});

test('keyboard only: open, fill, Tab stays inside, send, and Escape', async ({ page }) => {
  await page.goto('/');
  const trigger = page.locator('#hero').getByRole('button', { name: 'Get in Contact' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Get in Contact' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true }), 'focus moves into the modal').toBeFocused();

  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `Tab ${i + 1} stays inside`).toBe(true);
  }
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `Shift+Tab ${i + 1} stays inside`).toBe(
      true,
    );
  }
  await page.keyboard.press('Escape');
  await expect(dialog, 'Escape closes').toBeHidden();
  await expect(trigger, 'focus back on the trigger').toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  const email = uniqueEmail('keyboard');
  await page.keyboard.type('Gil');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Gil Co');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Thank You!' }), 'sent with Enter').toBeVisible();
  expect(await rowsFor(email), 'stored').toHaveLength(1);
});

test('client-side checks mirror the database: nothing is sent for a too-long or blank field', async ({ page }) => {
  const { dialog } = await openFromHero(page);
  const held = await holdInserts(page);
  await fillForm(page, { name: 'n'.repeat(101), businessName: '   ', email: uniqueEmail('limits') });
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByText('Name is too long: 101 characters, at most 100.'), 'length message').toBeVisible();
  await expect(dialog.getByText('Please enter your business name.'), 'blank message').toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true }), 'focus on the first problem').toBeFocused();
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true }), 'marked invalid').toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(held.count(), 'no request').toBe(0);
});

test('a filled honeypot is dropped silently', async ({ page }) => {
  const { dialog } = await openFromHero(page);
  const held = await holdInserts(page);
  const email = uniqueEmail('bot');
  await fillForm(page, { name: 'Bot', businessName: 'Bot Co', email });
  await dialog.locator('input[name="leave-empty"]').fill('http://spam.example', { force: true });
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' }), 'looks like success').toBeVisible();
  expect(held.count(), 'no request').toBe(0);
  expect(await rowsFor(email), 'no row').toHaveLength(0);
});

test('axe finds no violations with the modal open (idle, error and success)', async ({ page }) => {
  const { dialog } = await openFromHero(page);
  const scan = async (label: string) => {
    const result = await new AxeBuilder({ page })
      .include('dialog[open]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(
      result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `axe, ${label}`,
    ).toEqual([]);
  };
  await scan('idle');
  await fillForm(page, { name: 'Hal', businessName: 'Hal Co', email: uniqueEmail('axe') });
  await page.route(INSERT_URL, (route) => route.abort('connectionrefused'));
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await scan('error');
  await page.unroute(INSERT_URL);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await scan('success');
});

/**
 * Browser autofill and the contact form's honeypot, in the real Chromium on the built site.
 * Autofill fills hidden fields too (and Chromium ignores autocomplete="off" for addresses), so a
 * honeypot it recognises would be filled whenever a visitor autofills the form, and the real lead
 * would be dropped as a bot. Chromium's DevTools protocol can run its autofill with a given
 * address profile (`Autofill.trigger`) and reports how it classified every field
 * (`Autofill.addressFormFilled`): the same heuristics a visitor's click on a suggestion runs.
 */
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { openFromHero, rowsFor, uniqueEmail } from './contact-helpers.ts';

/** A field as Chromium reports it after filling (the protocol's `Autofill.FilledField`). */
interface FilledField {
  name: string;
  id: string;
  value: string;
  /** Chromium's classification, e.g. "Full name"; "" when it recognised nothing. */
  autofillType: string;
}

/** The profile used: every kind of value a wrongly named honeypot could attract (Chromium's field type names). */
function profile(email: string) {
  const values: Record<string, string> = {
    NAME_FULL: 'Ann Lee',
    NAME_FIRST: 'Ann',
    NAME_LAST: 'Lee',
    COMPANY_NAME: 'Lee Plumbing',
    EMAIL_ADDRESS: email,
    PHONE_HOME_WHOLE_NUMBER: '+14155550100',
    ADDRESS_HOME_LINE1: '1 Main Street',
    ADDRESS_HOME_CITY: 'Springfield',
    ADDRESS_HOME_STATE: 'IL',
    ADDRESS_HOME_ZIP: '62701',
    ADDRESS_HOME_COUNTRY: 'US',
  };
  return { fields: Object.entries(values).map(([name, value]) => ({ name, value })) };
}

/** Runs Chromium's address autofill from the focused field; resolves with what it filled. */
async function autofillFromFocused(page: Page, email: string): Promise<FilledField[]> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const filled = new Promise<FilledField[]>((resolve) =>
    cdp.once('Autofill.addressFormFilled', (event) => resolve(event.filledFields as FilledField[])),
  );
  await cdp.send('Autofill.enable');
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'document.activeElement' });
  const { node } = await cdp.send('DOM.describeNode', { objectId: result.objectId });
  await cdp.send('Autofill.trigger', { fieldId: node.backendNodeId, address: profile(email) });
  return filled;
}

test('autofill fills the visible fields, never the honeypot, and the request is stored', async ({ page }) => {
  const { dialog } = await openFromHero(page);
  const email = uniqueEmail('autofill');
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true }), 'focus starts in Name').toBeFocused();

  const fields = await autofillFromFocused(page, email);
  const byName = new Map(fields.map((field) => [field.name, field]));
  expect(byName.get('name')?.autofillType, 'Name is recognised').toBe('Full name');
  expect(byName.get('email')?.autofillType, 'Email is recognised').toBe('Email address');
  const trap = byName.get('leave-empty');
  expect(trap, 'Chromium saw the honeypot').toBeDefined();
  expect(trap?.autofillType, 'and recognised nothing in it').toBe('');
  expect(trap?.value, 'and filled nothing into it').toBe('');

  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true }), 'name filled').toHaveValue('Ann Lee');
  await expect(dialog.getByLabel('Business Name'), 'business filled').toHaveValue('Lee Plumbing');
  await expect(dialog.getByLabel('Email'), 'email filled').toHaveValue(email);
  await expect(dialog.locator('input[name="leave-empty"]'), 'the honeypot stays empty').toHaveValue('');

  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect
    .poll(async () => (await rowsFor(email)).length, { message: 'the autofilled lead is stored, not dropped as a bot' })
    .toBe(1);
});

test('the check can fail: Chromium does autofill a hidden field it recognises', async ({ page }) => {
  // A control form on the same origin: the modal's honeypot markup, but named like a phone field.
  await page.route('**/autofill-control', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>control</title><form>
        <label for="n">Name</label><input id="n" name="name" autocomplete="name">
        <label for="e">Email</label><input id="e" name="email" type="email" autocomplete="email">
        <div style="position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden" aria-hidden="true">
          <label for="t">Phone</label><input id="t" name="phone" type="text" tabindex="-1" autocomplete="off">
        </div></form>`,
    }),
  );
  await page.goto('/autofill-control');
  await page.getByLabel('Name').focus();
  const fields = await autofillFromFocused(page, 'control@example.com');
  expect(fields.find((field) => field.name === 'phone')?.autofillType, 'classified by its name and label').toBe(
    'Phone number',
  );
  await expect(page.locator('input[name="phone"]'), 'filled although hidden and autocomplete="off"').not.toHaveValue(
    '',
  );
});

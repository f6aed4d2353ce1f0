/**
 * Helpers of the contact e2e specs: open the modal like a visitor, read stored rows from the
 * server under test through its PostgreSQL, as `npm run submissions` does (HTTP offers no reads),
 * and hold or freeze things the tests need to observe.
 */
import { expect, type Page, type Route } from '@playwright/test';
import { listSubmissions, type Submission } from '../../server/submissions.ts';
import { E2E_DATA_DIR } from '../../fixtures/e2e-env.ts';

/** The REST insert the modal sends (supabase-js → embedded backend on the same origin). */
export const INSERT_URL = '**/rest/v1/contact_submissions*';

/** A unique e-mail address, so tests running in parallel never see each other's rows. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Rows stored for `email`, read from the running server. */
export async function rowsFor(email: string): Promise<Submission[]> {
  return (await listSubmissions(E2E_DATA_DIR)).filter((r) => r.email === email);
}

/** Loads the landing page and opens the modal from the hero's 'Get in Contact' button. */
export async function openFromHero(page: Page) {
  await page.goto('/');
  const trigger = page.locator('#hero').getByRole('button', { name: 'Get in Contact' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Get in Contact' });
  await expect(dialog, 'the modal opens').toBeVisible();
  return { trigger, dialog };
}

/** Fills the four fields. */
export async function fillForm(
  page: Page,
  values: { name: string; businessName: string; email: string; additionalInfo?: string },
) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(values.name);
  await dialog.getByLabel('Business Name').fill(values.businessName);
  await dialog.getByLabel('Email').fill(values.email);
  await dialog.getByLabel('Additional Info').fill(values.additionalInfo ?? '');
}

/**
 * Holds insert requests until `release()`; then each continues to the real backend (or is
 * answered by `respond`). `count()` is how many requests arrived.
 */
export async function holdInserts(page: Page, respond?: (route: Route) => Promise<void>) {
  let open: () => void = () => {};
  const gate = new Promise<void>((r) => (open = r));
  let count = 0;
  await page.route(INSERT_URL, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    count++;
    await gate;
    if (respond) await respond(route);
    else await route.continue();
  });
  return { release: () => open(), count: () => count };
}

/**
 * Stops the page's clock (timers run only when the test advances them). Call once the page has
 * loaded and the modal is open, so hydration and the lazy import are done.
 */
export async function freezeClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

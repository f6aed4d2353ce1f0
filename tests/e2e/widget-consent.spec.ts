/**
 * Consent on the third-party host page, with the BUILT files: nothing reaches the platform before
 * Accept, Decline leaves the widget idle, the stored version skips the dialog, a new version asks
 * again, storage that throws (a sandboxed iframe) still works, and the whole path is keyboard-only.
 */
import { expect, test, type Page } from '@playwright/test';
import type { HostPageOptions } from '../fixtures/host-page/server.ts';
import { hostPages, microphoneRequests, widgetAxe } from './widget-helpers.ts';

const ROOM = 'https://fake.daily.co/room-consent';

const CONSENT = {
  'public-key': 'pk-consent',
  'assistant-id': 'asst-consent',
  mode: 'voice',
  title: 'Acme Assistant',
  'consent-required': '',
  'consent-title': 'Recording notice',
  'consent-content': 'Calls are recorded. Read our [privacy policy](https://acme.example/privacy).',
  'consent-storage-key': 'acme-consent-v1',
};

const hosts = hostPages({
  routes: (provider) => provider.route('POST', '/call/web', { status: 201, body: { id: 'call-c', webCallUrl: ROOM } }),
  data: (providerUrl) => ({ ...CONSENT, 'api-base-url': providerUrl }),
  options: { include: 'once' },
});
const openHost = (page: Page, data: Record<string, string> = {}, options: Partial<HostPageOptions> = {}) =>
  hosts.open(page, { ...options, data });

const widget = (page: Page) => page.locator('ringwise-voice-call');
const dialog = (page: Page) => widget(page).getByRole('dialog', { name: 'Recording notice' });

test('keyboard only: the dialog takes focus, links are real, nothing is sent before Accept; Accept calls and is remembered', async ({
  page,
}) => {
  const log = await openHost(page);
  const decisions: unknown[] = [];
  await page.exposeFunction('recordConsent', (detail: unknown) => decisions.push(detail));
  await page.evaluate(() =>
    document.addEventListener('ringwise-consent', (event) =>
      (window as unknown as { recordConsent(d: unknown): void }).recordConsent((event as CustomEvent).detail),
    ),
  );
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog(page), 'focus moved into the dialog').toBeFocused();
  await expect(dialog(page).getByRole('link', { name: 'privacy policy' }), 'an https anchor').toHaveAttribute(
    'href',
    'https://acme.example/privacy',
  );
  expect(await widgetAxe(page), 'axe: consent').toEqual([]);
  expect(hosts.provider.requests, 'nothing reached the platform').toEqual([]);
  expect(await microphoneRequests(page), 'no microphone either').toBe(0);
  await page.keyboard.press('Tab'); // the link
  await page.keyboard.press('Tab'); // Decline
  await page.keyboard.press('Tab'); // Accept
  await expect(dialog(page).getByRole('button', { name: 'Accept' }), 'Accept reached by Tab').toBeFocused();
  await page.keyboard.press('Enter');
  await hosts.provider.waitForRequest((r) => r.path === '/call/web');
  await expect(widget(page).getByRole('status'), 'the call connects').toHaveText('Listening…');
  expect(decisions, 'the audit event, with the receipt (issue 38)').toEqual([
    expect.objectContaining({
      decision: 'accepted',
      version: 'acme-consent-v1',
      stored: true,
      consentTextHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    }),
  ]);
  expect(
    await page.evaluate(() => localStorage.getItem('acme-consent-v1')),
    'stored under the versioned key',
  ).not.toBeNull();

  await page.reload();
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await hosts.provider.waitForRequest(
    (r) => r.path === '/call/web' && hosts.provider.requestsTo('POST', '/call/web').length === 2,
  );
  await expect(dialog(page), 'the stored version is not asked again').toHaveCount(0);
  expect(log.errors, 'no console errors').toEqual([]);
});

test('Decline (or Escape) leaves it idle, with focus back on the launcher; a new version asks again', async ({
  page,
}) => {
  await openHost(page);
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await dialog(page).getByRole('button', { name: 'Decline' }).click();
  await expect(dialog(page), 'closed').toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Talk to Our Agent' }), 'focus back on the launcher').toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog(page), 'asked again').toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog(page), 'Escape declined').toHaveCount(0);
  expect(hosts.provider.requests, 'nothing reached the platform').toEqual([]);

  await openHost(page, { 'consent-storage-key': 'acme-consent-v2' });
  await page.evaluate(() => localStorage.setItem('acme-consent-v1', '2026-01-01T00:00:00.000Z'));
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(dialog(page), 'a new version asks again').toBeVisible();
});

test('in a sandboxed iframe (storage throws) consent still works, for this page', async ({ page }) => {
  const log = await openHost(page, { mode: 'chat' }, { include: 'sandboxed-frame' });
  const frame = page.frameLocator('iframe[title="Acme chat"]');
  await frame.getByRole('button', { name: 'Chat with Our Agent' }).click();
  const frameDialog = frame.locator('ringwise-voice-call').getByRole('dialog', { name: 'Recording notice' });
  await frameDialog.getByRole('button', { name: 'Accept' }).click();
  await expect(
    frame.locator('ringwise-voice-call').getByRole('textbox', { name: 'Message' }),
    'the chat is open',
  ).toBeFocused();
  await frame.locator('ringwise-voice-call').getByRole('button', { name: 'Close' }).first().click();
  await frame.getByRole('button', { name: 'Chat with Our Agent' }).click();
  await expect(frameDialog, 'remembered for this page').toHaveCount(0);
  expect(
    log.errors.filter((e) => !e.includes('Failed to load resource')),
    'no page errors',
  ).toEqual([]);
});

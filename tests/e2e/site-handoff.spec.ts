/**
 * The site's own widget hands a conversation over to a person (issue 26, item 4): on the built
 * landing page, 'Talk to a person' in the floating widget opens the contact modal with the message
 * prefilled with an editable summary of the conversation.
 */
import { expect, test, type Page } from '@playwright/test';
import { chatWebHandler } from '../../fixtures/loopback-server.ts';
import { chatOnSite, waitForIsland } from './site-helpers.ts';
import { preparePage, siteProvider } from './widget-helpers.ts';

const widget = (page: Page) => page.locator('#ringwise-site-widget');
const site = siteProvider((server) => {
  server.route(
    'POST',
    '/chat/web',
    chatWebHandler({ reply: 'Our plans start at **$49** a month.', sessionId: 'sess-handoff' }),
  );
});

test('Talk to a person opens the contact form with the conversation summarised in the message', async ({ page }) => {
  const log = await preparePage(page);
  await page.goto('/');
  await waitForIsland(page, 'ContactModal');
  await chatOnSite(page, 'What does it cost for a dental practice?');
  await expect(widget(page).locator('[part=turn]').nth(1), 'the reply').toHaveText(
    'Agent: Our plans start at $49 a month.',
  );
  await widget(page).getByRole('button', { name: 'Talk to a person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get in Contact' });
  await expect(dialog, 'the contact modal opens').toBeVisible();
  const message = dialog.getByRole('textbox', { name: /^Additional Info/ });
  await expect(message, 'prefilled, editable').toHaveValue(
    'From my conversation with your assistant:\nMe: What does it cost for a dental practice?\nAssistant: Our plans start at $49 a month.',
  );
  await expect(message).toBeEditable();
  expect(log.errors, 'no console errors').toEqual([]);
});

test('a page without the contact form does not offer the hand-over nobody would answer', async ({ page }) => {
  const log = await preparePage(page);
  await page.goto('/qa/');
  await chatOnSite(page, 'What does it cost?');
  await expect(widget(page).locator('[part=turn]').nth(1), 'the reply').toHaveText(
    'Agent: Our plans start at $49 a month.',
  );
  await expect(
    widget(page).getByRole('button', { name: 'Talk to a person' }),
    'no hand-over without the contact form',
  ).toHaveCount(0);
  expect(log.errors, 'no console errors').toEqual([]);
});

/**
 * The card composed as a whole (issue 36, items 1, 6, 7, 8 and 9), on our BUILT site: the
 * hand-over says "passed on" only once the contact form was sent, and closing the form unsent gives
 * the card back with its button (on a phone the sheet steps aside first); the prefill keeps lists
 * and links; after a call one block (who, how long, Call again, the rating) leaves the transcript at
 * least half the card with its last answer in view; in a call the footer holds three labelled
 * controls and More, whose field's placeholder fits at 320 px; the phone's sheet is a modal dialog.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chatWebHandler } from '../../fixtures/loopback-server.ts';
import { fakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import { EN_LABELS } from '../../widget/src/i18n/en.ts';
import { fillForm } from './contact-helpers.ts';
import { waitForIsland } from './site-helpers.ts';
import { chattedOnLanding, preparePage, siteProvider, widgetAxe } from './widget-helpers.ts';

const REPLY =
  'Our plans start at **$49** a month:\n\n- Calls answered 24/7\n- SMS follow-ups\n\nSee [pricing](https://example.com/p).';
const site = siteProvider((server) => {
  server.route('POST', '/call/web', {
    status: 201,
    body: { id: 'compose-2', webCallUrl: 'https://fake.daily.co/compose' },
  });
  server.route('POST', '/chat/web', chatWebHandler({ reply: REPLY, sessionId: 'sess-compose' }));
});

const widget = (page: Page) => page.locator('#ringwise-site-widget');
const card = (page: Page) => widget(page).locator('[part=card]');
const contact = (page: Page) => page.getByRole('dialog', { name: 'Get in Contact' });
const PASSED_ON = 'Your conversation was passed on to a person.';

/** The landing page with a chat that has one answer. */
const chatted = (page: Page, size: { width: number; height: number }) => chattedOnLanding(page, size, '$49');

test('1280 px: "passed on" only once the form was sent; closed unsent, the card is as it was', async ({ page }) => {
  const log = await chatted(page, { width: 1280, height: 800 });
  const person = widget(page).getByRole('button', { name: 'Talk to a person' });
  const note = widget(page).locator('[part=handoff-done]');
  await person.click();
  await expect(contact(page), 'the form opens').toBeVisible();
  await expect(note, 'nothing was sent yet').toHaveText('');
  await expect(
    contact(page).getByLabel('Additional Info'),
    'the prefill: lists as lines, links as "text (address)"',
  ).toHaveValue(
    [
      'From my conversation with your assistant:',
      'Me: What does it cost?',
      'Assistant: Our plans start at $49 a month:',
      '- Calls answered 24/7',
      '- SMS follow-ups',
      'See pricing (https://example.com/p).',
    ].join('\n'),
  );
  await page.keyboard.press('Escape');
  await expect(contact(page), 'closed unsent').toBeHidden();
  await expect(note, 'no claim').toHaveText('');
  await expect(person, 'the button is back, with focus').toBeFocused();
  await person.click();
  await fillForm(page, { name: 'Ann Lee', businessName: 'Lee Dental', email: 'ann@lee.example' });
  await contact(page).getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank You!' }), 'sent').toBeVisible();
  await expect(note, 'passed on, now').toHaveText(PASSED_ON);
  await expect(person, 'no second hand-over').toBeHidden();
  expect(log.errors, 'no console errors').toEqual([]);
});

test('390 px: the sheet steps aside before the form opens and comes back when it closes unsent', async ({ page }) => {
  await chatted(page, { width: 390, height: 844 });
  const person = widget(page).getByRole('button', { name: 'Talk to a person' });
  await person.click();
  await expect(contact(page), 'the form opens').toBeVisible();
  await expect(card(page), 'the sheet collapsed first, not under the form').toBeHidden();
  await expect(contact(page).getByRole('textbox', { name: 'Name', exact: true }), 'the form has focus').toBeFocused();
  await page.keyboard.press('Escape');
  await expect(card(page), 'the sheet is back').toBeVisible();
  await expect(person, 'with its button, focused').toBeFocused();
  await expect(widget(page).locator('[part=handoff-done]')).toHaveText('');
});

/** A call from the hero with a few turns, the card open. */
async function inCall(page: Page, size: { width: number; height: number }) {
  await preparePage(page);
  await page.setViewportSize(size);
  await page.goto('/');
  await waitForIsland(page, 'HeroCall');
  await page.locator('#hero').getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(widget(page).locator('[part=status]'), 'up').toHaveText(EN_LABELS.listening, { timeout: 20_000 });
  const say = (role: 'user' | 'assistant', transcript: string) =>
    fakeDaily(page, { command: 'message', message: { type: 'transcript', role, transcriptType: 'final', transcript } });
  await say('assistant', 'Hello! I can book an appointment or answer questions about our plans.');
  for (let i = 1; i <= 3; i++) {
    await say('user', `Question ${i}: what does the Pro plan include?`);
    await say(
      'assistant',
      `Answer ${i}: it answers every call day and night, books appointments into your calendar, sends SMS follow-ups and forwards urgent calls to your phone.`,
    );
  }
  await expect(widget(page).locator('[part=turn]'), 'the transcript').toHaveCount(7);
  if (!(await card(page).isVisible())) await widget(page).locator('[part=launcher]').click();
  await expect(card(page)).toBeVisible();
}

/** The footer's visible buttons: name, the label's text when it shows, and tooltip. */
function footerButtons(page: Page) {
  return widget(page)
    .locator('[part=footer] > button')
    .evaluateAll((buttons) =>
      buttons
        .filter((button) => button.getClientRects().length > 0)
        .map((button) => {
          const label = button.querySelector('.lb');
          return {
            name: button.getAttribute('aria-label'),
            shown: label && label.getClientRects().length > 0 ? label.textContent : '',
            tip: (button as HTMLElement).title,
          };
        }),
    );
}

/** Whether the field's placeholder fits in its text box (measured with its own font). */
function placeholderFits(input: Locator) {
  return input.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: context.measureText(el.placeholder).width, room };
  });
}

for (const size of [
  { width: 320, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`${size.width} px: in a call, three labelled controls; More opens the field, whose placeholder fits`, async ({
    page,
  }) => {
    await inCall(page, size);
    // The header gives its words the room (at 320 px without the avatar): the name on one line.
    const title = widget(page).locator('[part=title]');
    const lines = await title.evaluate((el) =>
      Math.round(el.scrollHeight / parseFloat(getComputedStyle(el).lineHeight)),
    );
    expect(lines, `"${await title.textContent()}" on one line`).toBe(1);
    const buttons = await footerButtons(page);
    expect(
      buttons.map((b) => b.name),
      'Mute, Hang Up, More',
    ).toEqual([EN_LABELS.mute, EN_LABELS.stop, EN_LABELS.more]);
    for (const b of buttons) expect(b.shown || b.tip, `${b.name}: a visible label or a tooltip`).toBe(b.name);
    expect(
      buttons.filter((b) => b.name !== EN_LABELS.more).map((b) => b.shown),
      'Mute and Hang Up: visible labels',
    ).toEqual([EN_LABELS.mute, EN_LABELS.stop]);
    await widget(page).getByRole('button', { name: EN_LABELS.more }).click();
    const input = widget(page).getByRole('textbox', { name: EN_LABELS.message });
    await expect(input, 'the field, focused').toBeFocused();
    const { text, room } = await placeholderFits(input);
    expect(text, `"${EN_LABELS.messagePlaceholder}" fits (${Math.round(room)} px of room)`).toBeLessThanOrEqual(room);
    expect(await widgetAxe(page), 'axe: More open').toEqual([]);
  });
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`${size.width} px: after a call, one block; the transcript keeps half the card, its last answer in view`, async ({
    page,
  }) => {
    await inCall(page, size);
    await widget(page).getByRole('button', { name: EN_LABELS.stop, exact: true }).click();
    const ended = widget(page).locator('[part=ended]');
    await expect(ended.locator(':scope > h3'), 'how long').toHaveText(/^Call ended · \d+:\d\d$/);
    await expect(ended, 'who').toContainText(EN_LABELS.endedByVisitor);
    await expect(ended.getByRole('button', { name: EN_LABELS.callAgain }), 'Call again').toBeVisible();
    await expect(
      ended.getByRole('radiogroup', { name: 'How was this conversation?' }),
      'the rating in it',
    ).toBeVisible();
    await expect(widget(page).locator('[part=rating]:visible'), 'no second rating box').toHaveCount(1);
    await expect(widget(page).getByRole('button', { name: 'Continue in chat' }), 'the field below is that').toHaveCount(
      0,
    );
    // Its entrance and the log's scroll have settled: measured where they rest.
    await expect
      .poll(() =>
        widget(page)
          .locator('[part=conversation]')
          .evaluate((log) => log.scrollHeight - log.scrollTop - log.clientHeight),
      )
      .toBeLessThan(2);
    const geometry = await card(page).evaluate((el) => {
      const log = el.querySelector('[part=conversation]')!.getBoundingClientRect();
      const last = [...el.querySelectorAll('[part~=turn]')].at(-1)!.getBoundingClientRect();
      return { card: el.getBoundingClientRect().height, log: log.height, logTop: log.top, logBottom: log.bottom, last };
    });
    expect(
      geometry.log,
      `the transcript (${geometry.log} px) keeps half the card (${geometry.card} px)`,
    ).toBeGreaterThanOrEqual(geometry.card / 2);
    expect(geometry.last.top, 'the last answer: its top in view').toBeGreaterThanOrEqual(geometry.logTop - 1);
    expect(geometry.last.bottom, 'and its end').toBeLessThanOrEqual(geometry.logBottom + 1);
    expect(await widgetAxe(page), 'axe: ended').toEqual([]);
  });
}

test('390 px: the sheet is a modal dialog: the page inert, Tab stays in it, Escape collapses, focus to the launcher', async ({
  page,
}) => {
  await chatted(page, { width: 390, height: 844 });
  await expect(card(page), 'modal').toHaveAttribute('aria-modal', 'true');
  const inert = () =>
    page.evaluate(() => [...document.body.children].filter((el) => el.hasAttribute('inert')).map((el) => el.localName));
  expect(await inert(), 'the page behind is inert').toContain('main');
  expect(
    await page.evaluate(() => document.querySelector('#ringwise-site-widget')!.closest('[inert]')),
    'the widget is not',
  ).toBeNull();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
    const inside = await page.evaluate(() => {
      const host = document.querySelector('#ringwise-site-widget')!;
      const focused = host.shadowRoot!.activeElement;
      return document.activeElement === host && !!focused?.closest('[part=card]');
    });
    expect(inside, `Tab ${i + 1} stays in the sheet`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(card(page), 'collapsed').toBeHidden();
  await expect(widget(page).locator('[part=launcher]'), 'focus back on the launcher').toBeFocused();
  expect(await inert(), 'the page is given back').toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await widget(page).locator('[part=launcher]').click();
  await expect(card(page), 'wide: a panel beside the page, not modal').not.toHaveAttribute('aria-modal', /.*/);
  expect(await inert(), 'nothing inert').toEqual([]);
});

/**
 * The card composed as a whole, its last gaps (issue 36), on our BUILT site: where focus lands when
 * the contact form of a hand-over that was SENT closes (the page's modal gives focus back to the
 * widget's host element, as modals do with `document.activeElement`), and the launcher's count of
 * the answers that came while the card was collapsed, in words, singular and plural; and a phone's
 * first opening, modal from the card's first frame (the sheet file comes with the card file).
 */
import { expect, test, type Page } from '@playwright/test';
import { chatWebHandler } from '../../fixtures/loopback-server.ts';
import { fakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import { EN_LABELS } from '../../widget/src/i18n/en.ts';
import { fillForm, uniqueEmail } from './contact-helpers.ts';
import { waitForIsland } from './site-helpers.ts';
import { CARD_URL, chattedOnLanding, preparePage, SITE, siteProvider } from './widget-helpers.ts';
import { MODULE_FILES } from '../../widget/src/ports/manifest.ts';

const site = siteProvider((server) => {
  server.route('POST', '/call/web', {
    status: 201,
    body: { id: 'compose-3', webCallUrl: 'https://fake.daily.co/compose3' },
  });
  server.route('POST', '/chat/web', chatWebHandler({ reply: 'Our plans start at $49 a month.', sessionId: 's-c3' }));
});

const widget = (page: Page) => page.locator('#ringwise-site-widget');
const card = (page: Page) => widget(page).locator('[part=card]');
const launcher = (page: Page) => widget(page).locator('[part=launcher]');
const PASSED_ON = 'Your conversation was passed on to a person.';

/** The landing page with a chat that has one answer. */
const chatted = (page: Page, size: { width: number; height: number }) => chattedOnLanding(page, size, '$49');

/** Presses 'Talk to a person' from the keyboard, sends the form, and waits for it to close. */
async function handOverSent(page: Page) {
  await widget(page).getByRole('button', { name: 'Talk to a person' }).focus();
  await page.keyboard.press('Enter');
  const contact = page.getByRole('dialog', { name: 'Get in Contact' });
  await expect(contact, 'the form opens').toBeVisible();
  await fillForm(page, { name: 'Ann Lee', businessName: 'Lee Dental', email: uniqueEmail('c3-focus') });
  await contact.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank You!' }), 'sent').toBeVisible();
  await expect(page.locator('dialog[open]'), 'the form closes by itself').toHaveCount(0, { timeout: 10_000 });
}

/** The element focus is on, through the widget's shadow root ('BODY' when it fell to the page). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    const inner = active?.shadowRoot?.activeElement;
    return inner ? `${inner.localName}[part=${inner.getAttribute('part')}]` : active?.tagName;
  });

test('390 px: a hand-over sent from the sheet: focus lands on the launcher, not on the page', async ({ page }) => {
  const log = await chatted(page, { width: 390, height: 844 });
  await handOverSent(page);
  await expect(card(page), 'the sheet stayed collapsed').toBeHidden();
  expect(await focused(page), 'focus on the launcher').toBe('button[part=launcher]');
  // Chromium's <dialog> put it back on the launcher itself; a modal without that (a page's own, or
  // another engine) gives focus back to document.activeElement at its opening: the host.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement).blur();
    document.querySelector<HTMLElement>('#ringwise-site-widget')!.focus();
  });
  await expect(launcher(page), 'the host hands it to the launcher').toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card(page), 'Enter on it opens the card').toBeVisible();
  await expect(widget(page).locator('[part=handoff-done]'), 'which says so').toHaveText(PASSED_ON);
  expect(log.errors, 'no console errors').toEqual([]);
});

test('1280 px: a hand-over sent from the open card: focus lands on its "passed on" status', async ({ page }) => {
  await chatted(page, { width: 1280, height: 800 });
  await handOverSent(page);
  const note = widget(page).locator('[part=handoff-done]');
  await expect(note, 'passed on').toHaveText(PASSED_ON);
  expect(await focused(page), 'focus on the status that replaced the button').toBe('p[part=handoff-done]');
  await page.keyboard.press('Tab');
  expect(await focused(page), 'Tab goes on inside the card').not.toBe('BODY');
});

test('the launcher counts the answers that came while the card was collapsed: "1 new answer", "2 new answers"', async ({
  page,
}) => {
  await preparePage(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await waitForIsland(page, 'HeroCall');
  await page.locator('#hero').getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(widget(page).locator('[part=status]'), 'up').toHaveText(EN_LABELS.listening, { timeout: 20_000 });
  if (await card(page).isVisible()) await launcher(page).click();
  await expect(card(page), 'collapsed; the call goes on').toBeHidden();
  const say = (role: 'user' | 'assistant', transcript: string) =>
    fakeDaily(page, { command: 'message', message: { type: 'transcript', role, transcriptType: 'final', transcript } });
  /** The launcher's description (the count in words) and its badge. */
  const count = () =>
    launcher(page).evaluate((button) => {
      const root = button.getRootNode() as ShadowRoot;
      const said = root.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
      const badge = root.querySelector<HTMLElement>('[part~=unread]');
      return { said, badge: badge && !badge.hidden ? badge.textContent : null };
    });
  await say('assistant', 'Hello! How can I help?');
  await expect.poll(count, 'one answer: singular').toEqual({ said: '1 new answer', badge: '1' });
  // A visitor's turn between them: two answers, not one continued.
  await say('user', 'Can you book me in?');
  await say('assistant', 'Yes: which day suits you?');
  await expect.poll(count, 'two: plural').toEqual({ said: '2 new answers', badge: '2' });
  await launcher(page).click();
  await expect(card(page)).toBeVisible();
  await expect.poll(count, 'read: cleared').toMatchObject({ badge: null });
});

test('390 px, first opening: the sheet file is asked for with the card file; the page is inert from the first frame', async ({
  page,
}) => {
  const log = await preparePage(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // The card file is held until the test lets it go: what is asked for meanwhile is what the loader
  // asks for at once, not after the card came.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(CARD_URL + '*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await waitForIsland(page, 'ContactModal');
  // Whether the page behind is inert once the task that first shows the card is over (a timer
  // queued then runs before anything the network brings: the sheet file asked for only now would).
  await page.evaluate(() => {
    const host = document.querySelector('#ringwise-site-widget')!;
    new MutationObserver((_, observer) => {
      const card = host.shadowRoot!.querySelector('[part=card]');
      if (!card || card.hasAttribute('hidden')) return;
      observer.disconnect();
      setTimeout(() => {
        (window as unknown as { firstFrameInert: boolean }).firstFrameInert = !!document.querySelector('main[inert]');
      });
    }).observe(host.shadowRoot!, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
  });
  const sheetUrl = `${SITE}/widget/${MODULE_FILES.sheet}`;
  // A classic script's `load` comes after it ran: the sheet is in.
  await page.evaluate((url) => {
    const done = (event: Event) => (event.target as HTMLScriptElement).src?.startsWith(url);
    document.addEventListener('load', (event) => done(event) && document.body.setAttribute('data-sheet-in', ''), true);
  }, sheetUrl);
  await launcher(page).click();
  await expect
    .poll(() => log.requests.some((url) => url.startsWith(sheetUrl)), 'the sheet file, while the card is on its way')
    .toBe(true);
  await expect(page.locator('body[data-sheet-in]'), 'and in').toHaveCount(1);
  release();
  await expect(card(page)).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { firstFrameInert?: boolean }).firstFrameInert),
    "the page behind was inert from the card's first frame",
  ).toBe(true);
  expect(log.errors, 'no console errors').toEqual([]);
  await expect(card(page), 'modal').toHaveAttribute('aria-modal', 'true');
});

/**
 * The card's rough edges (issue 25, items 5–10) on a third-party host page with the BUILT files:
 * one collapse control and one close, the phone sheet (up to 85 % high, a dimmed backdrop that
 * minimizes it, titles on two lines), the consent step sized to its question, the ended section,
 * Type instead when the microphone fails, and a file that does not load (right-to-left pages:
 * widget-rtl.spec.ts). Each state is photographed (light and dark, 1280 and 390 px) into
 * `screenshots/card/` (gitignored) for people to look at; axe checks the new sections.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chatWebHandler } from '../../fixtures/loopback-server.ts';
import { EN_LABELS } from '../../widget/src/i18n/en.ts';
import type { HostPageOptions } from '../fixtures/host-page/server.ts';
import { dataFor, ENGINE_URL, hostPages, widgetAxe } from './widget-helpers.ts';

const OUT = 'screenshots/card';
mkdirSync(OUT, { recursive: true });
const LONG_TITLE = 'Acme Plumbing and Heating Emergency Assistant';

const hosts = hostPages({
  routes: (provider) => {
    provider.route('POST', '/call/web', {
      status: 201,
      body: { id: 'call-e', webCallUrl: 'https://fake.daily.co/edges' },
    });
    provider.route(
      'POST',
      '/chat/web',
      chatWebHandler({ reply: 'A plumber can be with you within the hour. What is your postcode?' }),
    );
  },
  data: dataFor('pk-edges', 'asst-edges', { mode: 'hybrid', title: LONG_TITLE }),
  options: { include: 'once' },
});

const widget = (page: Page) => page.locator('ringwise-voice-call');
const card = (page: Page) => widget(page).locator('[part=card]');

type Theme = 'light' | 'dark';
/** Opens the host page in a theme; `data` and `options` as `hostPages`' `open`. */
function openHost(
  page: Page,
  theme: Theme,
  data: Record<string, string | null> = {},
  options: Partial<HostPageOptions> & { microphone?: 'denied' } = {},
) {
  return hosts.open(page, { look: theme, ...options, data: { theme, ...data } });
}

/** Waits for the card's entrance animation, then photographs the page. */
async function shoot(page: Page, name: string): Promise<void> {
  await card(page).evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
  await page.screenshot({ path: `${OUT}/${name}.png` });
}

/** Opens the card and starts a call from the hybrid footer; resolves once connected. */
async function startCall(page: Page): Promise<void> {
  await widget(page).locator('[part=launcher]').click();
  await widget(page).getByRole('button', { name: EN_LABELS.startCall }).click();
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

for (const width of [1280, 390] as const) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 800 : 844 } });
    for (const theme of ['light', 'dark'] as const) {
      test(`one collapse control and one close, each named once; the consent step is as tall as its question (${theme})`, async ({
        page,
      }) => {
        await openHost(page, theme, { 'consent-required': '' });
        await widget(page).locator('[part=launcher]').click();
        const consent = widget(page).getByRole('dialog', { name: EN_LABELS.consentTitle });
        await expect(consent, 'consent asked').toBeVisible();
        // The open launcher is the one Minimize on a wide page; the phone sheet has only × (it collapses too).
        const minimizes = width > 640 ? 1 : 0;
        await expect(widget(page).getByRole('button', { name: EN_LABELS.minimize }), 'Minimize').toHaveCount(minimizes);
        await expect(widget(page).getByRole('button', { name: EN_LABELS.close }), 'one Close').toHaveCount(1);
        const [section, whole] = [await box(consent), await box(card(page))];
        expect(
          whole.y + whole.height - (section.y + section.height),
          'no empty room under the question',
        ).toBeLessThanOrEqual(16);
        await shoot(page, `consent-${theme}-${width}`);
        expect(await widgetAxe(page), 'axe: consent').toEqual([]);
      });

      test(`after a call: one block with its length, who ended it and Call again; no Continue in chat beside the field; the conversation stays (${theme})`, async ({
        page,
      }) => {
        await openHost(page, theme);
        await widget(page).locator('[part=launcher]').click();
        await widget(page).getByRole('textbox', { name: EN_LABELS.message }).fill('I have a leak');
        await page.keyboard.press('Enter');
        await expect(widget(page).locator('[part=turn]').nth(1), 'the reply').toContainText('postcode');
        await widget(page).getByRole('button', { name: EN_LABELS.startCall }).click();
        await expect(widget(page).getByRole('status'), 'connected').toHaveText(EN_LABELS.listening);
        await widget(page).getByRole('button', { name: EN_LABELS.stop, exact: true }).click();
        const ended = widget(page).locator('[part=ended]');
        await expect(ended.locator(':scope > h3, :scope > p, :scope > button'), 'length, who, Call again').toHaveText([
          /^Call ended · 0:0\d$/,
          EN_LABELS.endedByVisitor,
          EN_LABELS.callAgain,
        ]);
        await expect(widget(page).getByRole('button', { name: 'Continue in chat' }), 'the field is that').toHaveCount(
          0,
        );
        await expect(widget(page).locator('[part=turn]'), 'the conversation stays').toHaveCount(2);
        await shoot(page, `ended-${theme}-${width}`);
        expect(await widgetAxe(page), 'axe: ended').toEqual([]);
        await widget(page).getByRole('textbox', { name: EN_LABELS.message }).fill('And the price?');
        await page.keyboard.press('Enter');
        await expect(widget(page).locator('[part=turn]'), 'on in chat from the field').toHaveCount(4);
      });

      test(`a denied microphone in hybrid mode: Type instead switches to the message field (${theme})`, async ({
        page,
      }) => {
        await openHost(page, theme, {}, { microphone: 'denied' });
        await startCall(page);
        const error = widget(page).locator('[part=error]');
        await expect(error, 'explained').toContainText(EN_LABELS.errorMicDenied);
        await shoot(page, `mic-denied-${theme}-${width}`);
        expect(await widgetAxe(page), 'axe: microphone denied').toEqual([]);
        await error.getByRole('button', { name: EN_LABELS.typeInstead }).click();
        await expect(widget(page).getByRole('textbox', { name: EN_LABELS.message }), 'typing').toBeFocused();
      });

      test(`a widget file that does not load: one plain sentence and Try again (${theme})`, async ({ page }) => {
        await openHost(page, theme, { mode: 'voice', preload: 'intent' });
        await page.route(`${ENGINE_URL}*`, (route) => route.abort('connectionfailed'));
        await widget(page).locator('[part=launcher]').click();
        const error = widget(page).locator('[part=error]');
        await expect(error, 'one sentence and Try again').toContainText(
          `${EN_LABELS.titleLoad}${EN_LABELS.errorEngine}${EN_LABELS.retry}`,
        );
        await expect(error, 'no file, address or owner’s fix').not.toContainText(/voice-widget|https?:|Site owner/);
        await expect(error.getByRole('button', { name: EN_LABELS.retry }), 'Try again').toBeVisible();
        await shoot(page, `load-failed-${theme}-${width}`);
        expect(await widgetAxe(page), 'axe: load failure').toEqual([]);
      });
    }
  });
}

test.describe('phones', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  for (const theme of ['light', 'dark'] as const) {
    test(`the open card is a bottom sheet up to 85 % high over a dimmed backdrop that minimizes it; the title wraps to two lines (${theme})`, async ({
      page,
    }) => {
      await openHost(page, theme, { mode: 'chat' });
      const launcher = widget(page).locator('[part=launcher]');
      await launcher.tap();
      const input = widget(page).getByRole('textbox', { name: EN_LABELS.message });
      for (const text of [
        'I have a leak',
        'Under the sink',
        'It drips when the tap runs',
        'Since this morning',
        'EC1 4AB',
      ]) {
        await input.fill(text);
        await page.keyboard.press('Enter');
        await expect(widget(page).locator('[part=turn]').last(), 'the reply').toContainText('postcode');
      }
      await card(page).evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
      const sheet = await box(card(page));
      expect(
        [Math.round(sheet.x), Math.round(sheet.x + sheet.width), Math.round(sheet.y + sheet.height)],
        'edge to edge, on the bottom',
      ).toEqual([0, 390, 844]);
      expect(Math.round(sheet.height), 'a long conversation fills 85 % of the height (the old cap was 60 %)').toBe(
        Math.round(844 * 0.85),
      );
      const title = widget(page).locator('[part=title]');
      const lines = await title.evaluate((el) =>
        Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
      );
      expect(lines, `"${LONG_TITLE}" on two lines, not cut to one`).toBe(2);
      // The launcher stepped aside and the sheet has one collapse control: × (it never hangs up).
      await expect(widget(page).getByRole('button', { name: EN_LABELS.minimize }), 'no Minimize').toHaveCount(0);
      await expect(widget(page).getByRole('button', { name: EN_LABELS.close }), 'one Close').toHaveCount(1);
      await page.screenshot({ path: `${OUT}/phone-sheet-${theme}-390.png` });
      expect(await widgetAxe(page), 'axe: sheet').toEqual([]);
      await page.touchscreen.tap(195, 40);
      await expect(card(page), 'a tap on the backdrop minimizes').toBeHidden();
      await expect(launcher, 'the launcher is back').toBeVisible();
    });
  }
});

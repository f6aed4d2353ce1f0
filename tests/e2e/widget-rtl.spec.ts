/**
 * Right-to-left host pages (issue 25, item 4), with the BUILT files: the widget's direction is its
 * language's, not the page's. English on an Arabic page stays left-to-right (no ".talk" or
 * "…Type a message"); a registered right-to-left language turns the card, which keeps the page
 * side its position names. Photographed light and dark, 1280 and 390 px, into `screenshots/card/`.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { EN_LABELS } from '../../widget/src/i18n/en.ts';
import type { HostPageOptions } from '../fixtures/host-page/server.ts';
import { chatWebHandler } from '../../fixtures/loopback-server.ts';
import { dataFor, hostPages, useArabic, widgetAxe } from './widget-helpers.ts';

const OUT = 'screenshots/card';
mkdirSync(OUT, { recursive: true });

/** A reply with a code block and inline code: code reads left to right in a right-to-left card too. */
const CODE_REPLY = 'ضع هذا في صفحتك `widget.start()`:\n\n```\nwidget.start();\n```';

const hosts = hostPages({
  routes: (provider) =>
    provider.route('POST', '/chat/web', chatWebHandler({ reply: CODE_REPLY, sessionId: 'sess-rtl' })),
  data: dataFor('pk-rtl', 'asst-rtl', { mode: 'hybrid', title: 'Acme Assistant' }),
  options: { include: 'once' },
});

const widget = (page: Page) => page.locator('ringwise-voice-call');
const card = (page: Page) => widget(page).locator('[part=card]');
const box = async (locator: Locator) => (await locator.boundingBox())!;

type Theme = 'light' | 'dark';
function openHost(page: Page, theme: Theme, options: Partial<HostPageOptions>) {
  return hosts.open(page, { look: theme, ...options, data: { theme } });
}

/** Waits for the card's entrance animation, then photographs the page. */
async function shoot(page: Page, name: string): Promise<void> {
  await card(page).evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
  await page.screenshot({ path: `${OUT}/${name}.png` });
}

for (const width of [1280, 390] as const) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 800 : 844 } });
    for (const theme of ['light', 'dark'] as const) {
      test(`a right-to-left page: the English widget stays left-to-right; a registered right-to-left language turns it (${theme})`, async ({
        page,
      }) => {
        await openHost(page, theme, { lang: 'ar', dir: 'rtl' });
        const container = widget(page).locator('[part=container]');
        await expect(container, 'English on an Arabic page: left-to-right').toHaveAttribute('dir', 'ltr');
        await widget(page).locator('[part=launcher]').click();
        const input = widget(page).getByRole('textbox', { name: EN_LABELS.message });
        expect(await input.evaluate((el) => getComputedStyle(el).direction), 'the field reads left-to-right').toBe(
          'ltr',
        );
        const [sheet, view] = [await box(card(page)), page.viewportSize()!];
        expect(
          view.width - (sheet.x + sheet.width),
          'still on the right (the position is the page’s side)',
        ).toBeLessThanOrEqual(24);
        await shoot(page, `rtl-page-${theme}-${width}`);

        // An Arabic owner: the language registered, the assistant named in Arabic.
        await useArabic(page, {
          assistantName: 'المساعد',
          emptyHybrid: 'اكتب سؤالك، أو ابدأ مكالمة وتحدث.',
          message: 'رسالة',
          messagePlaceholder: 'اكتب رسالة…',
          startCall: 'ابدأ مكالمة',
          minimize: 'تصغير',
          close: 'إغلاق',
        });
        await expect(container, 'a registered language: its own direction').toHaveAttribute('dir', 'auto');
        await expect(widget(page).getByRole('textbox', { name: 'رسالة' }), 'in Arabic').toBeVisible();
        expect(await card(page).evaluate((el) => getComputedStyle(el).direction), 'right-to-left').toBe('rtl');
        const turned = await box(card(page));
        expect(view.width - (turned.x + turned.width), 'the card keeps its side').toBeLessThanOrEqual(24);
        await shoot(page, `rtl-locale-${theme}-${width}`);
        expect(await widgetAxe(page), 'axe: right-to-left').toEqual([]);

        // A reply with code: the block and the inline code read left to right ("widget.start();", not ";()…").
        await widget(page).getByRole('textbox', { name: 'رسالة' }).fill('كيف أضيفه؟');
        await widget(page).getByRole('textbox', { name: 'رسالة' }).press('Enter');
        const block = widget(page).locator('.md pre');
        await expect(block, 'the code block').toHaveText('widget.start();');
        for (const code of [block, widget(page).locator('.md p code')])
          expect(await code.evaluate((el) => getComputedStyle(el).direction), 'code left to right').toBe('ltr');
        await shoot(page, `rtl-code-${theme}-${width}`);

        // English typed in an Arabic card keeps its question mark at its end (to the right), not "?Hello".
        await widget(page).getByRole('textbox', { name: 'رسالة' }).fill('Hello?');
        await widget(page).getByRole('textbox', { name: 'رسالة' }).press('Enter');
        const typed = widget(page).locator('.log [data-role=user]', { hasText: 'Hello?' });
        const [first, last] = await typed.evaluate((el) => {
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          let text: Node | null = walker.nextNode();
          while (text && text.textContent !== 'Hello?') text = walker.nextNode();
          const x = (at: number) => {
            const range = document.createRange();
            range.setStart(text!, at);
            range.setEnd(text!, at + 1);
            return range.getBoundingClientRect().left;
          };
          return [x(0), x(5)];
        });
        expect(last, 'the question mark after "Hello", to its right').toBeGreaterThan(first);
      });
    }
  });
}

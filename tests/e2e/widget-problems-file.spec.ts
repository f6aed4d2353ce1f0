/**
 * The failure texts' own file (issue 35: `voice-widget-problems.js`, not in the card), with the
 * BUILT files: a failure is explained with its own texts once that file is in, under the
 * element's language (a registered right-to-left language's title, the English rest); and when
 * the file cannot be loaded the failure is still said, plainly ('Message not sent'). Photographed
 * light and dark, 1280 and 390 px, into `screenshots/card/`.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { EN_LABELS } from '../../widget/src/i18n/en.ts';
import { format } from '../../widget/src/i18n/labels.ts';
import { MODULE_FILES } from '../../widget/src/ports/manifest.ts';
import { chatWebHandler } from '../../fixtures/loopback-server.ts';
import { hostPages, SITE, useArabic } from './widget-helpers.ts';

const OUT = 'screenshots/card';
mkdirSync(OUT, { recursive: true });

const hosts = hostPages({
  // The platform is unavailable: every message fails with 503.
  routes: (provider) => provider.route('POST', '/chat/web', chatWebHandler({ status: 503 })),
  data: (providerUrl) => ({
    'public-key': 'pk-problems',
    'assistant-id': 'asst-problems',
    'api-base-url': providerUrl,
    mode: 'hybrid',
    title: 'Acme Assistant',
  }),
  options: { include: 'once' },
});

const widget = (page: Page) => page.locator('ringwise-voice-call');
const error = (page: Page) => widget(page).locator('[part=error]');

/** Sends one message (the field named `message`), which fails. */
async function sendOne(page: Page, message: string): Promise<void> {
  await widget(page).locator('[part=launcher]').click();
  const field = widget(page).getByRole('textbox', { name: message });
  await field.fill('Hello?');
  await field.press('Enter');
}

async function shoot(page: Page, name: string): Promise<void> {
  const card = widget(page).locator('[part=card]');
  await card.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
  await page.screenshot({ path: `${OUT}/${name}.png` });
}

for (const width of [1280, 390] as const) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 800 : 844 } });
    for (const theme of ['light', 'dark'] as const) {
      test(`a failure in a right-to-left language: its title in that language, the rest from the failure texts' file (${theme})`, async ({
        page,
      }) => {
        const files: string[] = [];
        page.on('request', (request) => files.push(request.url().slice(request.url().lastIndexOf('/') + 1)));
        await hosts.open(page, { look: theme, lang: 'ar', dir: 'rtl', data: { theme } });
        // An Arabic owner: the language registered, the assistant named in Arabic.
        await useArabic(page, {
          message: 'رسالة',
          messagePlaceholder: 'اكتب رسالة…',
          startCall: 'ابدأ مكالمة',
          minimize: 'تصغير',
          close: 'إغلاق',
          retry: 'حاول مرة أخرى',
          titleService: 'الخدمة غير متاحة',
        });
        expect(files, 'no failure texts before a failure').not.toContain(MODULE_FILES.problems);
        await sendOne(page, 'رسالة');
        await expect(error(page).getByRole('heading', { name: 'الخدمة غير متاحة' }), 'the title').toBeVisible();
        await expect(error(page), 'the sentence and the fix').toContainText(
          `${format(EN_LABELS.errorApi, { status: 503 })}${EN_LABELS.fixBusy}`,
        );
        expect(files, 'the failure texts, with the failure').toContain(MODULE_FILES.problems);
        const card = widget(page).locator('[part=card]');
        expect(await card.evaluate((el) => getComputedStyle(el).direction), 'right-to-left').toBe('rtl');
        await shoot(page, `problems-rtl-${theme}-${width}`);
      });

      test(`the failure texts' file cannot load: the failure is still said, plainly (${theme})`, async ({ page }) => {
        await page.route(`${SITE}/widget/${MODULE_FILES.problems}*`, (route) => route.abort('connectionfailed'));
        await hosts.open(page, { look: theme, data: { theme } });
        await sendOne(page, EN_LABELS.message);
        await expect(error(page).getByRole('heading', { name: EN_LABELS.titleChat }), 'the title').toBeVisible();
        await expect(error(page), 'the sentence, Try again').toContainText(`${EN_LABELS.errorChat}${EN_LABELS.retry}`);
        await shoot(page, `problems-fallback-${theme}-${width}`);
      });
    }
  });
}

import { expect, test, type Page } from '@playwright/test';
import { fakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import { hostPages, widgetAxe } from './widget-helpers.ts';
const OUT = '/work/shots/quality';
const hosts = hostPages({
  routes: (provider) => provider.route('POST', '/call/web', { status: 201, body: { id: 'c', webCallUrl: 'https://fake.daily.co/r' } }),
  data: (providerUrl) => ({ 'public-key': 'pk', 'assistant-id': 'a', 'api-base-url': providerUrl, preload: 'intent', title: 'Acme Assistant' }),
  options: { include: 'once' },
});
const widget = (page: Page) => page.locator('ringwise-voice-call');
async function silentCall(page: Page, theme: string, extra: Record<string, unknown> = {}) {
  await hosts.open(page, { look: theme as 'light', data: { mode: 'hybrid', theme }, ...extra });
  await page.getByRole('button', { name: /Ask/ }).click();
  const call = widget(page).locator('[part=call]');
  await call.hover();
  await expect.poll(() => fakeDaily(page, { command: 'microphone', sound: false })).toBe(true);
  await call.click();
  await expect(widget(page).locator('[part=status]')).toHaveText('Listening…');
  await fakeDaily(page, { command: 'message', message: { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'Hello? Can you hear me?' } });
  await fakeDaily(page, { command: 'message', message: { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hello, how can I help?' } });
}
for (const width of [1280, 390, 320] as const) {
  test.describe(`${width}`, () => {
    test.use({ viewport: { width, height: width > 600 ? 800 : 700 } });
    for (const theme of ['light', 'dark'] as const) {
      test(`silent mic ${theme}`, async ({ page }) => {
        await silentCall(page, theme);
        await expect(widget(page).locator('[part=call-notice]')).toBeVisible({ timeout: 15000 });
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${OUT}/mic-silent-${theme}-${width}.png` });
        expect(await widgetAxe(page)).toEqual([]);
      });
    }
  });
}
test.describe('rtl', () => {
  test.use({ viewport: { width: 390, height: 760 } });
  for (const theme of ['light', 'dark'] as const)
    test(`rtl ar ${theme}`, async ({ page }) => {
      await silentCall(page, theme, { lang: 'ar', dir: 'rtl' });
      await page.evaluate(() =>
        (window as unknown as { RingwiseVoice: { registerLocale(l: string, x: object): void } }).RingwiseVoice.registerLocale('ar', {
          micSilent: 'ميكروفونك لا يرسل أي صوت — هل يستخدمه تطبيق آخر؟', retry: 'حاول مرة أخرى', typeInstead: 'اكتب بدلاً من ذلك',
          listening: 'أستمع…', hangUp: 'إنهاء المكالمة', mute: 'كتم', more: 'المزيد',
        }),
      );
      await widget(page).evaluate((el) => { el.setAttribute('title', 'مساعد أكمي'); el.setAttribute('locale', 'ar'); });
      await expect(widget(page).locator('[part=call-notice]')).toBeVisible({ timeout: 15000 });
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/work/shots/quality/mic-silent-rtl-ar-${theme}-390.png` });
    });
  test('de', async ({ page }) => {
    await silentCall(page, 'light', {});
    await widget(page).evaluate((el) => el.setAttribute('locale', 'de'));
    await expect(widget(page).locator('[part=call-notice]')).toContainText('Mikrofon', { timeout: 15000 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/work/shots/quality/mic-silent-de-light-390.png` });
  });
});

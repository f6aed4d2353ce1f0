import { chromium } from '@playwright/test';
import { startLoopbackServer } from '../fixtures/loopback-server.ts';
import { hostPage } from './lib/host-pages.ts';
import { WIDGET_CDN } from './lib/paths.ts';
import { serveStatic } from './lib/serve.ts';

const provider = await startLoopbackServer();
provider.route('POST', '/call/web', { status: 201, body: { id: 'c', webCallUrl: 'https://x.daily.co/r' }, delayMs: 20_000 });
const embed = (extra: string) => ({ body: `<script src="/voice-widget.js" data-public-key="pk" data-assistant-id="a" data-mode="voice" data-api-base-url="${provider.url}"${extra} async></script>` });
const pages = {
  '/light': hostPage(embed('')),
  '/dark': hostPage(embed(' data-theme="dark"')),
  '/rtl': hostPage(embed(' data-lang="ar" data-label-start="تحدث إلى وكيلنا" data-label-cancel="إلغاء" data-label-connecting="جارٍ الاتصال"')),
};
const host = await serveStatic(WIDGET_CDN, { pages });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] });
for (const [name, width, height] of [['1280', 1280, 800], ['390', 390, 844]] as const) {
  for (const theme of ['light', 'dark', 'rtl'] as const) {
    const context = await browser.newContext({ viewport: { width, height }, permissions: ['microphone'], colorScheme: theme === 'dark' ? 'dark' : 'light' });
    await context.route(/daily\.co|dailywebrtc/, (r) => r.abort());
    const page = await context.newPage();
    await page.goto(host.url + '/' + theme, { waitUntil: 'load' });
    const launcher = page.locator('ringwise-voice-call').getByRole('button').first();
    await launcher.waitFor();
    await page.waitForTimeout(1500);
    await launcher.click();
    await page.waitForTimeout(30);
    await page.screenshot({ path: `/tmp/shots3/held-${theme}-${name}.png` });
    await page.waitForTimeout(600);
    await page.screenshot({ path: `/tmp/shots3/light-${theme}-${name}.png` });
    await context.close();
  }
}
await browser.close();
await provider.close();
await host.close();
console.log('ok');

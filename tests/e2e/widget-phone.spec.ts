/**
 * Phones (390 × 844, touch): the open card is a bottom sheet from edge to edge over a dimmed
 * backdrop, at most ~85 % of the viewport high, the launcher in thumb reach, nothing of ours on the host page's text
 * without a surface under it, every control 44 ± 4 px, and no sideways scrolling. BUILT files on
 * the hostile host page, in chat mode (no call needed to open the card) and during a hybrid call.
 */
import { devices, expect, test, type Page } from '@playwright/test';
import { chatWebHandler } from '../../fixtures/loopback-server.ts';
import { hostPages, offSizeButtons, widgetAxe } from './widget-helpers.ts';

test.use({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, defaultBrowserType: 'chromium' });

const hosts = hostPages({
  routes: (provider) => {
    provider.route(
      'POST',
      '/chat/web',
      chatWebHandler({ reply: 'Hello! A plumber can be with you within the hour. What is your postcode?' }),
    );
    provider.route('POST', '/call/web', {
      status: 201,
      body: { id: 'call-p', webCallUrl: 'https://fake.daily.co/phone' },
    });
  },
  data: (providerUrl) => ({
    'public-key': 'pk-phone',
    'assistant-id': 'asst-phone',
    'api-base-url': providerUrl,
    title: 'Acme Assistant',
  }),
  options: { include: 'once' },
});
const openHost = (page: Page, mode: 'chat' | 'hybrid') => hosts.open(page, { data: { mode } });

/**
 * Points where one of our controls or texts is drawn over host content without one of our
 * surfaces (an element with an opaque background) between them. Probed across each control's
 * middle, with `elementsFromPoint`, which sees through shadow roots.
 */
async function uncoveredPoints(page: Page): Promise<string[]> {
  return page.locator('ringwise-voice-call').evaluate((hostElement) => {
    const shadow = hostElement.shadowRoot!;
    const opaque = (el: Element) => {
      const color = getComputedStyle(el).backgroundColor;
      return color !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(color);
    };
    const problems: string[] = [];
    for (const el of shadow.querySelectorAll<HTMLElement>('button, input, [part=turn], [part=status], [part=title]')) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height) continue;
      // The centre, and the ends of the middle line inset by the corner radius (pills are round).
      const inset = Math.min(box.width, box.height) / 2;
      const middle = box.top + box.height / 2;
      for (const [x, y] of [
        [box.left + box.width / 2, middle],
        [box.left + inset, middle],
        [box.right - inset, middle],
      ] as const) {
        const stack = shadow.elementsFromPoint(x, y);
        const ours = stack.filter((node) => hostElement.contains(node) || shadow.contains(node));
        const firstHost = stack.findIndex((node) => !(hostElement.contains(node) || shadow.contains(node)));
        const surface = stack
          .slice(0, firstHost === -1 ? stack.length : firstHost)
          .some((node) => shadow.contains(node) && opaque(node));
        if (!ours.length || !surface)
          problems.push(`${el.getAttribute('part') ?? el.tagName} at ${Math.round(x)},${Math.round(y)}`);
      }
    }
    return problems;
  });
}

test('bottom sheet edge to edge, ≤ 85 % high, launcher in thumb reach, nothing of ours on bare host text', async ({
  page,
}) => {
  const log = await openHost(page, 'chat');
  const launcher = page.getByRole('button', { name: 'Chat with Our Agent' });
  const box = (await launcher.boundingBox())!;
  expect(box.y + box.height, 'launcher at the bottom, in thumb reach').toBeGreaterThan(844 - 90);
  expect(box.x + box.width, 'at the right edge').toBeGreaterThan(390 - 90);
  expect(await uncoveredPoints(page), 'the launcher is its own surface').toEqual([]);

  await launcher.tap();
  const sheet = page.locator('ringwise-voice-call').getByRole('dialog', { name: 'Acme Assistant' });
  await expect(sheet, 'open').toBeVisible();
  await page.locator('ringwise-voice-call').getByRole('textbox', { name: 'Message' }).fill('I have a leak');
  await page.keyboard.press('Enter');
  await expect(page.locator('ringwise-voice-call [part=turn]').last(), 'reply').toContainText('postcode');
  // Measured where the entrance animation ends (a loaded machine can still be inside its 0.18 s).
  await sheet.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
  const sheetBox = (await sheet.boundingBox())!;
  expect(
    [
      Math.round(sheetBox.x),
      Math.round(390 - sheetBox.x - sheetBox.width),
      Math.round(844 - sheetBox.y - sheetBox.height),
    ],
    'edge to edge, on the bottom',
  ).toEqual([0, 0, 0]);
  expect(sheetBox.height, 'at most ~85 % of the viewport').toBeLessThanOrEqual(844 * 0.85 + 1);
  await expect(launcher, 'the sheet covers the launcher spot: the launcher steps aside').toBeHidden();
  expect(await uncoveredPoints(page), 'every control and text of ours sits on our surface').toEqual([]);
  expect(await offSizeButtons(page), 'every button 44 ± 4 px').toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(
    390,
  );
  expect(await widgetAxe(page), 'axe: sheet').toEqual([]);
  // One collapse control on the sheet (issue 36): the header's ×; no chevron beside it doing the same.
  const widget = page.locator('ringwise-voice-call');
  await expect(widget.getByRole('button', { name: 'Minimize' }), 'no Minimize beside ×').toBeHidden();
  await expect(widget.getByRole('button', { name: 'Close' }).filter({ visible: true }), 'one ×').toHaveCount(1);
  await widget.getByRole('button', { name: 'Close' }).filter({ visible: true }).tap();
  await expect(sheet, 'collapsed').toBeHidden();
  await expect(launcher, 'back').toBeVisible();
  expect(log.errors, 'no console errors').toEqual([]);
});

test('during a call (hybrid) the sheet keeps every control on its surface', async ({ page }) => {
  await openHost(page, 'hybrid');
  await page.getByRole('button', { name: 'Ask Our Agent' }).tap();
  await page.locator('ringwise-voice-call').getByRole('button', { name: 'Start a call' }).tap();
  await expect(page.locator('ringwise-voice-call').getByRole('status'), 'connected').toHaveText('Listening…');
  const sheet = page.locator('ringwise-voice-call').getByRole('dialog', { name: 'Acme Assistant' });
  await sheet.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
  expect(await uncoveredPoints(page), 'on our surface').toEqual([]);
  expect(await offSizeButtons(page), 'every button 44 ± 4 px').toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(
    390,
  );
});

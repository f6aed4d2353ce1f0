/**
 * Placement with the BUILT loader and card on a third-party host page: each floating position puts
 * the launcher at its corner or edge (offset from `--ringwise-offset`) at 1280 and 390 px, the card
 * opens on the launcher's side (below it at the top), phones get the bottom sheet in every position;
 * `dismissible` hides the launcher for the session and fires `ringwise-dismiss`; `expanded` and the
 * element's `open()`, `close()` and `toggle()` open and minimize the card without calling.
 */
import { expect, test, type Page } from '@playwright/test';
import { chatWebHandler } from '../../fixtures/loopback-server.ts';
import { MODULE_FILES } from '../../widget/src/ports/manifest.ts';
import { chunkRequests, dataFor, hostPages, offSizeButtons } from './widget-helpers.ts';

const hosts = hostPages({
  routes: (provider) => provider.route('POST', '/chat/web', chatWebHandler()),
  data: dataFor('pk-place', 'asst-place', { mode: 'chat', title: 'Acme Assistant' }),
  options: { include: 'once', look: 'light' },
});

const widget = (page: Page) => page.locator('ringwise-voice-call');
const launcher = (page: Page) => widget(page).locator('[part=launcher]');
const card = (page: Page) => widget(page).getByRole('dialog', { name: 'Acme Assistant' });
/** The default `--ringwise-offset`. */
const OFFSET = 20;

const POSITIONS = ['bottom-right', 'bottom-left', 'bottom-center', 'top-right', 'top-left'] as const;

for (const width of [1280, 390]) {
  for (const position of POSITIONS) {
    test(`${position} at ${width} px: the launcher sits at its edges, the card opens on its side`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await hosts.open(page, { data: { position } });
      const box = (await launcher(page).boundingBox())!;
      const [vertical, horizontal] = position.split('-');
      if (vertical === 'bottom') expect(800 - (box.y + box.height), 'offset from the bottom').toBeCloseTo(OFFSET, 0);
      else expect(box.y, 'offset from the top').toBeCloseTo(OFFSET, 0);
      if (horizontal === 'right') expect(width - (box.x + box.width), 'offset from the right').toBeCloseTo(OFFSET, 0);
      else if (horizontal === 'left') expect(box.x, 'offset from the left').toBeCloseTo(OFFSET, 0);
      else expect(box.x + box.width / 2, 'centred').toBeCloseTo(width / 2, 0);

      await launcher(page).click();
      await expect(card(page)).toBeVisible();
      // Measured where the entrance animation ends.
      await card(page).evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
      const cardBox = (await card(page).boundingBox())!;
      expect(cardBox.x, 'inside the viewport (left)').toBeGreaterThanOrEqual(0);
      expect(cardBox.x + cardBox.width, 'inside the viewport (right)').toBeLessThanOrEqual(width);
      expect(cardBox.y, 'inside the viewport (top)').toBeGreaterThanOrEqual(0);
      expect(cardBox.y + cardBox.height, 'inside the viewport (bottom)').toBeLessThanOrEqual(800);
      if (width <= 480) {
        // Phones: the bottom sheet from edge to edge in every position (the launcher hides behind it).
        expect(800 - (cardBox.y + cardBox.height), 'sheet at the bottom').toBeCloseTo(0, 0);
        expect(
          [Math.round(cardBox.x), Math.round(width - cardBox.x - cardBox.width)],
          'sheet from edge to edge',
        ).toEqual([0, 0]);
      } else {
        const open = (await launcher(page).boundingBox())!;
        if (vertical === 'top')
          expect(cardBox.y, 'below the launcher at the top').toBeGreaterThan(open.y + open.height);
        else expect(cardBox.y + cardBox.height, 'above the launcher at the bottom').toBeLessThan(open.y);
        if (horizontal === 'right') expect(width - (cardBox.x + cardBox.width), 'right-aligned').toBeCloseTo(OFFSET, 0);
        else if (horizontal === 'left') expect(cardBox.x, 'left-aligned').toBeCloseTo(OFFSET, 0);
        else expect(cardBox.x + cardBox.width / 2, 'centred').toBeCloseTo(width / 2, 0);
      }
    });
  }
}

test('--ringwise-offset moves a top-left launcher', async ({ page }) => {
  await hosts.open(page, { data: { position: 'top-left' } });
  await widget(page).evaluate((el) => (el as HTMLElement).style.setProperty('--ringwise-offset', '48px'));
  const box = (await launcher(page).boundingBox())!;
  expect([Math.round(box.x), Math.round(box.y)]).toEqual([48, 48]);
});

for (const width of [1280, 390]) {
  test(`dismissible at ${width} px: the close control hides the launcher, fires ringwise-dismiss, and it stays hidden on reload`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    // preload="intent": a dismissible launcher fetches the card file alone (the warm start would add the engines).
    const log = await hosts.open(page, { data: { position: 'bottom-right', dismissible: '', preload: 'intent' } });
    await page.evaluate(() => {
      (window as unknown as { dismissed: number }).dismissed = 0;
      document.addEventListener('ringwise-dismiss', () => (window as unknown as { dismissed: number }).dismissed++);
    });
    const hide = widget(page).getByRole('button', { name: 'Hide' });
    await expect(hide, 'a close control on the launcher').toBeVisible();
    expect(await offSizeButtons(page), 'a 44 px target like every button').toEqual([]);
    const hideBox = (await hide.boundingBox())!;
    const launcherBox = (await launcher(page).boundingBox())!;
    expect(hideBox.x + hideBox.width / 2, 'at the launcher’s corner toward the page').toBeCloseTo(launcherBox.x, -1);
    expect(hideBox.x, 'inside the viewport').toBeGreaterThanOrEqual(0);
    await hide.click();
    await expect(launcher(page), 'the launcher is gone').toBeHidden();
    expect(
      await page.evaluate(() => (window as unknown as { dismissed: number }).dismissed),
      'one ringwise-dismiss',
    ).toBe(1);
    // The card file draws the hide control, so a dismissible launcher fetches it at once; no engine.
    expect(
      chunkRequests(log).map((url) => new URL(url).pathname),
      'the card file only',
    ).toEqual([`/widget/${MODULE_FILES.card}`]);
    await page.reload();
    await expect(widget(page), 'the element is there after the reload').toHaveCount(1);
    await expect(launcher(page), 'and stays hidden in this session').toBeHidden();
    // open() from the page still shows the card.
    await widget(page).evaluate((el) => (el as HTMLElementTagNameMap['ringwise-voice-call']).open());
    await expect(card(page), 'open() still works').toBeVisible();
  });
}

test('expanded: the card is open at load, nothing is sent, and minimize keeps the launcher', async ({ page }) => {
  const log = await hosts.open(page, { data: { position: 'bottom-right', expanded: '' } });
  await expect(card(page), 'open at load').toBeVisible();
  await expect(launcher(page), 'the launcher is the minimize toggle').toHaveAttribute('aria-expanded', 'true');
  await expect(card(page).getByRole('textbox', { name: 'Message' }), 'focus is left to the page').not.toBeFocused();
  expect(hosts.provider.requestsTo('POST', '/chat/web'), 'nothing sent').toHaveLength(0);
  // One collapse control at this width: the open launcher (the header's Minimize is for small screens).
  await expect(widget(page).getByRole('button', { name: 'Minimize' }), 'one Minimize').toHaveCount(1);
  await launcher(page).click();
  await expect(card(page)).toBeHidden();
  await expect(launcher(page)).toBeVisible();
  expect(log.errors).toEqual([]);
});

test('open(), close() and toggle() from the page', async ({ page }) => {
  const log = await hosts.open(page, { data: { position: 'bottom-left' } });
  const call = (method: 'open' | 'close' | 'toggle') =>
    widget(page).evaluate((el, name) => (el as HTMLElementTagNameMap['ringwise-voice-call'])[name](), method);
  await call('open');
  await expect(card(page), 'open()').toBeVisible();
  await expect(card(page).getByRole('textbox', { name: 'Message' }), 'focus moves into the card').toBeFocused();
  await call('close');
  await expect(card(page), 'close()').toBeHidden();
  await expect(launcher(page), 'focus back on the launcher').toBeFocused();
  await call('toggle');
  await expect(card(page), 'toggle() opens').toBeVisible();
  await call('toggle');
  await expect(card(page), 'toggle() minimizes').toBeHidden();
  expect(hosts.provider.requestsTo('POST', '/chat/web'), 'nothing sent').toHaveLength(0);
  expect(log.errors).toEqual([]);
});

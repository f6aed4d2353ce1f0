/**
 * The landing page composed as a whole (issue 36), on our BUILT site: the floating launcher and
 * the section navigator never overlap; the launcher leaves the hero's hint alone; one call shows
 * one set of controls (the hero: status, elapsed time, one Hang Up; the card: the conversation);
 * the hero button answers in the frame after the click; the header's × closes the card while the
 * call goes on; one name for the assistant on every page.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { siteConfig } from '../../content/site.ts';
import { siteWidgetCopy } from '../../content/ui.ts';
import { EN_LABELS } from '../../widget/src/i18n/en.ts';
import { scrollToY, waitForIsland } from './site-helpers.ts';
import { preparePage, siteProvider } from './widget-helpers.ts';

const site = siteProvider((server) => {
  server.route('POST', '/call/web', {
    status: 201,
    body: { id: 'compose-1', webCallUrl: 'https://fake.daily.co/compose' },
  });
});

const hero = (page: Page) => page.locator('#hero');
const widget = (page: Page) => page.locator('#ringwise-site-widget');
const launcher = (page: Page) => widget(page).locator('[part=launcher]');

type Box = { x: number; y: number; width: number; height: number };

/** The element's box on screen (it must be visible). */
async function box(locator: Locator, what: string): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, `${what} is on screen`).not.toBeNull();
  return found!;
}

/** Whether two boxes share any pixel. */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Phone to desktop widths, each with a height such a screen has. */
const SCREENS = [
  { width: 320, height: 568 },
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

for (const screen of SCREENS) {
  test(`${screen.width}×${screen.height}: the launcher and the section navigator do not overlap`, async ({ page }) => {
    await page.setViewportSize(screen);
    await page.goto('/');
    await waitForIsland(page, 'SectionNav');
    await scrollToY(page, 1200);
    const nav = page.getByRole('navigation', { name: 'Page sections' });
    await expect(nav, 'the navigator is shown').toBeVisible();
    await expect(launcher(page), 'the launcher is shown').toBeVisible();
    // Past the navigator's fade (0.25 s): measured where it rests.
    await expect.poll(() => nav.evaluate((el) => getComputedStyle(el).opacity), 'faded in').toBe('1');
    const pill = await box(nav, 'the navigator');
    const button = await box(launcher(page), 'the launcher');
    expect(overlap(pill, button), `navigator ${JSON.stringify(pill)} vs launcher ${JSON.stringify(button)}`).toBe(
      false,
    );
    // Every dot stays reachable: none is under the launcher.
    for (const dot of await nav.getByRole('link').all()) {
      expect(overlap(await box(dot, 'a dot'), button), `${await dot.textContent()} is not under the launcher`).toBe(
        false,
      );
    }
  });
}

for (const screen of SCREENS.slice(0, 3)) {
  test(`${screen.width}×${screen.height}: the launcher does not cover the hero's hint or its buttons`, async ({
    page,
  }) => {
    await page.setViewportSize(screen);
    await page.goto('/');
    await waitForIsland(page, 'HeroCall');
    const button = await box(launcher(page), 'the launcher');
    const hint = hero(page).getByText('Try it now', { exact: false });
    for (const [what, locator] of [
      ['the hint', hint],
      ['Talk to Our Agent', hero(page).getByRole('button', { name: 'Talk to Our Agent' })],
      ['Get in Contact', hero(page).getByRole('button', { name: 'Get in Contact' })],
    ] as const) {
      const found = await locator.boundingBox();
      // Below the first screen the launcher floats over the page as it scrolls; on it, nothing hides.
      if (!found || found.y >= screen.height) continue;
      expect(overlap(found, button), `${what} ${JSON.stringify(found)} vs launcher ${JSON.stringify(button)}`).toBe(
        false,
      );
    }
  });
}

test('the hero button answers in the frame after the click: pressed, connecting, announced', async ({ page }) => {
  await preparePage(page);
  await page.goto('/');
  await waitForIsland(page, 'HeroCall');
  const idleBackground = await hero(page)
    .locator('.hero-call-button')
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  // Clicked and read in one script: the next animation frame's callback sees what that frame paints.
  const next = await page.evaluate(
    () =>
      new Promise<{ text: string; disabled: string | null; busy: string | null; status: string; background: string }>(
        (resolve) => {
          (document.querySelector('#hero .hero-call-button') as HTMLButtonElement).click();
          requestAnimationFrame(() => {
            const button = document.querySelector('#hero .hero-call-button') as HTMLButtonElement;
            resolve({
              text: button.textContent ?? '',
              disabled: button.getAttribute('aria-disabled'),
              busy: document.querySelector('#hero .hero-call')!.getAttribute('aria-busy'),
              status: document.querySelector('#hero [role=status]')!.textContent ?? '',
              background: getComputedStyle(button).backgroundColor,
            });
          });
        },
      ),
  );
  expect(next, 'the next frame shows the press').toMatchObject({
    text: `${EN_LABELS.connecting}…`,
    disabled: 'true',
    busy: 'true',
    status: `${EN_LABELS.connecting}…`,
  });
  expect(next.background, 'styled: not the idle colour').not.toBe(idleBackground);
  await expect(hero(page).getByRole('status'), 'then the call').toHaveText('Listening…');
});

test('warm (the live part loaded on hover): the press shows in the next frame too', async ({ page }) => {
  await preparePage(page);
  await page.goto('/');
  await waitForIsland(page, 'HeroCall');
  await hero(page).getByRole('button', { name: 'Talk to Our Agent' }).hover();
  await page.waitForLoadState('networkidle');
  const text = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        (document.querySelector('#hero .hero-call-button') as HTMLButtonElement).click();
        requestAnimationFrame(() => resolve(document.querySelector('#hero .hero-call-button')!.textContent ?? ''));
      }),
  );
  expect([`${EN_LABELS.connecting}…`, EN_LABELS.stop], 'pressed (or already the call)').toContain(text);
  await expect(hero(page).getByRole('status')).toHaveText('Listening…');
});

for (const screen of [SCREENS[2], SCREENS[4]]) {
  test(`${screen.width} px: one call, one set of controls; × closes the card and the call goes on`, async ({
    page,
  }) => {
    await page.setViewportSize(screen);
    const log = await preparePage(page);
    await page.goto('/');
    await waitForIsland(page, 'HeroCall');
    await hero(page).getByRole('button', { name: 'Talk to Our Agent' }).click();
    await expect(hero(page).getByRole('status'), 'active').toHaveText('Listening…');
    await expect(widget(page).getByRole('dialog'), 'the card holds the conversation').toBeVisible();
    const visible = (name: string) => page.getByRole('button', { name, exact: true }).filter({ visible: true });
    await expect(visible('Mute'), 'one Mute on the page: the card’s').toHaveCount(1);
    await expect(hero(page).getByRole('button', { name: 'Mute' }), 'the hero has none').toHaveCount(0);
    await expect(hero(page).getByRole('button', { name: 'Hang Up' }), 'the hero: one Hang Up').toHaveCount(1);
    await expect(hero(page).locator('.hero-call-status'), 'status and elapsed time').toHaveText(
      /^Listening… · \d+:\d\d$/,
    );

    await widget(page).getByRole('button', { name: EN_LABELS.close, exact: true }).click();
    await expect(widget(page).getByRole('dialog'), '× closes the card').toBeHidden();
    await expect(launcher(page), 'the launcher shows the call').toHaveAccessibleName(EN_LABELS.returnToCall);
    await expect(hero(page).getByRole('button', { name: 'Hang Up' }), 'the call goes on').toBeVisible();
    await expect(hero(page).getByRole('status')).toHaveText('Listening…');
    await hero(page).getByRole('button', { name: 'Hang Up' }).click();
    await expect(hero(page).getByRole('status'), 'only Hang Up hangs up').toHaveText(/^Call ended · \d+:\d\d$/);
    expect(log.errors, 'no console errors').toEqual([]);
  });
}

test('one name for the assistant: the card on the landing page and the /widget page; the launcher says what it does', async ({
  page,
}) => {
  await preparePage(page);
  await page.goto('/');
  await expect(launcher(page), 'the launcher opens the chat').toHaveAccessibleName(siteWidgetCopy.launcher);
  await launcher(page).click();
  await expect(widget(page).getByRole('heading', { level: 2 }), 'the card’s title').toHaveText(
    siteConfig.assistantName,
  );
  await page.goto('/widget');
  // The configurator's preview shows an owner's widget (its title is the owner's to set).
  const titles = await page
    .locator('ringwise-voice-call:not([data-configurator-preview])')
    .evaluateAll((els) => els.map((el) => el.getAttribute('title')));
  expect(titles.length, 'the demos and the floating widget').toBeGreaterThan(1);
  expect(new Set(titles), 'every demo on /widget carries the one name').toEqual(new Set([siteConfig.assistantName]));
});

for (const width of [320, 390, 768, 1280]) {
  test(`${width} px: no choice of the /widget configurator is cut`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/widget');
    const form = page.getByRole('group', { name: 'Your widget' });
    await expect(form).toBeVisible();
    // Each option's text, set in the select's own font, beside the room the select gives it
    // (its inner width less the arrow, which Chromium draws in ≈ 20 px at the end).
    const cut = await form.locator('select').evaluateAll((selects) =>
      selects.flatMap((select) => {
        const style = getComputedStyle(select);
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return [...(select as HTMLSelectElement).options]
          .filter((option) => context.measureText(option.text).width > room)
          .map(
            (option) =>
              `${option.text} (${Math.round(context.measureText(option.text).width)} > ${Math.round(room)} px)`,
          );
      }),
    );
    expect(cut, 'every choice fits its select').toEqual([]);
  });
}

/**
 * Issue 27 in a real browser, with the BUILT loader and card over the scripted engines
 * (site/lib/card-states.ts): the audio settings panel of a call (the browser lists two
 * microphones and two speakers), push-to-talk's button, the nudge beside the launcher and the
 * analytics stream into `window.dataLayer`. Photographed in light and dark, at 1280 and 390 px,
 * into `screenshots/audio/`; axe checks the panel and the nudge.
 * Run alone: `npm run test:e2e -- tests/e2e/widget-audio.spec.ts`.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CARD_STATES } from '../../site/lib/card-states.ts';
import { bundleScriptedEngine } from '../fixtures/host-page/scripted-engine-bundle.ts';
import { startHostPage, type HostPage } from '../fixtures/host-page/server.ts';
import type { LoopbackServer } from '../../fixtures/loopback-server.ts';
import { EN_LABELS } from '../../widget/src/i18n/en.ts';
import { ENGINE_URL, LOADER_URL, preparePage, shotProvider, widgetAxe } from './widget-helpers.ts';

const OUT = process.env.SHOTS_DIR ?? 'screenshots/audio';
const WIDTHS = [1280, 390] as const;
const THEMES = ['light', 'dark'] as const;
const NUDGE = 'Questions about pricing? Ask our assistant.';

let provider: LoopbackServer;
let engine: Promise<string>;
const hosts: HostPage[] = [];

test.beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  provider = await shotProvider();
  engine = bundleScriptedEngine('active', 'engine');
});

test.afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()));
  await provider.close();
});

/** The browser lists these devices (with ids and names, as after the microphone permission). */
async function listDevices(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const devices = [
      { deviceId: 'default', kind: 'audioinput', label: 'Default – MacBook Pro Microphone' },
      { deviceId: 'usb-headset', kind: 'audioinput', label: 'Jabra Evolve2 65' },
      { deviceId: 'default', kind: 'audiooutput', label: 'Default – MacBook Pro Speakers' },
      { deviceId: 'hdmi', kind: 'audiooutput', label: 'LG UltraFine Display Audio' },
    ].map((d) => ({ ...d, groupId: '', toJSON: () => d }));
    Object.defineProperty(navigator.mediaDevices, 'enumerateDevices', { value: async () => devices });
  });
}

/** The host page with the widget in a live call (or closed, for the nudge), in this theme. */
async function stage(
  page: Page,
  theme: (typeof THEMES)[number],
  data: Record<string, string>,
  call = true,
): Promise<Page> {
  await preparePage(page);
  await listDevices(page);
  const body = await engine;
  await page.route(`${ENGINE_URL}*`, (route) => route.fulfill({ body, contentType: 'text/javascript; charset=utf-8' }));
  const host = await startHostPage({
    loaderUrl: LOADER_URL,
    data: {
      'public-key': 'pk-shot',
      'assistant-id': 'asst-shot',
      'api-base-url': provider.url,
      mode: 'voice',
      theme,
      title: 'Acme Assistant',
      ...data,
    },
    connect: [provider.url],
    include: 'once',
    look: theme,
  });
  hosts.push(host);
  await page.goto(host.url);
  if (call) {
    await page.locator('ringwise-voice-call [part=launcher]').click();
    await expect(page.locator('ringwise-voice-call [part=card]'), 'card open').toBeVisible();
  }
  return page;
}

expect(
  CARD_STATES.some((s) => s.id === 'active'),
  'the scripted live call exists',
).toBe(true);

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 800 : 844 } });
    for (const theme of THEMES) {
      test(`audio settings panel, ${theme}`, async ({ page }) => {
        await stage(page, theme, {});
        const widget = page.locator('ringwise-voice-call');
        const toggle = widget.getByRole('button', { name: EN_LABELS.audioSettings });
        await toggle.click();
        const panel = widget.getByRole('group', { name: EN_LABELS.audioSettings });
        await expect(panel, 'the panel').toBeVisible();
        await expect(
          panel.getByRole('combobox', { name: EN_LABELS.microphone }).locator('option'),
          'two microphones',
        ).toHaveCount(2);
        await expect(
          panel.getByRole('combobox', { name: EN_LABELS.speaker }),
          'Chromium routes output: a speaker picker',
        ).toBeVisible();
        await expect(panel.getByRole('slider', { name: EN_LABELS.assistantVolume }), 'the volume').toBeVisible();
        await page.waitForTimeout(300);
        expect(await widgetAxe(page), `axe, ${theme}`).toEqual([]);
        await page.screenshot({ path: `${OUT}/settings-${theme}-${width}.png` });
        // Keyboard: Escape closes the panel and focus returns to its control.
        await panel.getByRole('combobox', { name: EN_LABELS.microphone }).focus();
        await page.keyboard.press('Escape');
        await expect(panel, 'closed').toBeHidden();
        await expect(toggle, 'focus back').toBeFocused();
      });

      test(`push-to-talk, ${theme}`, async ({ page }) => {
        await stage(page, theme, { input: 'push-to-talk' });
        const widget = page.locator('ringwise-voice-call');
        const talk = widget.getByRole('button', { name: EN_LABELS.holdToTalk });
        await expect(talk, 'the talk button').toBeVisible();
        await expect(widget.locator('[part=status]'), 'the chip').toHaveText(EN_LABELS.pushToTalk);
        await talk.focus();
        await page.keyboard.down('Space');
        await expect(widget.locator('[part=status]'), 'held').toHaveText(EN_LABELS.talking);
        await expect(talk, 'pressed').toHaveAttribute('aria-pressed', 'true');
        // The card's entrance and the button's colour change settle first.
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${OUT}/push-to-talk-${theme}-${width}.png` });
        await page.keyboard.up('Space');
        await expect(widget.locator('[part=status]'), 'released').toHaveText(EN_LABELS.pushToTalk);
      });

      test(`nudge, ${theme}`, async ({ page }) => {
        await stage(page, theme, { nudge: NUDGE, 'nudge-delay': '0', analytics: 'datalayer' }, false);
        const widget = page.locator('ringwise-voice-call');
        const nudge = widget.getByRole('status').filter({ hasText: NUDGE });
        await expect(nudge, 'the nudge').toBeVisible();
        await page.waitForTimeout(400);
        expect(await widgetAxe(page), `axe, ${theme}`).toEqual([]);
        await page.screenshot({ path: `${OUT}/nudge-${theme}-${width}.png` });
        // Every control at least 44 px each way (issue 36: Dismiss was 36 px).
        for (const button of await nudge.getByRole('button').all()) {
          const box = (await button.boundingBox())!;
          expect(
            [box.width, box.height].map((size) => size >= 44),
            `${await button.getAttribute('aria-label')} ${box.width}×${box.height}`,
          ).toEqual([true, true]);
        }
        await nudge.getByRole('button', { name: EN_LABELS.nudgeDismiss }).click();
        await expect(nudge, 'dismissed').toBeHidden();
        await page.reload();
        await page.waitForTimeout(500);
        await expect(widget.locator('[part=nudge]'), 'once per session').toHaveCount(0);
        // The analytics stream: the first open is not lost while its file loads.
        await widget.locator('[part=launcher]').click();
        await expect
          .poll(
            () =>
              page.evaluate(() =>
                (window as unknown as { dataLayer?: { event: string }[] }).dataLayer?.map((e) => e.event),
              ),
            'dataLayer',
          )
          .toContain('ringwise_open');
      });
    }
  });
}

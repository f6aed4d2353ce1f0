/**
 * Every state of the card (site/lib/card-states.ts), photographed on an ordinary host page in
 * light and dark, at 1280 and 390 px wide, with the BUILT loader and card; the engine files are
 * replaced by that state's scripted engines (route interception). The pictures are left in
 * `screenshots/widget/` (gitignored) for people to look at; axe checks each state in both themes.
 * Also: some states in German and French (`<html lang>`), and each floating position, closed (a
 * dismissible launcher) and open.
 * Run alone: `npx playwright test tests/e2e/widget-screenshots.spec.ts` (after `node scripts/e2e-build.ts`).
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CARD_STATES, type CardState } from '../../site/lib/card-states.ts';
import { bundleScriptedEngine } from '../fixtures/host-page/scripted-engine-bundle.ts';
import { startHostPage, type HostPage } from '../fixtures/host-page/server.ts';
import { chatWebHandler, type LoopbackServer } from '../../fixtures/loopback-server.ts';
import { EN_LABELS } from '../../widget/src/i18n/en.ts';
import type { VoiceLabels } from '../../widget/src/i18n/labels.ts';
import { labels as DE } from '../../widget/src/i18n/locales/de.ts';
import { labels as FR } from '../../widget/src/i18n/locales/fr.ts';
import {
  CHAT_URL,
  ENGINE_URL,
  LOADER_URL,
  offSizeButtons,
  preparePage,
  shotProvider,
  widgetAxe,
} from './widget-helpers.ts';

/** The languages photographed besides English, and their labels. */
const LANGUAGES: Record<string, VoiceLabels> = { de: DE, fr: FR };
/** The states photographed in each of them. */
const LANGUAGE_STATES = ['idle', 'open', 'chat-streaming', 'connecting', 'muted', 'error-mic', 'ended'];
const POSITIONS = ['bottom-right', 'bottom-left', 'bottom-center', 'top-right', 'top-left'];

const OUT = 'screenshots/widget';
const WIDTHS = [1280, 390] as const;
const THEMES = ['light', 'dark'] as const;

let provider: LoopbackServer;
const bundles = new Map<string, Promise<string>>();

/** The state's scripted engine file registering as `chunk`, bundled once per worker. */
function engineOf(id: string, chunk: 'engine' | 'chat'): Promise<string> {
  let bundle = bundles.get(`${id} ${chunk}`);
  if (!bundle) bundles.set(`${id} ${chunk}`, (bundle = bundleScriptedEngine(id, chunk)));
  return bundle;
}

test.beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  provider = await shotProvider();
  provider.route('POST', '/chat/web', chatWebHandler());
});

test.afterAll(async () => {
  await provider.close();
});

/**
 * Opens the host page with the widget in this state and does what a visitor does to reach it;
 * `lang` is the page's language, `extra` more attributes (a position…).
 */
async function stage(
  page: Page,
  state: CardState,
  theme: (typeof THEMES)[number],
  lang = 'en',
  extra: Record<string, string> = {},
): Promise<HostPage> {
  const labels = LANGUAGES[lang] ?? EN_LABELS;
  const log = await preparePage(page);
  for (const [url, chunk] of [
    [ENGINE_URL, 'engine'],
    [CHAT_URL, 'chat'],
  ] as const) {
    const engine = await engineOf(state.id, chunk);
    await page.route(`${url}*`, (route) =>
      state.engineFails && url === ENGINE_URL
        ? route.abort('connectionfailed')
        : route.fulfill({ body: engine, contentType: 'text/javascript; charset=utf-8' }),
    );
  }
  const data: Record<string, string> = {
    'public-key': 'pk-shot',
    'assistant-id': 'asst-shot',
    'api-base-url': provider.url,
    mode: state.mode,
    theme,
    title: 'Acme Assistant',
    ...state.attributes,
    ...extra,
  };
  if (!data['public-key']) delete data['public-key'];
  const host = await startHostPage({
    loaderUrl: LOADER_URL,
    data,
    connect: [provider.url],
    include: 'once',
    look: theme,
    lang,
  });
  await page.goto(host.url);
  const widget = page.locator('ringwise-voice-call');
  if (state.action !== 'none') {
    await widget.locator('[part=launcher]').click();
    if (typeof state.action === 'object') {
      await widget.getByRole('textbox', { name: labels.message }).fill(state.action.type);
      await page.keyboard.press('Enter');
    }
    await expect(widget.locator('[part=card]'), `${state.id}: card open`).toBeVisible();
  }
  // Let scripted replies stream and the entrance animation settle.
  if (state.id === 'ended') await expect(widget.locator('[part=call-again]'), 'ended: Call again').toBeVisible();
  else if (state.action === 'none') await expect(widget.locator('[part=launcher]'), 'the launcher').toBeVisible();
  else if (state.chat?.fail) await expect(widget.locator('[part=error]'), 'the error').toBeVisible();
  else if (state.chat) await expect(widget.locator('[part=turn]').nth(1), 'the reply').not.toHaveText('');
  await page.waitForTimeout(400);
  // A failing engine file is logged once by the widget, with its URL, and once with the owner's fix; nothing else is logged.
  const own = state.engineFails
    ? [
        `console: ringwise-voice-call: could not load ${ENGINE_URL}`,
        `console: ringwise-voice-call: ${ENGINE_URL} could not be downloaded (missing there, or the server is unreachable): check that the file opens at that address.`,
      ]
    : [];
  expect(
    log.errors.filter((e) => !e.includes('Failed to load resource')),
    `${state.id}: no page errors`,
  ).toEqual(own);
  return host;
}

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 800 : 844 } });
    for (const theme of THEMES) {
      for (const state of CARD_STATES) {
        test(`${state.id}, ${theme}`, async ({ page }) => {
          const host = await stage(page, state, theme);
          try {
            await page.screenshot({ path: `${OUT}/${state.id}-${theme}-${width}.png` });
            // axe once per state and theme (the phone layout's semantics are the same; widget-phone.spec.ts scans the sheet).
            if (width === 1280) expect(await widgetAxe(page), 'axe').toEqual([]);
            expect(await offSizeButtons(page), 'every button 44 ± 4 px').toEqual([]);
          } finally {
            await host.close();
          }
        });
      }
    }
  });
}

for (const width of WIDTHS) {
  test.describe(`${width} px, languages and positions`, () => {
    test.use({ viewport: { width, height: width > 600 ? 800 : 844 } });
    for (const theme of THEMES) {
      for (const [lang, labels] of Object.entries(LANGUAGES)) {
        for (const id of LANGUAGE_STATES) {
          test(`${lang}: ${id}, ${theme}`, async ({ page }) => {
            const state = CARD_STATES.find((candidate) => candidate.id === id)!;
            const host = await stage(page, state, theme, lang);
            try {
              await expect(page.locator('ringwise-voice-call [part=container]'), 'in that language').toHaveAttribute(
                'lang',
                lang,
              );
              const launcher = page.locator('ringwise-voice-call [part=launcher]');
              await expect(launcher, 'its labels').toHaveAttribute(
                'aria-label',
                id === 'idle' ? labels.openHybrid : labels.minimize,
              );
              await page.screenshot({ path: `${OUT}/${lang}-${id}-${theme}-${width}.png` });
              if (width === 1280) expect(await widgetAxe(page), 'axe').toEqual([]);
              expect(await offSizeButtons(page), 'every button 44 ± 4 px').toEqual([]);
            } finally {
              await host.close();
            }
          });
        }
      }
      for (const position of POSITIONS) {
        test(`${position}: closed (dismissible) and open, ${theme}`, async ({ page }) => {
          const idle = CARD_STATES.find((candidate) => candidate.id === 'idle')!;
          const host = await stage(page, idle, theme, 'en', { position, dismissible: '' });
          try {
            const widget = page.locator('ringwise-voice-call');
            await expect(widget.getByRole('button', { name: EN_LABELS.dismiss }), 'the hide control').toBeVisible();
            await page.screenshot({ path: `${OUT}/position-${position}-closed-${theme}-${width}.png` });
            expect(await offSizeButtons(page), 'every button 44 ± 4 px').toEqual([]);
            if (width === 1280) expect(await widgetAxe(page), 'axe: closed').toEqual([]);
            await widget.locator('[part=launcher]').click();
            await expect(widget.locator('[part=card]')).toBeVisible();
            await page.waitForTimeout(400);
            await page.screenshot({ path: `${OUT}/position-${position}-open-${theme}-${width}.png` });
          } finally {
            await host.close();
          }
        });
      }
    }
  });
}

/**
 * Languages with the BUILT files on a third-party host page: `<html lang="de">` gives German in
 * every state a visitor meets (idle, open, chat, connecting, active, speaking, muted, ended, an
 * error), with no English label left in any text, accessible name, placeholder or announcement;
 * the German file is the only extra request and comes only when used; `locale` and
 * `navigator.languages` choose too. The fake call engine drives the call states.
 */
import { expect, test, type Page } from '@playwright/test';
import { EN_LABELS } from '../../widget/src/i18n/en.ts';
import { labels as DE } from '../../widget/src/i18n/locales/de.ts';
import { labels as ES } from '../../widget/src/i18n/locales/es.ts';
import { labels as FR } from '../../widget/src/i18n/locales/fr.ts';
import { MODULE_FILES } from '../../widget/src/ports/manifest.ts';
import { fakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import { chatWebHandler } from '../../fixtures/loopback-server.ts';
import { dataFor, hostPages, type PageLog } from './widget-helpers.ts';

const hosts = hostPages({
  routes: (provider) => {
    provider.route('POST', '/chat/web', chatWebHandler({ reply: 'Hello! How can I help?' }));
    // Slow enough to see the connecting state; the call then goes on as usual.
    provider.route('POST', '/call/web', {
      status: 201,
      body: { id: 'call-de', webCallUrl: 'https://fake.daily.co/de' },
      delayMs: 1500,
    });
  },
  data: dataFor('pk-lang', 'asst-lang', { mode: 'hybrid' }),
  options: { include: 'once', look: 'light' },
});

const widget = (page: Page) => page.locator('ringwise-voice-call');
const card = (page: Page) => widget(page).locator('[part=card]');
const languageFiles = (log: PageLog) => log.requests.filter((url) => /voice-widget-(de|es|fr)\.js/.test(url));

/**
 * English labels still shown or announced inside the widget: every text node (not the
 * conversation's own words, which are the assistant's and the visitor's), every accessible name,
 * placeholder, title and value text, checked against every English label (texts with
 * placeholders as patterns; short labels must match whole strings, long ones anywhere).
 */
function englishLeft(page: Page): Promise<string[]> {
  const english = Object.entries(EN_LABELS).map(([key, text]) => ({ key, text }));
  return widget(page).evaluate((host, labels) => {
    const shadow = host.shadowRoot!;
    const strings: string[] = [];
    const walker = document.createTreeWalker(shadow, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      const turn = parent.closest('[part=turn]');
      // Inside a bubble only the speaker's name (the first child) is ours.
      if (turn && parent !== turn.firstElementChild) continue;
      const text = node.textContent!.trim();
      if (text && !parent.closest('[hidden]')) strings.push(text);
    }
    for (const el of shadow.querySelectorAll('*')) {
      if (el.closest('[hidden]')) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'aria-valuetext']) {
        const value = el.getAttribute(name)?.trim();
        if (value) strings.push(value);
      }
    }
    const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    return strings.flatMap((text) =>
      labels
        .filter(({ text: label }) => {
          if (/\{\w+\}/.test(label)) return new RegExp(`^${escape(label).replace(/\\?\{\w+\\?\}/g, '.*')}$`).test(text);
          return label.length >= 10 ? text.includes(label) : text === label;
        })
        .map(({ key }) => `${key}: "${text}"`),
    );
  }, english);
}

test('<html lang="de">: German in every state, nothing English left, one small file loaded once', async ({ page }) => {
  const log = await hosts.open(page, { lang: 'de' });
  const launcher = widget(page).getByRole('button', { name: DE.openHybrid });
  await expect(launcher, 'idle launcher').toBeVisible();
  await expect(widget(page).locator('[part=container]'), 'lang on the shadow content').toHaveAttribute('lang', 'de');
  expect(await englishLeft(page), 'idle').toEqual([]);
  expect(languageFiles(log), 'the German file, loaded for the launcher').toEqual([
    expect.stringContaining(MODULE_FILES.de),
  ]);

  await launcher.click();
  await expect(card(page)).toBeVisible();
  await expect(card(page).getByText(DE.emptyHybrid), 'open').toBeVisible();
  expect(await englishLeft(page), 'open').toEqual([]);

  await card(page).getByRole('textbox', { name: DE.message }).fill('Hallo');
  await card(page).getByRole('button', { name: DE.send }).click();
  await expect(card(page).locator('[part=turn]').nth(1), 'the reply').toContainText('Hello! How can I help?');
  expect(await englishLeft(page), 'chat').toEqual([]);

  await card(page).getByRole('button', { name: DE.startCall }).click();
  await expect(card(page).locator('[part=status]'), 'connecting').toContainText(DE.connecting);
  expect(await englishLeft(page), 'connecting').toEqual([]);
  await expect(widget(page).getByRole('status'), 'active').toHaveText(DE.listening);
  expect(await englishLeft(page), 'active').toEqual([]);

  await fakeDaily(page, { command: 'assistant-audio' });
  await fakeDaily(page, { command: 'levels', level: 0.06 });
  await expect(card(page).locator('[part=status]'), 'speaking').toHaveText(DE.speaking);
  expect(await englishLeft(page), 'speaking').toEqual([]);

  await card(page).getByRole('button', { name: DE.mute }).click();
  await expect(widget(page).getByRole('status'), 'muted').toHaveText(DE.muted);
  expect(await englishLeft(page), 'muted').toEqual([]);

  // The one collapse control at this width: the open launcher.
  await widget(page).getByRole('button', { name: DE.minimize }).click();
  await expect(widget(page).getByRole('button', { name: DE.returnToCall }), 'minimized during the call').toBeVisible();
  expect(await englishLeft(page), 'minimized').toEqual([]);
  await widget(page).getByRole('button', { name: DE.returnToCall }).click();

  await card(page).getByRole('button', { name: DE.stop, exact: true }).click();
  await expect(widget(page).getByRole('status'), 'ended').toHaveText(/^Gespräch beendet · \d+:\d\d$/);
  expect(await englishLeft(page), 'ended').toEqual([]);
  expect(languageFiles(log), 'still one language file').toHaveLength(1);
  expect(log.errors).toEqual([]);
});

test('<html lang="de">: the microphone error and its fix in German', async ({ page }) => {
  await hosts.open(page, { lang: 'de', microphone: 'denied', data: { mode: 'voice' } });
  await widget(page).getByRole('button', { name: DE.start }).click();
  await expect(card(page).getByRole('heading', { name: DE.titleMic }), 'error title').toBeVisible();
  await expect(card(page).getByText(DE.fixMicDenied), 'its fix').toBeVisible();
  expect(await englishLeft(page), 'error').toEqual([]);
});

test('the check itself sees English: an English page has its labels reported', async ({ page }) => {
  await hosts.open(page);
  await expect(widget(page).getByRole('button', { name: EN_LABELS.openHybrid })).toBeVisible();
  expect(await englishLeft(page)).toEqual([
    `openHybrid: "${EN_LABELS.openHybrid}"`,
    `openHybrid: "${EN_LABELS.openHybrid}"`,
  ]);
});

test('English pages load no language file; locale and the browser’s languages choose too', async ({
  page,
  browser,
}) => {
  const log = await hosts.open(page);
  await expect(widget(page).getByRole('button', { name: EN_LABELS.openHybrid })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(languageFiles(log), 'English: no file').toEqual([]);

  const french = await hosts.open(page, { data: { locale: 'fr' } });
  await expect(
    widget(page).getByRole('button', { name: FR.openHybrid }),
    'locale="fr" over <html lang="en">',
  ).toBeVisible();
  expect(languageFiles(french)).toEqual([expect.stringContaining(MODULE_FILES.fr)]);

  const context = await browser.newContext({ locale: 'es-ES' });
  const spanish = await context.newPage();
  await hosts.open(spanish, { lang: '' });
  await expect(
    widget(spanish).getByRole('button', { name: ES.openHybrid }),
    'no lang: the browser’s language',
  ).toBeVisible();
  await context.close();
});

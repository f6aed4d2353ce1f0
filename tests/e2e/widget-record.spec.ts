/**
 * The transcript the visitor owns (issue 38) in Chromium, on the site's landing page with the fake
 * Daily: the header's "⋯" menu copies to the real clipboard and downloads .txt and .md; after the
 * call the ended block has the same actions; `debug-latency` shows the owners' line. Screenshots
 * (light and dark, 1280 and 390 px, left-to-right and dir=rtl) go to RECORD_SHOTS when it is set.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { chatWebHandler } from '../../fixtures/loopback-server.ts';
import { fakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import { EN_LABELS } from '../../widget/src/i18n/en.ts';
import { waitForIsland } from './site-helpers.ts';
import { preparePage, siteProvider } from './widget-helpers.ts';

const site = siteProvider();
const SHOTS = process.env.RECORD_SHOTS;

test.beforeEach(() => {
  site.server.reset();
  site.server.route('POST', '/call/web', {
    status: 201,
    body: { id: 'record-1', webCallUrl: 'https://fake.daily.co/record' },
  });
  site.server.route('POST', '/chat/web', chatWebHandler({ reply: 'Hi', sessionId: 'sess-record' }));
});

const widget = (page: Page) => page.locator('#ringwise-site-widget');

/** A call from the hero with three turns, the card open; `debug`: the owner's latency line on. */
async function inCall(page: Page, size: { width: number; height: number }, look: Look = {}) {
  await preparePage(page);
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: look.dark ? 'dark' : 'light' });
  await page.goto('/');
  await waitForIsland(page, 'HeroCall');
  await page.evaluate(({ dark, rtl, debug }) => {
    const el = document.querySelector('#ringwise-site-widget')!;
    if (dark) el.setAttribute('theme', 'dark');
    if (rtl) {
      // An Arabic page and owner (as widget-rtl.spec.ts): the card takes the direction of its texts.
      document.documentElement.dir = 'rtl';
      const global = window as unknown as { RingwiseVoice?: { registerLocale(locale: string, labels: object): void } };
      global.RingwiseVoice?.registerLocale('ar', { assistantName: 'المساعد', you: 'أنت', listening: 'أستمع…' });
      el.setAttribute('title', 'مساعد أكمي');
      el.setAttribute('locale', 'ar');
    }
    if (debug) el.setAttribute('debug-latency', '');
  }, look);
  await page.locator('#hero').getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(widget(page).locator('[part=status]'), 'up').toHaveText(look.rtl ? 'أستمع…' : EN_LABELS.listening, {
    timeout: 20_000,
  });
  const say = (role: 'user' | 'assistant', transcript: string) =>
    fakeDaily(page, { command: 'message', message: { type: 'transcript', role, transcriptType: 'final', transcript } });
  await say('assistant', 'Hello! I can book an appointment or answer questions about our plans.');
  await say('user', 'What does the **Pro** plan include? <b>#1</b>');
  await say('assistant', 'It answers every call day and night and books appointments into your calendar.');
  await expect(widget(page).locator('[part=turn]')).toHaveCount(3);
  if (!(await widget(page).locator('[part=card]').isVisible())) await widget(page).locator('[part=launcher]').click();
}

interface Look {
  dark?: boolean;
  rtl?: boolean;
  debug?: boolean;
}

test('the ⋯ menu copies the heard transcript to the clipboard (announced) and downloads .txt and .md', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await inCall(page, { width: 1280, height: 800 });
  const menuButton = widget(page).getByRole('button', { name: EN_LABELS.recordMenu });
  await menuButton.click();
  const menu = widget(page).getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    EN_LABELS.copyTranscript,
    EN_LABELS.downloadText,
    EN_LABELS.downloadMarkdown,
    EN_LABELS.forget,
  ]);
  await menu.getByRole('menuitem', { name: EN_LABELS.copyTranscript }).click();
  await expect(widget(page).getByRole('status').filter({ hasText: EN_LABELS.copied })).toBeVisible();
  await expect(menuButton, 'focus back on the button').toBeFocused();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^Conversation with .+\n\n\[[^\]]+\] .+: Hello! I can book/);
  expect(copied).toContain('You: What does the **Pro** plan include? <b>#1</b>');

  await menuButton.click();
  const [md] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('menuitem', { name: EN_LABELS.downloadMarkdown }).click(),
  ]);
  expect(md.suggestedFilename()).toMatch(/^conversation-.*\d{4}-\d\d-\d\d-\d{4}\.md$/);
  const text = readFileSync((await md.path())!, 'utf8');
  expect(text).toContain('What does the \\*\\*Pro\\*\\* plan include\\? \\<b\\>\\#1\\<\\/b\\>');
});

test('after the call the menu offers the downloads; the .txt holds the turns; the ended block stays one block', async ({
  page,
}) => {
  await inCall(page, { width: 390, height: 844 });
  await widget(page).getByRole('button', { name: EN_LABELS.stop, exact: true }).click();
  const ended = widget(page).locator('[part=ended]');
  await expect(ended.getByRole('button', { name: EN_LABELS.callAgain })).toBeVisible();
  await expect(ended.getByRole('button', { name: EN_LABELS.copyTranscript }), 'no second stack').toHaveCount(0);
  await widget(page).getByRole('button', { name: EN_LABELS.recordMenu }).click();
  const [txt] = await Promise.all([
    page.waitForEvent('download'),
    widget(page).getByRole('menuitem', { name: EN_LABELS.downloadText }).click(),
  ]);
  const text = readFileSync((await txt.path())!, 'utf8');
  expect(text.split('\n').filter((line) => /^\[[^\]]+\] /.test(line))).toHaveLength(3);
});

for (const dark of [false, true]) {
  for (const width of [1280, 390]) {
    for (const rtl of [false, true]) {
      const name = `${width}-${dark ? 'dark' : 'light'}-${rtl ? 'rtl' : 'ltr'}`;
      test(`screenshots ${name}: the menu open, the debug line, the ended block's actions`, async ({
        page,
        context,
      }) => {
        test.skip(!SHOTS, 'RECORD_SHOTS names the folder for the pictures');
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        mkdirSync(SHOTS!, { recursive: true });
        await inCall(page, { width, height: width > 600 ? 800 : 844 }, { dark, rtl, debug: true });
        await expect(widget(page).locator('[part=latency-readout]')).toBeVisible();
        await widget(page).getByRole('button', { name: EN_LABELS.recordMenu }).click();
        await expect(widget(page).getByRole('menu')).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/${name}-1-menu.png` });
        await page.keyboard.press('Escape');
        await widget(page).getByRole('button', { name: EN_LABELS.stop, exact: true }).click();
        await widget(page).getByRole('button', { name: EN_LABELS.recordMenu }).click();
        await widget(page).getByRole('menuitem', { name: EN_LABELS.copyTranscript }).click();
        await expect(widget(page).getByRole('status').filter({ hasText: EN_LABELS.copied })).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/${name}-2-ended.png` });
      });
    }
  }
}

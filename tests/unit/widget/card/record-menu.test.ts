// @vitest-environment happy-dom
/**
 * Forget (issue 38): the card header's "⋯" menu button (card/record-part.ts; the menu and its
 * confirmation in the lazy record file, card/record/), `element.forget()`, and what they clear.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { AUDIO_STORAGE_KEY } from '../../../../widget/src/conversation/audio-settings.ts';
import { NUDGE_KEY } from '../../../../widget/src/conversation/forget.ts';
import { NUDGE_SHOWN_KEY } from '../../../../widget/src/nudge/nudge.ts';
import { EN_CARD_LABELS } from '../../../../widget/src/i18n/en.ts';
import { EN_RECORD_LABELS } from '../../../../widget/src/i18n/record-labels.ts';
import { labels as DE } from '../../../../widget/src/i18n/locales/de.ts';
import type { VoiceCallElement } from '../../../../widget/src/element/element-types.ts';
import { getByRole, queryByRole } from '../element/dom-helpers.ts';
import { bubbles, flush, mount, open, type } from '../element/harness.ts';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const CHAT = { 'public-key': 'pk', 'assistant-id': 'asst-1', mode: 'chat' };
const EN = { ...EN_RECORD_LABELS, cancel: EN_CARD_LABELS.cancel };

/** What the widget keeps on this device, as a visitor who used it has it. */
function kept() {
  localStorage.setItem('acme-consent-v1', '2026-01-01T00:00:00.000Z');
  localStorage.setItem(AUDIO_STORAGE_KEY, '{"microphone":"m1"}');
  sessionStorage.setItem(NUDGE_SHOWN_KEY, '1');
  localStorage.setItem('page-own-key', 'kept'); // the page's own: never touched
}

const menuButton = (shadow: ShadowRoot) => getByRole(shadow, 'button', EN_CARD_LABELS.recordMenu);

test('the ⋯ button is a menu button: the menu opens on its first item, arrows stay in it, Escape closes it back to the button', async () => {
  const mounted = await mount(CHAT);
  await open(mounted);
  const { shadow } = mounted;
  const button = menuButton(shadow);
  expect(button.getAttribute('aria-haspopup')).toBe('menu');
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(queryByRole(shadow, 'menu'), 'no menu before the first press').toBeNull();
  button.click();
  await vi.waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
  const menu = getByRole(shadow, 'menu', EN_CARD_LABELS.recordMenu);
  const item = getByRole(menu, 'menuitem', EN.forget);
  expect(shadow.activeElement, 'focus on the first item').toBe(item);
  item.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
  expect(shadow.activeElement, 'one item: the arrow wraps to it').toBe(item);
  item.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
  expect(menu.hidden, 'closed').toBe(true);
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(shadow.activeElement, 'focus back on the button').toBe(button);
  expect(mounted.launcher().getAttribute('aria-expanded'), 'Escape closed the menu, not the card').toBe('true');
});

test('Forget asks first (Cancel keeps everything), then clears the conversation and what was kept; the page’s own storage stays', async () => {
  kept();
  const mounted = await mount({ ...CHAT, 'consent-required': '', 'consent-storage-key': 'acme-consent-v1' });
  await open(mounted);
  const { shadow } = mounted;
  type(shadow, 'Do you fix boilers?');
  await flush();
  expect(bubbles(shadow)[0]).toBe('user: Do you fix boilers?');
  const confirm = async () => {
    menuButton(shadow).click();
    await vi.waitFor(() => expect(queryByRole(shadow, 'menu')).not.toBeNull());
    getByRole(shadow, 'menuitem', EN.forget).click();
    const dialog = getByRole(shadow, 'alertdialog', EN.forgetTitle);
    expect(dialog.getAttribute('aria-describedby')).toBe('rcd');
    expect(shadow.activeElement, 'the safe answer has focus').toBe(getByRole(dialog, 'button', EN.cancel));
    return dialog;
  };
  let dialog = await confirm();
  getByRole(dialog, 'button', EN.cancel).click();
  expect(queryByRole(shadow, 'alertdialog'), 'gone').toBeNull();
  expect(bubbles(shadow), 'Cancel: the conversation stays').toHaveLength(2);
  expect(localStorage.getItem('acme-consent-v1'), 'and the consent').not.toBeNull();
  dialog = await confirm();
  getByRole(dialog, 'button', EN.forgetConfirm).click();
  await flush();
  expect(bubbles(shadow), 'the conversation is gone').toEqual([]);
  expect(localStorage.getItem('acme-consent-v1'), 'the consent').toBeNull();
  expect(localStorage.getItem(AUDIO_STORAGE_KEY), 'the device choices').toBeNull();
  expect(sessionStorage.getItem(NUDGE_SHOWN_KEY), 'the nudge’s state').toBeNull();
  expect(localStorage.getItem('page-own-key'), 'not the page’s own').toBe('kept');
  expect(shadow.activeElement, 'focus back on the menu button').toBe(menuButton(shadow));
  type(shadow, 'Hello again');
  await flush();
  expect(getByRole(shadow, 'dialog', EN_CARD_LABELS.consentTitle), 'consent is asked again').toBeTruthy();
});

test('element.forget() ends a running call and clears without asking, the card file loaded when needed', async () => {
  kept();
  const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'a' });
  await open(mounted);
  const client = mounted.modules.voice.client();
  client.update({ state: 'active' });
  await (mounted.el as VoiceCallElement).forget();
  await flush();
  expect(client.stops, 'the call ended').toBeGreaterThan(0);
  expect(localStorage.getItem(AUDIO_STORAGE_KEY)).toBeNull();
  expect(sessionStorage.getItem(NUDGE_SHOWN_KEY)).toBeNull();
  expect(queryByRole(mounted.shadow, 'alertdialog'), 'no question asked').toBeNull();
});

test('the menu speaks the element’s language; the nudge key is the nudge’s', async () => {
  expect(NUDGE_KEY).toBe(NUDGE_SHOWN_KEY);
  const mounted = await mount({ ...CHAT, locale: 'de' });
  await open(mounted);
  await vi.waitFor(() =>
    expect(mounted.shadow.querySelector('[part=menu-button]')?.getAttribute('aria-label')).toBe('Gesprächsoptionen'),
  );
  (mounted.shadow.querySelector('[part=menu-button]') as HTMLElement).click();
  await vi.waitFor(() => expect(getByRole(mounted.shadow, 'menuitem', DE.forget)).toBeTruthy());
});

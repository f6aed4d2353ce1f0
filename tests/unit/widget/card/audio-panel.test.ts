// @vitest-environment happy-dom
/**
 * The card's audio part inside the real element, over the fake voice engine: the settings control
 * and its panel (microphone, speaker where the browser routes output, the assistant's volume), an
 * unplugged microphone, push-to-talk, and the launcher's unread badge.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { AUDIO_STORAGE_KEY } from '../../../../widget/src/conversation/audio-settings.ts';
import { getByRole, isHidden, nameOf, queryByRole } from '../element/dom-helpers.ts';
import { chip, flush, mount, open } from '../element/harness.ts';

type Device = { deviceId: string; kind: string; label: string };
const mic = (id: string): Device => ({ deviceId: id, kind: 'audioinput', label: `Mic ${id}` });

/** `navigator.mediaDevices` with a list the test changes, firing devicechange. */
function fakeDevices(list: Device[]) {
  const listeners = new Set<() => void>();
  const devices = {
    list,
    enumerateDevices: async () => devices.list.map((d) => ({ ...d })),
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    plug(next: Device[]) {
      devices.list = next;
      for (const fn of [...listeners]) fn();
    },
    listeners,
  };
  Object.defineProperty(navigator, 'mediaDevices', { value: devices, configurable: true });
  return devices;
}

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(HTMLMediaElement.prototype, 'setSinkId');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A voice card with a live call. */
async function liveCall(attributes: Record<string, string> = {}) {
  const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'asst-1', ...attributes });
  await open(mounted);
  const client = mounted.modules.voice.client();
  client.update({ state: 'active', stage: null });
  await flush();
  return { ...mounted, client };
}

const settingsButton = (shadow: ShadowRoot) => getByRole(shadow, 'button', EN_LABELS.audioSettings);

/** Opens the audio panel and picks `value` in the named device picker, as a person would. */
async function choose(shadow: ShadowRoot, label: string, value: string) {
  settingsButton(shadow).click();
  await flush();
  const picker = getByRole(shadow, 'combobox', label) as HTMLSelectElement;
  picker.value = value;
  picker.dispatchEvent(new Event('change'));
  await flush();
}

describe('audio settings in a call', () => {
  test('one settings control in the footer, only during a call; it opens a labelled panel', async () => {
    fakeDevices([mic('default'), mic('usb')]);
    const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'asst-1' });
    await open(mounted);
    expect(queryByRole(mounted.shadow, 'button', EN_LABELS.audioSettings), 'not before the call').toBeNull();
    const client = mounted.modules.voice.client();
    client.update({ state: 'active', stage: null });
    await flush();
    const button = settingsButton(mounted.shadow);
    expect(button.getAttribute('aria-expanded'), 'closed').toBe('false');
    button.click();
    await flush();
    expect(button.getAttribute('aria-expanded'), 'open').toBe('true');
    const panel = getByRole(mounted.shadow, 'group', EN_LABELS.audioSettings);
    const picker = getByRole(panel, 'combobox', EN_LABELS.microphone);
    expect(
      [...picker.querySelectorAll('option')].map((o) => o.textContent),
      'the microphones',
    ).toEqual(['Mic default', 'Mic usb']);
    expect(getByRole(panel, 'slider', EN_LABELS.assistantVolume).getAttribute('aria-valuetext'), 'volume').toBe(
      '100 %',
    );
    expect(
      queryByRole(panel, 'combobox', EN_LABELS.speaker),
      'no speaker picker where the browser cannot route output',
    ).toBeNull();
    client.update({ state: 'idle' });
    await flush();
    expect(queryByRole(mounted.shadow, 'group', EN_LABELS.audioSettings), 'gone after the call').toBeNull();
  });

  test('choosing a microphone switches the call’s at once and remembers it; the volume reaches the client', async () => {
    fakeDevices([mic('default'), mic('usb')]);
    const { shadow, client } = await liveCall();
    client.update({ muted: true });
    await choose(shadow, EN_LABELS.microphone, 'usb');
    expect(client.inputDevices, 'the call switched').toEqual(['usb']);
    expect(client.snapshot.muted, 'still muted').toBe(true);
    expect(JSON.parse(localStorage.getItem(AUDIO_STORAGE_KEY)!), 'remembered by id').toEqual({ input: 'usb' });
    const slider = getByRole(shadow, 'slider', EN_LABELS.assistantVolume) as HTMLInputElement;
    slider.value = '35';
    slider.dispatchEvent(new Event('input'));
    expect(client.volumes, 'the assistant’s volume').toEqual([0.35]);
  });

  test('a speaker picker where the browser routes output (setSinkId)', async () => {
    Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', { value: async () => {}, configurable: true });
    fakeDevices([mic('default'), { deviceId: 'hdmi', kind: 'audiooutput', label: 'HDMI' }]);
    const { shadow, client } = await liveCall();
    await choose(shadow, EN_LABELS.speaker, 'hdmi');
    expect(client.outputDevices, 'routed').toEqual(['hdmi']);
  });

  test('unplugging the active microphone opens the panel with a sentence and the picker', async () => {
    const devices = fakeDevices([mic('default'), mic('usb')]);
    const { shadow, client } = await liveCall();
    client.microphone = 'usb';
    devices.plug([mic('default'), mic('usb')]);
    await flush();
    expect(queryByRole(shadow, 'group', EN_LABELS.audioSettings), 'closed while all is well').toBeNull();
    devices.plug([mic('default')]);
    await flush();
    await flush();
    const panel = getByRole(shadow, 'group', EN_LABELS.audioSettings);
    expect(getByRole(panel, 'alert').textContent, 'the sentence').toBe(EN_LABELS.micLost);
    expect(getByRole(panel, 'combobox', EN_LABELS.microphone), 'the picker').toBeTruthy();
    expect(client.inputDevices, 'the call moved to the default').toEqual(['default']);
    expect(client.snapshot.state, 'the call goes on').toBe('active');
  });

  test('Escape closes the panel (not the card) and gives focus back to the control', async () => {
    fakeDevices([mic('default')]);
    const { shadow, el } = await liveCall();
    const button = settingsButton(shadow);
    button.click();
    await flush();
    const picker = getByRole(shadow, 'combobox', EN_LABELS.microphone);
    picker.focus();
    picker.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    expect(queryByRole(shadow, 'group', EN_LABELS.audioSettings), 'panel closed').toBeNull();
    expect(shadow.activeElement, 'focus on the control').toBe(button);
    expect(isHidden(getByRole(shadow, 'dialog')), 'the card stays open').toBe(false);
    expect(el.view.phase, 'the call goes on').toBe('active');
  });

  test('hybrid, More closed: Escape on a panel the lost microphone opened focuses More, not a hidden control', async () => {
    const devices = fakeDevices([mic('default'), mic('usb')]);
    const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'asst-1', mode: 'hybrid' });
    await open(mounted);
    void mounted.el.start();
    await flush();
    const client = mounted.modules.voice.client();
    client.update({ state: 'active', stage: null });
    await flush();
    client.microphone = 'usb';
    devices.plug([mic('default'), mic('usb')]);
    await flush();
    devices.plug([mic('default')]);
    await flush();
    await flush();
    const more = getByRole(mounted.shadow, 'button', EN_LABELS.more);
    expect(more.getAttribute('aria-expanded'), 'More is closed').toBe('false');
    const panel = getByRole(mounted.shadow, 'group', EN_LABELS.audioSettings);
    const picker = getByRole(panel, 'combobox', EN_LABELS.microphone);
    picker.focus();
    picker.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    expect(queryByRole(mounted.shadow, 'group', EN_LABELS.audioSettings), 'panel closed').toBeNull();
    const control = mounted.shadow.querySelector<HTMLElement>('[part=audio-settings-button]')!;
    expect(isHidden(control), 'its control is behind More').toBe(true);
    expect(mounted.shadow.activeElement, 'focus on More, which shows').toBe(more);
    expect(mounted.el.view.phase, 'the call goes on').toBe('active');
  });
});

describe('push-to-talk', () => {
  test('the microphone is off from the call object on, open only while the talk button is held; the chip says which', async () => {
    fakeDevices([mic('default')]);
    const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'asst-1', input: 'push-to-talk' });
    await open(mounted);
    const client = mounted.modules.voice.client();
    client.emit('call-start-progress', { stage: 'daily-call-object-creation', status: 'completed', timestamp: 0 });
    expect(client.snapshot.muted, 'off before the join').toBe(true);
    client.update({ state: 'active', stage: null });
    await flush();
    const { shadow } = mounted;
    expect(queryByRole(shadow, 'button', EN_LABELS.unmute), 'no mute toggle').toBeNull();
    const talk = getByRole(shadow, 'button', EN_LABELS.holdToTalk);
    expect(chip(shadow), 'not heard').toBe(EN_LABELS.pushToTalk);
    talk.dispatchEvent(new PointerEvent('pointerdown', { button: 0, pointerId: 1 }));
    await flush();
    expect(client.snapshot.muted, 'held: open').toBe(false);
    expect(talk.getAttribute('aria-pressed'), 'pressed').toBe('true');
    expect(chip(shadow), 'heard').toBe(EN_LABELS.talking);
    talk.dispatchEvent(new PointerEvent('pointerup', { button: 0, pointerId: 1 }));
    await flush();
    expect(client.snapshot.muted, 'released: closed').toBe(true);
    expect(chip(shadow), 'not heard again').toBe(EN_LABELS.pushToTalk);
  });

  test('without the option: the open microphone and Mute, as before', async () => {
    const { shadow, client } = await liveCall();
    expect(queryByRole(shadow, 'button', EN_LABELS.holdToTalk), 'no talk button').toBeNull();
    expect(getByRole(shadow, 'button', EN_LABELS.mute), 'mute').toBeTruthy();
    expect(client.snapshot.muted, 'open').toBe(false);
  });
});

describe('unread badge', () => {
  test('counts the answers that arrive while the card is closed and clears when it opens', async () => {
    const { shadow, client, launcher, modules } = await liveCall();
    // The open launcher is the card's round toggle: a click minimizes the card.
    launcher().click();
    await flush();
    const answer = (transcript: string) =>
      client.emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript });
    // The badge is its own file (voice-widget-unread.js): not asked for until something is unread.
    expect(modules.loads, 'no unread file before an unread answer').not.toContain('unread');
    answer('Hello!');
    client.emit('message', { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'hi' });
    answer('How can I help?');
    // Both answers count, also the one that came while the file was loading.
    const badge = await vi.waitFor(() => {
      const found = shadow.querySelector<HTMLElement>('[part~=unread]');
      if (!found) throw new Error('the badge is not drawn yet');
      return found;
    });
    expect(
      modules.loads.filter((name) => name === 'unread'),
      'the unread file, once',
    ).toEqual(['unread']);
    expect(badge.hidden, 'shown').toBe(false);
    expect(badge.textContent, 'two answers').toBe('2');
    const describedBy = launcher().getAttribute('aria-describedby')!;
    expect(shadow.getElementById(describedBy)?.textContent, 'said in words').toBe('2 new answers');
    client.emit('message', { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'more' });
    launcher().click();
    await flush();
    launcher().click();
    await flush();
    answer('One more thing.');
    await flush();
    expect(shadow.getElementById(describedBy)?.textContent, 'one: singular (Intl.PluralRules)').toBe('1 new answer');
    launcher().click();
    await flush();
    expect(badge.hidden, 'cleared on open').toBe(true);
    expect(nameOf(launcher()), 'the launcher keeps its name').toBe(EN_LABELS.minimize);
  });
});

// @vitest-environment happy-dom
import { describe, expect, test, vi } from 'vitest';
import type { RingwiseGlobal } from '../../../../widget/src/embed.ts';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { getByRole } from './dom-helpers.ts';

function addScript(attributes: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  // Not executable here (happy-dom must not fetch it); the loader only reads its src and data-*.
  script.type = 'text/x-loader-under-test';
  script.src = 'https://cdn.example/w/voice-widget.js';
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.append(script);
  return script;
}

async function runLoader(): Promise<void> {
  vi.resetModules();
  await import('../../../../widget/src/embed.ts');
}

describe('script-tag loader (embed.ts)', () => {
  test('mounts one launcher from data-* attributes, twice included, with one global', async () => {
    const keysBefore = new Set(Object.keys(window));
    addScript({
      'data-public-key': 'pk-1',
      'data-assistant-id': 'asst-1',
      'data-position': 'bottom-left',
      'data-label-open-hybrid': 'Chat or call',
      'data-transcript': '',
      'data-variable-name': 'Ada',
      'data-assistant-overrides': '{"firstMessage":"Hi"}',
      'data-bundle-path-override': 'https://cdn.example.com/daily/',
      'data-unrelated': 'x',
    });
    await runLoader();
    await runLoader();
    const launchers = document.querySelectorAll('ringwise-voice-call');
    expect(launchers.length, 'exactly one launcher').toBe(1);
    const launcher = launchers[0]!;
    expect(
      Object.fromEntries(launcher.getAttributeNames().map((name) => [name, launcher.getAttribute(name)])),
      // Every data-* passes (no list of names in the loader); one the element does not know is inert.
      'data-* mapped to element attributes, variable-* and the overrides included',
    ).toEqual({
      'data-ringwise-launcher': '',
      mode: 'hybrid',
      // On for the script tag: the conversation is kept for the tab (issue 22).
      persist: '',
      position: 'bottom-left',
      'public-key': 'pk-1',
      'assistant-id': 'asst-1',
      'label-open-hybrid': 'Chat or call',
      transcript: '',
      'variable-name': 'Ada',
      'assistant-overrides': '{"firstMessage":"Hi"}',
      'bundle-path-override': 'https://cdn.example.com/daily/',
      unrelated: 'x',
    });
    expect(
      getByRole(launcher.shadowRoot!, 'button', 'Chat or call'),
      'upgraded and painted, hybrid by default',
    ).toBeTruthy();
    const added = Object.keys(window).filter((key) => !keysBefore.has(key));
    expect(added, 'one global name').toEqual(['RingwiseVoice']);
    const api = (window as unknown as { RingwiseVoice: RingwiseGlobal }).RingwiseVoice;
    expect(api.mount({ 'public-key': 'other' }), 'mount() returns the existing launcher').toBe(launcher);
    expect(typeof api.version, 'version exposed').toBe('string');
  });

  test('a late mount (after removal) via the global works and data-mount="false" only defines', async () => {
    document.querySelectorAll('ringwise-voice-call').forEach((el) => el.remove());
    document.head.replaceChildren();
    addScript({ 'data-mount': 'false', 'data-public-key': 'pk' });
    await runLoader();
    expect(document.querySelectorAll('ringwise-voice-call').length, 'nothing mounted').toBe(0);
    const api = (window as unknown as { RingwiseVoice: RingwiseGlobal }).RingwiseVoice;
    const launcher = api.mount({ 'public-key': 'pk-9', 'assistant-id': 'a', mode: 'voice' });
    expect(launcher.getAttribute('position'), 'floating by default').toBe('bottom-right');
    expect(getByRole(launcher.shadowRoot!, 'button', EN_LABELS.start), 'painted, in the mode asked for').toBeTruthy();
  });
});

// @vitest-environment happy-dom
/**
 * The script-tag loader trusts only its own script tag (issue 23, item 5): markup it did not
 * create, e.g. `<ringwise-voice-call data-ringwise-launcher api-base-url=ATTACKER>` planted before
 * the script tag by HTML injection, is never taken for its launcher and stays empty and inert.
 */
import { expect, test, vi } from 'vitest';
import type { RingwiseGlobal } from '../../../../widget/src/embed.ts';

test('a planted launcher is not adopted: the loader mounts its own from its script tag, the planted one stays empty', async () => {
  const warnings: string[] = [];
  vi.spyOn(console, 'warn').mockImplementation((line: string) => void warnings.push(line));
  document.body.innerHTML =
    '<ringwise-voice-call data-ringwise-launcher api-base-url="https://attacker.example" public-key="pk-attacker" mode="chat"></ringwise-voice-call>';
  const planted = document.body.firstElementChild!;
  const script = document.createElement('script');
  script.type = 'text/x-loader-under-test';
  script.src = 'https://cdn.example/w/voice-widget.js';
  script.setAttribute('data-public-key', 'pk-real');
  document.head.append(script);
  await import('../../../../widget/src/embed.ts');
  const all = [...document.querySelectorAll('ringwise-voice-call')];
  expect(all.length, "the planted element and the loader's own").toBe(2);
  const own = all.find((el) => el !== planted)!;
  expect(
    [own.getAttribute('public-key'), own.getAttribute('api-base-url')],
    'configured by the script tag only',
  ).toEqual(['pk-real', null]);
  expect(own.shadowRoot?.querySelector('button'), "the loader's launcher is painted").toBeTruthy();
  expect(planted.shadowRoot?.childElementCount, 'the planted one is empty').toBe(0);
  expect(
    warnings.filter((line) => line.includes('did not create')),
    'said once',
  ).toHaveLength(1);
  const api = (window as unknown as { RingwiseVoice: RingwiseGlobal }).RingwiseVoice;
  expect(api.mount({ 'public-key': 'x' }), "mount() returns the loader's own launcher").toBe(own);
  const fromApi = document.createElement('ringwise-voice-call');
  document.body.append(fromApi);
  expect(fromApi.shadowRoot?.childElementCount, 'an element the page made without the API stays inert too').toBe(0);
});

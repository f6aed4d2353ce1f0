// @vitest-environment happy-dom
/**
 * `room-hosts` reaches the engine (issue 34): the voice client a card makes is given the hosts a
 * fresh answer's room may be on, read as a kept call's are (`parseRoomHosts`), Daily's without the
 * attribute; a changed attribute replaces the idle client. The refusal itself is the core's
 * (tests/unit/widget/core/voice-client-answers.test.ts) and the browser's (widget-room-hosts.spec.ts).
 */
import { afterEach, expect, test, vi } from 'vitest';
import { flush, mount, open } from './harness.ts';

afterEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('without room-hosts the voice client pins Daily’s domains', async () => {
  const mounted = await mount();
  await open(mounted);
  expect(mounted.modules.voice.client().options.roomHosts).toEqual(['daily.co']);
});

test('room-hosts: the owner’s hosts, `*.` and commas allowed; a change makes the next client with the new hosts', async () => {
  const mounted = await mount({
    'public-key': 'pk-1',
    'assistant-id': 'asst-1',
    'room-hosts': 'rooms.owner.example, *.calls.example',
  });
  await open(mounted);
  const first = mounted.modules.voice.client();
  expect(first.options.roomHosts).toEqual(['rooms.owner.example', 'calls.example']);
  first.stop();
  mounted.el.setAttribute('room-hosts', 'other.example');
  mounted.launcher().click(); // collapse
  await flush();
  await open(mounted);
  expect(mounted.modules.voice.client().options.roomHosts, 'read again at the next start').toEqual(['other.example']);
});

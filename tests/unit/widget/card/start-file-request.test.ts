// @vitest-environment happy-dom
/**
 * The request of a call started in the card without the click's early one (a hybrid card's call button, Call
 * again) is sent by the click's start file (`voice-widget-start.js`, its `startNow`), not by a copy in the card file
 * (issue 35, the card's bytes): voice asks for that file on intent (element/card-loading.ts), a hybrid card when
 * it opens (card/submit.ts `warm`; not on every page view), and chat never loads it.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { getByRole } from '../element/dom-helpers.ts';
import { flush, mount, open } from '../element/harness.ts';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const HYBRID = { 'public-key': 'pk', 'assistant-id': 'asst-1', mode: 'hybrid' };

test("hybrid: the call button's POST /call/web leaves from the start file at the click, before the engine starts", async () => {
  const mounted = await mount(HYBRID);
  mounted.launcher().dispatchEvent(new Event('pointerenter'));
  await flush();
  expect(mounted.modules.loads, 'not on intent: a hybrid visitor may never call').not.toContain('start');
  await open(mounted);
  expect(mounted.modules.loads, 'asked for when the card opens').toContain('start');
  expect(mounted.requests, 'nothing sent by opening the card').toEqual([]);
  getByRole(mounted.shadow, 'button', EN_LABELS.startCall).click();
  expect(
    mounted.requests.map((request) => request.url),
    "sent in the click's task, before the engine's first stage",
  ).toEqual([expect.stringMatching(/\/call\/web$/)]);
  await flush();
  expect(mounted.modules.voice.client().starts, 'the call started with it').toEqual([{ assistantId: 'asst-1' }]);
  expect(mounted.requests.length, 'one request: the engine adopted it').toBe(1);
});

test('chat: the start file is never loaded', async () => {
  const mounted = await mount({ ...HYBRID, mode: 'chat' });
  mounted.launcher().dispatchEvent(new Event('pointerenter'));
  await open(mounted);
  expect(mounted.modules.loads, 'the card did load').toContain('card');
  expect(mounted.modules.loads, 'no start file').not.toContain('start');
});

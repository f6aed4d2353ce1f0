// @vitest-environment happy-dom
/**
 * With `persist`, the file that keeps the conversation for the tab (voice-widget-keep.js) comes
 * with the card, at low priority, so a click's call does not download it beside `POST /call/web`
 * and the call machine (issue 20); without `persist` it is never fetched. A page left before that
 * file runs still hands its call on (the widget-continuity browser test's flake).
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { STORAGE_PREFIX } from '../../../../widget/src/continuity/store.ts';
import { flush, mount, open } from '../element/harness.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  sessionStorage.clear();
});

describe('keeping: the keep file comes with the card', () => {
  test('persist: fetched at low priority when the card mounts, before any click', async () => {
    const mounted = await mount({ 'public-key': 'pk-1', 'assistant-id': 'asst-1', persist: '' });
    mounted.launcher().dispatchEvent(new Event('pointerenter'));
    await flush();
    await flush();
    expect(mounted.modules.loads, 'the card is in, and the keep file with it').toEqual(
      expect.arrayContaining(['card', 'keep']),
    );
    expect(mounted.modules.lowLoads, 'at low priority').toContain('keep');
  });

  test('no persist: never fetched', async () => {
    const mounted = await mount({ 'public-key': 'pk-1', 'assistant-id': 'asst-1' });
    mounted.launcher().dispatchEvent(new Event('pointerenter'));
    await flush();
    await flush();
    expect(mounted.modules.loads, 'the card, no keep file').not.toContain('keep');
  });
});

/** What this tab keeps: every entry of ours, parsed. */
const kept = () =>
  Object.keys(sessionStorage)
    .filter((name) => name.startsWith(STORAGE_PREFIX))
    .map(
      (name) =>
        JSON.parse(sessionStorage.getItem(name)!) as { call?: { id: string; webCallUrl: string }; turns: unknown[] },
    );

/** A page with `persist` whose keep file has not arrived, in a connected call. */
async function inCallBeforeTheKeepFile() {
  let gate = { release() {} };
  const mounted = await mount(
    { 'public-key': 'pk-1', 'assistant-id': 'asst-1', persist: '' },
    (modules) => (gate = modules.holdKeep()),
  );
  await open(mounted);
  void mounted.el.start();
  for (let i = 0; i < 5; i++) await flush();
  mounted.modules.voice.client().connect({ id: 'call-early', webCallUrl: 'https://room.example/early' });
  for (let i = 0; i < 3; i++) await flush();
  return { mounted, gate };
}

const leave = () => {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  dispatchEvent(new Event('pagehide'));
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
};

describe('keeping: a page left before the keep file runs', () => {
  test('still hands its running call on to the next page', async () => {
    const { mounted } = await inCallBeforeTheKeepFile();
    expect(mounted.el.view.phase, 'in the call').toBe('active');
    expect(mounted.modules.loads, 'the keep file was asked for').toContain('keep');
    expect(kept(), 'nothing written before the page is left').toEqual([]);
    leave();
    expect(
      kept().map((entry) => entry.call && { id: entry.call.id, webCallUrl: entry.call.webCallUrl }),
      'the call, for the next page',
    ).toEqual([{ id: 'call-early', webCallUrl: 'https://room.example/early' }]);
  });

  test('once the keep file runs it alone keeps: a call hung up there is not handed on', async () => {
    const { mounted, gate } = await inCallBeforeTheKeepFile();
    mounted.modules.voice
      .client()
      .emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hello.' });
    gate.release();
    for (let i = 0; i < 5; i++) await flush();
    await new Promise((resolve) => setTimeout(resolve, 0));
    mounted.el.stop();
    for (let i = 0; i < 5; i++) await flush();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mounted.el.view.phase, 'hung up').toBe('idle');
    leave();
    expect(kept(), 'nothing handed on, not even the turns').toEqual([]);
  });
});

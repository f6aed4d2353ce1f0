// @vitest-environment happy-dom
/**
 * With `persist`, the file that keeps the conversation for the tab (voice-widget-keep.js) comes
 * with the card, at low priority, so a click's call does not download it beside `POST /call/web`
 * and the call machine (issue 20); without `persist` it is never fetched.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { flush, mount } from '../element/harness.ts';

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
    expect(mounted.modules.loads, 'the card is in, and the keep file with it').toEqual(expect.arrayContaining(['card', 'keep']));
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

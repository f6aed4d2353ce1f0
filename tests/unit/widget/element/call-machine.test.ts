// @vitest-environment happy-dom
/**
 * Daily's call machine started ahead of the click (issue 35): on intent (a voice launcher's hover,
 * press or focus; a hybrid card opened) or, with `preload="call"`, in the warm start; never by
 * default on a page view, never with `preload="none"`, never for chat. "Started" is the daily
 * file's `loadSpare` (daily-js's own `load()` on the call object the warm start made), counted by
 * the fake daily file. Idle time is a queue the test runs (`requestIdleCallback` stubbed).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush } from './dom-helpers.ts';
import { mount } from './harness.ts';

let idle: Array<() => void> = [];
/** Runs what waits for idle time (and what that queues), then lets promises settle. */
async function runIdle(): Promise<void> {
  for (let i = 0; i < 5 && idle.length; i++) for (const run of idle.splice(0)) run();
  await settle();
}

/** Lets the card load, preload its engine and the daily file arrive (a few tasks of fake loads). */
async function settle(): Promise<void> {
  for (let i = 0; i < 4; i++) await flush();
}

beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
});

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
  document.body.replaceChildren();
});

const KEY = { 'public-key': 'pk-1', 'assistant-id': 'asst-1' };

/** Mounts the element with `attributes` for a voice key and runs the warm start's idle work. */
async function mountIdle(attributes: Record<string, string>) {
  const mounted = await mount({ ...KEY, ...attributes });
  await runIdle();
  return mounted;
}

/** Hovers the launcher (`pointerenter`) and lets what it starts load. */
async function hover(mounted: { launcher(): HTMLElement }) {
  mounted.launcher().dispatchEvent(new Event('pointerenter'));
  await settle();
}

describe('the call machine ahead of the click', () => {
  it('default (idle): not on a page view; the hover of a voice launcher starts it, once', async () => {
    const mounted = await mountIdle({ mode: 'voice', preload: '' });
    expect(mounted.modules.loads, 'the warm start fetched the daily file').toContain('daily');
    expect(mounted.modules.spareLoads, 'but did not start the call machine').toBe(0);
    await hover(mounted);
    expect(mounted.modules.spareLoads, 'started on the hover').toBe(1);
    mounted.launcher().dispatchEvent(new Event('focus'));
    mounted.launcher().dispatchEvent(new Event('pointerdown'));
    await settle();
    expect(mounted.modules.spareLoads, 'once').toBe(1);
  });

  it('preload="intent": focus starts it (the card and the engine loaded first)', async () => {
    const mounted = await mountIdle({ mode: 'voice', preload: 'intent' });
    expect(mounted.modules.spareLoads, 'nothing before intent').toBe(0);
    mounted.launcher().dispatchEvent(new Event('focus'));
    await settle();
    expect(mounted.modules.loads, 'what it needs').toEqual(expect.arrayContaining(['card', 'engine', 'daily']));
    expect(mounted.modules.spareLoads, 'started on focus').toBe(1);
  });

  it('preload="call": the owner’s opt-in starts it in the warm start, with no interaction', async () => {
    const mounted = await mount({ ...KEY, mode: 'voice', preload: 'call' });
    expect(mounted.modules.spareLoads, 'not before idle time').toBe(0);
    await runIdle();
    expect(mounted.modules.spareLoads, 'started on the page view').toBe(1);
    expect(mounted.modules.lowLoads, 'at low priority, after the page’s own').toContain('daily');
  });

  it('preload="call" with Save-Data is intent: nothing on the page view, the hover starts it', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    const mounted = await mountIdle({ mode: 'voice', preload: 'call' });
    expect(mounted.modules.spareLoads, 'not on the page view').toBe(0);
    await hover(mounted);
    expect(mounted.modules.spareLoads, 'on the hover').toBe(1);
  });

  it('preload="none": neither the page view nor the hover starts it', async () => {
    const mounted = await mountIdle({ mode: 'voice', preload: 'none' });
    mounted.launcher().dispatchEvent(new Event('pointerenter'));
    mounted.launcher().dispatchEvent(new Event('focus'));
    await settle();
    expect(mounted.modules.spareLoads).toBe(0);
  });

  it('chat never starts it, even with preload="call"', async () => {
    const chat = await mountIdle({ mode: 'chat', preload: 'call' });
    chat.launcher().dispatchEvent(new Event('pointerenter'));
    chat.launcher().click();
    await settle();
    expect(chat.modules.spareLoads, 'chat').toBe(0);
    expect(chat.modules.loads, 'chat: no daily file').not.toContain('daily');
  });

  it('hybrid starts it when its card opens, not on the hover', async () => {
    const hybrid = await mountIdle({ mode: 'hybrid', preload: 'idle' });
    await hover(hybrid);
    expect(hybrid.modules.spareLoads, 'hybrid hover: the card is a chat first').toBe(0);
    hybrid.launcher().click();
    await settle();
    expect(hybrid.modules.spareLoads, 'hybrid card opened: its call button is one click away').toBe(1);
  });

  it('no public key: nothing', async () => {
    const mounted = await mount({ 'assistant-id': 'asst-1', mode: 'voice', preload: 'call' });
    await runIdle();
    await hover(mounted);
    expect(mounted.modules.spareLoads).toBe(0);
  });
});

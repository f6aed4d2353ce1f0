// @vitest-environment happy-dom
/**
 * The element's warm start (`preload`, issue 20): what it loads before the click, and when.
 * Idle time is a queue the test runs (`requestIdleCallback` stubbed), so "after load, in idle
 * time" is checked step by step; the page's `load` is simulated with `document.readyState`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoadModule, WidgetModules } from '../../../../widget/src/ports/card-port.ts';
import { defineVoiceCallElement } from '../../../../widget/src/element/define.ts';
import { recordHangingFetch } from './hanging-fetch.ts';
import type { VoiceCallElement } from '../../../../widget/src/element/element-types.ts';
import { flush, frame, microtasks, queryByRole } from './dom-helpers.ts';
import { mount } from './harness.ts';

let idle: Array<() => void> = [];
/** Runs what waits for idle time (and what that queues), then lets promises settle. */
async function runIdle(): Promise<void> {
  for (let i = 0; i < 5 && idle.length; i++) for (const run of idle.splice(0)) run();
  await flush();
  await flush();
}

function setConnection(connection: { saveData?: boolean; effectiveType?: string } | undefined): void {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
});

afterEach(() => {
  vi.unstubAllGlobals();
  setConnection(undefined);
  document.body.replaceChildren();
  delete (document as { readyState?: string }).readyState;
});

const KEY = { 'public-key': 'pk-1', 'assistant-id': 'asst-1' };

describe('preload="idle" (the default): the warm start', () => {
  it("voice: after load, in idle time, at low priority: the card, the click's start, the voice engine and daily-js", async () => {
    // No `preload` attribute: the default.
    const { modules } = await mount({ ...KEY, mode: 'voice', preload: '' });
    expect(modules.loads, 'nothing before idle time').toEqual([]);
    await runIdle();
    expect([...modules.loads].sort(), 'what the call needs').toEqual(['card', 'daily', 'engine', 'start']);
    expect([...modules.lowLoads].sort(), 'each at low priority').toEqual(['card', 'daily', 'engine', 'start']);
  });

  it('hybrid: the call engine and daily-js too (its talk button is one click away)', async () => {
    const { modules } = await mount({ ...KEY, mode: 'hybrid', preload: 'idle' });
    await runIdle();
    expect(modules.loads, 'call files').toEqual(expect.arrayContaining(['card', 'engine', 'daily']));
  });

  it('chat: the card and the chat engine, never daily-js or the voice engine', async () => {
    const { modules } = await mount({ ...KEY, mode: 'chat', preload: 'idle' });
    await runIdle();
    expect([...modules.loads].sort()).toEqual(['card', 'chat']);
  });

  it('never before the page has loaded: it waits for `load`, then for idle time', async () => {
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    const { modules } = await mount({ ...KEY, mode: 'voice', preload: 'idle' });
    await runIdle();
    expect(modules.loads, 'nothing while the page loads').toEqual([]);
    delete (document as { readyState?: string }).readyState;
    window.dispatchEvent(new Event('load'));
    expect(modules.loads, 'not in the load event itself').toEqual([]);
    await runIdle();
    expect([...modules.loads].sort(), 'in the idle time after it').toEqual(['card', 'daily', 'engine', 'start']);
  });

  for (const [why, connection] of [
    ['Save-Data', { saveData: true, effectiveType: '4g' }],
    ['slow-2g', { effectiveType: 'slow-2g' }],
    ['2g', { effectiveType: '2g' }],
  ] as const) {
    it(`${why}: falls back to intent (nothing in idle time, the hover loads)`, async () => {
      setConnection(connection);
      const mounted = await mount({ ...KEY, mode: 'voice', preload: 'idle' });
      await runIdle();
      expect(mounted.modules.loads, 'nothing in idle time').toEqual([]);
      mounted.launcher().dispatchEvent(new Event('pointerenter'));
      await flush();
      expect(mounted.modules.loads, 'the hover loads').toEqual(expect.arrayContaining(['engine', 'card']));
    });
  }

  it('3g and 4g keep the warm start', async () => {
    setConnection({ effectiveType: '3g' });
    const { modules } = await mount({ ...KEY, mode: 'voice', preload: 'idle' });
    await runIdle();
    expect(modules.loads).toContain('daily');
  });
});

describe('preload="none"', () => {
  it('loads nothing before the click: not in idle time, not on hover, focus or press', async () => {
    const mounted = await mount({ ...KEY, mode: 'voice', preload: 'none' });
    await runIdle();
    for (const type of ['pointerenter', 'pointerdown', 'touchstart', 'focus'])
      mounted.launcher().dispatchEvent(new Event(type));
    await flush();
    expect(mounted.modules.loads, 'nothing before the click').toEqual([]);
    mounted.launcher().click();
    await flush();
    expect(mounted.modules.loads, 'the click loads').toEqual(expect.arrayContaining(['engine', 'daily', 'card']));
  });
});

describe('the click', () => {
  it("asks for the voice engine, daily-js and the click's start in its own task, without any file in (POST /call/web then leaves from the start file: click-start.test.ts)", () => {
    // A loader whose files never arrive: whatever happens at the click happens without them.
    const asked: string[] = [];
    const never: LoadModule = <K extends keyof WidgetModules>(name: K) => {
      asked.push(name);
      return new Promise<WidgetModules[K]>(() => {});
    };
    const posts = recordHangingFetch();
    const tag = 'rw-preload-never';
    defineVoiceCallElement(never, tag);
    const el = document.createElement(tag) as VoiceCallElement;
    for (const [name, value] of Object.entries({ ...KEY, mode: 'voice', preload: 'none' }))
      el.setAttribute(name, value);
    document.body.append(el);
    el.shadowRoot!.querySelector<HTMLElement>('[part=launcher]')!.click();
    // Same task: no await between the click and these reads.
    expect(asked, 'the engine, daily-js and the start file asked for, the card too (it is not waited for)').toEqual(
      expect.arrayContaining(['engine', 'daily', 'start', 'card']),
    );
    expect(posts, "the loader itself sends nothing: the request is the start file's").toEqual([]);
  });

  it('a card already mounted but the start file still loading (dismissible, preload="none"): the launcher says open at once (not after the start file: a second click then minimizes, as the visitor sees it)', async () => {
    // Every file but the start file arrives: the card mounts at connect (dismissible draws its hide control).
    const held: string[] = [];
    const mounted = await mount({ ...KEY, mode: 'voice', preload: 'none', dismissible: '' }, (modules) => {
      const load = modules.load;
      modules.load = (<K extends keyof WidgetModules>(name: K, low?: boolean) => {
        if (name !== 'start') return load(name, low);
        held.push(name);
        return new Promise<WidgetModules[K]>(() => {});
      }) as LoadModule;
    });
    expect(mounted.modules.loads, 'the card mounted at connect').toContain('card');
    mounted.launcher().click();
    expect(held, 'the start file asked for, not in').toEqual(['start']);
    await flush();
    expect(mounted.launcher().getAttribute('aria-expanded'), 'open, without waiting for the start file').toBe('true');
  });

  it('answers the click in its own task (issue 35): the request sent and the launcher open; the card’s light first frame in the next task, nothing held back for the join', async () => {
    const mounted = await mount({ ...KEY, mode: 'voice', preload: 'intent' });
    mounted.launcher().dispatchEvent(new Event('pointerenter'));
    await flush();
    await flush();
    expect(mounted.modules.loads, 'the card is in (hover)').toContain('card');
    mounted.launcher().click();
    await microtasks();
    expect(mounted.requests, "POST /call/web sent in the click (its task's microtasks)").toHaveLength(1);
    expect(mounted.launcher().getAttribute('aria-expanded'), 'the launcher says open in the click’s task').toBe('true');
    expect(mounted.launcher().hasAttribute('aria-busy'), 'not busy: the card is there').toBe(false);
    expect(queryByRole(mounted.shadow, 'dialog'), 'the card (and its start) in the next task').toBeNull();
    await flush();
    const card = queryByRole(mounted.shadow, 'dialog');
    expect(card, 'the card is drawn in the task after the click’s').not.toBeNull();
    expect(card!.hasAttribute('data-light'), 'its light first frame (the body after the join)').toBe(true);
  });

  it('a cold click (the card file still loading) shows the launcher pressed in the click’s task: "Connecting…", aria-busy, until the card is drawn', async () => {
    let arrive!: () => void;
    const mounted = await mount({ ...KEY, mode: 'voice', preload: 'none' }, (modules) => {
      const load = modules.load;
      modules.load = (<K extends keyof WidgetModules>(name: K, low?: boolean) =>
        name === 'card'
          ? new Promise<void>((resolve) => (arrive = resolve)).then(() => load(name, low))
          : load(name, low)) as LoadModule;
    });
    const launcher = mounted.launcher();
    expect(launcher.hasAttribute('aria-busy'), 'not busy before the click').toBe(false);
    launcher.click();
    // Read in the click's own task, before any promise settles.
    expect(launcher.getAttribute('aria-busy'), 'busy at once').toBe('true');
    expect(launcher.textContent, 'says the call is being connected').toBe('Connecting…');
    expect(launcher.getAttribute('aria-label'), 'its name too').toBe('Connecting…');
    expect(mounted.shadow.querySelector('[data-busy="call"]'), 'the pressed style').not.toBeNull();
    await flush();
    expect(launcher.getAttribute('aria-busy'), 'still busy while the card file loads').toBe('true');
    arrive();
    await flush();
    await flush();
    expect(queryByRole(mounted.shadow, 'dialog'), 'the card drawn').not.toBeNull();
    expect(launcher.hasAttribute('aria-busy'), 'no longer busy').toBe(false);
    expect(mounted.shadow.querySelector('[data-busy]'), 'the pressed style gone').toBeNull();
    expect(launcher.getAttribute('aria-label'), 'the minimize toggle').toBe('Minimize');
  });
});

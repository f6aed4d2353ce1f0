// @vitest-environment happy-dom
/**
 * The element's wiring of issue 27's own files: `ringwise-open`, the analytics stream (its file
 * loaded with the attribute; the first open, fired before the file is in, is not lost) and the
 * nudge's timer (`nudge-delay`, default 20 s; the file only with `nudge`).
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { flush, mount, open } from './harness.ts';

afterEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  Reflect.deleteProperty(window, 'dataLayer');
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const KEY = { 'public-key': 'pk', 'assistant-id': 'asst-1', mode: 'chat' };
const layer = () => ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).map((e) => e.event);

describe('ringwise-open and the analytics stream', () => {
  test('opening the card fires ringwise-open once', async () => {
    const mounted = await mount(KEY);
    const opens = vi.fn();
    mounted.el.addEventListener('ringwise-open', opens);
    await open(mounted);
    mounted.el.open();
    expect(opens, 'once, while it stays open').toHaveBeenCalledOnce();
    expect(mounted.modules.loads, 'no analytics file without the attribute').not.toContain('analytics');
  });

  test('analytics="datalayer": the open clicked before the stream’s file is in still reaches dataLayer', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const mounted = await mount({ ...KEY, analytics: 'datalayer' }, (modules) => {
      // The stream's file arrives only after the click.
      const load = modules.load;
      modules.load = ((name: string, low?: boolean) =>
        name === 'analytics'
          ? gate.then(() => load(name as 'analytics', low))
          : load(name as 'card', low)) as typeof load;
    });
    await open(mounted);
    expect(layer(), 'nothing before the file is in').toEqual([]);
    release();
    await flush();
    expect(layer(), 'the early open').toEqual(['ringwise_open']);
  });

  test('analytics="callback" with the element’s analyticsCallback property', async () => {
    const seen: unknown[] = [];
    const mounted = await mount({ ...KEY, analytics: 'callback' });
    mounted.el.analyticsCallback = (name, fields) => seen.push([name, fields]);
    await open(mounted);
    await flush();
    expect(seen, 'called').toEqual([['ringwise_open', {}]]);
  });
});

describe('the nudge’s timer', () => {
  /** Mounts with a spy on setTimeout; returns the delays asked for and a way to run the nudge's. */
  async function withTimers(attributes: Record<string, string>) {
    // Recorded, not replaced: short timers run as usual; the nudge's long one is run by hand.
    const spy = vi.spyOn(window, 'setTimeout');
    const mounted = await mount(attributes);
    const timers = spy.mock.calls.map(([fn, ms]) => [fn as () => void, ms] as [() => void, number | undefined]);
    spy.mockRestore();
    const long = timers.filter(([, ms]) => (ms ?? 0) >= 1000);
    return { mounted, delays: long.map(([, ms]) => ms), run: () => long.forEach(([fn]) => fn()) };
  }

  test('after nudge-delay seconds its file loads and the bubble shows', async () => {
    const { mounted, delays, run } = await withTimers({ ...KEY, nudge: 'Questions? Ask us.', 'nudge-delay': '5' });
    expect(delays, 'one timer of 5 s').toEqual([5000]);
    expect(mounted.modules.loads, 'not before it').not.toContain('nudge');
    run();
    await flush();
    await flush();
    expect(mounted.shadow.querySelector('[part=nudge]')?.textContent, 'the bubble').toContain('Questions? Ask us.');
  });

  test('an invalid delay is 20 s; without nudge no timer and no file', async () => {
    expect((await withTimers({ ...KEY, nudge: 'Hi', 'nudge-delay': 'soon' })).delays, 'default').toEqual([20000]);
    expect((await withTimers({ ...KEY, nudge: 'Hi', 'nudge-delay': '-3' })).delays, 'negative').toEqual([20000]);
    const plain = await withTimers(KEY);
    expect(plain.delays, 'no timer').toEqual([]);
    expect(plain.mounted.modules.loads, 'no nudge file').not.toContain('nudge');
  });
});

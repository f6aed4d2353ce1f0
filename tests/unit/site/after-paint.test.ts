import { describe, expect, it, vi } from 'vitest';
import {
  afterFirstPaint,
  FIRST_CONTENTFUL_PAINT,
  PAINT_WAIT_LIMIT_MS,
  type PaintWindow,
} from '../../../site/lib/after-paint.ts';

/** A fake browser: paint entries, a PerformanceObserver that the test can feed, timers and frames it runs by hand. */
function fakeWindow(options: { painted?: boolean; paintTiming?: boolean } = {}) {
  const timers: Array<{ id: number; ms: number; run: () => void }> = [];
  const frames: Array<() => void> = [];
  const observers: Array<{
    callback: (list: { getEntriesByName(name: string): unknown[] }) => void;
    observed: unknown;
    disconnected: boolean;
  }> = [];
  let nextId = 1;
  const entries = (names: string[]) => ({
    getEntriesByName: (name: string) => names.filter((n) => n === name).map((n) => ({ name: n })),
  });
  class FakeObserver {
    static supportedEntryTypes = options.paintTiming === false ? ['navigation'] : ['navigation', 'paint'];
    record: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]['callback']) {
      this.record = { callback, observed: null, disconnected: false };
      observers.push(this.record);
    }
    observe(init: unknown) {
      this.record.observed = init;
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  const win = {
    performance: entries(options.painted ? [FIRST_CONTENTFUL_PAINT] : []),
    PerformanceObserver: FakeObserver,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (run: () => void, ms: number) => {
      const id = nextId++;
      timers.push({ id, ms, run });
      return id;
    },
    clearTimeout: (id: never) => {
      const at = timers.findIndex((t) => t.id === (id as unknown as number));
      if (at >= 0) timers.splice(at, 1);
    },
  } as unknown as PaintWindow;
  return {
    win,
    timers,
    frames,
    observers,
    paint: (...names: string[]) => observers.forEach((o) => !o.disconnected && o.callback(entries(names))),
  };
}

describe('afterFirstPaint (client:afterpaint)', () => {
  it('runs at once when the page has already painted', () => {
    const fake = fakeWindow({ painted: true });
    const run = vi.fn();
    afterFirstPaint(run, fake.win);
    expect(run).toHaveBeenCalledTimes(1);
    expect(fake.observers, 'nothing to wait for').toHaveLength(0);
    expect(fake.timers).toHaveLength(0);
  });

  it('waits for the first contentful paint, not the first paint, then runs once and cleans up', () => {
    const fake = fakeWindow();
    const run = vi.fn();
    afterFirstPaint(run, fake.win);
    expect(fake.observers[0]?.observed).toEqual({ type: 'paint', buffered: true });
    expect(run, 'nothing before any paint').not.toHaveBeenCalled();
    fake.paint('first-paint');
    expect(run, 'a paint without content is not enough').not.toHaveBeenCalled();
    fake.paint('first-paint', FIRST_CONTENTFUL_PAINT);
    expect(run).toHaveBeenCalledTimes(1);
    expect(fake.observers[0]?.disconnected, 'observer torn down').toBe(true);
    expect(fake.timers, 'time limit cleared').toHaveLength(0);
  });

  it('runs after the time limit when no paint comes (a hidden tab), and only once', () => {
    const fake = fakeWindow();
    const run = vi.fn();
    afterFirstPaint(run, fake.win);
    expect(fake.timers.map((t) => t.ms)).toEqual([PAINT_WAIT_LIMIT_MS]);
    fake.timers[0]!.run();
    expect(run).toHaveBeenCalledTimes(1);
    expect(fake.observers[0]?.disconnected).toBe(true);
    fake.paint(FIRST_CONTENTFUL_PAINT);
    expect(run, 'a late paint does not run it again').toHaveBeenCalledTimes(1);
  });

  it('without paint timing, runs in the task after the next rendered frame', () => {
    const fake = fakeWindow({ paintTiming: false });
    const run = vi.fn();
    afterFirstPaint(run, fake.win, 500);
    expect(fake.observers).toHaveLength(0);
    expect(fake.frames).toHaveLength(1);
    fake.frames[0]!();
    const afterFrame = fake.timers.find((t) => t.ms === 0)!;
    expect(run).not.toHaveBeenCalled();
    afterFrame.run();
    expect(run).toHaveBeenCalledTimes(1);
    expect(
      fake.timers.map((t) => t.ms),
      'the time limit was cleared; only the spent frame task remains',
    ).toEqual([0]);
  });

  it('without paint timing in a hidden tab (no frames), the time limit runs it, and the frame that comes later does not', () => {
    const fake = fakeWindow({ paintTiming: false });
    const run = vi.fn();
    afterFirstPaint(run, fake.win, 500);
    fake.timers.find((t) => t.ms === 500)!.run();
    expect(run).toHaveBeenCalledTimes(1);
    fake.frames[0]!();
    fake.timers.find((t) => t.ms === 0)!.run();
    expect(run, 'once in all').toHaveBeenCalledTimes(1);
  });
});

/**
 * Runs a callback once the page has painted its first content, so the islands' JavaScript is
 * fetched and run after the visitor already sees the page, never before. Used by the
 * `client:afterpaint` directive (site/directives/after-paint.ts).
 *
 * Why: with `client:load`, an island's modules are requested while the HTML is still being parsed;
 * when they arrive and run before the first paint (which depends on how busy the CPU is), the
 * paint waits for them. Lighthouse then counts React's download into FCP and LCP (mobile LCP on
 * the guides and `/` flipped between ~1.3 s and ~1.85 s from run to run, and the score with it);
 * a slow phone waits for them in the same way. Hydrating after the first contentful paint makes
 * the order fixed: content first, then JavaScript.
 *
 * No `window` at import time: everything it touches is passed in (tests pass fakes).
 */

/** What `afterFirstPaint` needs from the browser (the subset of `window` it uses). */
export interface PaintWindow {
  performance: Pick<Performance, 'getEntriesByName'>;
  PerformanceObserver?: {
    new (
      callback: (list: Pick<PerformanceObserverEntryList, 'getEntriesByName'>) => void,
    ): Pick<PerformanceObserver, 'observe' | 'disconnect'>;
    readonly supportedEntryTypes?: readonly string[];
  };
  requestAnimationFrame(callback: () => void): unknown;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: never): void;
}

/** The paint entry that marks the first content on screen. */
export const FIRST_CONTENTFUL_PAINT = 'first-contentful-paint';

/**
 * Longest wait for the first contentful paint (a hidden tab does not paint): after this the
 * callback runs anyway, which is what `client:load` would have done. @default 3000 ms
 */
export const PAINT_WAIT_LIMIT_MS = 3000;

/**
 * Calls `run` once, right after the first contentful paint (at once when it already happened), or
 * after `PAINT_WAIT_LIMIT_MS` at the latest. Without paint timing (no `PerformanceObserver` for
 * `paint`), it waits for the next frame to be rendered instead.
 */
export function afterFirstPaint(run: () => void, win: PaintWindow, limitMs = PAINT_WAIT_LIMIT_MS): void {
  let done = false;
  let observer: Pick<PerformanceObserver, 'disconnect'> | null = null;
  let timer: unknown = null;
  const go = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    if (timer !== null) win.clearTimeout(timer as never);
    run();
  };
  if (win.performance.getEntriesByName(FIRST_CONTENTFUL_PAINT).length) return go();
  const Observer = win.PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    const paintObserver = new Observer((list) => {
      if (list.getEntriesByName(FIRST_CONTENTFUL_PAINT).length) go();
    });
    observer = paintObserver;
    paintObserver.observe({ type: 'paint', buffered: true });
  } else {
    // A task queued from a frame callback runs after that frame was rendered.
    win.requestAnimationFrame(() => win.setTimeout(go, 0));
  }
  if (!done) timer = win.setTimeout(go, limitMs);
}

/**
 * The latency samples' probe (`window.__bench`), run in every document before its own scripts:
 * the last click, the first Enter, the frame that shows the stream's first token and the task
 * after it, every long task and the click's interaction duration (see bench/lib/browser-sample.ts).
 */

/** A main-thread task longer than 50 ms (the Long Tasks API), epoch ms. */
export interface LongTask {
  start: number;
  duration: number;
}

/** What the probe recorded in the page (epoch ms; null = did not happen). */
export interface ProbeTimes {
  clickAt: number | null;
  enterAt: number | null;
  /** First animation frame that found the token in the DOM. */
  tokenAt: number | null;
  /** The task after that frame: the token has been painted. */
  paintedAt: number | null;
  /** Every long task of the page so far. */
  longTasks: LongTask[];
  /**
   * The longest event-timing duration (input → next paint, ms) of the last click's interaction:
   * its INP (one interaction). Null until the browser reported it.
   */
  clickInp: number | null;
}

/** The probe's source, run in every document before its own scripts. */
export function probeScript(token: string): string {
  return `(() => {
  const b = (window.__bench = { clickAt: null, enterAt: null, tokenAt: null, paintedAt: null });
  const now = () => performance.timeOrigin + performance.now();
  const token = ${JSON.stringify(token)};
  const has = (node) => {
    if (node.nodeType === 3) return node.data.includes(token);
    if (node.shadowRoot && has(node.shadowRoot)) return true;
    for (let c = node.firstChild; c; c = c.nextSibling) if (has(c)) return true;
    return false;
  };
  b.longTasks = [];
  b.interactions = {};
  b.clickInteraction = null;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.longTasks.push({ start: performance.timeOrigin + e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    // Event timing: every event of an interaction (pointerdown, pointerup, click) with its
    // duration to the next paint; the first input is reported whatever its duration, the others
    // from 16 ms (the API's floor), so a fast click reads as its first-input duration.
    const record = (e) => {
      if (e.entryType === 'first-input') b.firstInput = e.duration;
      if (!e.interactionId) return;
      b.interactions[e.interactionId] = Math.max(b.interactions[e.interactionId] ?? 0, e.duration);
      if (e.name === 'click') b.clickInteraction = e.interactionId;
    };
    new PerformanceObserver((list) => list.getEntries().forEach(record)).observe({ type: 'event', durationThreshold: 16, buffered: true });
    new PerformanceObserver((list) => list.getEntries().forEach(record)).observe({ type: 'first-input', buffered: true });
  } catch {}
  addEventListener('click', (e) => { b.clickAt = performance.timeOrigin + e.timeStamp; }, true);
  b.roomJoinAt = null;
  addEventListener('ringwise-call-start-progress', (e) => {
    if (b.roomJoinAt !== null || e.detail?.stage !== 'daily-call-join' || e.detail?.status !== 'started') return;
    b.roomJoinAt = now();
    // Told to the bench at once: reading the probe (an evaluation in the page) while the call
    // still starts would put the bench's own work on the subject's path.
    console.debug('__bench_room_join', b.roomJoinAt);
  }, true);
  addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' || b.enterAt !== null) return;
    b.enterAt = performance.timeOrigin + e.timeStamp;
    const look = () => {
      if (document.body && has(document.body)) {
        b.tokenAt = now();
        setTimeout(() => { b.paintedAt = now(); }, 0);
      } else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, true);
})();`;
}

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
  /** The click's input time (its event's timeStamp): where the visitor's wait starts. */
  clickAt: number | null;
  /**
   * When the page's first click listener ran (later than `clickAt` by the input's delay): where a
   * trace's `EventDispatch(click)` is, so a span measured in the page is placed on the trace from it.
   */
  clickRunAt: number | null;
  enterAt: number | null;
  /** First animation frame that found the token in the DOM. */
  tokenAt: number | null;
  /** The task after that frame: the token has been painted. */
  paintedAt: number | null;
  /**
   * First visible response (issue 35): the first animation frame after the click that shows a change
   * the page made (see `FIRST_VISIBLE`), epoch ms when its rendering began; null: none yet.
   */
  visibleAt: number | null;
  /** What changed in that frame, e.g. `attributes VOICE-WIDGET` (for the report's reader). */
  visibleWhat: string | null;
  /** Every long task of the page so far. */
  longTasks: LongTask[];
  /**
   * The longest event-timing duration (input → next paint, ms) of the last click's interaction:
   * its INP (one interaction). Null until the browser reported it.
   */
  clickInp: number | null;
}

/**
 * How the probe finds the first visible response, run in the page (part of `probeScript`). Every
 * shadow root is kept as it is attached (open or closed). `arm()`, called by the bench before the
 * click (outside the time measured), records each element's look: its box and the computed styles
 * that paint (visibility, opacity, colours, borders, shadows, transform, filter) and its text; the
 * press looks again at what the pointer is on (its path and its first 100 descendants), so the
 * hover look the pointer brought is no response.
 * From the press (pointerdown) on, mutation observers on the document and every shadow root collect what the page
 * changed; in the next animation frame the probe compares those elements (and their descendants)
 * with their recorded look: an element added that renders, a rendered element removed, or a
 * recorded one whose look changed is a visible response, timed at that frame. Elements whose look
 * has not changed yet are looked at again for 30 frames (a CSS transition starts from the old
 * look). Scripts, styles and other elements that never render are not responses.
 */
const FIRST_VISIBLE = `
  b.visibleAt = null; b.visibleWhat = null; b.downAt = null;

  const roots = [document];
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    roots.push(root);
    if (b.observe) b.observe(root);
    return root;
  };
  const skip = /^(SCRIPT|STYLE|LINK|META|TEMPLATE|NOSCRIPT|HEAD|TITLE|BASE)$/;
  const elements = (root, out, limit) => {
    for (const el of root.querySelectorAll('*')) {
      if (out.length >= limit) break;
      if (!skip.test(el.tagName)) out.push(el);
      if (el.shadowRoot) elements(el.shadowRoot, out, limit);
    }
    return out;
  };
  const look = (el) => {
    if (!el.isConnected) return null;
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    const shown = s.display !== 'none' && s.visibility !== 'hidden' && (r.width > 0 || r.height > 0);
    if (!shown) return '';
    return [r.x, r.y, r.width, r.height, s.opacity, s.color, s.backgroundColor, s.backgroundImage, s.borderColor,
      s.boxShadow, s.outlineStyle, s.outlineColor, s.transform, s.filter, s.clipPath,
      el.children.length ? '' : (el.textContent || '').slice(0, 200)].join('|');
  };
  const before = new WeakMap();
  addEventListener('pointerdown', (e) => {
    b.downAt = now();
    // The pointer's hover look is the look the press starts from: what it rests on, looked at again.
    const path = e.composedPath().filter((x) => x.nodeType === 1);
    for (const el of path.length ? elements(path[0], [...path], 100) : []) before.set(el, look(el));
  }, true);
  b.arm = () => {
    for (const root of roots) for (const el of elements(root, [], 5000)) before.set(el, look(el));
  };
  const pending = new Map();
  let frames = 0;
  let looking = false;
  const check = () => {
    looking = false;
    if (b.visibleAt !== null) return;
    const at = now();
    for (const [el, why] of pending) {
      const family = [el];
      if (el.shadowRoot) elements(el.shadowRoot, family, 200);
      elements(el, family, 400);
      for (const x of family) {
        if (skip.test(x.tagName)) continue;
        const was = before.has(x) ? before.get(x) : '';
        if (why === 'removed' ? was : look(x) !== was) {
          b.visibleAt = at;
          b.visibleWhat = why + ' ' + x.tagName;
          return;
        }
      }
    }
    if (++frames < 30 && pending.size) { looking = true; requestAnimationFrame(check); }
  };
  const record = (list) => {
    // From the press on (a pointerdown's change is a response to the click too).
    if (b.downAt === null || b.visibleAt !== null) return;
    for (const m of list) {
      if (m.type === 'childList') {
        for (const n of m.removedNodes) if (n.nodeType === 1) pending.set(n, 'removed');
        for (const n of m.addedNodes) if (n.nodeType === 1) pending.set(n, 'added');
        if (m.addedNodes.length && m.target.nodeType === 1) pending.set(m.target, 'childList');
      } else {
        const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
        if (el) pending.set(el, m.type);
      }
    }
    if (!looking && pending.size) { looking = true; frames = 0; requestAnimationFrame(check); }
  };
  b.observe = (root) => new MutationObserver(record).observe(root, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  b.observe(document);
`;

/** The probe's source, run in every document before its own scripts. */
export function probeScript(token: string): string {
  return `(() => {
  const b = (window.__bench = { clickAt: null, clickRunAt: null, enterAt: null, tokenAt: null, paintedAt: null });
  const now = () => performance.timeOrigin + performance.now();
  const token = ${JSON.stringify(token)};
  const has = (node) => {
    if (node.nodeType === 3) return node.data.includes(token);
    if (node.shadowRoot && has(node.shadowRoot)) return true;
    for (let c = node.firstChild; c; c = c.nextSibling) if (has(c)) return true;
    return false;
  };
  b.longTasks = [];
  ${FIRST_VISIBLE}
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
  addEventListener('click', (e) => { b.clickAt = performance.timeOrigin + e.timeStamp; b.clickRunAt = now(); }, true);
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

/**
 * Clicks before hydration (issue 39). A button rendered on the server works only once its code runs: the
 * header island hydrates after the first paint, the landing page's module script after parsing, and on a slow
 * phone a visitor taps before either. `EARLY_CLICKS_SCRIPT` runs first (inline in Base.astro, so the build hashes it
 * into the CSP) and keeps each such click in order: a `[data-open-contact]` button as `contact`, any
 * `[data-early-click="<key>"]` element as its key, until the code owning that key starts. That code calls
 * `takeEarlyClicks(key)` once: it is told how many clicks it missed (and replays them), and from then on the script
 * keeps none for it.
 */

/** The keys the site's code replays: 'Get in Contact' buttons, and the header's phone menu toggle. */
export type EarlyClickKey = 'contact' | 'menu';

/** What the inline script keeps on `window.__ringwiseEarlyClicks`. */
interface EarlyClicks {
  clicks: string[];
  live: Record<string, boolean>;
}

/** The inline script (classic, ES5-safe, no dependency): keeps early clicks in `window.__ringwiseEarlyClicks`. */
export const EARLY_CLICKS_SCRIPT = `(function () {
  var q = (window.__ringwiseEarlyClicks = { clicks: [], live: {} });
  document.addEventListener('click', function (event) {
    var target = event.target;
    var el = target && target.closest ? target.closest('[data-early-click],[data-open-contact]') : null;
    var key = el && (el.getAttribute('data-early-click') || 'contact');
    if (key && !q.live[key]) q.clicks.push(key);
  }, true);
})();`;

/**
 * Marks `key` as handled from now on and returns how many clicks on it came before (0 without the script, e.g. in
 * unit tests). Call it once, when the code that handles `key` has started.
 */
export function takeEarlyClicks(key: EarlyClickKey, win: object = globalThis): number {
  const queue = (win as { __ringwiseEarlyClicks?: EarlyClicks }).__ringwiseEarlyClicks;
  if (!queue) return 0;
  queue.live[key] = true;
  const missed = queue.clicks.filter((k) => k === key).length;
  queue.clicks = queue.clicks.filter((k) => k !== key);
  return missed;
}

/**
 * Clicks before hydration (issue 39). A button rendered on the server works only once its code runs: the header
 * island hydrates after the first paint, the landing page's module script after parsing, and on a slow phone a
 * visitor taps before either. `EARLY_CLICKS_SCRIPT` runs first, inline in Base.astro (the build hashes it into the
 * CSP), and keeps each such click in order: a `[data-open-contact]` button as `contact`, any
 * `[data-early-click="<key>"]` element as its key. The code that owns a key calls `window.__rwEarly(key)` once when
 * it starts: it gets how many clicks it missed (and replays them), and from then on none is kept for that key.
 *
 * The replay lives in the inline script and the consumers call it through the window (typed by
 * `EarlyClicksWindow`, a type-only import): a shared module would be one more file in the landing page's eager
 * JavaScript, which DESIGN.md holds to 85 KB.
 */

/** The keys the site replays: 'Get in Contact' buttons, and the header's phone menu toggle. */
export type EarlyClickKey = 'contact' | 'menu';

/** The window as the inline script leaves it (absent where the script did not run, e.g. unit tests). */
export interface EarlyClicksWindow {
  /** Marks `key` as handled from now on; returns how many clicks on it came before. */
  __rwEarly?: (key: EarlyClickKey) => number;
}

/** The inline script: classic, ES5, no dependency. */
export const EARLY_CLICKS_SCRIPT =
  '(function(w){var q=[],live={};w.__rwEarly=function(k){live[k]=1;var n=0;' +
  'q=q.filter(function(x){return x!==k||!++n});return n};' +
  "document.addEventListener('click',function(e){var t=e.target,l=t.closest&&t.closest('[data-early-click],[data-open-contact]')," +
  "k=l&&(l.getAttribute('data-early-click')||'contact');k&&!live[k]&&q.push(k)},true)})(window)";

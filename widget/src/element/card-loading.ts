/**
 * How the element gets its card: on intent (hover, press, touch, focus, or idle time after the
 * page's `load`) the card file and the mode's engine load in parallel (voice: and the click's
 * start file); at the click the card opens and, for a call, `POST /call/web` leaves from the start
 * file before the card or the engine is there; a card file
 * that fails to load is said on the launcher. Functions over the element's card state
 * (`CardState`; members ending in `_` are internal, see launcher.ts).
 */
import type { Card, CardHost, LoadModule } from '../ports/card-port.ts';
import type { LoadError } from './script-loader.ts';
import type { RequestHelpers } from '../conversation/conversation-events.ts';
import type { StartOptions } from '../core/call-request.ts';
import type { CallTarget } from '../core/types.ts';
import { nextTask } from '../core/tasks.ts';
import { h } from './dom.ts';
import { LAUNCHER_ICONS, svgIcon } from './icons.ts';
import { labelsOf, renderLauncher, type LauncherState } from './launcher.ts';
import { attr, modeOf, nonceOf, preloadOf } from './options.ts';
import { addStyles } from './styles.ts';

/** What card loading reads and keeps on the element. */
export interface CardState extends LauncherState {
  /** Explicit target (see `VoiceCallElement.target`). */
  target?: CallTarget | null;
  /** Where the card and the engines come from, and the requests a click may send (default: the platform's). */
  load_: LoadModule;
  requests_?: RequestHelpers;
  /** The mounted card, and its load in progress. */
  card_?: Card | null;
  cardLoad_?: Promise<Card> | null;
  /** Intent was acted on (reset when a load fails, so the next intent tries again). */
  intended_?: boolean;
  /** Aborted when the element leaves the DOM; null while disconnected. */
  connection_?: AbortController | null;
  /** Opens or minimizes the card. */
  setOpen_(open: boolean): void;
  /** Dispatches a DOM event; `false` when a listener called `preventDefault()`. */
  dispatch_: (event: string, detail: unknown) => boolean;
  /** Hides a dismissible launcher for the session. */
  dismiss_(): void;
}

/**
 * Listens on the launcher for the earliest signs of intent (they load the card and the engine, so
 * a click rarely waits), for the warm start (never before the page's own `load`, then in idle
 * time: a busy page waits) and for the click; all removed by `signal`.
 */
export function listenForIntent(element: CardState, signal: AbortSignal): void {
  const launcher = element.launcher_;
  const shown = () => {
    if (preloadOf(element) === 'none') return;
    intent(element);
    // A voice launcher's hover or focus: the call is one click away (hybrid: when the card opens).
    if (modeOf(element) === 'voice') startMachine(element);
  };
  for (const type of ['pointerenter', 'pointerdown', 'touchstart', 'focus'] as const) {
    launcher.addEventListener(type, shown, { signal, passive: true });
  }
  const warm = () =>
    (window.requestIdleCallback ?? setTimeout)(() => {
      const preload = preloadOf(element);
      if (signal.aborted || (preload !== 'idle' && preload !== 'call')) return;
      intent(element, true);
      if (preload === 'call') startMachine(element, true);
    });
  if (document.readyState === 'complete') warm();
  else addEventListener('load', warm, { once: true, signal });
  launcher.addEventListener('click', () => activate(element), { signal });
}

/**
 * Loads the card and the mode's engine in parallel, then lets the card preload (daily-js).
 * `warm` (idle time): at low priority, and voice and hybrid also fetch the voice engine and
 * daily-js, what their call needs.
 */
function intent(element: CardState, warm?: boolean): void {
  if (element.intended_ || !attr(element, 'public-key')) return;
  element.intended_ = true;
  const forget = () => {
    // Reported by the action that needs it; the next intent tries again.
    element.intended_ = false;
  };
  const load = element.load_;
  const mode = modeOf(element);
  // Warm, hybrid gets the call's files too: its talk button is one click away.
  const voice = warm ? mode !== 'chat' : mode === 'voice';
  load(voice ? 'engine' : 'chat', warm).catch(forget);
  if (voice && warm) load('daily', warm).catch(forget);
  load('card', warm)
    .then(() => ensureCard(element))
    .then((card) => card.preload())
    .catch(forget);
  // Voice: the click's start (a hybrid launcher opens the card; its call button starts there).
  if (mode === 'voice') load('start', warm).catch(forget);
}

/** Elements whose call machine was asked for ahead of the click (again after a failure). */
const machines = new WeakSet<CardState>();

/**
 * Starts Daily's call machine ahead of the click (issue 35): the card makes the next call's object
 * (the warm start's `prepare`), then daily-js's own `load()` on it (`loadSpare`) downloads the
 * machine from Daily's CDN and starts it, so the click's call finds it ready. On intent only (a
 * voice launcher's hover, press or focus; a hybrid card opened) or, with `preload="call"`, in the
 * warm start: the download and its start on a phone's main thread are too much to ask of every
 * visitor (widget/README.md says what they cost). Never with `preload="none"`, nor for chat.
 */
function startMachine(element: CardState, warm?: boolean): void {
  if (machines.has(element) || !attr(element, 'public-key') || modeOf(element) === 'chat') return;
  if (preloadOf(element) === 'none') return;
  machines.add(element);
  const again = () => machines.delete(element);
  const load = element.load_;
  load('card', warm)
    .then(() => ensureCard(element))
    .then((card) => card.preload('call'))
    .then(() => load('daily', warm))
    // No object made ahead (a call holds one): the next intent asks again.
    .then((daily) => daily.loadSpare() || again())
    .catch(again);
}

/** The launcher was clicked: minimize, or open (and in voice mode call, sending the request now). */
function activate(element: CardState): void {
  if (element.open_) return element.setOpen_(false);
  void showCard(element, modeOf(element) === 'voice' && element.view.phase === 'idle', true);
}

/**
 * Opens the card, loading it if needed, and starts a call when `call`, its request sent at
 * once, also when the card and the engine are loaded: the engine's own start would send it
 * only after its first stages (measured ≈ 20 ms later at a click after hover prefetch).
 * Resolves `true` when a call started.
 */
export async function showCard(element: CardState, call: boolean, focus: boolean): Promise<boolean> {
  // Everything the join waits for is asked for in this task once the start file is in (its
  // promise is settled, so the await below resumes in the same task), else the engine and
  // daily-js now and the request the moment the start file arrives.
  const starting = call && earlyStart(element);
  element.loadFailed_ = '';
  if (!element.open_) element.dispatch_('open', null);
  // The click answers in its own frame (issue 35): the launcher is drawn in this task, pressed
  // ("Connecting…" for a call) while the card's file loads; a mounted card draws its (light) first
  // frame in the next task (`opened`), nothing held back for the join.
  element.open_ = true;
  element.container_.dataset.busy = call ? 'call' : '';
  renderLauncher(element);
  const loading = ensureCard(element);
  // A hybrid card's call button is one click away: its call machine starts now.
  if (!call && modeOf(element) === 'hybrid') startMachine(element);
  const early = (await starting) || {};
  // The card's start (a mounted engine starts the call at once: a long task on a phone) in the
  // next task, so the click's task stays short and the request leaves as it ends.
  if (early.request) await nextTask();
  try {
    const card = await loading;
    if (element.open_) return await card.opened({ start: call ? early : undefined, focus });
  } catch (error) {
    failLoad(element, error);
  }
  early.abort?.abort();
  return false;
}

/**
 * The click's start: the voice engine and daily-js asked for now, and `startFor` (the start file,
 * conversation/element-start.ts: `POST /call/web` for the element's target, the microphone, the
 * call machine's download on a call object made ahead) run as soon as that file is in. Nothing without a key (the card explains); a start file that fails to
 * load leaves the request to the card.
 */
function earlyStart(element: CardState): Promise<StartOptions> | undefined {
  const load = element.load_;
  const ignore = () => ({});
  if (!attr(element, 'public-key')) return;
  load('engine').catch(ignore);
  load('daily').catch(ignore);
  // A start that throws (or a file that fails) leaves the request to the card: the card still opens.
  return load('start')
    .then((start) => start.startFor(element, element.requests_, () => load('daily')))
    .catch(ignore);
}

/** The card, loading and mounting it first if needed (once; again after a failed load). */
export function ensureCard(element: CardState): Promise<Card> {
  if (element.card_) return Promise.resolve(element.card_);
  if (!element.cardLoad_) {
    const loading = element.load_('card').then((module) => {
      // Removed meanwhile: nothing to mount into (the rejection is never shown).
      if (!element.connection_) throw 0;
      element.card_ ??= module.mountCard(cardHost(element));
      renderLauncher(element);
      return element.card_;
    });
    loading.catch(() => {
      element.cardLoad_ = null;
    });
    element.cardLoad_ = loading;
  }
  return element.cardLoad_;
}

/**
 * The card file could not be loaded: the launcher says so (and retries on the next click); the
 * loader has logged which URL failed.
 */
function failLoad(element: CardState, error: unknown): void {
  if (!element.connection_) return;
  element.loadFailed_ = (error as LoadError).evidence?.blocked ? 'loadBlocked' : 'loadFailed';
  element.setOpen_(false);
  // The card cannot explain its own absence: the launcher says it, the page gets the event.
  // The load's own error (it names the file): `loadFailureOf(event.detail)` says why. Not a
  // WidgetError: that class would cost the loader 71 B gzip (measured).
  element.dispatch_('error', Object.assign(error as Error, { type: 'engine-load-failed' }));
}

/**
 * The port the card is mounted with (the loader's helpers too, so the card carries no second
 * copy); the nudge gets it too.
 */
export function cardHost(element: CardState): CardHost {
  return {
    element,
    container: element.container_,
    launcher: element.launcher_,
    load: element.load_,
    requests: element.requests_,
    svgIcon,
    h,
    style: (css) => addStyles(element.shadowRoot!, css, nonceOf(element)),
    icons: LAUNCHER_ICONS,
    labels: () => labelsOf(element),
    mode: () => modeOf(element),
    dispatch: element.dispatch_,
    isOpen: () => element.open_,
    collapse: () => element.setOpen_(false),
    update: () => renderLauncher(element),
    dismiss: () => {
      element.dismiss_();
      renderLauncher(element);
      element.dispatch_('dismiss', null);
    },
  };
}

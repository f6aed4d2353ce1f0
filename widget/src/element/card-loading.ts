/**
 * How the element gets its card: on intent (hover, press, touch, focus, or idle time after the
 * page's `load`) the card file and the mode's engine load in parallel (voice: and the click's
 * start file); at the click the card opens and, for a call, `POST /call/web` leaves from the start
 * file before the card or the engine is there; a card file that fails to load is said on the
 * launcher. `createCardLoader` keeps the card, its load, the open state and the connection in its
 * closure; it reads the element through `CardLoaderHost`.
 */
import type { Card, CardHost, LoadModule } from '../ports/card-port.ts';
import type { LoadError } from './script-loader.ts';
import type { RequestHelpers } from '../conversation/conversation-events.ts';
import type { StartOptions } from '../core/call-request.ts';
import type { CallTarget } from '../core/types.ts';
import { IDLE_VIEW, type CallView } from '../conversation/view.ts';
import { nextTask } from '../core/tasks.ts';
import { h } from './dom.ts';
import { LAUNCHER_ICONS, svgIcon } from './icons.ts';
import type { Launcher } from './launcher.ts';
import { attr, modeOf, nonceOf, preloadOf } from './options.ts';
import { addStyles } from './styles.ts';

/** What card loading reads of the element (given at construction). */
export interface CardLoaderHost {
  /** The element: its attributes, its explicit `target` (see `VoiceCallElement.target`). */
  readonly element: HTMLElement & { target?: CallTarget | null };
  /** The element's launcher (the card goes into its container). */
  readonly launcher: Launcher;
  /** Where the card and the engines come from (default: the platform's). */
  readonly load: LoadModule;
  /** The requests a click may send (default: the platform's). */
  readonly requests?: RequestHelpers;
  /** Dispatches a DOM event; `false` when a listener called `preventDefault()`. */
  dispatch(event: string, detail: unknown): boolean;
  /** Hides a dismissible launcher for the session. */
  dismiss(): void;
  /** Renders the launcher and the card (the open state changed). */
  refresh(): void;
}

/** The element's card: its load, its open state and the listeners of one connection. */
export interface CardLoader {
  /** The mounted card (none while its file loads). */
  card(): Card | null | undefined;
  /** The current state: the card's, idle until it is mounted. */
  view(): CallView;
  /** The card is open. */
  isOpen(): boolean;
  /** Opens or minimizes (the card gives focus back to the launcher, and Escape on it minimizes). */
  setOpen(open: boolean): void;
  /** Opens the card (loading it if needed), and calls when `call`: `true` when a call started. */
  show(call: boolean, focus: boolean): Promise<boolean>;
  /** The card, loading and mounting it first if needed (once; again after a failed load). */
  ensure(): Promise<Card>;
  /** The port the card is mounted with (the nudge gets it too). */
  host(): CardHost;
  /** Listens for intent, the warm start and the click until `disconnect`: the connection's signal. */
  connect(): AbortSignal | undefined;
  /** Whether the element is connected (between `connect` and `disconnect`). */
  connected(): boolean;
  /** The element left the DOM: listeners removed, the card destroyed, closed. */
  disconnect(): void;
}

/** Creates the element's card loader. */
export function createCardLoader(host: CardLoaderHost): CardLoader {
  const { element, launcher, load } = host;
  // The mounted card, and its load in progress.
  let card: Card | null | undefined;
  let cardLoad: Promise<Card> | null | undefined;
  let open = false;
  /** Intent was acted on (reset when a load fails, so the next intent tries again). */
  let intended = false;
  /** The call machine was asked for ahead of the click (again after a failure). */
  let machine = false;
  /** Aborted when the element leaves the DOM; null while disconnected. */
  let connection: AbortController | null | undefined;

  const setOpen = (value: boolean): void => {
    open = value;
    host.refresh();
  };

  /**
   * Listens on the launcher for the earliest signs of intent (they load the card and the engine, so
   * a click rarely waits), for the warm start (never before the page's own `load`, then in idle
   * time: a busy page waits) and for the click; all removed by `signal`.
   */
  const listenForIntent = (signal: AbortSignal): void => {
    const shown = () => {
      if (preloadOf(element) === 'none') return;
      intent();
      // A voice launcher's hover or focus: the call is one click away (hybrid: when the card opens).
      if (modeOf(element) === 'voice') startMachine();
    };
    for (const type of ['pointerenter', 'pointerdown', 'touchstart', 'focus'] as const) {
      launcher.button.addEventListener(type, shown, { signal, passive: true });
    }
    const warm = () =>
      (window.requestIdleCallback ?? setTimeout)(() => {
        const preload = preloadOf(element);
        if (signal.aborted || (preload !== 'idle' && preload !== 'call')) return;
        intent(true);
        if (preload === 'call') startMachine(true);
      });
    if (document.readyState === 'complete') warm();
    else addEventListener('load', warm, { once: true, signal });
    launcher.button.addEventListener('click', activate, { signal });
  };

  /**
   * Loads the card and the mode's engine in parallel, then lets the card preload (daily-js).
   * `warm` (idle time): at low priority, and voice and hybrid also fetch the voice engine and
   * daily-js, what their call needs.
   */
  const intent = (warm?: boolean): void => {
    if (intended || !attr(element, 'public-key')) return;
    intended = true;
    const forget = () => {
      // Reported by the action that needs it; the next intent tries again.
      intended = false;
    };
    const mode = modeOf(element);
    // Warm, hybrid gets the call's files too: its talk button is one click away.
    const voice = warm ? mode !== 'chat' : mode === 'voice';
    load(voice ? 'engine' : 'chat', warm).catch(forget);
    if (voice && warm) load('daily', warm).catch(forget);
    load('card', warm)
      .then(ensure)
      .then((card) => card.preload())
      .catch(forget);
    // Voice: the click's start (a hybrid launcher opens the card, which asks for it then: card/submit.ts).
    if (mode === 'voice') load('start', warm).catch(forget);
  };

  /**
   * Starts Daily's call machine ahead of the click (issue 35): the card makes the next call's object
   * (the warm start's `prepare`), then daily-js's own `load()` on it (`loadSpare`) downloads the
   * machine from Daily's CDN and starts it, so the click's call finds it ready. On intent only (a
   * voice launcher's hover, press or focus; a hybrid card opened) or, with `preload="call"`, in the
   * warm start: the download and its start on a phone's main thread are too much to ask of every
   * visitor (widget/README.md says what they cost). Never with `preload="none"`, nor for chat.
   */
  const startMachine = (warm?: boolean): void => {
    if (machine || !attr(element, 'public-key') || modeOf(element) === 'chat') return;
    if (preloadOf(element) === 'none') return;
    machine = true;
    const again = () => (machine = false);
    load('card', warm)
      .then(ensure)
      .then((card) => card.preload('call'))
      .then(() => load('daily', warm))
      // No object made ahead (a call holds one): the next intent asks again.
      .then((daily) => daily.loadSpare() || again())
      .catch(again);
  };

  /** The launcher was clicked: minimize, or open (and in voice mode call, sending the request now). */
  const activate = (): void => {
    if (open) return setOpen(false);
    void show(modeOf(element) === 'voice' && view().phase === 'idle', true);
  };

  /**
   * Opens the card, loading it if needed, and starts a call when `call`, its request sent at
   * once, also when the card and the engine are loaded: the engine's own start would send it
   * only after its first stages (measured ≈ 20 ms later at a click after hover prefetch).
   * Resolves `true` when a call started.
   */
  const show = async (call: boolean, focus: boolean): Promise<boolean> => {
    // Everything the join waits for is asked for in this task once the start file is in (its
    // promise is settled, so the await below resumes in the same task), else the engine and
    // daily-js now and the request the moment the start file arrives.
    const starting = call && earlyStart();
    if (!open) host.dispatch('open', null);
    // The click answers in its own frame (issue 35): the launcher is drawn in this task, pressed
    // ("Connecting…" for a call) while the card's file loads; a mounted card draws its (light) first
    // frame in the next task (`opened`), nothing held back for the join.
    open = true;
    launcher.press(call);
    const loading = ensure();
    // A hybrid card's call button is one click away: its call machine starts now.
    if (!call && modeOf(element) === 'hybrid') startMachine();
    const early = (await starting) || {};
    // The card's first frame and its start (a long task on a phone) in the next task: the click's task
    // holds only the pressed launcher and the requests (issue 35: its INP); the request leaves as it ends.
    if (call) await nextTask();
    try {
      const mounted = await loading;
      if (open) return await mounted.opened({ start: call ? early : undefined, focus });
    } catch (error) {
      failLoad(error);
    }
    early.abort?.abort();
    return false;
  };

  /**
   * The click's start: the voice engine and daily-js asked for now, and `startFor` (the start file,
   * conversation/element-start.ts: `POST /call/web` for the element's target, the microphone, the
   * call machine's download on a call object made ahead) run as soon as that file is in. Nothing
   * without a key (the card explains); a start file that fails to load leaves the request to the card.
   */
  const earlyStart = (): Promise<StartOptions> | undefined => {
    const ignore = () => ({});
    if (!attr(element, 'public-key')) return;
    load('engine').catch(ignore);
    load('daily').catch(ignore);
    // A start that throws (or a file that fails) leaves the request to the card: the card still opens.
    return load('start')
      .then((start) => start.startFor(element, host.requests, () => load('daily')))
      .catch(ignore);
  };

  const ensure = (): Promise<Card> => {
    if (card) return Promise.resolve(card);
    if (!cardLoad) {
      const loading = load('card').then((module) => {
        // Removed meanwhile: nothing to mount into (the rejection is never shown).
        if (!connection) throw 0;
        card ??= module.mountCard(cardHost());
        launcher.render();
        return card;
      });
      loading.catch(() => {
        cardLoad = null;
      });
      cardLoad = loading;
    }
    return cardLoad;
  };

  /**
   * The card file could not be loaded: the launcher says so (and retries on the next click); the
   * loader has logged which URL failed.
   */
  const failLoad = (error: unknown): void => {
    if (!connection) return;
    launcher.fail((error as LoadError).evidence?.blocked ? 'loadBlocked' : 'loadFailed');
    setOpen(false);
    // The card cannot explain its own absence: the launcher says it, the page gets the event.
    // The load's own error (it names the file): `loadFailureOf(event.detail)` says why. Not a
    // WidgetError: that class would cost the loader 71 B gzip (measured).
    host.dispatch('error', Object.assign(error as Error, { type: 'engine-load-failed' }));
  };

  /** The port the card is mounted with (the loader's helpers too, so the card carries no second copy). */
  const cardHost = (): CardHost => ({
    element,
    container: launcher.container,
    launcher: launcher.button,
    load,
    requests: host.requests,
    svgIcon,
    h,
    style: (css) => addStyles(element.shadowRoot!, css, nonceOf(element)),
    icons: LAUNCHER_ICONS,
    labels: () => launcher.labels(),
    mode: () => modeOf(element),
    dispatch: host.dispatch,
    isOpen: () => open,
    collapse: () => setOpen(false),
    update: launcher.render,
    dismiss: () => {
      host.dismiss();
      launcher.render();
      host.dispatch('dismiss', null);
    },
  });

  const view = (): CallView => card?.view ?? IDLE_VIEW;

  return {
    card: () => card,
    view,
    isOpen: () => open,
    setOpen,
    show,
    ensure,
    host: cardHost,
    connect() {
      if (connection) return;
      connection = new AbortController();
      listenForIntent(connection.signal);
      return connection.signal;
    },
    connected: () => !!connection,
    disconnect() {
      connection?.abort();
      connection = null;
      card?.destroy();
      card = null;
      cardLoad = null;
      open = false;
      intended = false;
      launcher.render();
    },
  };
}

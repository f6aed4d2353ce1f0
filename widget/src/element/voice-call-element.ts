/**
 * `<ringwise-voice-call>`: a conversation with a voice-AI assistant — a call, a text chat, or both
 * (`mode`) — for any page or framework. This module is the launcher half, shipped in the
 * script-tag loader: it paints the launcher, reads the attributes, and on intent loads the card
 * UI and the engine (`LoadModule`); at the click it sends `POST /call/web` itself when the card
 * or the engine is not there yet, so the visitor never waits for a download before the request
 * leaves. The card (`card.ts`) is its own file and plugs in through `CardHost`.
 *
 * Attributes are listed in `OPTION_ATTRIBUTES` (documented in `reference.ts` and the README);
 * they are live. `label-*` attributes replace single texts. The texts' language is the
 * `locale` attribute, else the nearest `lang` attribute, else the visitor's browser languages (a
 * shipped one, `LOCALES`, or one given to `registerLocale`), else English; a shipped language's
 * file is loaded through `LoadModule` when first used. DOM events: `ringwise-` + each event of
 * `ConversationEvents`, plus `ringwise-consent` and `ringwise-dismiss`, bubbling and composed,
 * payload in `detail`.
 *
 * The element never throws into the host page, and tears everything down (call, stream,
 * listeners, clients) when removed from the DOM.
 */
import type { DailyConfig } from '../core/call-port.ts';
import type { AddMessageOptions, ConversationMessage } from '../core/messages.ts';
import type { CallTarget, JsonObject } from '../core/types.ts';
import type { Card, CardHost, ClientTools, LoadModule, WidgetMode } from '../chunks/card-port.ts';
import type { LoadError } from '../chunks/script-loader.ts';
import { consentKey, hasStoredConsent } from './consent-store.ts';
import type { RequestHelpers } from '../conversation/controller.ts';
import { startNow, type StartOptions } from '../conversation/early-request.ts';
import { h } from './dom.ts';
import { requestChatWeb } from '../api/chat-web.ts';
import { requestWebCall } from '../api/web-call.ts';
import { LAUNCHER_ICONS, svgIcon } from './icons.ts';
import { EN_LAUNCHER_LABELS, LOCALES, localeLabels, type ShippedLocale, type VoiceLabels } from '../i18n/labels.ts';
import LAUNCHER_CSS from './styles/launcher.css?raw';
import { addStyles } from './styles.ts';
import { targetFromAttributes } from './target-attributes.ts';
import { nextTask } from '../conversation/tasks.ts';
import { IDLE_VIEW, type CallProblem, type CallView } from '../conversation/view.ts';
import { pageContextOf, withPageContext } from '../conversation/page-context.ts';
import { keptAny } from '../conversation/continuity-store.ts';

/** Tag name of the element. */
export const ELEMENT_NAME = 'ringwise-voice-call';

/** Prefix of the element's DOM events. */
export const EVENT_PREFIX = 'ringwise-';

/** The modes, the element's default first. */
export const MODES: readonly WidgetMode[] = ['voice', 'chat', 'hybrid'];

/**
 * Where the launcher sits: fixed at the viewport's `vertical-horizontal` edges (`center`: centred
 * between the sides), or `inline` (in the page's flow). The stylesheet matches the name's two
 * halves (`[data-position^=top]`, `[data-position$=left]`), so a new position is one entry here.
 */
export const POSITIONS = ['inline', 'bottom-right', 'bottom-left', 'bottom-center', 'top-right', 'top-left'] as const;

/** Where the launcher sits. */
export type WidgetPosition = (typeof POSITIONS)[number];

/** Option attributes (texts come on top, as `label-*`). */
export const OPTION_ATTRIBUTES = [
  'public-key',
  'assistant-id',
  'squad-id',
  'workflow-id',
  'api-base-url',
  'mode',
  'position',
  'expanded',
  'dismissible',
  'theme',
  'locale',
  'title',
  'avatar-url',
  'transcript',
  'consent-required',
  'consent-title',
  'consent-content',
  'consent-storage-key',
  'nonce',
  'assistant-overrides',
  'bundle-path-override',
  'persist',
  'page-context',
  'preload',
] as const;

/**
 * What the element loads before the click (`preload`): `idle` (the default) fetches what the
 * mode's first action needs once the page has loaded, in idle time, at low priority (voice and
 * hybrid: the card, the voice engine and daily-js; chat: the card and the chat engine); `intent`
 * waits for a hover, focus or press; `none` loads at the click. Visitors who ask to save data, or
 * on a 2G connection, get `intent` instead of `idle`.
 */
export const PRELOADS = ['idle', 'intent', 'none'] as const;

/** See `PRELOADS`. */
export type Preload = (typeof PRELOADS)[number];

/** The element's public surface. */
export interface VoiceCallElement extends HTMLElement {
  /** Opens the card and starts a call (after consent, when required). Resolves `true` when it started; never rejects. */
  start(): Promise<boolean>;
  /** Hangs up, or cancels a start in progress. */
  stop(): void;
  /** Mutes or unmutes the microphone. */
  setMuted(muted: boolean): void;
  /** Opens the card (loading it if needed) and moves focus into it; starts no call. */
  open(): void;
  /** Minimizes the card (a call goes on). */
  close(): void;
  /** Opens the card when it is closed, else minimizes it. */
  toggle(): void;
  /** Label overrides (merged over the locale's labels and under `label-*` attributes). */
  labels: Partial<VoiceLabels>;
  /**
   * Explicit target (with its own overrides); takes precedence over the id, `assistant-overrides`
   * and `variable-*` attributes. Unset (or null): the attributes.
   */
  target?: CallTarget | null;
  /** The current state (phase, conversation, chat, problem…); idle until the card is loaded. */
  readonly view: CallView;
  /** Sends an app message into the live call (JSON); ignored without a call. */
  send(message: JsonObject): void;
  /** Makes the assistant say `text` in the live call, and hang up after it when `endCallAfterSpoken`. */
  say(text: string, endCallAfterSpoken?: boolean): void;
  /**
   * Adds a message to the live call's conversation (`add-message`; `role: 'system'` for context;
   * `{ triggerResponseEnabled: false }`: no reply).
   */
  addMessage(message: ConversationMessage, options?: AddMessageOptions): void;
  /**
   * Functions the assistant's client-side tools run, by tool name (see `ClientTools`). Read at each
   * `tool-calls` message, so it can be set or changed at any time, also before the element is defined.
   */
  clientTools?: ClientTools;
  /** Daily's advanced config (`bundlePathOverride`…), read when the call engine is created. */
  dailyConfig?: DailyConfig;
}

/** Constructor of the element class. */
export type VoiceCallElementConstructor = new () => VoiceCallElement;

/** A language tag's language, lower case (`de-AT` → `de`). */
const base = (tag: string): string => tag.toLowerCase().split('-')[0]!;

/** The session-storage key of a dismissed (`dismissible`) launcher. */
const DISMISSED_KEY = 'ringwise-dismissed';

/** The requests a click may send before the engines are loaded: the platform's, by default. */
const PLATFORM_REQUESTS: RequestHelpers = { requestWebCall, requestChatWeb };

/**
 * Creates the element class bound to a module loader (it decides where the card and the engines
 * come from: files next to the script-tag loader, or the bundler's chunks) and to the request
 * helpers (a demo with a scripted engine passes ones that send nothing). Touches no browser
 * global until called.
 * @param trusts Which instances may run (the script-tag loader: only those it created, unless its
 *   tag allows markup); one it refuses stays empty and inert, so planted markup configures nothing.
 *   @default every instance
 */
export function createVoiceCallElement(
  load: LoadModule,
  requests: RequestHelpers = PLATFORM_REQUESTS,
  trusts?: (element: HTMLElement) => boolean,
): VoiceCallElementConstructor {
  /** Shipped languages' labels once their file is in (empty after a failed load: English). */
  const shipped: Partial<Record<ShippedLocale, Partial<VoiceLabels>>> = {};
  const shippedLoads: Partial<Record<ShippedLocale, Promise<Partial<VoiceLabels>>>> = {};
  // A launcher hidden on this page where sessionStorage is blocked (otherwise it is stored there).
  let dismissedHere = false;
  const session = () => sessionStorage;

  class RingwiseVoiceCall extends HTMLElement implements VoiceCallElement {
    // Plain properties the card reads when it needs them. `declare`: no field is defined, so a
    // value set on the element before it was upgraded is kept (and the loader stays small).
    declare clientTools?: ClientTools;
    declare dailyConfig?: DailyConfig;
    declare target?: CallTarget | null;
    #labels: Partial<VoiceLabels> = {};
    #open = false;
    /** The card file failed to load: `blocked` by the page's security policy (CSP, Trusted Types), or otherwise. */
    #loadFailed: '' | 'failed' | 'blocked' = '';
    /** Intent was acted on (reset when a load fails, so the next intent tries again). */
    #intended = false;
    #card: Card | null = null;
    #cardLoad: Promise<Card> | null = null;
    #connection: AbortController | null = null;
    #observer: MutationObserver | null = null;
    #styled = false;
    /** `expanded` was acted on (once per element). */
    #expanded = false;
    #container: HTMLDivElement;
    #launcher: HTMLButtonElement;
    #icon: HTMLSpanElement;
    #label: HTMLSpanElement;

    constructor() {
      super();
      const shadow = this.attachShadow({ mode: 'open' });
      // title="": a `title` on the host (the assistant's name) would otherwise be shown by the
      // browser as a tooltip over everything inside the widget.
      this.#container = h('div', 'w', 'container', { title: '' });
      // No type attribute needed: a button in a shadow root has no form to submit.
      this.#launcher = h('button', 'l', 'launcher', { 'aria-expanded': 'false' });
      this.#icon = h('span', 'li');
      this.#label = h('span', 'll', 'label');
      this.#launcher.append(this.#icon, this.#label);
      this.#container.append(this.#launcher);
      shadow.append(this.#container);
      this.#render();
    }

    get labels(): Partial<VoiceLabels> {
      return this.#labels;
    }

    set labels(value: Partial<VoiceLabels>) {
      this.#labels = { ...value };
      this.#render();
      this.#card?.render();
    }

    get view(): CallView {
      return this.#card?.view ?? IDLE_VIEW;
    }

    connectedCallback(): void {
      if (this.#connection) return;
      if (trusts && !trusts(this)) {
        // Markup the loader did not create (it may be planted): empty, inert, configures nothing.
        this.shadowRoot?.replaceChildren();
        console.warn(`${ELEMENT_NAME}: ignored markup the loader did not create (see data-mount)`);
        return;
      }
      if (!this.#styled && this.shadowRoot) {
        // Here rather than in the constructor: a created (not parsed) element has its nonce only now.
        addStyles(this.shadowRoot, LAUNCHER_CSS, this.#nonce());
        this.#styled = true;
      }
      const connection = new AbortController();
      this.#connection = connection;
      const signal = connection.signal;
      const launcher = this.#launcher;
      // The earliest signs of intent load the card and the engine, so a click rarely waits.
      for (const type of ['pointerenter', 'pointerdown', 'touchstart', 'focus'] as const) {
        launcher.addEventListener(type, () => this.#preload() !== 'none' && this.#intent(), { signal, passive: true });
      }
      // Warm start: never before the page's own `load`, then in idle time (a busy page waits).
      const warm = () => (window.requestIdleCallback ?? setTimeout)(() => signal.aborted || this.#preload() !== 'idle' || this.#intent(true));
      if (document.readyState === 'complete') warm();
      else addEventListener('load', warm, { once: true, signal });
      launcher.addEventListener('click', () => this.#activate(), { signal });
      this.#observer = new MutationObserver(() => {
        this.#card?.configure();
        this.#render();
        this.#card?.render();
      });
      this.#observer.observe(this, { attributes: true });
      this.#render();
      if (this.#dismissed()) return;
      // Another page of this tab kept a conversation (`persist`): the card gives it back (and opens
      // for a call it rejoins).
      if (this.#persist() && keptAny(session)) this.#ensureCard().catch(() => {});
      if (!this.#expanded && this.hasAttribute('expanded')) {
        this.#expanded = true;
        void this.#show(false, false);
      }
      // The hide control is the card's (it keeps the loader small): a dismissible launcher
      // fetches the card file now, so the control is there without a first hover.
      if (this.hasAttribute('dismissible')) this.#ensureCard().catch(() => {});
    }

    disconnectedCallback(): void {
      // A move within the document (disconnect + connect in one task) keeps the conversation.
      queueMicrotask(() => {
        if (!this.isConnected) this.#teardown();
      });
    }

    start(): Promise<boolean> {
      return this.#show(true, false);
    }

    stop(): void {
      this.#card?.stop();
    }

    setMuted(muted: boolean): void {
      this.#card?.setMuted(muted);
    }

    open(): void {
      if (!this.#open) void this.#show(false, true);
    }

    close(): void {
      this.#setOpen(false);
    }

    toggle(): void {
      if (this.#open) this.close();
      else this.open();
    }

    /** A `dismissible` launcher the visitor hid in this session. */
    #dismissed(): boolean {
      return this.hasAttribute('dismissible') && (dismissedHere || hasStoredConsent(DISMISSED_KEY, session));
    }

    /**
     * The language of the texts: `locale`, else the nearest `lang` (this element, then its
     * ancestors), else the first of the browser's languages the widget has labels for (shipped
     * or registered); English when none has.
     */
    #lang(): string {
      const own = this.#attr('locale') ?? this.closest<HTMLElement>('[lang]')?.lang;
      // English counts: a visitor who reads English first gets English, not their second language.
      return [...(own ? [own] : navigator.languages), 'en'].find((tag) => ['en', ...LOCALES].includes(base(tag)) || Object.keys(localeLabels(tag)).length)!;
    }

    /**
     * A shipped language's labels (`{}` for other languages), or `undefined` while its file
     * loads; the element renders again once it is in.
     */
    #shipped(lang: string): Partial<VoiceLabels> | undefined {
      const language = base(lang) as ShippedLocale;
      if (!LOCALES.includes(language)) return {};
      // Connected only: a new element's attributes (its `locale`) may not be set yet.
      // Until it is in, each render waits for it too (a few times at most): then renders again.
      if (!shipped[language] && this.#connection) {
        void (shippedLoads[language] ??= load(language).then(
          (module) => module.labels,
          () => ({}),
        )).then((labels) => {
          shipped[language] = labels;
          this.#render();
          this.#card?.render();
        });
      }
      return shipped[language];
    }

    send(message: JsonObject): void {
      this.#card?.send(message);
    }

    say(text: string, endCallAfterSpoken?: boolean): void {
      this.#card?.say(text, endCallAfterSpoken);
    }

    addMessage(message: ConversationMessage, options?: AddMessageOptions): void {
      this.#card?.addMessage(message, options);
    }

    /** An attribute, trimmed; empty as undefined. */
    #attr(name: string): string | undefined {
      return this.getAttribute(name)?.trim() || undefined;
    }

    #nonce(): string {
      return this.nonce || this.#attr('nonce') || '';
    }

    #mode(): WidgetMode {
      const mode = this.getAttribute('mode') as WidgetMode;
      return MODES.includes(mode) ? mode : 'voice';
    }

    /**
     * The target, with the page's title and path in its variables unless `page-context="false"`
     * (page-context.ts): the one target of the click's request, the card's calls and messages.
     */
    #callTarget(): CallTarget {
      const target = this.target ?? targetFromAttributes(this);
      return this.getAttribute('page-context')?.trim() === 'false' ? target : withPageContext(target, pageContextOf(location, document.title));
    }

    /** `persist` is on (present, not "false"): the conversation is kept for the tab. */
    #persist(): boolean {
      const value = this.getAttribute('persist');
      return value !== null && value.trim() !== 'false';
    }

    /**
     * `preload`, with the visitor's wish to save data (or a 2G connection) turning `idle` into
     * `intent`.
     */
    #preload(): Preload {
      const chosen = this.#attr('preload') as Preload;
      const connection = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
      // `/2g/` reads slow-2g and 2g; no connection info (`undefined`) reads as neither.
      return chosen == 'intent' || chosen == 'none' ? chosen : connection?.saveData || /2g/.test(connection?.effectiveType!) ? 'intent' : 'idle';
    }

    /**
     * Loads the card and the mode's engine in parallel, then lets the card preload (daily-js).
     * `warm` (idle time): at low priority, and voice and hybrid also fetch the voice engine and
     * daily-js, what their call needs.
     */
    #intent(warm?: boolean): void {
      if (this.#intended || !this.#attr('public-key')) return;
      this.#intended = true;
      const forget = () => {
        // Reported by the action that needs it; the next intent tries again.
        this.#intended = false;
      };
      // Warm, hybrid gets the call's files too: its talk button is one click away.
      const voice = warm ? this.#mode() !== 'chat' : this.#mode() === 'voice';
      load(voice ? 'engine' : 'chat', warm).catch(forget);
      if (voice && warm) load('daily', warm).catch(forget);
      load('ui', warm)
        .then(() => this.#ensureCard())
        .then((card) => card.preload())
        .catch(forget);
    }

    /** The launcher was clicked: minimize, or open (and in voice mode call, sending the request now). */
    #activate(): void {
      if (this.#open) return this.#setOpen(false);
      void this.#show(this.#mode() === 'voice' && this.view.phase === 'idle', true);
    }

    /**
     * Opens the card, loading it if needed, and starts a call when `call`, its request sent at
     * once, also when the card and the engine are loaded: the engine's own start would send it
     * only after its first stages (measured ≈ 20 ms later at a click after hover prefetch).
     * Resolves `true` when a call started.
     */
    async #show(call: boolean, focus: boolean): Promise<boolean> {
      // Everything the join waits for is asked for in this task (no-ops once warm); the card is not on this path.
      const early = call ? this.#earlyStart() : {};
      this.#loadFailed = '';
      // The launcher says "open" in this task; the card draws in the next one: a browser sends a
      // request when the task that made it ends, so the card's drawing must not hold it back.
      this.#open = true;
      this.#render();
      const loading = this.#ensureCard();
      if (early.request) await nextTask();
      this.#card?.render();
      try {
        const card = await loading;
        if (this.#open) return await card.opened({ start: call ? early : undefined, focus });
      } catch (error) {
        this.#failLoad(error);
      }
      early.abort?.abort();
      return false;
    }

    /**
     * The click's start (`startNow`): `POST /call/web`, the voice engine and daily-js asked for
     * before the card and the engine do anything; the engine adopts the request. No request without
     * key or target (the card explains) or before consent.
     */
    #earlyStart(): StartOptions {
      let target: CallTarget = {};
      try {
        if (!this.hasAttribute('consent-required') || hasStoredConsent(consentKey(this))) {
          target = this.#callTarget();
          // With `persist`, the room outlives the page (`roomDeleteOnUserLeaveEnabled: false`).
          if (this.#persist()) target = { ...target, roomDeleteOnUserLeaveEnabled: false } as CallTarget;
        }
      } catch {
        // Overrides that cannot be read (`#callTarget` throws): nothing is sent, the card says why.
      }
      return startNow({ token: this.#attr('public-key'), baseUrl: this.#attr('api-base-url'), target, requestWebCall: requests.requestWebCall, load });
    }

    #ensureCard(): Promise<Card> {
      if (this.#card) return Promise.resolve(this.#card);
      if (!this.#cardLoad) {
        const loading = load('ui').then((ui) => {
          // Removed meanwhile: nothing to mount into (the rejection is never shown).
          if (!this.#connection) throw 0;
          this.#card ??= ui.mountCard(this.#host());
          this.#render();
          return this.#card;
        });
        loading.catch(() => {
          this.#cardLoad = null;
        });
        this.#cardLoad = loading;
      }
      return this.#cardLoad;
    }

    /**
     * The card file could not be loaded: the launcher says so (and retries on the next click); the
     * loader has logged which URL failed.
     */
    #failLoad(error: unknown): void {
      if (!this.#connection) return;
      this.#loadFailed = (error as LoadError).evidence?.blocked ? 'blocked' : 'failed';
      this.#setOpen(false);
      // The card cannot explain its own absence: the launcher says it, the page gets the event.
      // The load's own error (it names the file): `loadFailureOf(event.detail)` says why.
      this.#dispatch('error', Object.assign(error as Error, { type: 'engine-load-failed' }));
    }

    #host(): CardHost {
      return {
        element: this,
        container: this.#container,
        launcher: this.#launcher,
        load,
        requests,
        svgIcon,
        h,
        style: (css) => addStyles(this.shadowRoot!, css, this.#nonce()),
        icons: LAUNCHER_ICONS,
        labels: () => this.#resolvedLabels(),
        target: () => this.#callTarget(),
        mode: () => this.#mode(),
        consentKey: () => consentKey(this),
        dispatch: this.#dispatch,
        isOpen: () => this.#open,
        collapse: () => this.#setOpen(false),
        update: () => this.#render(),
        dismiss: () => {
          dismissedHere = true;
          try {
            session().setItem(DISMISSED_KEY, '1');
          } catch {
            // Blocked storage: hidden for this page only.
          }
          this.#render();
          this.#dispatch('dismiss', null);
        },
      };
    }

    /**
     * The launcher's English labels under the shipped language's (all of them, card included),
     * the registered locale's and the owner's (property, then `label-*`).
     */
    #resolvedLabels(): Partial<VoiceLabels> {
      const fromAttributes: Record<string, string> = {};
      for (const name of this.getAttributeNames()) {
        const value = this.getAttribute(name);
        // label-mic-denied → micDenied
        if (name.startsWith('label-') && value) fromAttributes[name.slice(6).replace(/-(.)/g, (_, c: string) => c.toUpperCase())] = value;
      }
      const lang = this.#lang();
      return { ...EN_LAUNCHER_LABELS, ...this.#shipped(lang), ...localeLabels(lang), ...this.#labels, ...fromAttributes };
    }

    /** Opens or minimizes; the card gives focus back to the launcher (and Escape on it minimizes). */
    #setOpen(open: boolean): void {
      this.#open = open;
      this.#render();
      this.#card?.render();
    }

    /** Returns `false` when a listener called `preventDefault()` (a `ringwise-tool-call` it handled). */
    #dispatch = (event: string, detail: unknown): boolean =>
      this.dispatchEvent(new CustomEvent(EVENT_PREFIX + event, { detail, bubbles: true, composed: true, cancelable: true }));

    #teardown(): void {
      this.#connection?.abort();
      this.#connection = null;
      this.#observer?.disconnect();
      this.#observer = null;
      this.#card?.destroy();
      this.#card = null;
      this.#cardLoad = null;
      this.#open = false;
      this.#intended = false;
      this.#render();
    }

    #render(): void {
      const root = this.#container;
      const position = this.#attr('position') as WidgetPosition;
      root.dataset.position = POSITIONS.includes(position) ? position : 'inline';
      root.dataset.theme = this.#attr('theme') ?? 'light';
      const mode = this.#mode();
      root.dataset.mode = mode;
      const inCall = this.view.phase !== 'idle';
      root.toggleAttribute('data-open', this.#open);
      root.toggleAttribute('data-call', inCall);
      // Gone for the session once dismissed; `open()` still shows the card.
      root.hidden = this.#dismissed() && !this.#open;
      const lang = this.#lang();
      root.lang = lang;
      // Hidden (still taking its place) until the language's texts are in: no flash of English.
      root.toggleAttribute('data-l', !this.#shipped(lang));

      const labels = this.#resolvedLabels() as VoiceLabels;
      const name = this.#loadFailed
        ? labels[this.#loadFailed === 'blocked' ? 'loadBlocked' : 'loadFailed']
        : inCall && !this.#open
          ? labels.returnToCall
          : mode === 'voice'
            ? labels.start
            : mode === 'chat'
              ? labels.openChat
              : labels.openHybrid;
      if (this.#label.textContent !== name) this.#label.textContent = name;
      // Open, it is a round "minimize" toggle (the header has one too: same name, same action).
      this.#launcher.setAttribute('aria-label', this.#open ? labels.minimize : name);
      this.#launcher.setAttribute('aria-expanded', String(this.#open));
      const glyph = this.#open ? 'minimize' : mode === 'voice' || inCall ? 'phone' : 'chat';
      if (this.#icon.dataset.icon !== glyph) {
        this.#icon.dataset.icon = glyph;
        this.#icon.replaceChildren(svgIcon(LAUNCHER_ICONS[glyph]));
      }
    }
  }
  return RingwiseVoiceCall;
}

/**
 * Defines the element once under `name` (a second call, or a second copy of the loader, reuses
 * the first definition). Returns the registered constructor, or `undefined` outside a browser.
 * `trusts`: see `createVoiceCallElement`.
 */
export function defineVoiceCallElement(
  load: LoadModule,
  name: string = ELEMENT_NAME,
  requests?: RequestHelpers,
  trusts?: (element: HTMLElement) => boolean,
): CustomElementConstructor | undefined {
  if (typeof customElements === 'undefined') return undefined;
  const existing = customElements.get(name);
  if (existing) return existing;
  const element = createVoiceCallElement(load, requests, trusts);
  customElements.define(name, element);
  return element;
}

declare global {
  interface HTMLElementTagNameMap {
    'ringwise-voice-call': VoiceCallElement;
  }
  interface HTMLElementEventMap {
    'ringwise-error': CustomEvent<CallProblem>;
    'ringwise-consent': CustomEvent<{ decision: 'accepted' | 'declined'; version: string; stored: boolean }>;
    'ringwise-dismiss': CustomEvent<null>;
  }
}

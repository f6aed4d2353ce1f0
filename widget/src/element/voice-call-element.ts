/**
 * `<ringwise-voice-call>`: a conversation with a voice-AI assistant — a call, a text chat, or both
 * (`mode`) — for any page or framework. This module is the launcher half's element, shipped in the
 * script-tag loader: its lifecycle and public methods, composed of the launcher (launcher.ts:
 * what it paints), its options (options.ts), its language (language.ts), its dismissal
 * (dismissal.ts) and card loading (card-loading.ts: on intent it loads the card UI and the engine
 * through `LoadModule`; at the click it sends `POST /call/web` itself when the card or the engine
 * is not there yet, so the visitor never waits for a download before the request leaves). The
 * card is its own file and plugs in through `CardHost`.
 *
 * Attributes are listed in `OPTION_ATTRIBUTES` (documented in `reference.ts` and the README);
 * they are live. `label-*` attributes replace single texts. DOM events: `ringwise-` + each event
 * of `ConversationEvents`, plus `ringwise-consent` and `ringwise-dismiss`, bubbling and composed,
 * payload in `detail`.
 *
 * The element never throws into the host page, and tears everything down (call, stream,
 * listeners, clients) when removed from the DOM. Its state for the launcher and card loading is
 * in members ending in `_` (internal to the widget, not part of the element's API).
 */
import type { Card, ClientTools, LoadModule } from '../ports/card-port.ts';
import { keptAny } from '../continuity/store.ts';
import type { RequestHelpers } from '../conversation/conversation-events.ts';
import { IDLE_VIEW, type CallView } from '../conversation/view.ts';
import type { DailyConfig } from '../core/call-port.ts';
import type { AddMessageOptions, ConversationMessage } from '../core/messages.ts';
import type { CallTarget, JsonObject } from '../core/types.ts';
import type { VoiceLabels } from '../i18n/labels.ts';
import { cardHost, ensureCard, listenForIntent, showCard, type CardState } from './card-loading.ts';
import { dismissal } from './dismissal.ts';
import type { VoiceCallElement, VoiceCallElementConstructor } from './element-types.ts';
import { shippedLabels } from './language.ts';
import { buildLauncher, renderLauncher, type LoadFailed } from './launcher.ts';
import { ELEMENT_NAME, EVENT_PREFIX, nonceOf, persistOf } from './options.ts';
import LAUNCHER_CSS from './styles/launcher.css?raw';
import { addStyles } from './styles.ts';
import { LOG_PREFIX } from '../core/log.ts';

export {
  ELEMENT_NAME,
  EVENT_PREFIX,
  MODES,
  OPTION_ATTRIBUTES,
  POSITIONS,
  PRELOADS,
  type Preload,
  type WidgetPosition,
} from './options.ts';
export type { VoiceCallElement, VoiceCallElementConstructor } from './element-types.ts';

/**
 * Creates the element class bound to a module loader (it decides where the card and the engines
 * come from: files next to the script-tag loader, or the bundler's chunks) and to the request
 * helpers (a demo with a scripted engine passes ones that send nothing; by default the start file
 * and the card send the platform's). Touches no browser global until called.
 * @param trusts Which instances may run (the script-tag loader: only those it created, unless its
 *   tag allows markup); one it refuses stays empty and inert, so planted markup configures nothing.
 *   @default every instance
 */
export function createVoiceCallElement(
  load: LoadModule,
  requests?: RequestHelpers,
  trusts?: (element: HTMLElement) => boolean,
): VoiceCallElementConstructor {
  const shipped = shippedLabels(load);
  const [dismissed, dismiss] = dismissal();

  class RingwiseVoiceCall extends HTMLElement implements VoiceCallElement, CardState {
    // Plain properties the card reads when it needs them. `declare`: no field is defined, so a
    // value set on the element before it was upgraded is kept (and the loader stays small).
    declare clientTools?: ClientTools;
    declare dailyConfig?: DailyConfig;
    declare target?: CallTarget | null;
    declare analyticsCallback?: (name: string, fields: Record<string, unknown>) => unknown;
    /** The analytics stream (`analytics`), or the events waiting for its file. */
    #track: ((event: string, detail: unknown) => void) | [string, unknown][] | null | undefined;
    // Launcher and card-loading state (see launcher.ts, card-loading.ts); the parts are set by
    // buildLauncher. Unset is empty (no card, no load, not connected): no initializer to ship.
    declare container_: HTMLDivElement;
    declare launcher_: HTMLButtonElement;
    declare icon_: HTMLSpanElement;
    declare label_: HTMLSpanElement;
    own_: Partial<VoiceLabels> = {};
    open_ = false;
    declare loadFailed_?: LoadFailed;
    load_ = load;
    requests_ = requests;
    declare card_?: Card | null;
    declare cardLoad_?: Promise<Card> | null;
    declare intended_?: boolean;
    declare connection_?: AbortController | null;
    #observer: MutationObserver | null | undefined;
    #styled: boolean | undefined;
    /** `expanded` was acted on (once per element). */
    #expanded: boolean | undefined;

    constructor() {
      super();
      buildLauncher(this);
      renderLauncher(this);
    }

    get labels(): Partial<VoiceLabels> {
      return this.own_;
    }

    set labels(value: Partial<VoiceLabels>) {
      this.own_ = { ...value };
      this.#refresh();
    }

    get view(): CallView {
      return this.card_?.view ?? IDLE_VIEW;
    }

    connectedCallback(): void {
      if (this.connection_) return;
      if (trusts && !trusts(this)) {
        // Markup the loader did not create (it may be planted): empty, inert, configures nothing.
        this.shadowRoot?.replaceChildren();
        console.warn(`${LOG_PREFIX} ignored markup the loader did not create (see data-mount)`);
        return;
      }
      if (!this.#styled) {
        // Here rather than in the constructor: a created (not parsed) element has its nonce only now.
        // (The constructor attached the open shadow root, so it is there.)
        addStyles(this.shadowRoot!, LAUNCHER_CSS, nonceOf(this));
        this.#styled = true;
      }
      const connection = new AbortController();
      this.connection_ = connection;
      listenForIntent(this, connection.signal);
      this.#observer = new MutationObserver(() => {
        this.card_?.configure();
        this.#refresh();
      });
      this.#observer.observe(this, { attributes: true });
      renderLauncher(this);
      // Their own files: the analytics stream now (the events until it is in wait for it), the
      // nudge after its delay (seconds; not a number ≥ 0: 20).
      if (this.getAttribute('analytics') && !this.#track) {
        this.#track = [];
        load('analytics').then(
          (m) => (this.#track = m.attachAnalytics(this, this.#track as [string, unknown][])),
          () => (this.#track = null),
        );
      }
      const delay = parseFloat(this.getAttribute('nudge-delay')!);
      if (this.getAttribute('nudge'))
        setTimeout(
          () => connection.signal.aborted || load('nudge').then((m) => m.nudgeLauncher(cardHost(this))),
          (delay >= 0 ? delay : 20) * 1000,
        );
      if (dismissed(this)) return;
      // Another page of this tab kept a conversation (`persist`): the card gives it back (and opens
      // for a call it rejoins).
      if (persistOf(this) && keptAny(() => sessionStorage)) ensureCard(this).catch(() => {});
      if (!this.#expanded && this.hasAttribute('expanded')) {
        this.#expanded = true;
        void showCard(this, false, false);
      }
      // The hide control is the card's (it keeps the loader small): a dismissible launcher
      // fetches the card file now, so the control is there without a first hover.
      if (this.hasAttribute('dismissible')) ensureCard(this).catch(() => {});
    }

    disconnectedCallback(): void {
      // A move within the document (disconnect + connect in one task) keeps the conversation.
      queueMicrotask(() => this.isConnected || this.#teardown());
    }

    start(): Promise<boolean> {
      return showCard(this, true, false);
    }

    stop(): void {
      this.card_?.stop();
    }

    forget(): Promise<void> {
      return ensureCard(this).then((card) => card.forget());
    }

    setMuted(muted: boolean): void {
      this.card_?.setMuted(muted);
    }

    open(): void {
      if (!this.open_) void showCard(this, false, true);
    }

    close(): void {
      this.setOpen_(false);
    }

    toggle(): void {
      if (this.open_) this.close();
      else this.open();
    }

    send(message: JsonObject): void {
      this.card_?.send(message);
    }

    say(text: string, endCallAfterSpoken?: boolean): void {
      this.card_?.say(text, endCallAfterSpoken);
    }

    addMessage(message: ConversationMessage, options?: AddMessageOptions): void {
      this.card_?.addMessage(message, options);
    }

    /**
     * A shipped language's labels (see `shippedLabels`); the element renders again once they are
     * in. Connected only: a new element's attributes (its `locale`) may not be set yet.
     */
    shipped_(lang: string): Partial<VoiceLabels> | undefined {
      return shipped(lang, this.connection_ && (() => this.#refresh()));
    }

    dismissed_ = (): boolean => dismissed(this);

    dismiss_ = dismiss;

    /** Opens or minimizes; the card gives focus back to the launcher (and Escape on it minimizes). */
    setOpen_(open: boolean): void {
      this.open_ = open;
      this.#refresh();
    }

    /** Returns `false` when a listener called `preventDefault()` (a `ringwise-tool-call` it handled). */
    dispatch_ = (event: string, detail: unknown): boolean => {
      const track = this.#track;
      typeof track == 'function' ? track(event, detail) : track?.push([event, detail]);
      return this.dispatchEvent(
        new CustomEvent(EVENT_PREFIX + event, { detail, bubbles: true, composed: true, cancelable: true }),
      );
    };

    /** Renders the launcher and the card. */
    #refresh(): void {
      renderLauncher(this);
      this.card_?.render();
    }

    #teardown(): void {
      this.connection_?.abort();
      this.connection_ = null;
      this.#observer?.disconnect();
      this.#observer = null;
      this.card_?.destroy();
      this.card_ = null;
      this.cardLoad_ = null;
      this.open_ = false;
      this.intended_ = false;
      renderLauncher(this);
    }
  }
  return RingwiseVoiceCall;
}

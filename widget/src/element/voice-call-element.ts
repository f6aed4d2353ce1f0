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
 * listeners, clients) when removed from the DOM. Its launcher and its card loader are `#private`
 * members: they keep their own state and read the element through the interfaces they are given.
 */
import type { ClientTools, LoadModule } from '../ports/card-port.ts';
import { keptAny } from '../continuity/store.ts';
import type { RequestHelpers } from '../conversation/conversation-events.ts';
import type { CallView } from '../conversation/view.ts';
import type { DailyConfig } from '../core/call-port.ts';
import type { AddMessageOptions, ConversationMessage } from '../core/messages.ts';
import type { CallTarget, JsonObject } from '../core/types.ts';
import type { VoiceLabels } from '../i18n/labels.ts';
import { createCardLoader, type CardLoader } from './card-loading.ts';
import { dismissal } from './dismissal.ts';
import type { VoiceCallElement, VoiceCallElementConstructor } from './element-types.ts';
import { shippedLabels } from './language.ts';
import { createLauncher, type Launcher } from './launcher.ts';
import { ELEMENT_NAME, EVENT_PREFIX, nonceOf, persistOf } from './options.ts';
import LAUNCHER_CSS from './styles/launcher.css?raw';
import { addStyles } from './styles.ts';
import { LOG_PREFIX } from '../core/log.ts';

/**
 * An element's card loader: asking for the card's file also asks for the files its first frame
 * needs beside it, so the card never waits a second round trip: the consent question's with
 * `consent-required` (card/consent-file.ts, issue 35: not in the card file), and on a phone's
 * width the modal sheet's (card/sheet.ts, issue 36: the page inert from the card's first frame).
 * A failure is said by the part that needs the file when it asks for it again.
 */
const withCompanionFiles =
  (element: Element, load: LoadModule): LoadModule =>
  (name, low) => {
    if (name === 'card') {
      if (element.hasAttribute('consent-required')) load('consent', low).catch(() => {});
      if (matchMedia('(max-width: 480px)').matches) load('sheet', low).catch(() => {});
    }
    return load(name, low);
  };

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

  class RingwiseVoiceCall extends HTMLElement implements VoiceCallElement {
    // Plain properties the card reads when it needs them. `declare`: no field is defined, so a
    // value set on the element before it was upgraded is kept (and the loader stays small).
    declare clientTools?: ClientTools;
    declare dailyConfig?: DailyConfig;
    declare target?: CallTarget | null;
    declare analyticsCallback?: (name: string, fields: Record<string, unknown>) => unknown;
    /** The analytics stream (`analytics`), or the events waiting for its file. */
    #track: ((event: string, detail: unknown) => void) | [string, unknown][] | null | undefined;
    /** Label overrides set as the `labels` property. */
    #own: Partial<VoiceLabels> = {};
    /** What the launcher paints (launcher.ts) and how the card comes and goes (card-loading.ts). */
    #launcher: Launcher;
    #cards: CardLoader;
    #observer: MutationObserver | null | undefined;
    #styled: boolean | undefined;
    /** `expanded` was acted on (once per element). */
    #expanded: boolean | undefined;

    constructor() {
      super();
      const launcher = (this.#launcher = createLauncher(this, {
        // A shipped language's labels (see `shippedLabels`); the element renders again once they
        // are in. Connected only: a new element's attributes (its `locale`) may not be set yet.
        shipped: (lang) => shipped(lang, this.#cards.connected() ? () => this.#refresh() : null),
        own: () => this.#own,
        dismissed: () => dismissed(this),
        view: () => this.#cards.view(),
        isOpen: () => this.#cards.isOpen(),
        mounted: () => !!this.#cards.card(),
      }));
      this.#cards = createCardLoader({
        element: this,
        launcher,
        load: withCompanionFiles(this, load),
        requests,
        dispatch: (event, detail) => this.#dispatch(event, detail),
        dismiss,
        refresh: () => this.#refresh(),
      });
      launcher.render();
    }

    get labels(): Partial<VoiceLabels> {
      return this.#own;
    }

    set labels(value: Partial<VoiceLabels>) {
      this.#own = { ...value };
      this.#refresh();
    }

    get view(): CallView {
      return this.#cards.view();
    }

    connectedCallback(): void {
      if (this.#cards.connected()) return;
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
      const signal = this.#cards.connect()!;
      this.#observer = new MutationObserver(() => {
        this.#cards.card()?.configure();
        this.#refresh();
      });
      this.#observer.observe(this, { attributes: true });
      this.#launcher.render();
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
          () => signal.aborted || load('nudge').then((m) => m.nudgeLauncher(this.#cards.host())),
          (delay >= 0 ? delay : 20) * 1000,
        );
      if (dismissed(this)) return;
      // Another page of this tab kept a conversation (`persist`): the card gives it back (and opens
      // for a call it rejoins).
      if (persistOf(this) && keptAny(() => sessionStorage)) this.#cards.ensure().catch(() => {});
      if (!this.#expanded && this.hasAttribute('expanded')) {
        this.#expanded = true;
        void this.#cards.show(false, false);
      }
      // The hide control is the card's (it keeps the loader small): a dismissible launcher
      // fetches the card file now, so the control is there without a first hover.
      if (this.hasAttribute('dismissible')) this.#cards.ensure().catch(() => {});
    }

    disconnectedCallback(): void {
      // A move within the document (disconnect + connect in one task) keeps the conversation.
      queueMicrotask(() => this.isConnected || this.#teardown());
    }

    start(): Promise<boolean> {
      return this.#cards.show(true, false);
    }

    stop(): void {
      this.#cards.card()?.stop();
    }

    forget(): Promise<void> {
      return this.#cards.ensure().then((card) => card.forget());
    }

    setMuted(muted: boolean): void {
      this.#cards.card()?.setMuted(muted);
    }

    /**
     * Focus given to the element itself, e.g. by a page's modal closing (modals give focus back to
     * `document.activeElement`, which is this host when focus was in its shadow root): on what the
     * open card marks, else on the launcher. The host alone cannot hold focus.
     */
    override focus(options?: FocusOptions): void {
      // The open card marks `autofocus` what should have it (the "passed on" status where the hand-over was).
      (
        (this.#cards.isOpen() && this.shadowRoot!.querySelector<HTMLElement>('[autofocus]')) ||
        this.#launcher.button
      ).focus(options);
    }

    open(): void {
      if (!this.#cards.isOpen()) void this.#cards.show(false, true);
    }

    close(): void {
      this.#cards.setOpen(false);
    }

    toggle(): void {
      if (this.#cards.isOpen()) this.close();
      else this.open();
    }

    send(message: JsonObject): void {
      this.#cards.card()?.send(message);
    }

    say(text: string, endCallAfterSpoken?: boolean): void {
      this.#cards.card()?.say(text, endCallAfterSpoken);
    }

    addMessage(message: ConversationMessage, options?: AddMessageOptions): void {
      this.#cards.card()?.addMessage(message, options);
    }

    /** Dispatches `ringwise-{event}`; `false` when a listener called `preventDefault()` (a tool call it handled). */
    #dispatch(event: string, detail: unknown): boolean {
      const track = this.#track;
      typeof track == 'function' ? track(event, detail) : track?.push([event, detail]);
      return this.dispatchEvent(
        new CustomEvent(EVENT_PREFIX + event, { detail, bubbles: true, composed: true, cancelable: true }),
      );
    }

    /** Renders the launcher and the card. */
    #refresh(): void {
      this.#launcher.render();
      this.#cards.card()?.render();
    }

    #teardown(): void {
      this.#observer?.disconnect();
      this.#observer = null;
      this.#cards.disconnect();
    }
  }
  return RingwiseVoiceCall;
}

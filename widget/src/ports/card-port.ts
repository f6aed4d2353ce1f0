/**
 * The port between the element (the launcher, in the script-tag loader) and the card UI (its own
 * file, loaded on intent with the engine). Types only. The element owns what must work before
 * the card exists (attributes, the launcher, open/closed, the click's early request, consent
 * key, the icons); the card gets them through `CardHost`, so the card file carries no second
 * copy, and the loader can later bring the card in any way (`LoadModule`).
 */
import type { DailyConfig } from '../core/call-port.ts';
import type { AddMessageOptions, ConversationMessage } from '../core/messages.ts';
import type { CallTarget, JsonObject } from '../core/types.ts';
import type { ClientTools } from '../core/client-tools.ts';
import type { RequestHelpers } from '../conversation/conversation-events.ts';
import type { StartOptions } from '../core/call-request.ts';
import type { StartNowOptions } from '../core/call-request.ts';
import type { ChatEngine, VoiceEngine } from '../conversation/engine-port.ts';
import type { VoiceLabels } from '../i18n/labels.ts';
import type { CallView } from '../conversation/view.ts';
import type { LoadModule } from './manifest.ts';

export type { ClientTools } from '../core/client-tools.ts';
// The module table and its loader are the manifest's; re-exported for the element's imports.
export type { LoadModule, WidgetModules } from './manifest.ts';

/** How visitors reach the assistant. */
export type WidgetMode = 'voice' | 'chat' | 'hybrid';

/** What the card file exports. */
export interface CardModule {
  /** Builds the card inside the host's shadow root and returns its handle. */
  mountCard(host: CardHost): Card;
}

/** What the start file exports (conversation/element-start.ts). */
export interface StartModule {
  /**
   * Asks, in the caller's task, for `POST /call/web` for the element's target and for the
   * microphone; nothing without consent, a key or a readable target.
   */
  startFor(
    element: Element,
    requests?: Pick<RequestHelpers, 'requestWebCall'>,
    loadDaily?: StartNowOptions['loadDaily'],
  ): StartOptions;
}

/** The element builder the loader hands the card (its `h`, element/dom.ts): `<tag class part …attrs>`. */
export type ElementBuilder = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  part?: string,
  attrs?: Record<string, string>,
) => HTMLElementTagNameMap[K];

/** Draws an icon from path data, optionally transformed (the loader's `svgIcon`, element/icons.ts). */
export type IconDrawer = (d: string, transform?: string) => SVGSVGElement;

/** The launcher's icons the card draws too: path data by name (the loader's `LAUNCHER_ICONS`). */
export interface LauncherIcons {
  readonly phone: string;
  readonly chat: string;
  readonly minimize: string;
}

/** What the element gives the card. */
export interface CardHost {
  /**
   * The `<ringwise-voice-call>` element: attributes are read from it, events dispatched on it,
   * and its `clientTools` / `dailyConfig` properties read when needed.
   */
  readonly element: HTMLElement & { clientTools?: ClientTools; dailyConfig?: DailyConfig };
  /** The container in the shadow root; the card goes in before the launcher. */
  readonly container: HTMLElement;
  readonly launcher: HTMLButtonElement;
  readonly load: LoadModule;
  /**
   * How a click or the first message sends its request before the engine is there (a demo with a
   * scripted engine passes its own). @default the platform's (the card's own)
   */
  readonly requests?: RequestHelpers;
  /** Draws an icon from path data (the card's own, or one of `icons`). */
  readonly svgIcon: IconDrawer;
  /** The element builder (dom.ts), so the card carries no second copy. */
  readonly h: ElementBuilder;
  /**
   * Adds a stylesheet to the element's shadow root (styles.ts; the page's nonce goes on the
   * fallback `<style>` of browsers without constructable stylesheets).
   */
  style(css: string): void;
  /** The launcher's icons (phone, chat, minimize). */
  readonly icons: LauncherIcons;
  /** The launcher's English labels, overlaid with the locale's and the owner's (not the card's English). */
  labels(): Partial<VoiceLabels>;
  mode(): WidgetMode;
  /** Dispatches `ringwise-{event}` on the element; `false` when a listener called `preventDefault()`. */
  dispatch(event: string, detail: unknown): boolean;
  /** Whether the card is open (the element owns it: the launcher shows it). */
  isOpen(): boolean;
  /** Minimizes the card (the card gives focus back to the launcher). */
  collapse(): void;
  /** The card's state changed: the launcher follows. */
  update(): void;
  /**
   * The visitor used a `dismissible` launcher's hide control (the card draws it): hides the
   * launcher for the browser session and fires `ringwise-dismiss`.
   */
  dismiss(): void;
}

/** The card's handle. */
export interface Card {
  readonly view: CallView;
  /**
   * The card was opened (by the launcher, or `start()`): asks for consent first when needed,
   * then starts a call when `start` is given (with the click's early request), and moves focus
   * into the card when `focus`. Resolves `true` when a call started (never rejects).
   */
  opened(options: { start?: StartOptions; focus?: boolean }): Promise<boolean>;
  stop(): void;
  setMuted(muted: boolean): void;
  /** Sends an app message into the live call. */
  send(message: JsonObject): void;
  /** Makes the assistant say `text` in the live call. */
  say(text: string, endCallAfterSpoken?: boolean): void;
  /** Adds a message to the live call's conversation. */
  addMessage(message: ConversationMessage, options?: AddMessageOptions): void;
  /**
   * Loads an engine ahead of a click (`kind`: the mode's by default; `call` makes the next call's
   * object too). Resolves when it is ready, never rejects (the action that needs it reports).
   */
  preload(kind?: 'call' | 'chat'): Promise<void>;
  /** Attributes or labels changed. */
  render(): void;
  /** The key or API URL changed. */
  configure(): void;
  /** Ends a call and forgets the conversation, consent, device choices and nudge state (record-part.ts). */
  forget(): Promise<void>;
  /** Ends everything and removes the card. */
  destroy(): void;
}

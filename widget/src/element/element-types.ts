/** The element's public types: its surface, its constructor, and its tag and events in the DOM's maps. */
import type { ClientTools } from '../ports/card-port.ts';
import type { CallProblem, CallView } from '../conversation/view.ts';
import type { DailyConfig } from '../core/call-port.ts';
import type { AddMessageOptions, ConversationMessage } from '../core/messages.ts';
import type { CallTarget, JsonObject } from '../core/types.ts';
import type { VoiceLabels } from '../i18n/labels.ts';

/** The element's public surface. */
export interface VoiceCallElement extends HTMLElement {
  /** Opens the card and starts a call (after consent, when required). Resolves `true` when it started; never rejects. */
  start(): Promise<boolean>;
  /** Hangs up, or cancels a start in progress. */
  stop(): void;
  /**
   * Forgets this conversation without asking (the card's "⋯" menu asks first): ends a call, clears
   * the conversation, the one kept for the tab, the consent, the device choices and the nudge's
   * state. Loads the card file when it is not there yet.
   */
  forget(): Promise<void>;
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
  /** With `analytics="callback"`: called as `fn(name, fields)` with each analytics event (see the README's Analytics). */
  analyticsCallback?: (name: string, fields: Record<string, unknown>) => unknown;
}

/** Constructor of the element class. */
export type VoiceCallElementConstructor = new () => VoiceCallElement;

declare global {
  interface HTMLElementTagNameMap {
    'ringwise-voice-call': VoiceCallElement;
  }
  interface HTMLElementEventMap {
    'ringwise-error': CustomEvent<CallProblem>;
    'ringwise-consent': CustomEvent<{ decision: 'accepted' | 'declined'; version: string; stored: boolean }>;
    'ringwise-dismiss': CustomEvent<null>;
    'ringwise-open': CustomEvent<null>;
  }
}

/**
 * The controller's outward contract: the events it forwards (the voice client's, the chat
 * client's renamed, one `error`, `tool-call`), the sink that receives them, and its options.
 */
import type { requestChatWeb } from '../api/chat-web.ts';
import type { requestWebCall } from '../api/web-call.ts';
import type { startNow } from '../core/call-request.ts';
import type { DailyConfig } from '../core/call-port.ts';
import type { ChatClientEvents } from '../core/chat-client.ts';
import type { ClientTools, ToolCall, ToolError } from '../core/client-tools.ts';
import type { VoiceClientEvents, VoiceErrorLike } from '../core/types.ts';
import type { ChatEngine, VoiceEngine } from './engine-port.ts';
import type { WidgetError } from './errors.ts';

/** The chat client's events as the controller forwards them (`state-change` is renamed). */
export interface ChatEvents {
  'chat-request': ChatClientEvents['chat-request'];
  'chat-delta': ChatClientEvents['chat-delta'];
  'chat-reply': ChatClientEvents['chat-reply'];
  'chat-state-change': ChatClientEvents['state-change'];
}

/**
 * Every event the controller forwards: the voice client's, the chat client's, one `error` (theirs,
 * the widget's own, and client tools' failures), and `tool-call`: the assistant asked for a
 * client-side tool (before it runs).
 */
export interface ConversationEvents extends Omit<VoiceClientEvents, 'error'>, ChatEvents {
  error: VoiceErrorLike | WidgetError | ToolError;
  'tool-call': ToolCall;
  /** The visitor stopped the assistant mid-turn: with the Stop control (`stop`) or by speaking over it (`voice`). */
  interrupt: { by: 'stop' | 'voice' };
  /**
   * The call's quality changed (issue 37; sent by the card's audio file): `level` as the quiet
   * indicator shows it, `reason` what it is about (`microphone`: the sound check's verdict; `echo`:
   * the assistant cut itself off, its voice heard back, and the echo hint shows).
   */
  quality: { level: 'good' | 'poor' | 'bad'; reason: 'microphone' | 'network' | 'reconnecting' | 'audio' | 'echo' };
}

/** Forwarded chat events (the chat client's `error` joins the voice client's). */
export const CHAT_EVENTS: readonly (keyof ChatEvents)[] = [
  'chat-request',
  'chat-delta',
  'chat-reply',
  'chat-state-change',
];

/** The chat client's own event names (what the controller listens to). */
export const CHAT_CLIENT_EVENTS: readonly (keyof ChatClientEvents)[] = [
  'chat-request',
  'chat-delta',
  'chat-reply',
  'error',
  'state-change',
];

/**
 * Receives forwarded events. For `tool-call`, returning `false` takes the call on the sink itself
 * (the DOM event's `preventDefault()`): a tool with no function in `clientTools` is then no error.
 */
export type EventSink = <K extends keyof ConversationEvents>(event: K, payload: ConversationEvents[K]) => unknown;

/** The request helpers of the API layer: how a click sends its request before the engine loads. */
export interface RequestHelpers {
  requestWebCall: typeof requestWebCall;
  requestChatWeb: typeof requestChatWeb;
}

/** Options of `ConversationController`. */
export interface ConversationControllerOptions {
  /** Loads the voice engine module (on intent or click; again after a failure). */
  loadEngine: () => Promise<VoiceEngine>;
  /**
   * Loads the chat engine module (no voice core, no daily-js).
   * @default `ChatClient` from the module `loadEngine` loads (when it has one)
   */
  loadChatEngine?: () => Promise<ChatEngine>;
  /** Public web token. Empty or missing: `start` / `sendText` report `not-configured`. */
  publicKey?: string | null;
  /** Base URL of the platform API. @default the platform's public API */
  apiBaseUrl?: string | null;
  /** The hosts a call's room may be on (`VoiceClientOptions.roomHosts`). @default DAILY_ROOM_HOSTS */
  roomHosts?: readonly string[] | null;
  /** Ask the engine for the assistant's video (only when something shows it). @default false */
  video?: boolean;
  /** Lets a click send its request before the engine is loaded. Without them the engine sends it. */
  requests?: RequestHelpers;
  /**
   * Sends a start's request with `requests` when no early one came (core/call-request.ts `startNow`), read at each
   * start: the card's is the click's start file's, once that file is in. Absent or `undefined`: the engine sends it.
   */
  startNow?: () => typeof startNow | undefined;
  /** Daily's advanced config (`bundlePathOverride`…), given to each new voice client. */
  dailyConfig?: DailyConfig;
  /**
   * The client-side tools, read at each `tool-calls` message (so they may change at any time).
   * See `client-tools.ts`: unknown tools and failing functions arrive as `error` events.
   */
  clientTools?: () => ClientTools | null | undefined;
  /**
   * Whether a call's room must outlive the page (`persist`): its `POST /call/web` carries
   * `roomDeleteOnUserLeaveEnabled: false`, and page hide leaves the call without ending it.
   */
  keepRoom?: () => boolean;
  /**
   * Receives every client event (e.g. to re-dispatch it as a DOM event). Widget-level failures
   * (`not-configured`, `no-target`, `engine-load-failed`) arrive as `error` events too.
   */
  onEvent?: EventSink;
}

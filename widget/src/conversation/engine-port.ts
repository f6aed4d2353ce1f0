/**
 * The port between the UI layers (custom element, React hook) and the voice engine. The UI never
 * imports the core statically: the engine module is loaded on intent or click through a
 * `LoadEngine` / `LoadChatEngine` function, so the script-tag loader and the hero stay tiny. The
 * shapes below are structural views of `VoiceClient` and `ChatClient` (checked against the real
 * classes in `engine.ts` and `chat-engine.ts`), which is also what lets tests drive the UI with
 * small typed fakes. Two engine modules, not one: chat mode must not download the voice core, and
 * voice mode not the chat client.
 */
import type { CallObject, DailyConfig } from '../core/call-port.ts';
import type { ChatClientEvents, ChatReply, ChatSendOptions, ChatSnapshot } from '../core/chat-client.ts';
import type { AddMessageOptions, ConversationMessage } from '../core/messages.ts';
import type { CallTarget, JsonObject, VoiceClientEvents, VoiceMessage, VoiceSnapshot, WebCall } from '../core/types.ts';
import type { VoiceStartOptions } from '../core/voice-client.ts';
import type { runClientTools } from '../core/client-tools.ts';

/** Options the UI passes when it creates a voice client. */
export interface EngineClientOptions {
  /** Public web token sent as the bearer key of `POST /call/web`. */
  publicKey: string;
  /** Base URL of the platform API. @default the core's default (the platform's public API) */
  apiBaseUrl?: string;
  /**
   * Receive the assistant's video (video voice providers only) in `snapshot.videoTrack`; only
   * when the UI shows it, since otherwise it is downloaded for nothing. @default false
   */
  video?: boolean;
  /** Daily's advanced config, e.g. `{ bundlePathOverride }` to self-host Daily's call machine. */
  dailyConfig?: DailyConfig;
  /** The hosts a call's room may be on; null: any `https:` host. @default Daily's domains */
  roomHosts?: readonly string[] | null;
}

/** Options the UI passes when it creates a chat client. */
export interface EngineChatOptions {
  /** Public web token sent as the bearer key of `POST /chat/web`. */
  publicKey: string;
  /** Base URL of the platform API. @default the core's default (the platform's public API) */
  apiBaseUrl?: string;
  /** Continue an earlier conversation. @default null */
  sessionId?: string | null;
}

/** What both clients offer a UI: a snapshot store and typed events (`ObservableClient`). */
export interface ObservablePort<Snapshot, Events> {
  destroy(): void;
  getSnapshot(): Snapshot;
  subscribe(listener: () => void): () => void;
  on<K extends keyof Events>(event: K, handler: (payload: Events[K]) => void): unknown;
  off<K extends keyof Events>(event: K, handler: (payload: Events[K]) => void): unknown;
}

/** The public surface of `VoiceClient` the UI uses. */
export interface VoiceClientPort extends ObservablePort<VoiceSnapshot, VoiceClientEvents> {
  /**
   * Starts a call. `options.request`: a `POST /call/web` already sent (`requestWebCall`), adopted
   * instead of a second request.
   */
  start(target: CallTarget, options?: VoiceStartOptions): Promise<WebCall | null>;
  /**
   * Joins a call that is still running (its room kept: started with
   * `roomDeleteOnUserLeaveEnabled: false`) without a new `POST /call/web`. Optional: an engine
   * file older than the card (a self-hosted mix of versions) has none, and the card starts anew.
   */
  reconnect?(webCall: WebCall): Promise<unknown>;
  stop(): void;
  /** Sends an app message into the live call (JSON). */
  send(message: VoiceMessage | JsonObject): void;
  /** Makes the assistant say `message`, optionally ending the call after it. */
  say(message: string, endCallAfterSpoken?: boolean): void;
  /** Adds a message to the live conversation (`{ type: 'add-message', message }`); no-op without a call. */
  addMessage(message: ConversationMessage, options?: AddMessageOptions): void;
  setMuted(muted: boolean): void;
  /**
   * Mutes the assistant (a Stop control: its audio here at once, and `mute-assistant` on the
   * platform) or unmutes it. Optional: an older engine file has none, and the card shows no Stop.
   */
  setAssistantMuted?(muted: boolean): void;
  /** Loads the call engine (daily chunk) ahead of a click. */
  preload(): Promise<void>;
  /** Retries audio playback after the browser blocked autoplay (call from a user gesture). */
  resumeAudio(): void;
  // The audio settings (optional, as `reconnect`: an older engine file has none, and the card
  // then offers no settings).
  /** Uses the microphone `deviceId` now (mute kept) and in later calls; rejects when the call cannot open it. */
  setInputDevice?(deviceId: string): Promise<void>;
  /** The microphone the live call uses (a device id), else the one chosen, else null. */
  getInputDevice?(): Promise<string | null>;
  /** Plays the assistant on the output `deviceId` (`setSinkId`) now and in later calls; may reject. */
  setOutputDevice?(deviceId: string): Promise<void>;
  /** The assistant's playback volume, 0..1 (what the assistant hears does not change). */
  setVolume?(volume: number): void;
  /**
   * The live call's object (its network events and microphone track, for the call's quality
   * checks in the audio file); null without a call. Optional, as the audio settings.
   */
  getCallObject?(): CallObject | null;
}

/** The public surface of `ChatClient` the UI uses. */
export interface ChatClientPort extends ObservablePort<ChatSnapshot, ChatClientEvents> {
  /** The conversation's session id (`null` before the first reply or after `reset()`). */
  readonly sessionId: string | null;
  /**
   * Sends a message and streams the reply; resolves with it at `[DONE]`, `null` on an error, a
   * stop, or while another message is in flight. Never rejects. `options.request`: a
   * `POST /chat/web` already sent (`requestChatWeb`), adopted instead of a second request.
   */
  send(input: string, target: CallTarget, options?: ChatSendOptions): Promise<ChatReply | null>;
  /** Aborts the reply in flight (the partial text stays in the snapshot). */
  stop(): void;
}

/**
 * What the chat engine module exports (`src/chunks/entries/chat-engine.ts`; in the script-tag build its
 * own file). Chat mode loads only this: no voice core, no daily-js.
 */
export interface ChatEngine {
  ChatClient: new (options: EngineChatOptions) => ChatClientPort;
}

/** What the voice engine module exports (`voice-widget-engine.js`, or `src/chunks/entries/voice-engine.ts`). */
export interface VoiceEngine {
  VoiceClient: new (options: EngineClientOptions) => VoiceClientPort;
  /**
   * Runs the client-side tools of a `tool-calls` message (`core/client-tools.ts`). The package's
   * engine modules export it; an engine module of your own without it runs no client tools (the
   * controller says so once in the console).
   */
  runClientTools?: typeof runClientTools;
}

/** Loads the engine module; may reject (offline, blocked by CSP, 404), and may be called again to retry. */
export type LoadEngine = () => Promise<VoiceEngine>;

/** Loads the chat engine module; may reject like `LoadEngine`, and may be called again to retry. */
export type LoadChatEngine = () => Promise<ChatEngine>;

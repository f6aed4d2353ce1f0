/**
 * The port between the UI layers (custom element, React hook) and the voice engine. The UI never
 * imports the core statically: the engine module is loaded on intent or click through a
 * `LoadEngine` function, so the script-tag loader and the hero stay tiny. The shapes below are
 * structural views of `VoiceClient` (checked against the real class in `engine.ts`), which is
 * also what lets tests drive the UI with a small typed fake.
 */
import type {
  CallTarget,
  VoiceClientEvents,
  VoiceSnapshot,
  WebCall,
} from '../core/types.ts';

/** Options the UI passes when it creates a client. */
export interface EngineClientOptions {
  /** Public web token sent as the bearer key of `POST /call/web`. */
  publicKey: string;
  /** Base URL of the platform API. @default the core's default (the platform's public API) */
  apiBaseUrl?: string;
}

/** The public surface of `VoiceClient` the UI uses. */
export interface VoiceClientPort {
  start(target: CallTarget): Promise<WebCall | null>;
  stop(): void;
  setMuted(muted: boolean): void;
  isMuted(): boolean;
  /** Loads the call engine (daily chunk) ahead of a click. */
  preload(): Promise<void>;
  /** Retries audio playback after the browser blocked autoplay (call from a user gesture). */
  resumeAudio(): void;
  destroy(): void;
  getSnapshot(): VoiceSnapshot;
  subscribe(listener: () => void): () => void;
  on<K extends keyof VoiceClientEvents>(event: K, handler: (payload: VoiceClientEvents[K]) => void): unknown;
  off<K extends keyof VoiceClientEvents>(event: K, handler: (payload: VoiceClientEvents[K]) => void): unknown;
}

/** What the engine module exports (`voice-widget-engine.js`, or `src/element/engine.ts`). */
export interface VoiceEngine {
  VoiceClient: new (options: EngineClientOptions) => VoiceClientPort;
}

/** Loads the engine module; may reject (offline, blocked by CSP, 404), and may be called again to retry. */
export type LoadEngine = () => Promise<VoiceEngine>;

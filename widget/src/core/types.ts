/**
 * Public types of the voice client core. This file is the contract between the core
 * (`VoiceClient`), the Daily adapter (`src/daily`), the custom element, the React hook and tests.
 * It holds types only: no runtime code, no daily-js types, no DOM globals.
 */
import type { JsonObject } from '../api/call-target.ts';
import type { CallEngineError, CallEngineEvent, CallParticipant, MediaTrackLike } from './call-port.ts';
import type { AudioPlayback } from './platform.ts';
import type { LatencyFigures } from './latency.ts';

/** Lifecycle of a call as the UI sees it. */
export type CallState = 'idle' | 'starting' | 'active' | 'reconnecting' | 'ending';

// The start stages' one list is `START_STAGES` (start-stages.ts); the type derives from it.
import type { StartStage } from './start-stages.ts';
export type { StartStage };

/**
 * A stage name as reported in progress events: `input-validation` precedes the start stages;
 * `reconnect-initialization` replaces the first two in `reconnect()`.
 */
export type ProgressStage = StartStage | 'input-validation' | 'reconnect-initialization';

/** One `call-start-progress` event. */
export interface StartProgress {
  stage: ProgressStage;
  status: 'started' | 'completed' | 'failed';
  /** Milliseconds the stage took (completed / failed only). */
  duration?: number;
  /** `Date.now()` when the event was emitted. */
  timestamp: number;
  /**
   * Why a stage failed without an error object: `already-started` (a second start, stage
   * `input-validation`), `cancelled` (`stop()` or the call ending during the stage) or `destroyed`.
   */
  reason?: string;
  metadata?: Record<string, unknown>;
}

/** Stable error kinds; UIs switch on these, never on messages. */
export type VoiceErrorType =
  | 'validation-error'
  | 'api-error'
  | 'network-error'
  | 'timeout-error'
  | 'answer-error'
  | 'mic-permission-denied'
  | 'mic-not-found'
  | 'mic-blocked'
  | 'daily-call-object-creation-error'
  | 'daily-call-join-error'
  | 'video-recording-setup-error'
  | 'audio-observer-setup-error'
  | 'audio-processing-setup-error'
  | 'meeting-ended';

// The POST /call/web wire shapes live in the API layer (the core imports it, never the reverse).
export type { CallTarget, JsonObject, WebCall } from '../api/call-target.ts';

/** A message from the assistant (app message parsed as JSON). `type` is always present. */
export interface VoiceMessage extends JsonObject {
  type: string;
}

/** Transcript message as the platform sends it; the widget renders these. */
export interface TranscriptMessage extends VoiceMessage {
  type: 'transcript';
  role: 'assistant' | 'user' | string;
  transcriptType: 'partial' | 'final' | string;
  transcript: string;
}

/** Read-only view of a client, suitable for `useSyncExternalStore`. A new object on every change. */
export interface VoiceSnapshot {
  readonly state: CallState;
  readonly muted: boolean;
  /** Assistant speaking (level > 0.01; off 1 s after it drops). */
  readonly speaking: boolean;
  /** 0..1, summed remote level / 0.15, capped at 1. */
  readonly volume: number;
  /** The stage currently running while `state === 'starting'`. */
  readonly stage: StartStage | null;
  readonly callId: string | null;
  /** The last error, cleared by the next start. */
  readonly error: VoiceErrorLike | null;
  /** The browser refused to autoplay the assistant's audio; call `resumeAudio()` from a click. */
  readonly audioBlocked: boolean;
  /**
   * The assistant's video track (a `MediaStreamTrack` in browsers) while a call with a video voice
   * provider runs and the client was created with `video: true`; `null` otherwise and after the call.
   */
  readonly videoTrack: MediaTrackLike | null;
  /**
   * During a start, true once the call engine has handed the join to its call machine (Daily's
   * `joining-meeting`; an engine without that event: as the join is asked for). False before and
   * after the start. Absent from an engine that does not report it (the card then draws whole at the ask).
   */
  readonly joinSent?: boolean;
}

/** Structural view of `VoiceError` (the class lives in `errors/`). */
export interface VoiceErrorLike extends Error {
  readonly type: VoiceErrorType;
  readonly stage?: ProgressStage;
  /** HTTP status for `api-error`. */
  readonly status?: number;
  /** Ended reason for `meeting-ended`. */
  readonly reason?: string;
}

/** Event map of `VoiceClient.on` / `off`. */
export interface VoiceClientEvents {
  'call-start': void;
  'call-end': void;
  'speech-start': void;
  'speech-end': void;
  'volume-level': number;
  message: VoiceMessage;
  'call-start-progress': StartProgress;
  'call-start-success': { callId: string; totalDuration: number };
  'call-start-failed': { stage: ProgressStage; error: VoiceErrorLike; totalDuration: number };
  error: VoiceErrorLike;
  'state-change': CallState;
  /** Latency as the visitor hears it (latency.ts): at each new figure, and once at the call's end (`final`). */
  latency: LatencyFigures;
}

/**
 * The call's media, network and recording events (`VoiceClient.on`), beside `VoiceClientEvents`.
 * Payloads are the core's types; `raw` is the call engine's own event (Daily's) where there is one.
 */
export interface VoiceMediaEvents {
  /** The platform says the assistant is listening (its `listening` app message). */
  listening: void;
  /** A player of the assistant's audio was created (detached: not in the page). */
  audio: AudioPlayback;
  /** The assistant's video track started (with the `video` option and a video voice provider). */
  video: MediaTrackLike;
  /** The assistant's audio could not start (`NotAllowedError`: autoplay blocked; `resumeAudio()` from a click). */
  'audio-start-failed': Error;
  /** The microphone's level, 0..1, every 100 ms, while something listens to this event. */
  'local-volume-level': number;
  /** The camera or microphone failed (`type`: `permissions`, `not-found`, `in-use`…). */
  'camera-error': CallEngineError;
  'network-quality-change': CallEngineEvent & { state: string };
  'network-connection': CallEngineEvent & { state: string; type?: string };
  'participant-updated': CallEngineEvent & { participant: CallParticipant };
  'recording-started': CallEngineEvent;
  'recording-stopped': CallEngineEvent;
  'recording-stats': CallEngineEvent;
  'recording-upload-completed': CallEngineEvent;
  'recording-error': CallEngineError;
  /** The call engine reported a fatal error (before the join too; after it, `error` follows with `meeting-ended`). */
  'call-engine-error': CallEngineError;
}

/** Every event of `VoiceClient`. */
export interface VoiceEvents extends VoiceClientEvents, VoiceMediaEvents {}

/**
 * The public types of the `./vapi` entry, as `@vapi-ai/web` 2.7.1 declares them: its event names
 * and listener signatures, start options and web call shape. Types only.
 */
import type {
  DailyEventObjectNoPayload,
  DailyEventObjectRecordingError,
  DailyEventObjectRecordingStarted,
  DailyEventObjectRecordingStopped,
  DailyParticipant,
} from '../daily/index.ts';
import type { JsonObject } from '../api/call-target.ts';
import type { ProgressStage } from '../core/types.ts';

/** `{ type: 'end-call' }`, `say`, `add-message`, `control` messages (the platform's live call control). */
export type VapiClientToServerMessage = { type: string } & JsonObject;

/**
 * A start stage as @vapi-ai/web 2.7.1 names it in `call-start-progress`: the core's stages, its
 * `input-validation` told as `validation`.
 */
export type VapiStartStage = Exclude<ProgressStage, 'input-validation'> | 'validation';

/** The stage of a `call-start-failed` event: `reconnect` for a rejoin, else `unknown` (as the reference). */
export type VapiFailedStage = 'reconnect' | 'unknown';

/** One `call-start-progress` event. */
export interface CallStartProgressEvent {
  stage: VapiStartStage;
  status: 'started' | 'completed' | 'failed';
  duration?: number;
  /** ISO 8601. */
  timestamp: string;
  // `any`, as in the reference
  metadata?: Record<string, any>;
}

/** The `call-start-success` event. */
export interface CallStartSuccessEvent {
  totalDuration: number;
  callId?: string;
  timestamp: string;
}

/** The `call-start-failed` event. */
export interface CallStartFailedEvent {
  stage: VapiFailedStage;
  totalDuration: number;
  error: string;
  errorStack?: string;
  timestamp: string;
  // `any`, as in the reference
  context: Record<string, any>;
}

/** Every event and its listener. */
export type VapiEventListeners = {
  'call-end': () => void;
  'call-start': () => void;
  'volume-level': (volume: number) => void;
  'local-volume-level': (volume: number) => void;
  // `any`, as in the reference
  'local-audio-level-observer-error': (error: any) => void;
  'speech-start': () => void;
  'speech-end': () => void;
  video: (track: MediaStreamTrack) => void;
  audio: (player: HTMLAudioElement) => void;
  // `any`: the platform's messages, untyped as in the reference.
  message: (message: any) => void;
  // `any`: { type, stage?, error, timestamp… } as in the reference.
  error: (error: any) => void;
  // `any`, as in the reference
  'camera-error': (error: any) => void;
  // `any`, as in the reference
  'network-quality-change': (event: any) => void;
  // `any`, as in the reference
  'network-connection': (event: any) => void;
  'daily-participant-updated': (participant: DailyParticipant) => void;
  'call-start-progress': (event: CallStartProgressEvent) => void;
  'call-start-success': (event: CallStartSuccessEvent) => void;
  'call-start-failed': (event: CallStartFailedEvent) => void;
  'recording-started': (event: DailyEventObjectRecordingStarted) => void;
  'recording-stopped': (event: DailyEventObjectRecordingStopped) => void;
  'recording-stats': (event: DailyEventObjectNoPayload) => void;
  'recording-error': (event: DailyEventObjectRecordingError) => void;
  'recording-upload-completed': (event: DailyEventObjectNoPayload) => void;
};

/** Every event name. */
export type VapiEventNames = keyof VapiEventListeners;

/** Options of `start()`. */
export type StartCallOptions = {
  /** `false` keeps the room when the visitor leaves, so `reconnect` can join it again. @default true */
  roomDeleteOnUserLeaveEnabled?: boolean;
};

/** A web call to `reconnect` to (`@vapi-ai/web`'s own `WebCall`; `webCallUrl` is all it needs). */
export type ReconnectWebCall = {
  webCallUrl: string;
  id?: string;
  artifactPlan?: { videoRecordingEnabled?: boolean };
  assistant?: { voice?: { provider?: string } };
  transport?: { callToken?: string };
};

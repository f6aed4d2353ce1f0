/**
 * The port between the core and a real-time call engine, in the core's own terms. The Daily
 * adapter (`src/daily`, the only module that imports daily-js) implements it; tests pass a typed
 * fake (`tests/fixtures/fake-call.ts`). Types only: no runtime code, no daily-js types.
 */

/** A media track as the core handles it: a structural subset of `MediaStreamTrack`. */
export interface MediaTrackLike {
  readonly kind: string;
  readonly id: string;
  /** `live` until `stop()` is called or the source ends. */
  readonly readyState: string;
  stop(): void;
}

/** A participant as the core sees it. */
export interface CallParticipant {
  /** Session id, unique in the call. */
  id: string;
  /** True for this browser's own participant. */
  local: boolean;
  /** Display name, when the platform sets one. */
  userName?: string;
}

/** A track of a participant started or stopped. */
export interface CallTrackEvent {
  /** `null` when the participant already left. */
  participant: CallParticipant | null;
  track: MediaTrackLike;
}

/**
 * What every engine event may carry besides its typed fields: the engine's own event object
 * (Daily's), passed through untouched for adapters that must hand it on as it came (`./vapi`).
 */
export interface CallEngineEvent {
  /** The engine's original event object. */
  readonly raw?: unknown;
}

/** An error the engine reported. */
export interface CallEngineError extends CallEngineEvent {
  message: string;
  /** The engine's error kind (e.g. `ejected`, `permissions`). */
  type?: string;
}

/** Events of a call object the core listens to. */
export interface CallObjectEvents {
  /** A remote or local track started (the core plays remote audio tracks). */
  'track-started': CallTrackEvent;
  'track-stopped': CallTrackEvent;
  'participant-left': { participant: CallParticipant };
  /** A participant's state changed (tracks, name…). */
  'participant-updated': CallEngineEvent & { participant: CallParticipant };
  /**
   * The engine hands the join to its call machine (Daily's `joining-meeting`, emitted right before
   * its join message): sent only by an engine whose object sets `announcesJoin`.
   */
  'joining-meeting': void;
  /** This client left the call (after `leave()`/`destroy()`, or when the platform removed it). */
  'left-meeting': void;
  /** A fatal error: the call is over. `type` is the engine's error kind (e.g. `ejected`). */
  error: CallEngineError;
  /** A nonfatal error, e.g. `audio-processor-error`. */
  'nonfatal-error': CallEngineError & { type: string };
  /** The camera or microphone could not be used (`type`: `permissions`, `not-found`…). */
  'camera-error': CallEngineError;
  /** An app message from another participant (the platform sends JSON strings). */
  'app-message': { data: unknown; fromId: string };
  /** Audio levels (0..1) of the remote participants, by participant id. */
  'remote-participants-audio-level': { levels: Record<string, number> };
  /** The microphone's level (0..1), while the local observer runs. */
  'local-audio-level': { level: number };
  /** The media or signalling connection changed: `interrupted`, `connected`… (`type`: which one). */
  'network-connection': CallEngineEvent & { state: string; type?: string };
  /** The network quality estimate changed (`state`: `good`, `warning`, `bad`, `unknown`). */
  'network-quality-change': CallEngineEvent & { state: string };
  /** The cloud recording started. */
  'recording-started': CallEngineEvent | void;
  'recording-stopped': CallEngineEvent | void;
  'recording-stats': CallEngineEvent | void;
  'recording-upload-completed': CallEngineEvent | void;
  /** The cloud recording failed (to start, or while running). */
  'recording-error': CallEngineError;
}

/** Input processing settings; the core uses the noise-cancellation processor on the microphone. */
export interface CallInputSettings {
  audio: { processor: { type: 'noise-cancellation' | 'none' } };
}

/** Options of a cloud recording (spec §9: 1280×720, default layout preset). */
export interface CallRecordingOptions {
  width: number;
  height: number;
  /** `#AARRGGBB` behind the participants' tiles. */
  backgroundColor: string;
  layout: { preset: 'default' };
}

/**
 * A call object: one per call, created by a `CallFactory`, destroyed at cleanup.
 * Methods that need a joined call may throw before join; the core only calls them after.
 */
export interface CallObject {
  /**
   * Joins the room. Rejects when the engine cannot load or the room refuses.
   * @param options `url`: the room; `token`: the platform's meeting token for it, when it sent one
   *   (a room may require it; with a video recording it also starts the recording at join).
   */
  join(options: { url: string; token?: string }): Promise<void>;
  /**
   * Starts loading what the engine needs to join (Daily's call machine), before the room is known;
   * the core calls it as soon as the call object exists, so the download runs beside the microphone
   * permission, and waits for it (failed or not) before `join`, which loads by itself otherwise.
   * Optional: an engine without it loads at `join`.
   */
  load?(): Promise<void>;
  /** Leaves the room (the object stays usable for `destroy()`). */
  leave(): Promise<void>;
  /** Leaves if needed and releases everything: tracks, listeners, workers. Idempotent. */
  destroy(): Promise<void>;
  /** Adds a listener; must be removable with `off` using the same function. */
  on<E extends keyof CallObjectEvents>(event: E, handler: (payload: CallObjectEvents[E]) => void): void;
  /** Removes a listener added with `on`. */
  off<E extends keyof CallObjectEvents>(event: E, handler: (payload: CallObjectEvents[E]) => void): void;
  /** Sends an app message to everyone in the room (the core sends strings: JSON or `playable`). */
  sendAppMessage(data: string): void;
  /** Turns the microphone on or off (mute). */
  setLocalAudio(enabled: boolean): void;
  /** Whether the microphone is on. */
  localAudio(): boolean;
  /** Starts the `remote-participants-audio-level` events every `intervalMs`. */
  startRemoteParticipantsAudioLevelObserver(intervalMs: number): Promise<void>;
  /** Starts the `local-audio-level` events every `intervalMs`. */
  startLocalAudioLevelObserver(intervalMs: number): Promise<void>;
  /** Starts the cloud recording; its start is reported by `recording-started`. */
  startRecording(options: CallRecordingOptions): void;
  /** Stops the cloud recording. */
  stopRecording(): void;
  /** Sets the microphone's processing (noise cancellation). */
  updateInputSettings(settings: CallInputSettings): Promise<void>;
  /**
   * Switches the microphone to the device `deviceId` (an `enumerateDevices()` id) at once; rejects
   * when it cannot be opened. The engine may turn the new microphone on: the core re-applies mute.
   */
  setInputDevice(deviceId: string): Promise<void>;
  /** The microphone in use: its device id, or null when the engine knows none (yet). */
  getInputDevice(): Promise<string | null>;
  /**
   * The microphone's track the call sends (a `MediaStreamTrack` in browsers), or null before the
   * engine opened it: what the sound check listens to, so it opens no second microphone. Optional:
   * an engine file older than the card has none, and the check is skipped.
   */
  localAudioTrack?(): MediaTrackLike | null;
  /**
   * The state of the last `network-quality-change` (null: none yet), kept by the adapter so that a
   * part loaded later (the card's quality indicator) starts from it. Optional, as `localAudioTrack`.
   */
  networkQuality?(): string | null;
  /**
   * True when the object emits `joining-meeting` as the engine hands the join to its call machine:
   * the core then marks the join as sent (`VoiceSnapshot.joinSent`) at that event, else as `join`
   * is called. Optional (an engine without the event).
   */
  readonly announcesJoin?: boolean;
  /** The engine's own call object (Daily's `DailyCall`), for adapters that hand it out. */
  readonly engine?: unknown;
}

/** What the core asks of a new call object. */
export interface CreateCallOptions {
  /**
   * Receive the assistant's video: true only when its voice provider is a video one. The
   * microphone is always used.
   */
  video: boolean;
  /**
   * Send the camera: true when the platform records the call on video
   * (`artifactPlan.videoRecordingEnabled`), so the recording has the visitor's picture.
   */
  camera: boolean;
  /** The microphone the visitor chose (a device id); the browser's default without it. */
  microphone?: string;
}

/**
 * Creates call objects. The core calls `createCall` once per start, after the previous call
 * object is destroyed (Daily allows one at a time). Throwing fails the start with
 * `daily-call-object-creation-error`.
 */
export interface CallFactory {
  createCall(options: CreateCallOptions): CallObject;
  /**
   * Makes the next call's object ahead of the call (a warm start's idle time), for `createCall`
   * to take when asked for the same `camera` and `microphone`: the engine's own set-up then runs
   * before the click, not between the web call's answer and the join. Optional; never throws.
   */
  prepare?(options: Omit<CreateCallOptions, 'video'>): void;
  /** Destroys the object `prepare` made, when no call took it. Optional. */
  dispose?(): void;
}

/**
 * Where a voice client's default `CallFactory` comes from when none is passed: loaded when a call
 * starts or on `preload()`, so the engine behind it (daily-js) is never part of the first load.
 * The core has none of its own; the package's entries supply Daily's (`src/daily/lazy-factory.ts`:
 * through `import()` in the package, through the widget loader in the script-tag files). A rejection
 * fails the start with `daily-call-object-creation-error`, and the next start or preload asks again.
 * @param config Daily's advanced config (`VoiceClientOptions.dailyConfig`).
 */
export type LoadCallFactory = (config?: DailyConfig) => Promise<CallFactory>;

/**
 * Daily's advanced configuration (`dailyConfig`), passed through by the Daily adapter.
 * Declared here so the core stays free of daily-js types; unknown keys pass through unchecked.
 */
export interface DailyConfig {
  /**
   * Load Daily's call machine without `eval`, so pages whose CSP lacks 'unsafe-eval' work.
   * @default true
   */
  avoidEval?: boolean;
  /** Folder holding Daily's bundles (call-machine-object-bundle.js …), e.g. your own CDN. */
  bundlePathOverride?: string;
  [key: string]: unknown;
}

import { DEFAULT_API_BASE_URL } from '../api/constants.ts';
import { createWebCall, readWebCall } from '../api/web-call.ts';
import type { CallFactory, CallObject, CallObjectEvents, DailyConfig, MediaTrackLike } from './call-port.ts';
import {
  AUDIO_LEVEL_INTERVAL_MS,
  CALL_ENDED_MESSAGE,
  MISSING_TARGET_MESSAGE,
  MOBILE_PERMISSIONS_WAIT_MS,
  SPEAKING_THRESHOLD,
  SPEECH_END_DELAY_MS,
  VIDEO_RECORDING,
  VIDEO_VOICE_PROVIDERS,
  VOLUME_DIVISOR,
} from './constants.ts';
import { VoiceError, isVoiceError } from './errors/voice-error.ts';
import { loadDailyModule } from './daily-module.ts';
import { ObservableClient } from './observable.ts';
import { requestErrorType } from './request-error-type.ts';
import { browserPlatform, type AudioPlayback, type VoicePlatform } from './platform.ts';
import type { AddMessageOptions, ConversationMessage } from './messages.ts';
import { hasCallTarget } from './target.ts';
import type {
  CallTarget,
  JsonObject,
  ProgressStage,
  StartProgress,
  StartStage,
  VoiceClientEvents,
  VoiceErrorType,
  VoiceMessage,
  VoiceSnapshot,
  WebCall,
} from './types.ts';

/** Options of `new VoiceClient(…)`. */
export interface VoiceClientOptions {
  /** Public web key, sent as `Authorization: Bearer {publicKey}` on `POST /call/web`. */
  publicKey: string;
  /** Base URL of the platform API. @default DEFAULT_API_BASE_URL (src/api/constants.ts) */
  apiBaseUrl?: string;
  /**
   * Creates call objects. @default the Daily adapter (`src/daily`), imported lazily on `preload()`
   * or the first `start()`, so daily-js is never part of the page's first load.
   */
  callFactory?: CallFactory;
  /** Daily's advanced config for the default factory (`avoidEval` defaults to true). */
  dailyConfig?: DailyConfig;
  /** `fetch` for `POST /call/web`. @default globalThis.fetch, read at call time */
  fetch?: typeof fetch;
  /** Host environment: microphone, audio playback, page lifecycle. @default browserPlatform */
  platform?: VoicePlatform;
  /**
   * Receive the assistant's video when its voice provider renders video (`VIDEO_VOICE_PROVIDERS`):
   * the remote video track is then in `snapshot.videoTrack`. Leave it off unless something shows
   * it: without it the call engine does not subscribe to video at all (no download). The
   * assistant's audio is played by the audio path either way.
   * @default false
   */
  video?: boolean;
}

/** Options of `VoiceClient.start`. */
export interface VoiceStartOptions {
  /**
   * A `POST /call/web` already in flight for the same target (`requestWebCall`'s promise), adopted
   * instead of sending a second request.
   */
  request?: Promise<Response>;
}

/** One remote audio track being played. */
interface PlayerEntry {
  participantId: string;
  player: AudioPlayback;
  /** The browser refused to autoplay it; `resumeAudio()` retries. */
  blocked: boolean;
}

/** Resources of one start/call; dropped as a whole at cleanup. */
interface Session {
  abort: AbortController;
  call?: CallObject;
  /** Removers of every listener this session added (call object, page lifecycle). */
  offs: (() => void)[];
  /** Players of the remote audio tracks, by track id. */
  players: Map<string, PlayerEntry>;
  speechTimer?: ReturnType<typeof setTimeout>;
  /** The assistant's video was asked for (option `video` and a video voice provider). */
  video?: boolean;
  /** Participant whose video track is in the snapshot. */
  videoParticipantId?: string;
  joined?: boolean;
  /** `call-start` was emitted (the assistant's audio plays). */
  playing?: boolean;
  firstMessageSent?: boolean;
  /** A status-update `ended` was emitted (received or synthesized): never emit a second. */
  endedSent?: boolean;
  recording?: boolean;
  recordingRequestedAt?: number;
  /** Seconds from the recording request to `recording-started`. */
  recordingDelay?: number;
}

/** Thrown inside `start()` when `stop()` (or the call ending) cancelled it. */
const CANCELLED = { cancelled: true };

const IDLE: Partial<VoiceSnapshot> = {
  state: 'idle',
  speaking: false,
  volume: 0,
  stage: null,
  muted: false,
  audioBlocked: false,
  videoTrack: null,
};

const MIC_MESSAGES: Partial<Record<VoiceErrorType, string>> = {
  'mic-permission-denied': 'Microphone access was denied.',
  'mic-not-found': 'No microphone was found.',
  'mic-blocked': 'The microphone cannot be used on this page.',
};

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  const { errorMsg, message } = (error ?? {}) as { errorMsg?: unknown; message?: unknown };
  return String(errorMsg ?? message ?? error);
}

/** Maps anything a stage threw to a `VoiceError`; `type` null means "classify by the error". */
function toVoiceError(error: unknown, type: VoiceErrorType | null, stage: StartStage): VoiceError {
  if (isVoiceError(error)) return error;
  const name = (error as { name?: unknown } | null)?.name;
  let message = messageOf(error);
  if (!type) {
    if (stage === 'mobile-permissions') {
      // Chromium reports a permissions-policy block as NotAllowedError "…by permissions policy".
      type =
        (name === 'NotAllowedError' || name === 'PermissionDeniedError') && !/policy/i.test(message)
          ? 'mic-permission-denied'
          : name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError'
            ? 'mic-not-found'
            : 'mic-blocked';
      message = `${MIC_MESSAGES[type]} ${message}`.trim();
    } else type = requestErrorType(error);
  }
  const status = (error as { status?: unknown } | null)?.status;
  return new VoiceError(type, message, {
    stage,
    status: type === 'api-error' && typeof status === 'number' ? status : undefined,
    cause: error,
  });
}

/** `promise`, or a rejection with the abort reason as soon as `signal` aborts (whichever comes first). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

/**
 * The headless voice client: starts, runs and ends a voice call with an assistant (spec §3, §4,
 * §8, §9). Framework-free and SSR-safe: constructing or importing it touches no browser global.
 *
 * - `start(target)` runs the start stages, reporting `call-start-progress` for each; resolves with
 *   the web call, or `null` when the start failed, was cancelled by `stop()`, or a call is already
 *   starting or running. It throws only for a missing target (`validation-error`).
 * - Any failure emits `call-start-failed` and `error`, cleans up fully, and leaves the instance
 *   ready for another `start()`, whether or not anything listens.
 * - `getSnapshot()` / `subscribe()` fit React's `useSyncExternalStore` (both are bound).
 *
 * @example
 * const client = new VoiceClient({ publicKey });
 * client.on('message', (m) => console.log(m));
 * await client.start({ assistantId });
 */
export class VoiceClient extends ObservableClient<VoiceSnapshot, VoiceClientEvents> {
  private readonly options: VoiceClientOptions;
  private readonly platform: VoicePlatform;
  private session: Session | null = null;
  /** Resolves when the last call object is destroyed; the next one is created only after it. */
  private closing: Promise<void> = Promise.resolve();
  private factory: Promise<CallFactory> | null = null;
  private destroyed = false;

  /** @param options Public key, API base URL and the optional ports (call factory, fetch, platform). */
  constructor(options: VoiceClientOptions) {
    super({ ...(IDLE as VoiceSnapshot), callId: null, error: null });
    this.options = options;
    this.platform = options.platform ?? browserPlatform;
  }

  /** Current call state (same as `getSnapshot().state`). */
  get state(): VoiceSnapshot['state'] {
    return this.snapshot.state;
  }

  /**
   * Starts loading the call engine (the daily-js chunk) ahead of a click, e.g. on hover or focus.
   * Idempotent; never rejects (a failure is retried, and reported, by `start()`).
   */
  preload(): Promise<void> {
    return this.loadFactory().then(
      () => {},
      () => {},
    );
  }

  /**
   * Starts a call with an assistant, squad or workflow (stages of spec §4).
   * @param target Exactly what `POST /call/web` receives: assistant | assistantId | squad | squadId |
   *   workflow | workflowId, with optional assistantOverrides / workflowOverrides.
   * @param options `request`: a `POST /call/web` already in flight for this target (sent with
   *   `requestWebCall`, e.g. by a loader at the click, before this engine was loaded). The client
   *   then sends no request of its own: its `web-call-creation` stage adopts that one, reports the
   *   same progress and maps its failures exactly as `createWebCall`'s (`api-error` with `status`,
   *   `network-error`). `stop()` stops waiting for it but cannot abort it: abort it yourself if
   *   you hold its controller. An adopted request that is never used (validation error, already
   *   started) is still marked handled, so it never becomes an unhandled rejection.
   * @returns The web call, or `null` on failure, cancellation or when already started.
   * @throws VoiceError `validation-error` when the target names no assistant, squad or workflow.
   */
  async start(target: CallTarget, options: VoiceStartOptions = {}): Promise<WebCall | null> {
    const { request } = options;
    // An adopted request this start does not consume must not become an unhandled rejection.
    request?.catch(() => {});
    if (!hasCallTarget(target)) {
      const error = new VoiceError('validation-error', MISSING_TARGET_MESSAGE, { stage: 'input-validation' });
      this.set({ error });
      this.events.emit('error', error);
      throw error;
    }
    if (this.session || this.destroyed) {
      this.progress('input-validation', 'failed', { reason: this.destroyed ? 'destroyed' : 'already-started' });
      return null;
    }
    const startedAt = Date.now();
    const s: Session = { abort: new AbortController(), offs: [], players: new Map() };
    this.session = s;
    this.set({ state: 'starting', error: null, callId: null });
    let stage: StartStage = 'initialization';
    const check = () => {
      if (this.session !== s) throw CANCELLED;
    };
    const step = async <T>(
      name: StartStage,
      type: VoiceErrorType | null,
      run: () => T | Promise<T>,
      fatal = true,
    ): Promise<T | undefined> => {
      check();
      stage = name;
      const at = Date.now();
      this.set({ stage: name });
      this.progress(name, 'started');
      try {
        // A 'started' listener may have called stop().
        check();
        const result = await run();
        check();
        this.progress(name, 'completed', { duration: Date.now() - at });
        return result;
      } catch (error) {
        check();
        const voiceError = toVoiceError(error, type, name);
        this.progress(name, 'failed', { duration: Date.now() - at, metadata: { error: voiceError.message } });
        if (fatal) throw voiceError;
        this.events.emit('error', voiceError);
        return undefined;
      }
    };

    try {
      let factory!: Promise<CallFactory>;
      await step('initialization', null, () => {
        // The engine chunk loads while POST /call/web is in flight, not before it.
        factory = this.loadFactory();
        factory.catch(() => {});
        const off = this.platform.onPageHide(() => void this.end());
        s.offs.push(off);
      });
      const webCall = (await step('web-call-creation', null, () =>
        request
          ? readWebCall(untilAborted(request, s.abort.signal), s.abort.signal)
          : createWebCall(
              {
                baseUrl: this.options.apiBaseUrl ?? DEFAULT_API_BASE_URL,
                token: this.options.publicKey,
                fetch: this.options.fetch,
                signal: s.abort.signal,
              },
              target,
            ),
      )) as WebCall;
      this.set({ callId: webCall.id });
      const recording = webCall.artifactPlan?.videoRecordingEnabled === true;
      // Video only when asked for and the provider renders some: else nothing would show it.
      const video = this.options.video === true && VIDEO_VOICE_PROVIDERS.includes(String(webCall.assistant?.voice?.provider));
      s.video = video;

      const call = (await step('daily-call-object-creation', 'daily-call-object-creation-error', async () => {
        await this.closing;
        const callFactory = await factory;
        check();
        // Kept on the session at once, so a stop() from now on destroys it.
        s.call = callFactory.createCall({ video });
        this.listen(s, s.call);
        return s.call;
      })) as CallObject;

      await step('mobile-permissions', null, async () => {
        const tracks = await this.platform.requestMicrophone();
        // This request only asks for the permission; the call engine opens its own track.
        for (const track of tracks) track.stop();
        if (this.platform.isMobile()) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, MOBILE_PERMISSIONS_WAIT_MS);
            s.abort.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
          });
        }
      });

      await step('daily-call-join', 'daily-call-join-error', () => call.join({ url: webCall.webCallUrl }));
      s.joined = true;

      await step(
        'video-recording-setup',
        'video-recording-setup-error',
        () => {
          if (!recording) return;
          s.recordingRequestedAt = Date.now();
          call.startRecording({ ...VIDEO_RECORDING });
          s.recording = true;
        },
        false,
      );
      if (s.recording) this.progress('video-recording-started', 'started');
      await step(
        'audio-observer-setup',
        'audio-observer-setup-error',
        () => call.startRemoteParticipantsAudioLevelObserver(AUDIO_LEVEL_INTERVAL_MS),
        false,
      );
      await step(
        'audio-processing-setup',
        'audio-processing-setup-error',
        () => {
          // Not awaited: the processor may take seconds to load and the call works without it.
          call.updateInputSettings({ audio: { processor: { type: 'noise-cancellation' } } }).catch((error: unknown) => {
            if (this.session === s) {
              this.events.emit('error', toVoiceError(error, 'audio-processing-setup-error', 'audio-processing-setup'));
            }
          });
        },
        false,
      );

      this.set({ state: 'active', stage: null });
      this.events.emit('call-start-success', { callId: webCall.id, totalDuration: Date.now() - startedAt });
      return webCall;
    } catch (caught) {
      if (caught === CANCELLED || this.session !== s) {
        this.progress(stage, 'failed', { reason: 'cancelled' });
        await this.closing;
        return null;
      }
      const error = toVoiceError(caught, null, stage);
      this.teardown(s);
      this.set({ error });
      this.events.emit('call-start-failed', { stage, error, totalDuration: Date.now() - startedAt });
      this.events.emit('error', error);
      await this.closing;
      return null;
    }
  }

  /**
   * Stops the call, or cancels a start in progress (no join afterwards, no `call-start`).
   * Resolves when everything is released and the state is `idle`.
   */
  stop(): Promise<void> {
    if (this.session) this.teardown(this.session);
    return this.closing;
  }

  /** Asks the platform to end the call (`{ type: 'end-call' }`), then stops. */
  end(): Promise<void> {
    if (this.session?.joined) this.send({ type: 'end-call' });
    return this.stop();
  }

  /** Sends a message to the assistant (JSON app message). Ignored without a call. */
  send(message: VoiceMessage | JsonObject): void {
    this.sendRaw(this.session, JSON.stringify(message));
  }

  /**
   * Adds a message to the conversation of the live call: the app message
   * `{ type: 'add-message', message }` (the platform's way to add a turn or context to a call).
   * Ignored without a call. Use `role: 'user'` for text the visitor typed during a call, `system`
   * for context the model should know ("The visitor is on the pricing page").
   * @param message `{ role, content }`.
   * @param options `triggerResponseEnabled`: whether the assistant answers it at once (omitted:
   *   the platform's default).
   * @throws VoiceError `validation-error` when `role` or `content` is not a string.
   */
  addMessage(message: ConversationMessage, options: AddMessageOptions = {}): void {
    if (typeof message?.role !== 'string' || !message.role || typeof message.content !== 'string') {
      throw new VoiceError('validation-error', 'addMessage needs a message with a string role and content.');
    }
    const { triggerResponseEnabled } = options;
    this.send({ type: 'add-message', message: { role: message.role, content: message.content }, triggerResponseEnabled });
  }

  /**
   * Makes the assistant say `message`.
   * @param message What to say.
   * @param endCallAfterSpoken End the call once it is said.
   * @param interruptionsEnabled Let the user interrupt it. @default false
   * @param interruptAssistantEnabled Let it interrupt the assistant's current speech. @default false
   */
  say(message: string, endCallAfterSpoken?: boolean, interruptionsEnabled = false, interruptAssistantEnabled = false): void {
    this.send({ type: 'say', message, endCallAfterSpoken, interruptionsEnabled, interruptAssistantEnabled });
  }

  /** Mutes or unmutes the microphone of the current call (no-op without one). */
  setMuted(muted: boolean): void {
    const call = this.session?.call;
    if (!call) return;
    try {
      call.setLocalAudio(!muted);
      this.set({ muted });
    } catch (error) {
      console.error('[voice] setMuted failed', error);
    }
  }

  /** Whether the microphone is muted. */
  isMuted(): boolean {
    return this.snapshot.muted;
  }

  /**
   * Retries the assistant's audio after the browser blocked autoplay (`snapshot.audioBlocked`).
   * Call it from a user gesture (a click handler).
   */
  async resumeAudio(): Promise<void> {
    const s = this.session;
    if (!s) return;
    await Promise.all([...s.players].filter(([, p]) => p.blocked).map(([id]) => this.play(s, id)));
  }

  /** Stops any call and removes every listener and subscriber. Idempotent; the instance is then inert. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    void this.stop();
    this.dispose();
  }

  private loadFactory(): Promise<CallFactory> {
    if (this.options.callFactory) return Promise.resolve(this.options.callFactory);
    return (this.factory ??= loadDailyModule().then(
      (module) => module.createDailyCallFactory(this.options.dailyConfig),
      (error: unknown) => {
        // Forget the failure so the next start or preload retries the chunk.
        this.factory = null;
        throw error;
      },
    ));
  }

  private progress(stage: ProgressStage, status: StartProgress['status'], extra?: Partial<StartProgress>): void {
    this.events.emit('call-start-progress', { stage, status, timestamp: Date.now(), ...extra });
  }

  private sendRaw(s: Session | null, data: string): void {
    try {
      s?.call?.sendAppMessage(data);
    } catch (error) {
      console.error('[voice] could not send a message', error);
    }
  }

  /** Subscribes to the call object's events for the session's lifetime. */
  private listen(s: Session, call: CallObject): void {
    const on = <E extends keyof CallObjectEvents>(event: E, handler: (payload: CallObjectEvents[E]) => void) => {
      call.on(event, handler);
      s.offs.push(() => call.off(event, handler));
    };
    on('track-started', ({ participant, track }) => {
      if (!participant || participant.local) return;
      if (track.kind === 'video') {
        if (!s.video) return;
        s.videoParticipantId = participant.id;
        this.set({ videoTrack: track });
        return;
      }
      if (track.kind !== 'audio') return;
      s.players.get(track.id)?.player.stop();
      s.players.set(track.id, { participantId: participant.id, player: this.platform.createAudioPlayer(track), blocked: false });
      void this.play(s, track.id);
    });
    on('track-stopped', ({ track }) => {
      if (this.snapshot.videoTrack?.id === track.id) this.set({ videoTrack: null });
      this.dropPlayers(s, (id) => id === track.id);
    });
    on('participant-left', ({ participant }) => {
      if (s.videoParticipantId === participant.id) this.set({ videoTrack: null });
      this.dropPlayers(s, (_, entry) => entry.participantId === participant.id);
    });
    on('left-meeting', () => this.teardown(s));
    on('error', ({ message, type }) => {
      // Before join, join() rejects with the same error and the start reports it.
      if (!s.joined) return;
      const error = new VoiceError('meeting-ended', message, { reason: type });
      this.teardown(s);
      this.set({ error });
      this.events.emit('error', error);
    });
    on('nonfatal-error', ({ type }) => {
      if (type !== 'audio-processor-error') return;
      call
        .updateInputSettings({ audio: { processor: { type: 'none' } } })
        .then(() => this.session === s && call.setLocalAudio(!this.snapshot.muted))
        .catch((error: unknown) => console.error('[voice] could not turn the audio processor off', error));
    });
    on('app-message', ({ data }) => {
      let message = data as VoiceMessage;
      if (typeof data === 'string') {
        try {
          message = JSON.parse(data) as VoiceMessage;
        } catch {
          console.log('[voice] ignored an app message that is not JSON:', data);
          return;
        }
      }
      if (typeof message?.type !== 'string') return;
      this.events.emit('message', message);
      if (message.type === 'status-update' && message.status === 'ended') {
        s.endedSent = true;
        this.teardown(s);
      }
    });
    on('remote-participants-audio-level', ({ levels }) => {
      let level = 0;
      for (const value of Object.values(levels)) level += value;
      const volume = Math.min(1, level / VOLUME_DIVISOR);
      this.set({ volume });
      this.events.emit('volume-level', volume);
      if (level <= SPEAKING_THRESHOLD) return;
      if (s.speechTimer === undefined) {
        this.set({ speaking: true });
        this.events.emit('speech-start', undefined);
      } else clearTimeout(s.speechTimer);
      s.speechTimer = setTimeout(() => {
        s.speechTimer = undefined;
        this.set({ speaking: false });
        this.events.emit('speech-end', undefined);
      }, SPEECH_END_DELAY_MS);
    });
    on('network-connection', ({ state }) => {
      const current = this.snapshot.state;
      if (state === 'interrupted' && current === 'active') this.set({ state: 'reconnecting' });
      if (state === 'connected' && current === 'reconnecting') this.set({ state: 'active' });
    });
    on('recording-started', () => {
      if (s.recordingRequestedAt === undefined || s.recordingDelay !== undefined) return;
      const duration = Date.now() - s.recordingRequestedAt;
      s.recordingDelay = duration / 1000;
      this.progress('video-recording-started', 'completed', { duration, metadata: { delaySeconds: s.recordingDelay } });
      this.sayFirstMessage(s);
    });
    on('recording-error', ({ message }) => {
      // Before it started, a failed recording must not hold back the first message.
      if (!s.recording || s.recordingDelay !== undefined) return;
      s.recording = false;
      const stage = 'video-recording-started';
      this.progress(stage, 'failed', { metadata: { error: message } });
      this.events.emit('error', new VoiceError('video-recording-setup-error', message, { stage }));
      this.sayFirstMessage(s);
    });
  }

  /** Plays one remote audio track; on success the call has started (once) and the platform is told. */
  private async play(s: Session, trackId: string): Promise<void> {
    const entry = s.players.get(trackId);
    if (!entry) return;
    try {
      await entry.player.play();
    } catch (error) {
      if (this.session !== s || s.players.get(trackId) !== entry) return;
      if ((error as { name?: unknown } | null)?.name === 'NotAllowedError') {
        entry.blocked = true;
        this.set({ audioBlocked: true });
      } else console.error('[voice] could not play the assistant audio', error);
      return;
    }
    if (this.session !== s || s.players.get(trackId) !== entry) return;
    entry.blocked = false;
    this.set({ audioBlocked: [...s.players.values()].some((p) => p.blocked) });
    if (!s.playing) {
      s.playing = true;
      this.events.emit('call-start', undefined);
    }
    this.sendRaw(s, 'playable');
    this.sayFirstMessage(s);
  }

  /** `say-first-message`, once the audio plays and (when recording) the recording has started. */
  private sayFirstMessage(s: Session): void {
    if (!s.playing || s.firstMessageSent || (s.recording && s.recordingDelay === undefined)) return;
    s.firstMessageSent = true;
    this.send({ type: 'control', control: 'say-first-message', videoRecordingStartDelaySeconds: s.recordingDelay ?? 0 });
  }

  private dropPlayers(s: Session, match: (trackId: string, entry: PlayerEntry) => boolean): void {
    for (const [id, entry] of s.players) {
      if (!match(id, entry)) continue;
      entry.player.stop();
      s.players.delete(id);
    }
    if (this.session === s) this.set({ audioBlocked: [...s.players.values()].some((p) => p.blocked) });
  }

  /**
   * Ends a session: emits `call-end` and (once) the ended status-update when it had joined, stops
   * the recording, removes every listener, timer and player, then destroys the call object.
   * Synchronous up to the destroy, so the instance is ready for the next start at once.
   */
  private teardown(s: Session): void {
    if (this.session !== s) return;
    this.session = null;
    s.abort.abort();
    const call = s.call;
    // Everything but the state resets now, so a start during `ending` begins from a clean snapshot.
    this.set({ ...IDLE, state: s.joined ? 'ending' : 'idle' });
    if (s.joined) {
      this.events.emit('call-end', undefined);
      if (!s.endedSent) {
        s.endedSent = true;
        this.events.emit('message', { ...CALL_ENDED_MESSAGE });
      }
    }
    if (s.recording) {
      try {
        call?.stopRecording();
      } catch (error) {
        console.error('[voice] could not stop the recording', error);
      }
    }
    for (const off of s.offs.splice(0)) off();
    clearTimeout(s.speechTimer);
    this.dropPlayers(s, () => true);
    const previous = this.closing;
    this.closing = (async () => {
      await previous;
      try {
        await call?.destroy();
      } catch (error) {
        console.error('[voice] could not destroy the call object', error);
      }
      if (!this.session) this.set({ ...IDLE });
    })();
  }
}

/**
 * One call's resources: the call object and its listeners, the players of the assistant's audio,
 * the speaking timer, the recording state; how it connects (the stages from the call object to
 * the noise cancellation, shared by `start` and `reconnect`) and how it is released. A
 * `VoiceClient` creates one per start and drops it as a whole; the session reports to the client
 * through the `SessionHost` port (snapshot, events), so it never outlives its call.
 */
import { AudioPlayers } from './audio-players.ts';
import type { LatencyMeter } from './latency.ts';
import type { CallFactory, CallObject } from './call-port.ts';
import {
  AUDIO_LEVEL_INTERVAL_MS,
  CALL_ENDED_MESSAGE,
  MOBILE_PERMISSIONS_WAIT_MS,
  VIDEO_RECORDING,
  VIDEO_VOICE_PROVIDERS,
} from './constants.ts';
import type { MicrophoneStream, VoicePlatform } from './platform.ts';
import { wireCall } from './session-events.ts';
import { CANCELLED, runStage, toVoiceError, type StageRun } from './start-stages.ts';
import type { ProgressStage, StartProgress, VoiceEvents, VoiceSnapshot, WebCall } from './types.ts';
import { LOG_PREFIX } from './log.ts';

/** The snapshot fields a new or ended call resets. */
export const IDLE: Partial<VoiceSnapshot> = {
  state: 'idle',
  speaking: false,
  volume: 0,
  stage: null,
  muted: false,
  audioBlocked: false,
  videoTrack: null,
  joinSent: false,
};

/** What the client lends its sessions: the snapshot, its events, the host environment. */
export interface ClientPort {
  readonly platform: VoicePlatform;
  /** The client's current snapshot. */
  getSnapshot(): VoiceSnapshot;
  set(patch: Partial<VoiceSnapshot>): void;
  emit<K extends keyof VoiceEvents>(event: K, payload: VoiceEvents[K]): void;
  /** Number of listeners of `event`. */
  count(event: keyof VoiceEvents): number;
  /** The playback volume the page set, or null. */
  volume(): number | null;
  /** The speaker the page chose (a device id), or null. */
  sink(): string | null;
  /** The microphone the page chose (a device id), or null. */
  microphone(): string | null;
}

/** What a session needs from the client that owns it. */
export interface SessionHost extends ClientPort {
  progress(stage: ProgressStage, status: StartProgress['status'], extra?: Partial<StartProgress>): void;
  /** Whether `session` is still the client's live session. */
  isCurrent(session: VoiceSession): boolean;
  /** Ends `session` (teardown through the client, which owns the instance's state). */
  end(session: VoiceSession): void;
}

/** Resources of one start/call; dropped as a whole at teardown. */
export class VoiceSession implements StageRun {
  readonly abort = new AbortController();
  /** The stage running (or that failed). */
  stage: ProgressStage = 'initialization';
  /** When the recording was asked for: the join (a meeting token starts it) or `startRecording`. */
  recordingRequestedAt = 0;
  /**
   * The microphone permission and, on phones, the pause after it (`askMicrophone`), started with
   * the call beside POST /call/web and awaited in the `mobile-permissions` stage.
   */
  permission?: Promise<void>;
  /** Removers of every listener this session added (call object, page lifecycle). */
  readonly offs: (() => void)[] = [];
  /** Players of the remote audio tracks. */
  readonly players: AudioPlayers;
  readonly host: SessionHost;
  // Unset until set (`declare`: no initializer is emitted; the core's size budget is tight).
  declare call?: CallObject;
  /** The assistant's video is received (option `video`, and a video voice provider or a recording). */
  declare video?: boolean;
  declare joined?: boolean;
  /** `call-start` was emitted. */
  declare started?: boolean;
  /** The platform records the call on video (`artifactPlan.videoRecordingEnabled`). */
  declare recording?: boolean;
  /** The recording started (its first `recording-started`). */
  declare recordingStarted?: boolean;
  /** The `say-first-message` control, once the recording started. */
  declare firstMessage?: string;
  /** Latency as the visitor hears it (latency.ts). */
  declare latency?: LatencyMeter;
  /** A status-update `ended` was emitted (received or synthesized): never emit a second. */
  declare endedSent?: boolean;
  declare speechTimer?: ReturnType<typeof setTimeout>;
  /** The platform ended the call while the assistant spoke: the end waits for its speech (capped). */
  declare finishing?: ReturnType<typeof setTimeout>;
  /** Participant whose video track is in the snapshot. */
  declare videoParticipantId?: string;

  /** @param host The owning client. */
  constructor(host: SessionHost) {
    this.host = host;
    this.players = new AudioPlayers({
      platform: host.platform,
      live: () => host.isCurrent(this),
      volume: host.volume,
      sink: host.sink,
      blockedChanged: (audioBlocked) => host.set({ audioBlocked }),
      played: (player, first) => {
        if (first) host.emit('audio', player);
        this.latency?.playing();
        this.callStarted();
        this.sendRaw('playable');
      },
      failed: (error) => host.emit('audio-start-failed', error),
    });
  }

  /** Throws `CANCELLED` once this session is no longer the client's. */
  check(): void {
    if (!this.host.isCurrent(this)) throw CANCELLED;
  }

  /** Sends one raw app message on the call (logged, never thrown, when it cannot be sent). */
  sendRaw(data: string): void {
    try {
      this.call?.sendAppMessage(data);
    } catch (error) {
      console.error(`${LOG_PREFIX} sendAppMessage`, error);
    }
  }

  /**
   * Asks for the microphone permission (the call engine opens its own track, so the tracks are
   * stopped at once) and, on phones, waits the spec's 1 s after it; a stop cuts the wait short.
   * The returned promise is marked handled: a refusal is reported where it is awaited.
   * @param pending A request already in flight (`VoiceStartOptions.microphone`), adopted.
   */
  askMicrophone(pending?: Promise<MicrophoneStream>): Promise<void> {
    const { platform } = this.host;
    const mobile = platform.isMobile();
    const asked = platform.requestMicrophone(pending).then(async (tracks) => {
      for (const track of tracks) track.stop();
      if (!mobile) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, MOBILE_PERMISSIONS_WAIT_MS);
        this.abort.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    });
    asked.catch(() => {});
    return asked;
  }

  /**
   * `call-start`, once: when the platform says the assistant listens, or its audio plays; the screen
   * wake lock is asked for from then on (`VoicePlatform.keepScreenOn`).
   */
  callStarted(): void {
    if (this.started) return;
    this.started = true;
    // The screen stays on while the call runs (released with the session's other listeners).
    const release = this.host.platform.keepScreenOn?.();
    if (release) this.offs.push(release);
    this.host.emit('call-start', undefined);
  }

  /**
   * The stages from the call object to the noise cancellation, for a web call just created
   * (`start`) or given (`reconnect`). Throws the mapped error of a fatal stage, or `CANCELLED`.
   * @param video The client's `video` option.
   */
  async connect(
    webCall: WebCall,
    factory: Promise<CallFactory>,
    closing: () => Promise<void>,
    video: boolean,
  ): Promise<void> {
    const { host } = this;
    const { platform } = host;
    const recording = (this.recording = webCall.artifactPlan?.videoRecordingEnabled === true);
    const token = webCall.transport?.callToken;
    // Video only when asked for and there is some to show: a video voice provider or a recording.
    const wanted = (this.video =
      video && (recording || VIDEO_VOICE_PROVIDERS.includes(String(webCall.assistant?.voice?.provider))));
    const call = (await runStage(this, 'daily-call-object-creation', 'daily-call-object-creation-error', async () => {
      await closing();
      const callFactory = await factory;
      this.check();
      // Kept on the session at once, so a stop() from now on destroys it. The camera is on when
      // the platform records the call on video, as it asks.
      const microphone = host.microphone();
      this.call = callFactory.createCall({ video: wanted, camera: recording, ...(microphone && { microphone }) });
      wireCall(this, this.call);
      return this.call;
    })) as CallObject;
    // The call machine downloads beside the permission (and a phone's pause); the join waits for it
    // (a failed load is retried by the join, which reports it).
    const loading = call.load?.().catch(() => {});

    // Started at the call's start (call-slot.ts); its result is awaited only here, before the join.
    await runStage(this, 'mobile-permissions', null, () => (this.permission ??= this.askMicrophone()));

    // Once the machine is in; the card draws whole after `joinSent` (`joining-meeting` or the ask).
    await loading;
    await runStage(this, 'daily-call-join', 'daily-call-join-error', async () => {
      this.recordingRequestedAt = Date.now();
      if (!call.announcesJoin) host.set({ joinSent: true });
      return call.join({ url: webCall.webCallUrl, token });
    });
    this.joined = true;
    if (this.firstMessage) this.sendRaw(this.firstMessage);

    await runStage(
      this,
      'video-recording-setup',
      'video-recording-setup-error',
      () => {
        // A meeting token starts the recording at join; older platforms send none.
        if (!recording || token) return;
        this.recordingRequestedAt = Date.now();
        call.startRecording({ ...VIDEO_RECORDING });
      },
      { optional: true },
    );
    if (recording && !this.recordingStarted) host.progress('video-recording-started', 'started');
    await runStage(
      this,
      'audio-observer-setup',
      'audio-observer-setup-error',
      () => call.startRemoteParticipantsAudioLevelObserver(AUDIO_LEVEL_INTERVAL_MS),
      { optional: true },
    );
    await runStage(
      this,
      'audio-processing-setup',
      'audio-processing-setup-error',
      () => {
        // Not awaited: the processor may take seconds to load and the call works without it.
        const update = call.updateInputSettings({ audio: { processor: { type: 'noise-cancellation' } } });
        update.catch((error: unknown) => {
          if (host.isCurrent(this))
            host.emit('error', toVoiceError(error, 'audio-processing-setup-error', 'audio-processing-setup'));
        });
        // The microphone's level observer waits for the processor, which replaces the microphone
        // track (a change Daily answers by stopping an observer still loading), and runs only
        // when something listens (to it, or to the latency figures): it costs an AudioContext for
        // the whole call.
        update
          .catch(() => {})
          .then(() => {
            if (host.isCurrent(this) && (host.count('local-volume-level') || host.count('latency')))
              return call.startLocalAudioLevelObserver(AUDIO_LEVEL_INTERVAL_MS);
          })
          .catch((error: unknown) => console.error(`${LOG_PREFIX} mic level`, error));
      },
      { optional: true },
    );
  }

  /**
   * Releases everything but the call object, once the client has dropped this session: emits
   * `call-end` and (once) the ended status-update when it had joined, stops the recording, removes
   * every listener, timer and player.
   * @returns The call object's destroy, for the client to chain.
   */
  release(): () => Promise<void> {
    this.abort.abort();
    const { call, host } = this;
    if (this.joined) {
      // The figures first: whoever reports the call's end (analytics) has them.
      this.latency?.end();
      host.emit('call-end', undefined);
      if (!this.endedSent) {
        this.endedSent = true;
        host.emit('message', { ...CALL_ENDED_MESSAGE });
      }
      // A recording started by a meeting token does not stop when the visitor leaves.
      if (this.recording) {
        try {
          call?.stopRecording();
        } catch (error) {
          console.error(`${LOG_PREFIX} stopRecording`, error);
        }
      }
    }
    for (const off of this.offs.splice(0)) off();
    clearTimeout(this.speechTimer);
    clearTimeout(this.finishing);
    this.players.drop(() => true);
    return async () => {
      try {
        await call?.destroy();
      } catch (error) {
        console.error(`${LOG_PREFIX} destroy`, error);
      }
    };
  }
}

/**
 * One call's resources and their wiring: the call object and its listeners, the players of the
 * assistant's audio, the speaking timer, the recording state, and their release. A `VoiceClient`
 * creates one per start and drops it as a whole; the session reports to the client through the
 * `SessionHost` port (snapshot, events), so it never outlives its call.
 */
import type { CallObject, CallObjectEvents } from './call-port.ts';
import {
  AUDIO_LEVEL_INTERVAL_MS,
  CALL_ENDED_MESSAGE,
  SPEAKING_THRESHOLD,
  SPEECH_END_DELAY_MS,
  VIDEO_RECORDING,
  VOLUME_DIVISOR,
} from './constants.ts';
import { VoiceError } from './errors/voice-error.ts';
import { AudioPlayers } from './audio-players.ts';
import type { VoicePlatform } from './platform.ts';
import { CANCELLED, runStage, toVoiceError, type StageRun } from './start-stages.ts';
import type { ProgressStage, StartProgress, VoiceClientEvents, VoiceMessage, VoiceSnapshot } from './types.ts';

/** The snapshot fields a new or ended call resets. */
export const IDLE: Partial<VoiceSnapshot> = {
  state: 'idle',
  speaking: false,
  volume: 0,
  stage: null,
  muted: false,
  audioBlocked: false,
  videoTrack: null,
};

/** What a session needs from the client that owns it. */
export interface SessionHost {
  readonly platform: VoicePlatform;
  /** The client's current snapshot. */
  getSnapshot(): VoiceSnapshot;
  set(patch: Partial<VoiceSnapshot>): void;
  emit<K extends keyof VoiceClientEvents>(event: K, payload: VoiceClientEvents[K]): void;
  progress(stage: ProgressStage, status: StartProgress['status'], extra?: Partial<StartProgress>): void;
  /** Whether `session` is still the client's live session. */
  isCurrent(session: VoiceSession): boolean;
  /** Ends `session` (teardown through the client, which owns the instance's state). */
  end(session: VoiceSession): void;
}

/** Resources of one start/call; dropped as a whole at teardown. */
export class VoiceSession implements StageRun {
  readonly abort = new AbortController();
  call?: CallObject;
  /** The stage running (or that failed). */
  stage: ProgressStage = 'initialization';
  /** The assistant's video was asked for (option `video` and a video voice provider). */
  video = false;
  joined = false;
  /** `call-start` was emitted (the assistant's audio plays). */
  playing = false;
  recording = false;
  recordingRequestedAt?: number;
  /** Seconds from the recording request to `recording-started`. */
  recordingDelay?: number;
  #firstMessageSent = false;
  /** A status-update `ended` was emitted (received or synthesized): never emit a second. */
  #endedSent = false;
  /** Removers of every listener this session added (call object, page lifecycle). */
  readonly offs: (() => void)[] = [];
  /** Players of the remote audio tracks. */
  readonly #players: AudioPlayers;
  #speechTimer?: ReturnType<typeof setTimeout>;
  /** Participant whose video track is in the snapshot. */
  #videoParticipantId?: string;
  readonly #host: SessionHost;

  /** @param host The owning client. */
  constructor(host: SessionHost) {
    this.#host = host;
    this.#players = new AudioPlayers({
      platform: host.platform,
      live: () => host.isCurrent(this),
      blockedChanged: (audioBlocked) => host.set({ audioBlocked }),
      played: () => this.#played(),
    });
  }

  /** Throws `CANCELLED` once this session is no longer the client's. */
  check(): void {
    if (!this.#host.isCurrent(this)) throw CANCELLED;
  }

  enter(stage: ProgressStage): void {
    this.#host.set({ stage: stage as VoiceSnapshot['stage'] });
  }

  progress(stage: ProgressStage, status: StartProgress['status'], extra?: Partial<StartProgress>): void {
    this.#host.progress(stage, status, extra);
  }

  warn(error: VoiceError): void {
    this.#host.emit('error', error);
  }

  /** Sends one raw app message on the call (logged, never thrown, when it cannot be sent). */
  sendRaw(data: string): void {
    try {
      this.call?.sendAppMessage(data);
    } catch (error) {
      console.error('[voice] could not send a message', error);
    }
  }

  /** Retries every player the browser blocked. */
  resumeAudio(): Promise<void> {
    return this.#players.resume();
  }

  /**
   * The nonfatal stages after the join: video recording, the remote audio level observer and
   * noise cancellation. A failure is reported (`error`) and the call goes on.
   * @param recording The platform asked for a video recording (`artifactPlan.videoRecordingEnabled`).
   */
  async setUp(recording: boolean): Promise<void> {
    const call = this.call!;
    await runStage(
      this,
      'video-recording-setup',
      'video-recording-setup-error',
      () => {
        if (!recording) return;
        this.recordingRequestedAt = Date.now();
        call.startRecording({ ...VIDEO_RECORDING });
        this.recording = true;
      },
      false,
    );
    if (this.recording) this.progress('video-recording-started', 'started');
    await runStage(
      this,
      'audio-observer-setup',
      'audio-observer-setup-error',
      () => call.startRemoteParticipantsAudioLevelObserver(AUDIO_LEVEL_INTERVAL_MS),
      false,
    );
    await runStage(
      this,
      'audio-processing-setup',
      'audio-processing-setup-error',
      () => {
        // Not awaited: the processor may take seconds to load and the call works without it.
        call.updateInputSettings({ audio: { processor: { type: 'noise-cancellation' } } }).catch((error: unknown) => {
          if (this.#host.isCurrent(this)) this.warn(toVoiceError(error, 'audio-processing-setup-error', 'audio-processing-setup'));
        });
      },
      false,
    );
  }

  /** Subscribes to the call object's events for the session's lifetime. */
  listen(call: CallObject): void {
    const host = this.#host;
    const on = <E extends keyof CallObjectEvents>(event: E, handler: (payload: CallObjectEvents[E]) => void) => {
      call.on(event, handler);
      this.offs.push(() => call.off(event, handler));
    };
    on('track-started', ({ participant, track }) => {
      if (!participant || participant.local) return;
      if (track.kind === 'video') {
        if (!this.video) return;
        this.#videoParticipantId = participant.id;
        host.set({ videoTrack: track });
        return;
      }
      if (track.kind !== 'audio') return;
      this.#players.add(participant.id, track);
    });
    on('track-stopped', ({ track }) => {
      if (host.getSnapshot().videoTrack?.id === track.id) host.set({ videoTrack: null });
      this.#players.drop((id) => id === track.id);
    });
    on('participant-left', ({ participant }) => {
      if (this.#videoParticipantId === participant.id) host.set({ videoTrack: null });
      this.#players.drop((_, id) => id === participant.id);
    });
    on('left-meeting', () => host.end(this));
    on('error', ({ message, type }) => {
      // Before join, join() rejects with the same error and the start reports it.
      if (!this.joined) return;
      const error = new VoiceError('meeting-ended', message, { reason: type });
      host.end(this);
      host.set({ error });
      host.emit('error', error);
    });
    on('nonfatal-error', ({ type }) => {
      if (type !== 'audio-processor-error') return;
      call
        .updateInputSettings({ audio: { processor: { type: 'none' } } })
        .then(() => host.isCurrent(this) && call.setLocalAudio(!host.getSnapshot().muted))
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
      host.emit('message', message);
      if (message.type === 'status-update' && message.status === 'ended') {
        this.#endedSent = true;
        host.end(this);
      }
    });
    on('remote-participants-audio-level', ({ levels }) => {
      let level = 0;
      for (const value of Object.values(levels)) level += value;
      const volume = Math.min(1, level / VOLUME_DIVISOR);
      host.set({ volume });
      host.emit('volume-level', volume);
      if (level <= SPEAKING_THRESHOLD) return;
      if (this.#speechTimer === undefined) {
        host.set({ speaking: true });
        host.emit('speech-start', undefined);
      } else clearTimeout(this.#speechTimer);
      this.#speechTimer = setTimeout(() => {
        this.#speechTimer = undefined;
        host.set({ speaking: false });
        host.emit('speech-end', undefined);
      }, SPEECH_END_DELAY_MS);
    });
    on('network-connection', ({ state }) => {
      const current = host.getSnapshot().state;
      if (state === 'interrupted' && current === 'active') host.set({ state: 'reconnecting' });
      if (state === 'connected' && current === 'reconnecting') host.set({ state: 'active' });
    });
    on('recording-started', () => {
      if (this.recordingRequestedAt === undefined || this.recordingDelay !== undefined) return;
      const duration = Date.now() - this.recordingRequestedAt;
      this.recordingDelay = duration / 1000;
      host.progress('video-recording-started', 'completed', { duration, metadata: { delaySeconds: this.recordingDelay } });
      this.#sayFirstMessage();
    });
    on('recording-error', ({ message }) => {
      // Before it started, a failed recording must not hold back the first message.
      if (!this.recording || this.recordingDelay !== undefined) return;
      this.recording = false;
      const stage = 'video-recording-started';
      host.progress(stage, 'failed', { metadata: { error: message } });
      host.emit('error', new VoiceError('video-recording-setup-error', message, { stage }));
      this.#sayFirstMessage();
    });
  }

  /** An assistant's track plays: the call has started (once) and the platform is told. */
  #played(): void {
    if (!this.playing) {
      this.playing = true;
      this.#host.emit('call-start', undefined);
    }
    this.sendRaw('playable');
    this.#sayFirstMessage();
  }

  /** `say-first-message`, once the audio plays and (when recording) the recording has started. */
  #sayFirstMessage(): void {
    if (!this.playing || this.#firstMessageSent || (this.recording && this.recordingDelay === undefined)) return;
    this.#firstMessageSent = true;
    this.sendRaw(
      JSON.stringify({ type: 'control', control: 'say-first-message', videoRecordingStartDelaySeconds: this.recordingDelay ?? 0 }),
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
    const call = this.call;
    if (this.joined) {
      this.#host.emit('call-end', undefined);
      if (!this.#endedSent) {
        this.#endedSent = true;
        this.#host.emit('message', { ...CALL_ENDED_MESSAGE });
      }
    }
    if (this.recording) {
      try {
        call?.stopRecording();
      } catch (error) {
        console.error('[voice] could not stop the recording', error);
      }
    }
    for (const off of this.offs.splice(0)) off();
    clearTimeout(this.#speechTimer);
    this.#players.drop(() => true);
    return async () => {
      try {
        await call?.destroy();
      } catch (error) {
        console.error('[voice] could not destroy the call object', error);
      }
    };
  }
}

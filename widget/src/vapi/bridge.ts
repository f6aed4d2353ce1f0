/**
 * The core's events told as `@vapi-ai/web` 2.7.1 tells them: stage names and the progress events
 * it emits (ISO timestamps, its metadata, the events it omits), its error objects and type names in
 * its order, `call-start` on the platform's `listening`, Daily's own event objects.
 */
import type { VoiceClient } from '../core/voice-client.ts';
import type { ProgressStage, StartProgress, VoiceErrorLike } from '../core/types.ts';
import type { DailyCallProperties } from '../daily/index.ts';
import { serializeError, thrownByReference } from './serialize.ts';
import type {
  VapiEventListeners,
  VapiEventNames,
  VapiFailedStage,
  VapiStartStage,
  ReconnectWebCall as WebCall,
} from './types.ts';

/** What the running start or reconnect is, for the events that describe it. */
export interface Attempt {
  reconnect: boolean;
  /** What `start()` was given (its `initialization` metadata and failure context). */
  flags?: { hasAssistant: boolean; hasSquad: boolean; hasWorkflow: boolean };
  /** The web call, once created (or the one reconnected to). */
  webCall?: WebCall;
  /** The error a failed attempt ended with (a failed `reconnect` rejects with it). */
  failure?: unknown;
  /** The core's `error` event that follows its `call-start-failed` is already told. */
  failed?: boolean;
  /** How long the failed stage ran (the reference puts the join's in its error). */
  failedAfter?: number;
}

/** Emits like the reference. */
export type Emit = <E extends VapiEventNames>(event: E, ...args: Parameters<VapiEventListeners[E]>) => unknown;

const iso = (at = Date.now()) => new Date(at).toISOString();
/** Stages whose failure the reference reports as its own `error` event too, in `start` only. */
const STAGE_ERRORS: readonly ProgressStage[] = [
  'daily-call-object-creation',
  'daily-call-join',
  'video-recording-setup',
  'audio-observer-setup',
  'audio-processing-setup',
];

/**
 * Subscribes `emit` to `client`'s events, translated.
 * @param attempt The running attempt (read at each event).
 * @param props The call object properties the page gave (`dailyCallObject`).
 * @param isMobile The platform's answer.
 */
export function bridge(
  client: VoiceClient,
  emit: Emit,
  attempt: () => Attempt,
  props: DailyCallProperties,
  isMobile: () => boolean,
): void {
  const webCallOf = () => attempt().webCall;
  const recording = () => webCallOf()?.artifactPlan?.videoRecordingEnabled ?? false;
  const progress = (
    stage: VapiStartStage,
    status: StartProgress['status'],
    extra: Omit<Partial<StartProgress>, 'stage' | 'timestamp'> = {},
  ) =>
    emit('call-start-progress', {
      stage,
      status,
      ...(extra.duration !== undefined && { duration: extra.duration }),
      timestamp: iso(),
      ...(extra.metadata && { metadata: extra.metadata }),
    });
  const errorOf = (error: VoiceErrorLike) => serializeError(thrownByReference(error));

  client.on('call-start-progress', (p) => {
    const a = attempt();
    const { stage, status, duration } = p;
    const webCall = (p.metadata?.webCall as WebCall | undefined) ?? a.webCall;
    if (stage === 'input-validation') return progress('validation', status, { metadata: { reason: p.reason } });
    if (status === 'failed' && p.reason === 'cancelled') return;
    if (status === 'failed') a.failedAfter = duration;
    if (stage === 'reconnect-initialization' || stage === 'initialization') {
      if (status !== 'started') return;
      if (stage === 'initialization') return progress(stage, status, { metadata: a.flags });
      a.webCall = webCall;
      return progress(stage, status, {
        metadata: {
          callId: webCall?.id || 'unknown',
          hasVideoRecording: !!webCall?.artifactPlan?.videoRecordingEnabled,
          voiceProvider: webCall?.assistant?.voice?.provider || 'unknown',
        },
      });
    }
    if (stage === 'web-call-creation') {
      if (status === 'failed') return;
      if (status === 'started') return progress(stage, status);
      a.webCall = webCall;
      return progress(stage, status, {
        duration,
        metadata: {
          callId: webCall?.id || 'unknown',
          videoRecordingEnabled: recording(),
          voiceProvider: webCall?.assistant?.voice?.provider || 'unknown',
        },
      });
    }
    if (stage === 'daily-call-object-creation' && status === 'started') {
      const rec = recording();
      return progress(stage, status, {
        metadata: {
          audioSource: props.audioSource ?? true,
          videoSource: props.videoSource ?? rec,
          isVideoRecordingEnabled: rec,
          isVideoEnabled: webCall?.assistant?.voice?.provider === 'tavus',
        },
      });
    }
    if (stage === 'mobile-permissions') {
      const mobile = isMobile();
      if (status === 'started') return progress(stage, status, { metadata: { isMobile: mobile } });
      return progress(
        stage,
        status,
        mobile
          ? { duration, metadata: { action: 'permissions-wait' } }
          : { metadata: { action: 'skipped-not-mobile' } },
      );
    }
    if (stage === 'video-recording-setup' && !(recording() && !webCall?.transport?.callToken)) {
      if (status !== 'completed') return;
      return progress(stage, status, {
        metadata: { action: recording() ? 'auto-started-via-meeting-token' : 'skipped-not-enabled' },
      });
    }
    if (stage === 'video-recording-started')
      return status === 'completed' && progress(stage, status, { metadata: p.metadata });
    // In reconnect, the reference reports a failed join through its failure events only.
    if (status === 'failed' && a.reconnect && stage === 'daily-call-join') return;
    progress(stage, status, { duration, metadata: status === 'failed' ? p.metadata : undefined });
  });

  client.on('error', (error) => {
    const a = attempt();
    const { stage } = error;
    if (error.type === 'validation-error' || error.type === 'meeting-ended') return;
    if (a.failed) {
      a.failed = false;
      return;
    }
    if (!stage || !STAGE_ERRORS.includes(stage) || a.reconnect) return;
    emit('error', { type: `${stage}-error`, stage, error: errorOf(error), timestamp: iso() });
  });

  client.on('call-start-failed', ({ stage, error, totalDuration }) => {
    const a = attempt();
    a.failed = true;
    a.failure = thrownByReference(error);
    const serialized = serializeError(a.failure);
    // Its own error events come first for the stages that report one (in start only).
    if (!a.reconnect && (stage === 'daily-call-object-creation' || stage === 'daily-call-join')) {
      emit('error', {
        type: `${stage}-error`,
        stage,
        error: errorOf(error),
        ...(stage === 'daily-call-join' && { duration: a.failedAfter }),
        timestamp: iso(),
      });
    }
    const webCall = a.webCall;
    const context = a.reconnect
      ? {
          isReconnect: true,
          callId: webCall?.id || 'unknown',
          hasVideoRecording: !!webCall?.artifactPlan?.videoRecordingEnabled,
          voiceProvider: webCall?.assistant?.voice?.provider || 'unknown',
          isMobile: isMobile(),
        }
      : { ...a.flags, isMobile: isMobile() };
    const failedStage: VapiFailedStage = a.reconnect ? 'reconnect' : 'unknown';
    emit('call-start-failed', {
      stage: failedStage,
      totalDuration,
      error: serialized.message as string,
      errorStack: (serialized.stack as string) || 'No stack trace available',
      timestamp: iso(),
      context,
    });
    emit('error', {
      type: a.reconnect ? 'reconnect-error' : 'start-method-error',
      ...(a.reconnect ? {} : { stage: failedStage }),
      error: serialized,
      totalDuration,
      timestamp: iso(),
      context,
    });
  });

  client.on('call-start-success', ({ callId, totalDuration }) => {
    emit('call-start-success', { totalDuration, callId: callId || 'unknown', timestamp: iso() });
    if (attempt().reconnect) emit('call-start');
  });
  client.on('listening', () => emit('call-start'));
  client.on('call-end', () => emit('call-end'));
  client.on('message', (message) => emit('message', message));
  client.on('volume-level', (volume) => emit('volume-level', volume));
  client.on('speech-start', () => emit('speech-start'));
  client.on('speech-end', () => emit('speech-end'));
  client.on('video', (track) => emit('video', track as MediaStreamTrack));
  client.on('audio-start-failed', (error) =>
    emit('error', { type: 'audio-start-failed', error: serializeError(error) }),
  );
  client.on('call-engine-error', ({ raw }) =>
    emit('error', { type: 'daily-error', error: serializeError(raw), timestamp: iso() }),
  );
  client.on('camera-error', ({ raw }) =>
    emit('camera-error', { type: 'camera-error', error: serializeError(raw), timestamp: iso() }),
  );
  client.on('network-quality-change', ({ raw }) => emit('network-quality-change', raw));
  client.on('network-connection', ({ raw }) => emit('network-connection', raw));
  client.on('participant-updated', ({ raw }) =>
    emit('daily-participant-updated', (raw as { participant: never }).participant),
  );
  for (const event of [
    'recording-started',
    'recording-stopped',
    'recording-stats',
    'recording-error',
    'recording-upload-completed',
  ] as const) {
    client.on(event, ({ raw }) => raw && emit(event, raw as never));
  }
}

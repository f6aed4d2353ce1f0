/**
 * How one call object's events become the voice client's: playback of the assistant's tracks,
 * messages and the first-message control, speech and volume, the call's end, and the media,
 * network and recording events passed on typed (`VoiceMediaEvents`).
 */
import type { CallObject, CallObjectEvents } from './call-port.ts';
import { FINAL_WORDS_MAX_MS, SPEAKING_THRESHOLD, SPEECH_END_DELAY_MS, VOLUME_DIVISOR } from './constants.ts';
import { VoiceError } from './errors/voice-error.ts';
import type { VoiceMediaEvents, VoiceMessage } from './types.ts';
import type { VoiceSession } from './voice-session.ts';
import { LOG_PREFIX } from './log.ts';

/** Engine events passed on as they are (their payload types are the same on both sides). */
const PASSED_ON = [
  'camera-error',
  'network-quality-change',
  'participant-updated',
  'recording-stopped',
  'recording-stats',
  'recording-upload-completed',
  'recording-error',
] as const satisfies readonly (keyof CallObjectEvents & keyof VoiceMediaEvents)[];

/**
 * Mutes the assistant (a Stop control: `VoiceClient.setAssistantMuted`) or unmutes it: its players
 * here at once, in the caller's frame, then the platform with its documented control message
 * (`mute-assistant` / `unmute-assistant`), which silences what it would still send. No-op when
 * already so.
 */
export function hushAssistant(s: VoiceSession, muted: boolean): void {
  if (s.players.hushed === muted) return;
  s.players.hush(muted);
  s.sendRaw(JSON.stringify({ type: 'control', control: muted ? 'mute-assistant' : 'unmute-assistant' }));
}

/** Subscribes `s` to `call`'s events for the session's lifetime (removed at its release). */
export function wireCall(s: VoiceSession, call: CallObject): void {
  const { host } = s;
  const on = <E extends keyof CallObjectEvents>(event: E, handler: (payload: CallObjectEvents[E]) => void) => {
    call.on(event, handler);
    s.offs.push(() => call.off(event, handler));
  };
  for (const event of PASSED_ON) on(event, (payload) => host.emit(event, { ...payload }));
  on('track-started', ({ participant, track }) => {
    if (!participant || participant.local) return;
    if (track.kind === 'video') {
      if (!s.video) return;
      s.videoParticipantId = participant.id;
      host.set({ videoTrack: track });
      host.emit('video', track);
      return;
    }
    if (track.kind === 'audio') s.players.add(participant.id, track);
  });
  on('track-stopped', ({ track }) => {
    if (host.getSnapshot().videoTrack?.id === track.id) host.set({ videoTrack: null });
    s.players.drop((id) => id === track.id);
  });
  on('participant-left', ({ participant }) => {
    if (s.videoParticipantId === participant.id) host.set({ videoTrack: null });
    s.players.drop((_, id) => id === participant.id);
  });
  on('joining-meeting', () => host.set({ joinSent: true }));
  on('left-meeting', () => host.end(s));
  on('error', (payload) => {
    host.emit('call-engine-error', { ...payload });
    // Before join, join() rejects with the same error and the start reports it.
    if (!s.joined) return;
    const error = new VoiceError('meeting-ended', payload.message, { reason: payload.type, cause: payload.raw });
    host.end(s);
    host.set({ error });
    host.emit('error', error);
  });
  on('nonfatal-error', ({ type }) => {
    if (type !== 'audio-processor-error') return;
    call
      .updateInputSettings({ audio: { processor: { type: 'none' } } })
      .then(() => host.isCurrent(s) && call.setLocalAudio(!host.getSnapshot().muted))
      .catch((error: unknown) => console.error(`${LOG_PREFIX} audio processor off`, error));
  });
  on('app-message', ({ data }) => {
    // The platform's plain-text signal that the assistant is ready.
    if (data === 'listening') {
      host.emit('listening', undefined);
      return s.callStarted();
    }
    let message = data as VoiceMessage;
    if (typeof data === 'string') {
      try {
        message = JSON.parse(data) as VoiceMessage;
      } catch {
        console.log(`${LOG_PREFIX} app message not JSON:`, data);
        return;
      }
    }
    if (typeof message?.type !== 'string') return;
    // The visitor's next words after a Stop: the assistant may answer them, and is heard again.
    if ((message.type === 'transcript' && message.role === 'user') || message.type === 'user-interrupted')
      hushAssistant(s, false);
    host.emit('message', message);
    if (message.type === 'status-update' && message.status === 'ended') {
      s.endedSent = true;
      // The platform ends the call while the assistant's last sentence may still be playing here:
      // it is heard out (the end waits for the speech to end, capped), then the call ends.
      if (s.speechTimer === undefined) host.end(s);
      else s.finishing ??= setTimeout(() => host.end(s), FINAL_WORDS_MAX_MS);
    }
  });
  on('remote-participants-audio-level', ({ levels }) => {
    let level = 0;
    for (const value of Object.values(levels)) level += value;
    s.latency?.remote(level);
    const volume = Math.min(1, level / VOLUME_DIVISOR);
    host.set({ volume });
    host.emit('volume-level', volume);
    if (level <= SPEAKING_THRESHOLD) return;
    if (s.speechTimer === undefined) {
      host.set({ speaking: true });
      host.emit('speech-start', undefined);
    } else clearTimeout(s.speechTimer);
    s.speechTimer = setTimeout(() => {
      s.speechTimer = undefined;
      host.set({ speaking: false });
      host.emit('speech-end', undefined);
      if (s.finishing) host.end(s);
    }, SPEECH_END_DELAY_MS);
  });
  on('local-audio-level', ({ level }) => {
    s.latency?.local(level);
    host.emit('local-volume-level', level);
  });
  on('network-connection', (payload) => {
    host.emit('network-connection', { ...payload });
    const current = host.getSnapshot().state;
    if (payload.state === 'interrupted' && current === 'active') host.set({ state: 'reconnecting' });
    if (payload.state === 'connected' && current === 'reconnecting') host.set({ state: 'active' });
  });
  on('recording-started', (payload) => {
    host.emit('recording-started', { ...payload });
    if (!s.recording || s.recordingStarted) return;
    // The platform holds the assistant's first words until the recording runs, and is told how
    // long that took (from the join, or from startRecording when the client started it).
    s.recordingStarted = true;
    const duration = Date.now() - s.recordingRequestedAt;
    const delaySeconds = duration / 1000;
    host.progress('video-recording-started', 'completed', { duration, metadata: { delaySeconds } });
    s.firstMessage = JSON.stringify({
      type: 'control',
      control: 'say-first-message',
      videoRecordingStartDelaySeconds: delaySeconds,
    });
    // A meeting token may start the recording before join() resolves; messages wait for the join.
    if (s.joined) s.sendRaw(s.firstMessage);
  });
}

/** Folds the voice client's snapshot into a change of the view (phase, audio, stage, call timing). */
import { START_STAGES } from '../core/start-stages.ts';
import type { VoiceSnapshot, WebCall } from '../core/types.ts';
import { problemOf } from './problems.ts';
import type { Patch } from './view-store.ts';
import type { CallPhase } from './view.ts';

/** What the fold remembers between snapshots (the controller owns one). */
export interface CallRecord {
  /** The last voice error taken (each is taken once). */
  error: unknown;
  /** When the running call connected (epoch ms), 0 without one. */
  connectedAt: number;
  /** The running call's web call (from its start or rejoin), for a later page's rejoin. */
  webCall: WebCall | null;
}

/**
 * The view's change for snapshot `s`, given the phase shown before (`previous`); updates `record`
 * (a call that connects gets its time, one that ends its duration and loses its web call).
 */
export function foldVoice(s: VoiceSnapshot, previous: CallPhase, record: CallRecord): Patch {
  const inCall = previous === 'active' || previous === 'reconnecting' || previous === 'ending';
  const patch: Patch = {
    phase: s.state,
    muted: s.muted,
    speaking: s.speaking,
    volume: s.volume,
    stage: s.stage,
    stageIndex: s.stage ? START_STAGES.indexOf(s.stage) + 1 : 0,
    audioBlocked: s.audioBlocked,
    videoTrack: s.videoTrack ?? null,
    joinSent: s.joinSent, // (absent: an engine that does not report it)
  };
  // A voice error is taken once (a later chat problem must not be overwritten by it).
  if (s.error && s.error !== record.error) patch.problem = problemOf(s.error, 'call');
  record.error = s.error;
  if (s.state === 'active' && previous !== 'active' && previous !== 'reconnecting') {
    record.connectedAt = Date.now();
    patch.connectedAt = record.connectedAt;
  }
  if (s.state === 'idle' && inCall) {
    record.webCall = null;
    patch.connectedAt = 0;
    patch.duration = record.connectedAt ? Math.round((Date.now() - record.connectedAt) / 1000) : 0;
    if (!s.error) patch.ended = true;
    record.connectedAt = 0;
  }
  return patch;
}

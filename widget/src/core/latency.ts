/**
 * Latency as the visitor hears it, measured in the browser for each call (issue 38):
 * - `firstAudioMs`: the click (or `start()`) → the first assistant audio that is both playing (a
 *   player of the assistant's track started) and above the speaking level in the received audio
 *   (the call engine's level observer: `getStats` `audioLevel` of the remote track in daily-js).
 * - each turn: the last moment the visitor's microphone was above `VISITOR_SPEECH_LEVEL` → the
 *   assistant's next audible onset (its audio after at least `SPEECH_END_DELAY_MS` of silence),
 *   counted only when the visitor spoke after the assistant's last audio (a turn was taken).
 * The platform's processing and both directions of the network are inside these figures; the
 * visitor's speaker and ear are not, and both level observers sample every 100 ms, so a figure's
 * resolution is that interval. The meter is pure: its clock and its level samples come in.
 */
import { SPEAKING_THRESHOLD, SPEECH_END_DELAY_MS } from './constants.ts';

/** The visitor counts as speaking while the microphone's level (0..1) exceeds this (above room noise). */
export const VISITOR_SPEECH_LEVEL = 0.05;

/** One call's figures as the `latency` event reports them (milliseconds; null: nothing measured yet). */
export interface LatencyFigures {
  /** Click (or `start()`) → the first assistant audio heard. */
  firstAudioMs: number | null;
  /** Median of the turns' latencies (nearest rank). */
  turnLatencyP50Ms: number | null;
  /** 95th percentile of the turns' latencies (nearest rank). */
  turnLatencyP95Ms: number | null;
  /** Each turn's latency, in order. */
  turnsMs: number[];
  /** True on the call's last report (at its end). */
  final: boolean;
}

/** The `p`th percentile (0..100) of `values` by nearest rank; null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One call's meter: the session feeds it; `report` gets the figures at each new one and at `end()`. */
export interface LatencyMeter {
  /** A player of the assistant's audio is playing (until then nothing is heard, whatever the level). */
  playing(): void;
  /** One sample of the assistant's received level (the sum over remote participants). */
  remote(level: number): void;
  /** One sample of the visitor's microphone level. */
  local(level: number): void;
  /** The call ended: the final report (once; nothing is measured after it). */
  end(): void;
}

/**
 * Makes the meter of one call (closures, not a class: the voice core's size budget is tight and
 * local names minify).
 * @param now The clock (milliseconds, monotonic: `performance.now()` in browsers).
 * @param from When the visitor asked for the call, on the same clock.
 * @param report Receives the figures.
 */
export function latencyMeter(now: () => number, from: number, report: (figures: LatencyFigures) => void): LatencyMeter {
  let playing = false;
  let ended = false;
  let first: number | null = null;
  /** When the assistant was last heard, and when the visitor last spoke (clock time). */
  let heardAt = -Infinity;
  let spokeAt = -Infinity;
  const turns: number[] = [];
  const send = () => {
    const turnsMs = turns.map(Math.round);
    report({
      firstAudioMs: first === null ? null : Math.round(first),
      turnLatencyP50Ms: percentile(turnsMs, 50),
      turnLatencyP95Ms: percentile(turnsMs, 95),
      turnsMs,
      final: ended,
    });
  };
  return {
    playing: () => void (playing = true),
    remote(level) {
      if (ended || !playing || level <= SPEAKING_THRESHOLD) return;
      const at = now();
      // A turn: the assistant's first audio after a silence, the visitor having spoken since its last audio.
      const opening = first === null;
      const turn = !opening && at - heardAt >= SPEECH_END_DELAY_MS && spokeAt > heardAt;
      if (opening) first = at - from;
      if (turn) turns.push(at - spokeAt);
      heardAt = at;
      if (opening || turn) send();
    },
    local(level) {
      if (!ended && level > VISITOR_SPEECH_LEVEL) spokeAt = now();
    },
    end() {
      if (ended) return;
      ended = true;
      send();
    },
  };
}

/**
 * The call's quality (issue 37, item 2), framework-free: Daily's network events, the call's
 * reconnecting state and the assistant's audio actually arriving while the platform says it speaks
 * in, a level for the quiet indicator out, and whether the trouble has lasted
 * long enough (`TROUBLE_LASTS_MS`) to offer a way out ("The audio is breaking up…").
 */

/** How the indicator shows the call: `good` (nothing shown), `poor`, `bad`. */
export type QualityLevel = 'good' | 'poor' | 'bad';

/** What the level is about. */
export type QualityReason = 'network' | 'reconnecting' | 'audio';

/** Trouble (any level but `good`) this long offers the way out, in ms. */
export const TROUBLE_LASTS_MS = 8_000;

/** The platform says the assistant speaks but its audio has had no level this long (ms): `poor`, `audio`. */
export const AUDIO_SILENT_MS = 2_000;

/** The quality now. */
export interface QualityState {
  readonly level: QualityLevel;
  readonly reason: QualityReason;
  /** The trouble has lasted `TROUBLE_LASTS_MS`: offer to continue another way (once per stretch). */
  readonly breaking: boolean;
}

/**
 * Follows one call's quality. `network` takes Daily's `network-quality-change` state (`good`,
 * `warning`, `bad`; anything else counts as good: unknown is no trouble), `reconnecting` the call's
 * state, `at` the time; each returns the state when it changed, else null.
 */
export class CallQuality {
  #network: QualityLevel = 'good';
  #reconnecting = false;
  #since: number | null = null;
  #breaking = false;
  #last: QualityState = { level: 'good', reason: 'network', breaking: false };
  /** Since when the platform says the assistant speaks (null: it does not). */
  #speechFrom: number | null = null;
  #heardAt = -Infinity;

  /** Daily's network quality estimate changed. */
  network(state: string, now: number): QualityState | null {
    this.#network = state === 'bad' ? 'bad' : state === 'warning' ? 'poor' : 'good';
    return this.at(now);
  }

  /** The call is reconnecting (or no longer). */
  reconnecting(on: boolean, now: number): QualityState | null {
    this.#reconnecting = on;
    return this.at(now);
  }

  /** The platform says the assistant started (`on`) or stopped speaking (its `speech-update`). */
  assistantSpeech(on: boolean, now: number): QualityState | null {
    this.#speechFrom = on ? (this.#speechFrom ?? now) : null;
    return this.at(now);
  }

  /** The assistant's audio arrived with a level at `now` (above the speaking threshold). */
  heard(now: number): void {
    this.#heardAt = now;
  }

  /** The state at `now` (a tick: trouble may have lasted long enough); null when unchanged. */
  at(now: number): QualityState | null {
    const from = this.#speechFrom;
    // Speaking for the platform, silent here: the audio is lost on its way (or never played).
    const mute = from !== null && now - Math.max(from, this.#heardAt) >= AUDIO_SILENT_MS;
    const network = this.#network === 'good' && mute ? 'poor' : this.#network;
    const level: QualityLevel = this.#reconnecting ? 'bad' : network;
    const reason: QualityReason = this.#reconnecting ? 'reconnecting' : this.#network === 'good' ? 'audio' : 'network';
    if (level === 'good') {
      this.#since = null;
      this.#breaking = false;
    } else {
      this.#since ??= now;
      if (now - this.#since >= TROUBLE_LASTS_MS) this.#breaking = true;
    }
    const last = this.#last;
    const next = { level, reason: level === 'good' ? last.reason : reason, breaking: this.#breaking };
    if (next.level === last.level && next.reason === last.reason && next.breaking === last.breaking) return null;
    this.#last = next;
    return next;
  }

  /** The state as last reported. */
  get state(): QualityState {
    return this.#last;
  }
}

/**
 * The microphone sound check (issue 37, item 2): does the microphone the call sends give any sound
 * at all? Its decision, framework-free: windows of samples in, a verdict out (the card's audio file
 * takes the windows from an `AnalyserNode` on the call's own microphone track), and which devices
 * passed already (localStorage, as the audio settings keep theirs: per site, per microphone).
 */
import type { StorageLike } from './audio-settings.ts';

/** One window of the microphone's samples (an `AnalyserNode`'s time-domain data, −1..1). */
export type SampleWindow = ArrayLike<number>;

/** How many windows the check reads at most: 10 × 100 ms, about a second. */
export const MIC_CHECK_WINDOWS = 10;

/** The time between two windows, in ms (the sampler's pace; not used by the verdict). */
export const MIC_CHECK_WINDOW_MS = 100;

/**
 * Below this a sample counts as zero: a microphone held by another app, or muted by the system,
 * gives exact zeros; the quietest real room still moves the lowest bits of a 16-bit converter
 * (1 / 32768 ≈ 3e-5), far above it.
 */
export const MIC_SILENCE_FLOOR = 1e-6;

/**
 * How long "Listening…" may hear nothing from the visitor before the check runs again (in ms): a
 * microphone that stopped giving sound during the call (another app took it) is then said.
 */
export const LISTEN_SILENCE_MS = 12_000;

/** `sound`: a non-zero sample came; `silent`: a second of zeros; `pending`: read on. */
export type MicVerdict = 'sound' | 'silent' | 'pending';

/**
 * The verdict of the windows read so far: `sound` as soon as one sample is above the floor,
 * `silent` once `MIC_CHECK_WINDOWS` windows held only zeros, else `pending`.
 */
export function micVerdict(windows: readonly SampleWindow[]): MicVerdict {
  for (const window of windows)
    for (let i = 0; i < window.length; i++) if (Math.abs(window[i]!) > MIC_SILENCE_FLOOR) return 'sound';
  return windows.length >= MIC_CHECK_WINDOWS ? 'silent' : 'pending';
}

/** The localStorage key of the microphones that gave sound (one list per site: device ids are per origin). */
export const MIC_CHECKED_KEY = 'ringwise-mic-checked';

/** At most this many devices are remembered (the latest kept): a list that cannot grow without end. */
const REMEMBERED_MAX = 8;

/**
 * Which microphones passed the check on this device and site. `deviceId` null is the browser's
 * default microphone. Storage that fails (private mode, a full quota) forgets: the check then runs
 * again, which costs a second, never a call.
 */
export class MicCheckMemory {
  readonly #storage: StorageLike | null;

  constructor(storage: StorageLike | null) {
    this.#storage = storage;
  }

  /** Whether `deviceId` gave sound before (then the check before a call is skipped). */
  passed(deviceId: string | null): boolean {
    return this.#read().includes(deviceId ?? '');
  }

  /** Remembers that `deviceId` gave sound. */
  remember(deviceId: string | null): void {
    const id = deviceId ?? '';
    const list = [...this.#read().filter((known) => known !== id), id].slice(-REMEMBERED_MAX);
    try {
      this.#storage?.setItem(MIC_CHECKED_KEY, JSON.stringify(list));
    } catch {
      // Not kept: the next call checks again.
    }
  }

  #read(): string[] {
    try {
      const value: unknown = JSON.parse(this.#storage?.getItem(MIC_CHECKED_KEY) ?? '[]');
      // Another script's value under our key is ignored rather than trusted.
      return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
    } catch {
      return [];
    }
  }
}

/**
 * When the check runs in a call: `first` when "Listening…" first shows (the caller skips it for a
 * microphone that passed before, `MicCheckMemory`), `again` each time "Listening…" has lasted
 * `LISTEN_SILENCE_MS` without the visitor's words. `observe` is fed each frame's view (and a tick).
 */
export class MicCheckSchedule {
  #started = false;
  #listeningSince: number | null = null;
  #userTurns = -1;

  /**
   * @param listening The status says "Listening…" (a live call, the assistant silent, not muted).
   * @param userTurns How many of the visitor's turns the conversation holds (a new one is their voice).
   * @param now The frame's time in ms (any monotonic clock).
   */
  observe(listening: boolean, userTurns: number, now: number): 'first' | 'again' | null {
    if (!this.#started && listening) {
      this.#started = true;
      this.#listeningSince = now;
      this.#userTurns = userTurns;
      return 'first';
    }
    if (!listening || userTurns !== this.#userTurns) {
      this.#userTurns = userTurns;
      this.#listeningSince = listening ? now : null;
      return null;
    }
    this.#listeningSince ??= now;
    if (now - this.#listeningSince < LISTEN_SILENCE_MS) return null;
    // Counted again from here: one check per stretch of silence.
    this.#listeningSince = now;
    return 'again';
  }

  /** The call ended: the next call starts over. */
  reset(): void {
    this.#started = false;
    this.#listeningSince = null;
    this.#userTurns = -1;
  }
}

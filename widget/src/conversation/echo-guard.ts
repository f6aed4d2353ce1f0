/**
 * The echo guard (issue 37, item 3), framework-free: whether the call runs on a risky setup (the
 * built-in speakers and microphone, no headset) from the devices' labels, and whether the assistant
 * is cutting itself off (its own voice, played by the speakers, heard back as a barge-in). When both
 * are seen, or the pattern twice, the card says once "Use headphones, or hold to talk".
 */

/** A barge-in this soon after the assistant's speech started (ms) can be its own echo. */
export const ECHO_WINDOW_MS = 800;

/**
 * A microphone whose loudest sample (absolute, −1..1) since the speech started stayed under this
 * heard no visitor: a voice at a microphone peaks well above it, an echo left by the browser's echo
 * cancellation does not.
 */
export const ECHO_QUIET_PEAK = 0.05;

/** What the devices' labels say: `risky` (built-in speakers, no headset), `safe`, or `unknown`. */
export type EchoSetup = 'risky' | 'safe' | 'unknown';

/** A device as `enumerateDevices()` lists it. */
export interface DeviceLabel {
  readonly kind: string;
  readonly deviceId: string;
  readonly label: string;
}

/** Labels of devices worn on the head or in the ear (en, de, fr, es and the OS's spellings). */
const HEADSET =
  /head ?set|head ?phone|ear ?phone|ear ?bud|earpod|airpod|bluetooth|hands[- ]?free|kopfh[öo]rer|casque|[ée]couteur|auricular|jabra|plantronics/i;

/** Labels of the built-in speakers and microphone (macOS, Windows, Linux, Android, iOS). */
const BUILT_IN =
  /built-?in|internal|integr|eingebaut|interne?|speaker|lautsprecher|haut-parleur|altavo|microphone array|mikrofonarray|macbook|imac|iphone|realtek/i;

/** The device of `kind` with `id` (null or `default`: the system's default, else the first listed). */
function pick(devices: readonly DeviceLabel[], kind: string, id: string | null): DeviceLabel | undefined {
  const ofKind = devices.filter((device) => device.kind === kind);
  return (
    ofKind.find((device) => device.deviceId === (id ?? 'default')) ??
    (id === null || id === 'default' ? ofKind[0] : undefined)
  );
}

/**
 * The setup from the devices in use: `safe` when the microphone or the speaker is a headset;
 * `risky` when the speaker (or, where the browser lists no output, the microphone) is built in;
 * `unknown` otherwise, and whenever a label is empty (before the microphone permission, labels
 * are hidden: no guess is made then).
 * @param input The microphone's device id (null: the default).
 * @param output The speaker's device id (null: the default).
 */
export function echoSetup(devices: readonly DeviceLabel[], input: string | null, output: string | null): EchoSetup {
  const mic = pick(devices, 'audioinput', input);
  const speaker = pick(devices, 'audiooutput', output);
  const labels = [mic, speaker].filter((device) => device !== undefined).map((device) => device.label);
  if (!labels.length || labels.some((label) => !label.trim())) return 'unknown';
  if (labels.some((label) => HEADSET.test(label))) return 'safe';
  return BUILT_IN.test((speaker ?? mic)!.label) ? 'risky' : 'unknown';
}

/** Follows one call: the setup, the assistant's speech starts and the barge-ins. */
export class EchoGuard {
  /** The setup as last read (`echoSetup`). */
  setup: EchoSetup = 'unknown';
  #speechAt: number | null = null;
  #seen = 0;
  #said = false;

  /** The assistant started speaking at `now` (ms). */
  speechStart(now: number): void {
    this.#speechAt = now;
  }

  /**
   * The visitor's voice cut the assistant at `now`. `peak` is the microphone's loudest sample since
   * the speech started (null: unread, which never counts as quiet). True when the hint is due now:
   * the pattern on a risky setup, or twice; once per call.
   */
  cut(now: number, peak: number | null): boolean {
    const at = this.#speechAt;
    this.#speechAt = null;
    // The pattern: cut soon after its own start, while the microphone heard almost nothing.
    if (at === null || now - at > ECHO_WINDOW_MS || peak === null || peak >= ECHO_QUIET_PEAK) return false;
    this.#seen++;
    if (this.#said || (this.setup !== 'risky' && this.#seen < 2)) return false;
    this.#said = true;
    return true;
  }

  /** How many times the pattern was seen in this call. */
  get seen(): number {
    return this.#seen;
  }
}

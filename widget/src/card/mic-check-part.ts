/**
 * The microphone sound check in the card (issue 37, item 2): when a call is up on a microphone that
 * never gave sound here, and whenever "Listening…" has heard nothing for a while
 * (`MicCheckSchedule`), about a second of the call's own microphone track is read through an
 * `AnalyserNode` (no second `getUserMedia`); only zeros (`micVerdict`) shows "Your microphone sends
 * no sound — is another app using it?" with Try again and, in hybrid mode, Type instead (the call
 * ends, the conversation stays, the field takes focus). Part of the call's audio file.
 */
import type { MediaTrackLike } from '../core/call-port.ts';
import {
  MIC_CHECK_WINDOW_MS,
  MicCheckMemory,
  MicCheckSchedule,
  micVerdict,
  type MicVerdict,
} from '../conversation/mic-check.ts';
import type { StorageLike } from '../conversation/audio-settings.ts';
import { EN_STOP_LABELS } from '../i18n/stop-labels.ts';
import type { CallNotice } from './call-notice.ts';
import type { CardFrame } from './frame.ts';

/** What the check needs of the card. */
export interface MicCheckOptions {
  /** The call's microphone track and its device id (null: the browser's default), when reachable. */
  microphone(): { track: MediaTrackLike | null; device: Promise<string | null> } | null;
  storage: StorageLike | null;
  notice: CallNotice;
  /** Hybrid's Type instead: ends the call (the conversation stays) and focuses the field. */
  typeInstead(): void;
  /** Reports the verdict (`ringwise-quality`'s `microphone` reason, analytics). */
  report(verdict: Exclude<MicVerdict, 'pending'>): void;
}

/**
 * Reads windows of `track` until `micVerdict` decides. Null when it cannot be read here: not a
 * browser track, no Web Audio, or an audio context the browser keeps suspended (its zeros would
 * be ours, not the microphone's).
 */
export async function sampleTrack(track: MediaTrackLike): Promise<MicVerdict | null> {
  if (typeof MediaStreamTrack === 'undefined' || !(track instanceof MediaStreamTrack)) return null;
  if (typeof AudioContext === 'undefined' || track.readyState !== 'live') return null;
  const context = new AudioContext();
  try {
    await context.resume().catch(() => {});
    if (context.state !== 'running') return null;
    const analyser = context.createAnalyser();
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    const windows: Float32Array[] = [];
    let verdict: MicVerdict = 'pending';
    // Counted in windows read, not in time: the verdict is the same on a slow machine.
    while (verdict === 'pending') {
      await new Promise((resolve) => setTimeout(resolve, MIC_CHECK_WINDOW_MS));
      const window = new Float32Array(analyser.fftSize);
      analyser.getFloatTimeDomainData(window);
      windows.push(window);
      verdict = micVerdict(windows);
    }
    return verdict;
  } finally {
    void context.close().catch(() => {});
  }
}

/** The check's frame hook: `render` on each frame, `destroy` with the audio part. */
export interface MicCheck {
  render(frame: CardFrame): void;
  destroy(): void;
}

/** Builds the check (see the module comment). */
export function micCheck(options: MicCheckOptions, check = sampleTrack): MicCheck {
  const memory = new MicCheckMemory(options.storage);
  const schedule = new MicCheckSchedule();
  let running = false;
  let frame: CardFrame | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;

  /** Runs the check (`first`: skipped for a microphone that gave sound here before). */
  const run = async (first = false) => {
    const mic = options.microphone();
    if (running || !mic?.track) return;
    running = true;
    try {
      const device = await mic.device.catch(() => null);
      if (first && memory.passed(device)) return;
      const verdict = await check(mic.track);
      // Muted while it listened: the zeros were the visitor's Mute, not the microphone.
      if (!verdict || verdict === 'pending' || !frame?.live || frame.view.muted) return;
      options.report(verdict);
      if (verdict === 'sound') {
        memory.remember(device);
        options.notice.hide('mic');
      } else show();
    } finally {
      running = false;
    }
  };
  const show = () => {
    if (!frame) return;
    // The English texts ship in this file (stop-labels.ts), not in the card; a language's own win.
    const labels = { ...EN_STOP_LABELS, ...frame.labels };
    const { mode } = frame;
    options.notice.show('mic', labels.micSilent, [
      { label: labels.retry, kind: 'pri', part: 'retry', run: () => void run() },
      ...(mode === 'hybrid'
        ? [{ label: labels.typeInstead, kind: 'sec', part: 'type-instead', run: options.typeInstead } as const]
        : []),
    ]);
  };
  // Each frame, and once a second while live (silence draws no frames).
  const observe = () => {
    if (!frame) return;
    const { view, live } = frame;
    const listening = live && view.phase === 'active' && !view.speaking && !view.muted;
    const userTurns = view.conversation.filter((turn) => turn.role === 'user').length;
    const due = schedule.observe(listening, userTurns, performance.now());
    if (due) void run(due === 'first');
  };

  return {
    render(next) {
      frame = next;
      if (!next.live) {
        schedule.reset();
        clearInterval(timer);
        timer = undefined;
        options.notice.hide('mic');
        return;
      }
      timer ??= setInterval(observe, 1000);
      if (options.notice.shown === 'mic') show();
      observe();
    },
    destroy() {
      clearInterval(timer);
    },
  };
}

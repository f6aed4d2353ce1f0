/**
 * The echo guard in the card (issue 37, item 3): each time the assistant starts speaking, the
 * call's own microphone track is watched (an `AnalyserNode`, no second `getUserMedia`) until it
 * stops; when the visitor's voice cuts it (`ringwise-interrupt` by `voice`) the loudest sample since
 * the start goes to `EchoGuard` with the setup the devices' labels give (`echoSetup`). When the
 * guard says so, once per call: "Use headphones, or hold to talk" with Hold to talk, which turns
 * push-to-talk on for the rest of the call. Part of the call's audio file.
 */
import type { MediaTrackLike } from '../core/call-port.ts';
import { EchoGuard, echoSetup, type DeviceLabel } from '../conversation/echo-guard.ts';
import { EN_AUDIO_LABELS } from '../i18n/audio-labels.ts';
import { EN_STOP_LABELS } from '../i18n/stop-labels.ts';
import type { CallNotice } from './call-notice.ts';
import type { CardFrame } from './frame.ts';

/** What the guard needs of the card. */
export interface EchoOptions {
  /** The element (its `ringwise-speech-start` and `ringwise-interrupt` events). */
  element: HTMLElement;
  /** The call's microphone track and its device id (null: the default), when reachable. */
  microphone(): { track: MediaTrackLike | null; device: Promise<string | null> } | null;
  /** The speaker's device id (null: the default). */
  output(): string | null;
  /** The browser's devices (null: not listed here). */
  devices: Pick<MediaDevices, 'enumerateDevices'> | null;
  notice: CallNotice;
  /** Whether the microphone is push-to-talk already (then no echo reaches the assistant). */
  pushToTalk(): boolean;
  /** Turns push-to-talk on for the rest of the call. */
  holdToTalk(): void;
  /** Sends `ringwise-quality` with the reason `echo`. */
  report(): void;
}

/** A microphone being watched: its loudest sample over the last `ms` (null: unreadable). */
interface Watch {
  peak(ms: number): number | null;
  close(): void;
}

/**
 * Watches `track` with an analyser holding its longest window (32,768 samples: 680 ms at 48 kHz),
 * so one read at the barge-in covers the time since the speech started. Null where it cannot be
 * read: not a browser track, no Web Audio.
 */
export function watchTrack(track: MediaTrackLike): Watch | null {
  if (typeof MediaStreamTrack === 'undefined' || !(track instanceof MediaStreamTrack)) return null;
  if (typeof AudioContext === 'undefined' || track.readyState !== 'live') return null;
  const context = new AudioContext();
  void context.resume().catch(() => {});
  const analyser = context.createAnalyser();
  analyser.fftSize = 32_768;
  context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  return {
    peak(ms) {
      // A suspended context holds no samples: its zeros would be ours, not the microphone's.
      if (context.state !== 'running') return null;
      analyser.getFloatTimeDomainData(samples);
      const from = Math.max(0, samples.length - Math.ceil((ms / 1000) * context.sampleRate));
      let peak = 0;
      for (let i = from; i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]!));
      return peak;
    },
    close: () => void context.close().catch(() => {}),
  };
}

/** The guard's frame hook: `render` on each frame, `destroy` with the audio part. */
export interface EchoPart {
  render(frame: CardFrame): void;
  destroy(): void;
}

/** Builds the guard (see the module comment). */
export function echoPart(options: EchoOptions, watch = watchTrack): EchoPart {
  let guard = new EchoGuard();
  let frame: CardFrame | null = null;
  let watching: Watch | null = null;
  let startedAt = 0;
  /** The setup was read for this call. */
  let read = false;

  const stopWatching = () => {
    watching?.close();
    watching = null;
  };
  const show = () => {
    if (!frame) return;
    // "Hold to talk" is the audio file's own label (audio-labels.ts), not the card's.
    const labels = { ...EN_AUDIO_LABELS, ...EN_STOP_LABELS, ...frame.labels };
    options.notice.show('echo', labels.echoHint, [
      { label: labels.holdToTalk, kind: 'pri', part: 'hold-to-talk', run: hold },
    ]);
  };
  const hold = () => {
    options.notice.hide('echo');
    stopWatching();
    options.holdToTalk();
  };
  const readSetup = async () => {
    const mic = options.microphone();
    const input = await (mic?.device ?? Promise.resolve(null)).catch(() => null);
    const devices: DeviceLabel[] = (await options.devices?.enumerateDevices().catch(() => [])) ?? [];
    guard.setup = echoSetup(devices, input, options.output());
  };
  const onSpeech = () => {
    if (!frame?.live || options.pushToTalk()) return;
    stopWatching();
    const track = options.microphone()?.track;
    startedAt = performance.now();
    guard.speechStart(startedAt);
    watching = track ? watch(track) : null;
  };
  const onInterrupt = (event: Event) => {
    if ((event as CustomEvent<{ by: string }>).detail?.by !== 'voice' || !frame?.live) return;
    const now = performance.now();
    const peak = watching?.peak(now - startedAt) ?? null;
    stopWatching();
    if (!guard.cut(now, peak)) return;
    options.report();
    show();
  };
  options.element.addEventListener('ringwise-speech-start', onSpeech);
  options.element.addEventListener('ringwise-interrupt', onInterrupt);

  return {
    render(next) {
      frame = next;
      if (!next.live) {
        stopWatching();
        guard = new EchoGuard();
        read = false;
        options.notice.hide('echo');
        return;
      }
      if (!read && next.view.phase === 'active') {
        read = true;
        void readSetup();
      }
      // The assistant stopped speaking: nothing to cut, the microphone is left alone.
      if (!next.view.speaking) stopWatching();
      if (options.notice.shown === 'echo') show();
    },
    destroy() {
      stopWatching();
      options.element.removeEventListener('ringwise-speech-start', onSpeech);
      options.element.removeEventListener('ringwise-interrupt', onInterrupt);
    },
  };
}

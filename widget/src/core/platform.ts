import type { MediaTrackLike } from './call-port.ts';

/** Playback of one remote audio track. */
export interface AudioPlayback {
  /** Starts playback; rejects with an error named `NotAllowedError` when autoplay is blocked. */
  play(): Promise<void>;
  /** Stops playback and releases the element (idempotent). */
  stop(): void;
  /** Sets the playback volume, 0..1 (not what the assistant hears, not the `volume-level` events). */
  setVolume?(volume: number): void;
  /** Silences or restores playback at once (`muted`: iOS ignores a media element's volume, not this). */
  setMuted?(muted: boolean): void;
  /** Routes playback to the output device `deviceId` (`HTMLMediaElement.setSinkId`); absent where browsers cannot. */
  setSinkId?(deviceId: string): Promise<void>;
  /** The media element playing the track, where there is one (browsers: a detached `<audio>`). */
  readonly element?: HTMLAudioElement;
}

/** What `getUserMedia` resolves with, as far as the core reads it (a `MediaStream`). */
export interface MicrophoneStream {
  getTracks(): MediaTrackLike[];
}

/**
 * What the core needs from the host environment (floating-ui style platform port). The default
 * `browserPlatform` reads browser globals only when called, never at import; tests pass a fake.
 */
export interface VoicePlatform {
  /**
   * Asks for the microphone explicitly and resolves with the granted tracks (the core stops them:
   * the call engine opens its own). Rejects with an error whose `name` tells why:
   * `NotAllowedError` (denied), `NotFoundError` (no microphone), `SecurityError` (blocked by a
   * permissions policy or an insecure context), or another DOMException name.
   * @param pending A `getUserMedia({ audio: true })` already in flight (asked at the click, see
   *   `VoiceStartOptions.microphone`): used instead of asking again, after the same checks (a
   *   block found by them is reported as without it, and the pending stream is stopped).
   */
  requestMicrophone(pending?: Promise<MicrophoneStream>): Promise<MediaTrackLike[]>;
  /** True on phones and tablets, where the spec waits a little after the permission prompt. */
  isMobile(): boolean;
  /** Creates a (detached) player for a remote audio track. */
  createAudioPlayer(track: MediaTrackLike): AudioPlayback;
  /** Calls `handler` when the page is being unloaded; returns the remover. */
  onPageHide(handler: () => void): () => void;
  /** The clock of the latency figures, in milliseconds (monotonic). @default `performance.now()` */
  now?(): number;
  /**
   * Keeps the screen on until the returned function is called (a phone must not lock mid-call):
   * a screen wake lock, asked again whenever the page becomes visible (browsers drop it when the
   * page is hidden). Optional, and a no-op where the browser has none or refuses.
   */
  keepScreenOn?(): () => void;
}

/** An `Error` with a DOMException-style `name`. */
function named(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** `document.permissionsPolicy` (Chromium; older: `featurePolicy`), not yet in TypeScript's DOM lib. */
interface PolicyDocument {
  permissionsPolicy?: { allowsFeature(feature: string): boolean };
  featurePolicy?: { allowsFeature(feature: string): boolean };
}

/** The browser implementation of `VoicePlatform`. Touches globals only inside its methods. */
export const browserPlatform: VoicePlatform = {
  async requestMicrophone(pending) {
    const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    const doc = document as Document & PolicyDocument;
    const policy = doc.permissionsPolicy ?? doc.featurePolicy;
    const blocked = !devices?.getUserMedia
      ? 'Microphone access needs a secure (https) page.'
      : policy && !policy.allowsFeature('microphone')
        ? 'The permissions policy of this page blocks the microphone.'
        : '';
    if (blocked) {
      // A request made before these checks ran must not keep the microphone open.
      pending?.then(
        (stream) => stream.getTracks().forEach((track) => track.stop()),
        () => {},
      );
      throw named('SecurityError', blocked);
    }
    return (await (pending ?? devices!.getUserMedia({ audio: true }))).getTracks();
  },
  isMobile() {
    if (typeof navigator === 'undefined') return false;
    // iPadOS reports a Mac user agent; touch points give it away.
    return (
      /android|iphone|ipad|ipod|iemobile|blackberry|bada|mobile/i.test(navigator.userAgent) ||
      (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
    );
  },
  createAudioPlayer(track) {
    // Detached: a media element plays without being in the DOM, so nothing is left on the page.
    const audio = new Audio();
    audio.autoplay = true;
    audio.srcObject = new MediaStream([track as MediaStreamTrack]);
    return {
      element: audio,
      play: () => audio.play(),
      stop() {
        audio.pause();
        audio.srcObject = null;
      },
      setVolume(volume) {
        audio.volume = volume;
      },
      setMuted(muted) {
        audio.muted = muted;
      },
      // Only where the browser routes output (Chromium, Firefox); Safari has no setSinkId.
      ...('setSinkId' in audio && { setSinkId: (id: string) => audio.setSinkId(id) }),
    };
  },
  onPageHide(handler) {
    addEventListener('pagehide', handler);
    return () => removeEventListener('pagehide', handler);
  },
  now: () => performance.now(),
  keepScreenOn() {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.wakeLock;
    if (!locks) return () => {};
    let lock: Promise<WakeLockSentinel | void> | null = null;
    let done = false;
    // Refused (no user activation, battery saver, a policy): the call goes on without it.
    const ask = () => {
      if (!done && document.visibilityState === 'visible') lock = locks.request('screen').catch(() => {});
    };
    // The browser releases the lock when the page is hidden; it is asked again when it is shown.
    const visible = () => ask();
    document.addEventListener('visibilitychange', visible);
    ask();
    return () => {
      done = true;
      document.removeEventListener('visibilitychange', visible);
      void lock?.then((sentinel) => sentinel?.release()).catch(() => {});
    };
  },
};

/** Options of the voice client: its constructor's (ports, API) and `start`'s. Types only. */
import type { CallFactory, DailyConfig } from './call-port.ts';
import type { MicrophoneStream, VoicePlatform } from './platform.ts';

/** Options of `new VoiceClient(…)`. */
export interface VoiceClientOptions {
  /** Public web key, sent as `Authorization: Bearer {publicKey}` on `POST /call/web`. */
  publicKey: string;
  /** Base URL of the platform API. @default DEFAULT_API_BASE_URL (src/api/constants.ts) */
  apiBaseUrl?: string;
  /**
   * Creates call objects. @default the entry's (the package's `VoiceClient`: the Daily adapter,
   * `src/daily`, loaded on `preload()` or the first `start()`, so daily-js is never part of the
   * page's first load; the core's own class has none)
   */
  callFactory?: CallFactory;
  /** Daily's advanced config for the default factory (`avoidEval` defaults to true). */
  dailyConfig?: DailyConfig;
  /**
   * The hosts a call's room may be on, each with its subdomains (`parseRoomHosts` reads the element's
   * `room-hosts`): an answer of `POST /call/web` whose `webCallUrl` is elsewhere, or not `https:`, is
   * refused (an `answer-error` at `web-call-creation`, nothing joined). null: any `https:` host.
   * @default DAILY_ROOM_HOSTS (Daily's domains)
   */
  roomHosts?: readonly string[] | null;
  /** `fetch` for `POST /call/web`. @default globalThis.fetch, read at call time */
  fetch?: typeof fetch;
  /** Host environment: microphone, audio playback, page lifecycle. @default browserPlatform */
  platform?: VoicePlatform;
  /**
   * Receive the assistant's video when its voice provider renders video (`VIDEO_VOICE_PROVIDERS`):
   * the remote video track is then in `snapshot.videoTrack`. Leave it off unless something shows
   * it: without it the call engine does not subscribe to video at all (no download). The
   * assistant's audio is played by the audio path either way.
   * @default false
   */
  video?: boolean;
}

/** Options of `VoiceClient.start`. */
export interface VoiceStartOptions {
  /**
   * A `POST /call/web` already in flight for the same target (`requestWebCall`'s promise, e.g.
   * sent by a loader at the click, before this engine was loaded), adopted instead of sending a
   * second request: the `web-call-creation` stage reports the same progress and maps its failures
   * exactly as `createWebCall`'s (`api-error` with `status`, `network-error`). `stop()` stops
   * waiting for it but cannot abort it: abort it yourself if you hold its controller. An adopted
   * request that is never used (validation error, already started) is still marked handled, so it
   * never becomes an unhandled rejection.
   */
  request?: Promise<Response>;
  /**
   * A `getUserMedia({ audio: true })` already in flight for this call (asked at the click, beside
   * the early request: `startNow`), awaited in the `mobile-permissions` stage instead of asking
   * again; its refusal is reported as the core's own request's would be. Its tracks are stopped
   * once granted (the call engine opens its own), also when this start does not use it.
   */
  microphone?: Promise<MicrophoneStream>;
  /**
   * Sent in the body of `POST /call/web` (after the target's fields, as `@vapi-ai/web` sends it):
   * `false` keeps the room when the visitor leaves, so `reconnect` can join the call again;
   * omitted: the platform's default (the room is deleted when the visitor leaves).
   */
  roomDeleteOnUserLeaveEnabled?: boolean;
  /**
   * When the visitor asked for the call (the click), on the platform's clock (`performance.now()`
   * in browsers): the start of `firstAudioMs` in the `latency` event. @default the call to `start()`
   */
  clickedAt?: number;
}

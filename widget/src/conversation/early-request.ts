/**
 * "Start now": what a click on a call button asks for in its own task, before anything else runs
 * (the card, the engine, React): `POST /call/web` and the microphone permission, which the engine
 * adopts when it starts, and, when the caller can load them, the voice engine and daily-js. The one owner of the click's
 * path: the element's launcher, the controller (the card and the React hook) and the site's hero
 * button all start through it.
 */
import { DEFAULT_API_BASE_URL } from '../api/constants.ts';
import type { requestWebCall } from '../api/web-call.ts';
import { hasCallTarget } from '../core/target.ts';
import type { MicrophoneStream } from '../core/platform.ts';
import type { CallTarget } from '../core/types.ts';

/** A start's early request, as the controller and the engine adopt it. */
export interface StartOptions {
  /** A `POST /call/web` already in flight (sent at the click). */
  request?: Promise<Response>;
  /**
   * Aborts `request` when the start is cancelled before the engine adopts it (and gives back the
   * microphone, once granted).
   */
  abort?: AbortController;
  /**
   * `getUserMedia({ audio: true })` asked at the click, beside the request (absent where the page
   * has no `mediaDevices`): the engine awaits it before the join instead of asking after its
   * first stages, so the permission (and a phone's pause after it) overlaps the request.
   */
  microphone?: Promise<MicrophoneStream>;
}

/** What `startNow` needs. */
export interface StartNowOptions {
  /** Public key; without it nothing is sent (the start reports `not-configured`). */
  token?: string | null;
  /** Base URL of the platform API. @default the platform's public API */
  baseUrl?: string | null;
  /** The call's target; without an assistant, squad or workflow nothing is sent. */
  target: CallTarget;
  /** Sends the request (the API layer's `requestWebCall`, or a demo's that sends nothing). */
  requestWebCall: typeof requestWebCall;
  /** Loads the voice engine and daily-js (the element's loader); failures are left to the start. */
  load?: (name: 'engine' | 'daily') => Promise<unknown>;
}

/**
 * Asks, in this task, for everything the call's join waits for: `POST /call/web`, the microphone
 * permission, and the engine and daily-js (when `load` is given), or nothing without a key or a
 * target (the start explains). Never throws for a failed request, permission or load: the engine
 * adopts the request and the permission and reports their failures.
 */
export function startNow({ token, baseUrl, target, requestWebCall, load }: StartNowOptions): StartOptions {
  if (!token || !hasCallTarget(target)) return {};
  const ignore = () => {};
  load?.('engine').catch(ignore);
  load?.('daily').catch(ignore);
  const abort = new AbortController();
  const request = requestWebCall({ baseUrl: baseUrl || DEFAULT_API_BASE_URL, token, signal: abort.signal }, target);
  request.catch(ignore);
  const devices = typeof navigator == 'undefined' ? undefined : navigator.mediaDevices;
  const microphone = devices?.getUserMedia?.({ audio: true });
  if (!microphone) return { request, abort };
  microphone.catch(ignore);
  // A start the engine never adopts (cancelled, engine not loaded) must not keep the microphone.
  abort.signal.addEventListener('abort', () => microphone.then((stream) => stream.getTracks().forEach((track) => track.stop()), ignore));
  return { request, abort, microphone };
}

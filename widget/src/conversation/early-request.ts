/**
 * "Start now": what a click on a call button asks for in its own task, before anything else runs
 * (the card, the engine, React): `POST /call/web` and the microphone permission, which the engine
 * adopts when it starts, and, when the caller can load the Daily adapter, the call machine's
 * download on the call object made ahead of the call. The one owner of the click's path: the element's launcher, the controller (the card and the React hook) and the site's hero
 * button all start through it.
 */
import { DEFAULT_API_BASE_URL } from '../api/constants.ts';
import type { requestWebCall } from '../api/web-call.ts';
import { hasCallTarget } from '../core/target.ts';
import type { MicrophoneStream } from '../core/platform.ts';
import type { CallTarget } from '../core/types.ts';
import { nextTask } from './tasks.ts';

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
  /**
   * Loads the Daily adapter (the element's loader, which also asks for the engine itself), so that
   * its call machine starts downloading beside the request, in the task after this one, on the
   * call object made ahead of the call (warm start: `loadSpare`). Failures are left to the start.
   */
  loadDaily?: () => Promise<{ loadSpare(): boolean }>;
}

/**
 * Asks, in this task, for everything the call's join waits for: `POST /call/web` and the
 * microphone permission, then (`loadDaily` given) the call machine in the next task; or nothing
 * without a key or a target (the start explains). Never throws for a failed request, permission or load: the engine
 * adopts the request and the permission and reports their failures.
 */
export function startNow({ token, baseUrl, target, requestWebCall, loadDaily }: StartNowOptions): StartOptions {
  if (!token || !hasCallTarget(target)) return {};
  const ignore = () => {};
  const abort = new AbortController();
  const request = requestWebCall({ baseUrl: baseUrl || DEFAULT_API_BASE_URL, token, signal: abort.signal }, target);
  // The call machine downloads beside the request (the join waits for both), asked for in the
  // task right after this one: the request leaves when this task ends, and the machine's start
  // (≈ 15 ms of a phone's main thread) would make the click's task a long one.
  loadDaily?.()
    .then((daily) => nextTask().then(() => abort.signal.aborted || daily.loadSpare()))
    .catch(ignore);
  request.catch(ignore);
  const devices = typeof navigator == 'undefined' ? undefined : navigator.mediaDevices;
  const microphone = devices?.getUserMedia?.({ audio: true });
  if (!microphone) return { request, abort };
  microphone.catch(ignore);
  // A start the engine never adopts (cancelled, engine not loaded) must not keep the microphone.
  abort.signal.addEventListener('abort', () => microphone.then((stream) => stream.getTracks().forEach((track) => track.stop()), ignore));
  return { request, abort, microphone };
}

/**
 * The one owner of the call request: every `POST /call/web` the widget sends leaves from here
 * (`sendCallRequest`), and "one start at a time" is held here (`CallStarts`).
 *
 * - `startNow`: what a click on a call button asks for in its own task, before anything else runs
 *   (the card, the engine, React): the request and the microphone permission, which the engine
 *   adopts when it starts, and, when the caller can load the Daily adapter, the call machine's
 *   download on the call object made ahead of the call. The element's launcher and the site's
 *   hero button start through it.
 * - `CallStarts`: the controller's (the card's and the React hook's) gate: a start while another
 *   start or call runs sends nothing; otherwise the start adopts the click's request or asks
 *   `startNow` for one.
 * - `VoiceClient.start` without an adopted request asks `sendCallRequest` for one.
 */
import { DEFAULT_API_BASE_URL } from '../api/constants.ts';
import type { WebCallBody } from '../api/call-target.ts';
import type { requestWebCall, WebCallOptions } from '../api/web-call.ts';
import { hasCallTarget } from './target.ts';
import type { MicrophoneStream } from './platform.ts';
import type { CallTarget } from './types.ts';
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
  /** When the click asked (`performance.now()`): where the call's latency figures start. */
  clickedAt?: number;
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
  const clickedAt = performance.now();
  const ignore = () => {};
  const abort = new AbortController();
  const request = sendCallRequest(
    requestWebCall,
    { baseUrl: baseUrl || DEFAULT_API_BASE_URL, token, signal: abort.signal },
    target,
  );
  // The call machine downloads beside the request (the join waits for both), asked for in the
  // task right after this one: the request leaves when this task ends, and the machine's start
  // (≈ 15 ms of a phone's main thread) would make the click's task a long one.
  loadDaily?.()
    .then((daily) => nextTask().then(() => abort.signal.aborted || daily.loadSpare()))
    .catch(ignore);
  request.catch(ignore);
  const devices = typeof navigator == 'undefined' ? undefined : navigator.mediaDevices;
  const microphone = devices?.getUserMedia?.({ audio: true });
  if (!microphone) return { request, abort, clickedAt };
  microphone.catch(ignore);
  // A start the engine never adopts (cancelled, engine not loaded) must not keep the microphone.
  abort.signal.addEventListener('abort', () =>
    microphone.then((stream) => stream.getTracks().forEach((track) => track.stop()), ignore),
  );
  return { request, abort, microphone, clickedAt };
}

/**
 * Sends `POST /call/web` for `target` with `send` (the API layer's `requestWebCall`, or a demo's
 * that sends nothing): the widget's one place where a call request leaves. Returns the response
 * promise unread, for `readWebCall` (the engine's `web-call-creation` stage) to read.
 * @param options The API base URL, key, signal (and `fetch`), as `requestWebCall` takes them.
 */
export function sendCallRequest(
  send: typeof requestWebCall,
  options: WebCallOptions,
  target: WebCallBody,
): Promise<Response> {
  return send(options, target);
}

/** A start `CallStarts.open` let through: its request, and whether it was sent just now. */
export interface OpenedStart extends StartOptions {
  /** True when `open` sent the request itself (not adopted from the click). */
  sentHere: boolean;
}

/**
 * One start at a time, for one conversation (the controller's): the guard that keeps a second
 * click, a second `start()` or a start during a call from sending a second `POST /call/web` — a
 * second billed call.
 */
export class CallStarts {
  readonly #busy: () => boolean;

  /** @param busy Whether a start or a call runs now (the controller: its phase is not `idle`). */
  constructor(busy: () => boolean) {
    this.#busy = busy;
  }

  /**
   * Opens a start. `null` while another start or call runs: nothing is sent and `early` is left
   * as it is (it may be the running start's own). `null` too when `ready()` refuses (a missing key
   * or target, which it reports): then `early` is aborted. Otherwise the start's request:
   * `early`'s when the click sent one, else one sent now with `send` (`startNow`), else none
   * (`send` absent: the engine sends its own).
   */
  open(early: StartOptions, ready: () => boolean, send?: () => StartOptions): OpenedStart | null {
    if (this.#busy()) return null;
    if (!ready()) {
      early.abort?.abort();
      return null;
    }
    if (early.request || !send) return { ...early, sentHere: false };
    return { ...send(), sentHere: true };
  }
}

/**
 * The `POST /call/web` body of a call the widget may rejoin: the room outlives the page that
 * leaves it (`roomDeleteOnUserLeaveEnabled: false`, as the reference client sends it).
 */
export function keptRoomTarget(target: CallTarget): CallTarget {
  return { ...target, roomDeleteOnUserLeaveEnabled: false } as CallTarget;
}

import type { WebCall, WebCallBody } from './call-target.ts';
import { postJson, type PostOptions } from './post-json.ts';
import { awaitAnswer, readJsonAnswer } from './read-answer.ts';
import { checkWebCall } from './web-call-check.ts';

/** Options of `createWebCall` and `requestWebCall`. */
export interface WebCallOptions extends PostOptions {
  /**
   * The hosts the answer's room may be on, each with its subdomains (`parseRoomHosts`); null: any
   * `https:` host. @default DAILY_ROOM_HOSTS (Daily's domains, where the platform's web calls take place)
   */
  roomHosts?: readonly string[] | null;
}

const PATH = '/call/web';
const CONTEXT = { method: 'POST', path: PATH };

/**
 * Sends `POST {baseUrl}/call/web` (bearer token, JSON body = the target, undefined fields omitted)
 * and returns the raw response promise, unread. The first half of `createWebCall`, split off so
 * the request can leave at the click from whatever is loaded (it imports nothing) and be adopted
 * later by `VoiceClient.start(target, { request })` or read with `readWebCall`.
 *
 * @returns fetch's promise: it rejects with fetch's own error (or the abort reason); `readWebCall`
 *   maps that exactly as `createWebCall` does.
 */
export function requestWebCall(options: WebCallOptions, target: WebCallBody): Promise<Response> {
  return postJson(options, PATH, target);
}

/**
 * Reads and checks the answer of `POST /call/web`: the second half of `createWebCall`, with the
 * same errors. Takes the response or its promise, so a request sent earlier with `requestWebCall`
 * is adopted with its failure mapped too.
 *
 * Read under `ANSWER_LIMITS` (answer-limits.ts): the headers within `firstByteMs` of this call,
 * the body without a silence over `idleMs`, at most `bodyBytes`.
 *
 * @param response The response, or the pending request (`requestWebCall`'s promise).
 * @param signal The request's signal, if it had one: when it aborted, the abort error is rethrown
 *   as-is instead of being wrapped in `NetworkError`.
 * @param roomHosts The hosts the room may be on (`WebCallOptions.roomHosts`). @default DAILY_ROOM_HOSTS
 * @returns The created call: `id` a string, `webCallUrl` an `https:` URL on a room host (`checkWebCall`).
 * @throws ApiError on a non-2xx status.
 * @throws AnswerError for a 2xx answer that is not JSON, too long, lacks `id` / `webCallUrl`, or
 *   whose `webCallUrl` is not `https:` on a room host (the join is refused).
 * @throws TimeoutError when the answer or its next chunk did not come in time.
 * @throws NetworkError when no response arrives, or its body breaks off.
 * @throws The abort reason when `signal` aborted.
 */
export async function readWebCall(
  response: Response | PromiseLike<Response>,
  signal?: AbortSignal,
  roomHosts?: readonly string[] | null,
): Promise<WebCall> {
  const answer = await awaitAnswer(response, CONTEXT, signal);
  return checkWebCall(answer.status, CONTEXT, await readJsonAnswer(answer, CONTEXT, signal), roomHosts);
}

/**
 * Creates a web call: `POST {baseUrl}/call/web` with the target as the JSON body (undefined fields
 * omitted) and `Authorization: Bearer {token}`. Equals `readWebCall(requestWebCall(options,
 * target), options.signal)`.
 *
 * Deliberately standalone and tiny (no route table, no retries): POST is not idempotent, and this
 * is the one request the widget makes before a call can start.
 *
 * @returns The created call (see `readWebCall` for the checks and limits).
 * @throws ApiError, AnswerError, TimeoutError, NetworkError as `readWebCall`.
 * @throws The caller's abort reason (usually a `DOMException` named `AbortError`) when `signal` aborts.
 */
export function createWebCall(options: WebCallOptions, target: WebCallBody): Promise<WebCall> {
  return readWebCall(requestWebCall(options, target), options.signal, options.roomHosts);
}

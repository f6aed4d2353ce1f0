import type { WebCall, WebCallBody } from './call-target.ts';
import { ApiError } from './errors/api-error.ts';
import { NetworkError } from './errors/network-error.ts';
import { postJson, type PostOptions } from './post-json.ts';
import { readBody } from './read-body.ts';

/** Options of `createWebCall` and `requestWebCall`. */
export type WebCallOptions = PostOptions;

const PATH = '/call/web';

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
 * @param response The response, or the pending request (`requestWebCall`'s promise).
 * @param signal The request's signal, if it had one: when it aborted, the abort error is rethrown
 *   as-is instead of being wrapped in `NetworkError`.
 * @returns The created call; `id` and `webCallUrl` are checked to be strings.
 * @throws ApiError on a non-2xx status, or a 2xx body without `id` / `webCallUrl`.
 * @throws NetworkError when no response arrives, or its body cannot be read.
 * @throws The abort reason when `signal` aborted.
 */
export async function readWebCall(response: Response | PromiseLike<Response>, signal?: AbortSignal): Promise<WebCall> {
  const context = { method: 'POST', path: PATH };
  let answer: Response;
  let body: unknown;
  try {
    answer = await response;
    body = await readBody(answer);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError(context, error);
  }
  if (!answer.ok) throw new ApiError(answer, context, body);
  const call = body as Partial<WebCall> | undefined;
  if (typeof call?.id !== 'string' || typeof call.webCallUrl !== 'string') {
    throw new ApiError(answer, context, body, 'Invalid web call response: id and webCallUrl must be strings');
  }
  return call as WebCall;
}

/**
 * Creates a web call: `POST {baseUrl}/call/web` with the target as the JSON body (undefined fields
 * omitted) and `Authorization: Bearer {token}`. Equals `readWebCall(requestWebCall(options,
 * target), options.signal)`.
 *
 * Deliberately standalone and tiny (no route table, no retries): POST is not idempotent, and this
 * is the one request the widget makes before a call can start.
 *
 * @returns The created call; `id` and `webCallUrl` are checked to be strings.
 * @throws ApiError on a non-2xx status, or a 2xx body without `id` / `webCallUrl`.
 * @throws NetworkError when no response arrives.
 * @throws The caller's abort reason (usually a `DOMException` named `AbortError`) when `signal` aborts.
 */
export function createWebCall(options: WebCallOptions, target: WebCallBody): Promise<WebCall> {
  return readWebCall(requestWebCall(options, target), options.signal);
}

import type { WebCall } from './call-target.ts';
import { AnswerError } from './errors/answer-error.ts';
import type { RequestContext } from './errors/request-error.ts';

/**
 * Whether `url` is an absolute `https:` URL: the only kind of room address the call object may be
 * given (a `javascript:`, `data:` or plain `http:` address from a hostile or misconfigured
 * platform would otherwise be handed to daily-js).
 */
export function isHttpsUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Checks a 2xx answer of `POST /call/web` before anything uses it: `id` must be a string and
 * `webCallUrl` an absolute `https:` URL.
 * @param status The answer's HTTP status (for the error).
 * @param context Method and path of the request.
 * @param body The parsed body.
 * @returns The body as a `WebCall`.
 * @throws AnswerError (`invalid`) otherwise: the join is refused, with the reason in the message.
 */
export function checkWebCall(status: number, context: RequestContext, body: unknown): WebCall {
  const call = body as Partial<WebCall> | undefined;
  // The URL is not repeated in the message: it may be a script, and messages end up in logs and UIs.
  const problem =
    typeof call?.id !== 'string' || typeof call.webCallUrl !== 'string'
      ? 'id and webCallUrl must be strings'
      : !isHttpsUrl(call.webCallUrl) && 'webCallUrl is not https: (join refused)';
  if (problem) throw new AnswerError(context, status, 'invalid', `Invalid web call: ${problem}`, { body });
  return call as WebCall;
}

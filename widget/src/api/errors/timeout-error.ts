import { RequestError, type RequestContext } from './request-error.ts';

/** The client's own `timeoutMs` ran out before the response (body included) arrived. */
export class TimeoutError extends RequestError {
  /** The limit that ran out, in milliseconds. */
  readonly timeoutMs: number;

  /**
   * @param context Method and path of the request.
   * @param timeoutMs The limit that ran out.
   */
  constructor(context: RequestContext, timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms: ${context.method} ${context.path}`, context);
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** True when `error` is a `TimeoutError` (compared by name). */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return error instanceof Error && error.name === 'TimeoutError';
}

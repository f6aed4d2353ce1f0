import { RequestError, type RequestContext } from './request-error.ts';

/**
 * The client's own time limit ran out: before the response (body included) arrived (`response`),
 * or, while a body was being read, before its next chunk came (`chunk`).
 */
export class TimeoutError extends RequestError {
  /** The limit that ran out, in milliseconds. */
  readonly timeoutMs: number;
  /** What the client was waiting for. */
  readonly waitingFor: 'response' | 'chunk';

  /**
   * @param context Method and path of the request.
   * @param timeoutMs The limit that ran out.
   * @param waitingFor What the client was waiting for. @default 'response'
   */
  constructor(context: RequestContext, timeoutMs: number, waitingFor: 'response' | 'chunk' = 'response') {
    super(
      `Request timed out after ${timeoutMs} ms (waiting for the ${waitingFor}): ${context.method} ${context.path}`,
      context,
    );
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
    this.waitingFor = waitingFor;
  }
}

/** True when `error` is a `TimeoutError` (compared by name). */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return error instanceof Error && error.name === 'TimeoutError';
}

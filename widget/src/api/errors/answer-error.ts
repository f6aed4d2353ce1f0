import { RequestError, type RequestContext } from './request-error.ts';

/**
 * Why a 2xx answer could not be used: its body could not be read (`unreadable`: cut-off JSON,
 * not JSON, nothing usable in a stream), it was longer than the client reads (`too-large`), it
 * lacked what the client needs or carried something unsafe (`invalid`: no `id`, a `webCallUrl`
 * that is not `https:`), or the stream carried the platform's `error` event (`error-event`).
 */
export type AnswerProblem = 'unreadable' | 'too-large' | 'invalid' | 'error-event';

/**
 * The platform answered with a 2xx status, but the answer cannot be used (see `AnswerProblem`).
 * Not an `ApiError`: the status says success, so "the service answered with an error (201)" would
 * be wrong; UIs say the answer could not be read, and a retry may help.
 */
export class AnswerError extends RequestError {
  /** HTTP status of the answer (2xx). */
  readonly status: number;
  /** What is wrong with it. */
  readonly problem: AnswerProblem;
  /** What was read of the body (parsed JSON, text or `undefined`), for logs. */
  readonly body: unknown;

  /**
   * @param context Method and path of the request.
   * @param status HTTP status of the answer.
   * @param problem What is wrong with it.
   * @param message Human-readable detail.
   * @param options The body as read, and the underlying error (`cause`), if any.
   */
  constructor(
    context: RequestContext,
    status: number,
    problem: AnswerProblem,
    message: string,
    options: { body?: unknown; cause?: unknown } = {},
  ) {
    super(`${message}: ${context.method} ${context.path} (${status})`, context, options.cause);
    this.name = 'AnswerError';
    this.status = status;
    this.problem = problem;
    this.body = options.body;
  }
}

/** True when `error` is an `AnswerError` (compared by name). */
export function isAnswerError(error: unknown): error is AnswerError {
  return error instanceof Error && error.name === 'AnswerError';
}

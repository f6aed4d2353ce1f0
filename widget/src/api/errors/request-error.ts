/** Where a failed request was going; every API client error carries it. */
export interface RequestContext {
  /** HTTP method, upper case, e.g. `POST`. */
  method: string;
  /** Path relative to the base URL, without the query, e.g. `/call/web`. */
  path: string;
}

/**
 * Base class of every error the provider API client throws (`ApiError`, `NetworkError`,
 * `TimeoutError`, `AnswerError`). Tell them apart with the `isXxxError` guards, which compare `name` so they also
 * work across bundle copies and realms where `instanceof` fails.
 */
export class RequestError extends Error {
  /** HTTP method of the failed request. */
  readonly method: string;
  /** Path of the failed request (no base URL, no query). */
  readonly path: string;

  /**
   * @param message Human-readable message.
   * @param context Method and path of the request.
   * @param cause The underlying error, if any (kept as the standard `cause`).
   */
  constructor(message: string, context: RequestContext, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'RequestError';
    this.method = context.method;
    this.path = context.path;
  }
}

/** True for any error thrown by the API client (`ApiError`, `NetworkError`, `TimeoutError`, `AnswerError`). */
export function isRequestError(error: unknown): error is RequestError {
  return (
    error instanceof Error &&
    (error.name === 'ApiError' ||
      error.name === 'NetworkError' ||
      error.name === 'TimeoutError' ||
      error.name === 'AnswerError' ||
      error.name === 'RequestError')
  );
}

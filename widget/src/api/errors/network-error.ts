import { RequestError, type RequestContext } from './request-error.ts';

/**
 * The request never got an HTTP response: DNS, connection refused, CORS rejection, offline, or the
 * connection dropped while the body was read. The original error is in `cause`.
 */
export class NetworkError extends RequestError {
  /**
   * @param context Method and path of the request.
   * @param cause The error `fetch` threw.
   */
  constructor(context: RequestContext, cause?: unknown) {
    super(
      `Network request failed: ${context.method} ${context.path}${cause instanceof Error && cause.message ? ` (${cause.message})` : ''}`,
      context,
      cause,
    );
    this.name = 'NetworkError';
  }
}

/** True when `error` is a `NetworkError` (compared by name). */
export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof Error && error.name === 'NetworkError';
}

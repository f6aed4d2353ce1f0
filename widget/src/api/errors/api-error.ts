import { RequestError, type RequestContext } from './request-error.ts';

/**
 * The platform answered with a non-2xx status (or with a 2xx body the client cannot use).
 * `message` is the platform's own message when the body has one: its `message` field (a string,
 * or an array of strings joined with `; `), else its `error` field, else `HTTP {status} {statusText}`.
 */
export class ApiError extends RequestError {
  /** HTTP status code of the response. */
  readonly status: number;
  /** HTTP status text of the response (may be empty, e.g. over HTTP/2). */
  readonly statusText: string;
  /** Parsed response body: JSON when it parses, else the raw text, `undefined` when empty. */
  readonly body: unknown;

  /**
   * @param response Status and status text of the response.
   * @param context Method and path of the request.
   * @param body The parsed response body.
   * @param message Overrides the message derived from the body.
   */
  constructor(
    response: { status: number; statusText: string },
    context: RequestContext,
    body?: unknown,
    message?: string,
  ) {
    super(message ?? apiErrorMessage(body, response.status, response.statusText), context);
    this.name = 'ApiError';
    this.status = response.status;
    this.statusText = response.statusText;
    this.body = body;
  }
}

/**
 * The message the platform put in an error body: `message` (string, or array of strings joined
 * with `; `), else `error` (string), else `HTTP {status} {statusText}`.
 */
export function apiErrorMessage(body: unknown, status: number, statusText: string): string {
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(message) && message.length) return message.map(String).join('; ');
    if (typeof error === 'string' && error) return error;
  }
  return `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
}

/** True when `error` is an `ApiError` (compared by name). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError';
}

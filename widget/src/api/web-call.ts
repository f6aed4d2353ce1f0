import type { CallTarget, WebCall } from './call-target.ts';
import { ApiError } from './errors/api-error.ts';
import { NetworkError } from './errors/network-error.ts';
import { readBody } from './read-body.ts';

/** Options of `createWebCall`. */
export interface WebCallOptions {
  /** API base URL without a trailing path, e.g. `DEFAULT_API_BASE_URL`. A trailing `/` is ignored. */
  baseUrl: string;
  /** Bearer token: in the browser, the public web key. */
  token: string;
  /** `fetch` to use. @default globalThis.fetch (read at call time) */
  fetch?: typeof fetch;
  /** Cancels the request; the abort error is rethrown as-is (not wrapped), so callers can tell it apart. */
  signal?: AbortSignal;
}

const PATH = '/call/web';

/**
 * Creates a web call: `POST {baseUrl}/call/web` with the target as the JSON body (undefined fields
 * omitted) and `Authorization: Bearer {token}`.
 *
 * Deliberately standalone and tiny (no route table, no retries): POST is not idempotent, and this
 * is the one request the widget makes before a call can start.
 *
 * @returns The created call; `id` and `webCallUrl` are checked to be strings.
 * @throws ApiError on a non-2xx status, or a 2xx body without `id` / `webCallUrl`.
 * @throws NetworkError when no response arrives.
 * @throws The caller's abort reason (usually a `DOMException` named `AbortError`) when `signal` aborts.
 */
export async function createWebCall(options: WebCallOptions, target: CallTarget): Promise<WebCall> {
  const context = { method: 'POST', path: PATH };
  const { signal } = options;
  // Local binding: calling `options.fetch(...)` would make `options` the receiver, which browsers
  // reject ("Illegal invocation") when it is the native fetch.
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  let body: unknown;
  try {
    response = await doFetch(options.baseUrl.replace(/\/+$/, '') + PATH, {
      method: 'POST',
      headers: { Authorization: `Bearer ${options.token}`, 'Content-Type': 'application/json' },
      // JSON.stringify drops undefined fields.
      body: JSON.stringify(target),
      signal,
    });
    body = await readBody(response);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError(context, error);
  }
  if (!response.ok) throw new ApiError(response, context, body);
  const call = body as Partial<WebCall> | undefined;
  if (typeof call?.id !== 'string' || typeof call.webCallUrl !== 'string') {
    throw new ApiError(response, context, body, 'Invalid web call response: id and webCallUrl must be strings');
  }
  return call as WebCall;
}

/** Options of the tiny POST helpers (`requestWebCall`, `requestChatWeb`, `createWebCall`). */
export interface PostOptions {
  /** API base URL without a trailing path, e.g. `DEFAULT_API_BASE_URL`. A trailing `/` is ignored. */
  baseUrl: string;
  /**
   * Bearer token: in the browser, the public web key. Empty (or, from JavaScript, missing): no
   * `Authorization` header at all (as `@vapi-ai/web` sends none without a key), never `Bearer undefined`.
   */
  token: string;
  /** `fetch` to use. @default globalThis.fetch (read at call time) */
  fetch?: typeof fetch;
  /** Cancels the request; the abort error is rethrown as-is (not wrapped), so callers can tell it apart. */
  signal?: AbortSignal;
}

/**
 * Sends `POST {baseUrl}{path}` with `Authorization: Bearer {token}` (none without a token) and `body` as JSON (undefined
 * fields omitted) and returns fetch's own promise: no reading, no error mapping, nothing else
 * imported, so a script-tag loader can send the request that starts a conversation at the click.
 *
 * Async so that a missing `fetch` (or any synchronous throw) becomes a rejection, never a throw.
 * @param options Base URL, token, fetch and signal.
 * @param path Path starting with `/`.
 * @param body Serialised with `JSON.stringify`.
 */
export async function postJson(options: PostOptions, path: string, body: unknown): Promise<Response> {
  // Local binding: calling `options.fetch(...)` would make `options` the receiver, which browsers
  // reject ("Illegal invocation") when it is the native fetch.
  const doFetch = options.fetch ?? fetch;
  return doFetch(options.baseUrl.replace(/\/+$/, '') + path, {
    method: 'POST',
    // No key, no header: a JavaScript caller without a key once sent `Bearer undefined`.
    headers: { ...(options.token && { Authorization: `Bearer ${options.token}` }), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: options.signal,
  });
}

/** A browser's CORS preflight, sent by hand to a test server. */

/** Sends the preflight a page on `origin` sends before a POST to `url` with the request `headers` (one string). */
export function preflight(url: string, origin: string, headers: string): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
  });
}

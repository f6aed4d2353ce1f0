/**
 * A site built for a sub-path (BASE_PATH, e.g. `/voice`): the build's files sit at the root of
 * dist/, and every page links below the base path. The server takes the base path off each
 * request before the static files and the contact endpoint see it, redirects `/` to the base
 * path, and answers 404 for anything outside it. The health endpoints stay at the root.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Rewrites `req.url` below `base` (`/voice/widget?x` → `/widget?x`) and returns the path the
 * rest of the server sees, or answers the request itself (redirect or 404) and returns null.
 */
export function underBasePath(
  req: IncomingMessage,
  res: ServerResponse,
  base: string,
  pathname: string,
): string | null {
  if (!base || base === '/') return pathname;
  if (pathname === base || pathname.startsWith(base + '/')) {
    const url = req.url ?? '/';
    req.url = url.slice(base.length) || '/';
    if (req.url.startsWith('?')) req.url = '/' + req.url;
    return pathname.slice(base.length) || '/';
  }
  if (pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
    res.writeHead(302, { Location: base, 'Content-Length': '0' });
  } else {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  }
  res.end(req.method === 'HEAD' || pathname === '/' ? undefined : `Not Found: this site lives under ${base}/`);
  return null;
}

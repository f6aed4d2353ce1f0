/**
 * HTTP Strict Transport Security: browsers that reached the site over HTTPS are told to use
 * nothing else for a year. Sent only on answers to HTTPS requests (RFC 6797 §7.2: a browser
 * ignores it over plain HTTP, and sending it there would only mislead). A request came over HTTPS
 * when its own connection is TLS, or, behind a trusted reverse proxy (TRUST_PROXY), when the
 * proxy says so in `X-Forwarded-Proto` or `Forwarded: proto=`. Without a trusted proxy those
 * headers are ignored: any client can write them.
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/**
 * The header's value: one year, no `includeSubDomains` and no `preload` (the operator may not
 * control every subdomain; both can be added at the proxy).
 */
export const HSTS_VALUE = 'max-age=31536000';

/** The scheme a proxy reports: the first `X-Forwarded-Proto` value, else the first `Forwarded` proto. */
function forwardedProto(req: IncomingMessage): string | null {
  const xfp = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(xfp) ? xfp[0] : xfp)?.split(',')[0]?.trim();
  if (first) return first.toLowerCase();
  const forwarded = req.headers.forwarded;
  const match = forwarded ? /(?:^|[;,\s])proto="?([a-z][a-z0-9+.-]*)"?/i.exec(forwarded) : null;
  return match?.[1]?.toLowerCase() ?? null;
}

/** Whether `req` reached us over HTTPS (directly, or through a proxy we trust). */
export function isHttpsRequest(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted) return true;
  return trustProxy && forwardedProto(req) === 'https';
}

/**
 * HTTP Strict Transport Security: browsers that reached the site over HTTPS are told to use
 * nothing else for a year. Sent only on answers to HTTPS requests (RFC 6797 §7.2: a browser
 * ignores it over plain HTTP, and sending it there would only mislead). Whether a request came
 * over HTTPS (its own TLS connection, or a trusted proxy's `X-Forwarded-Proto` / `Forwarded:
 * proto=`) is decided in one place: `requestIsHttps` in server/trust-proxy.ts (TRUST_PROXY).
 */

/**
 * The header's value: one year, no `includeSubDomains` and no `preload` (the operator may not
 * control every subdomain; both can be added at the proxy).
 */
export const HSTS_VALUE = 'max-age=31536000';

/**
 * Which web origins may send contact requests through visitors' browsers (CORS): the site's own
 * origin (where the server listens, and the build's PUBLIC_SITE_URL) plus `ALLOWED_ORIGINS`.
 * Any other page gets no CORS headers and a 403, so it cannot post through a visitor's browser.
 * Requests without an Origin header (curl, servers) are not browser requests and pass.
 */
import { networkInterfaces } from 'node:os';

/** Normalises one origin (`https://Example.com/` → `https://example.com`); throws on anything else. */
export function normaliseOrigin(value: string, source = 'ALLOWED_ORIGINS'): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${source}: ${JSON.stringify(value)} is not an origin (write it like https://www.example.com).`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.origin === 'null' ||
    url.pathname.replace(/\/$/, '') ||
    url.search ||
    url.hash ||
    url.username
  ) {
    throw new Error(
      `${source}: ${JSON.stringify(value)} is not an origin (scheme, host and optional port only, like https://www.example.com).`,
    );
  }
  return url.origin;
}

/** Parses `ALLOWED_ORIGINS`: origins separated by commas or spaces. `*` is refused (say each origin). */
export function parseAllowedOrigins(value: string | undefined): string[] {
  const items = (value ?? '').split(/[\s,]+/).filter(Boolean);
  if (items.includes('*'))
    throw new Error(
      'ALLOWED_ORIGINS may not be *: list each origin that may send contact requests (e.g. https://www.example.com).',
    );
  return items.map((item) => normaliseOrigin(item));
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const ANY_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

function hostForUrl(address: string): string {
  return address.includes(':') && !address.startsWith('[') ? `[${address}]` : address;
}

/**
 * The origins a browser shows for pages served by this server: `http://<host>:<port>` for the
 * host it listens on; all loopback names when that is a loopback address; every local interface
 * address when it listens on all of them.
 */
export function listenOrigins(host: string, port: number): string[] {
  const hosts = new Set<string>();
  const bare = host.toLowerCase();
  if (LOOPBACK_HOSTS.has(bare) || ANY_HOSTS.has(bare)) ['localhost', '127.0.0.1', '[::1]'].forEach((h) => hosts.add(h));
  else hosts.add(hostForUrl(bare));
  if (ANY_HOSTS.has(bare)) {
    for (const list of Object.values(networkInterfaces()))
      for (const info of list ?? []) hosts.add(hostForUrl(info.address.split('%')[0] ?? ''));
  }
  return [...hosts].map((h) => `http://${h}:${port}`);
}

/** A predicate: may a browser page of `origin` send contact requests? Absent origin = not a browser request. */
export type OriginPolicy = (origin: string | undefined) => boolean;

/** Allows exactly `origins` (and requests without an Origin header). */
export function createOriginPolicy(origins: Iterable<string>): OriginPolicy {
  const allowed = new Set(origins);
  return (origin) => origin === undefined || allowed.has(origin);
}

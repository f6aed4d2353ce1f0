/**
 * The assembled server: the build's security headers on every response (pages, assets, errors,
 * the API), the site's origin from the build allowed to send contact requests, and a clear refusal
 * to start on a build without its headers file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../server/app.ts';
import { HSTS_VALUE } from '../../../server/transport-security.ts';
import { parseTrustProxy } from '../../../server/trust-proxy.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../../shared/local-backend.ts';
import { SECURITY_HEADERS_FILE, type SecurityManifest } from '../../../shared/security-headers.ts';
import { startLocalServer, startTestBackend, type TestBackend } from '../../fixtures/backend.ts';

const CSP = "default-src 'self'; script-src 'self' 'sha256-test='; frame-ancestors 'none'";
const manifest: SecurityManifest = {
  siteOrigin: 'https://www.ringwise.example',
  headers: {
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'microphone=(self)',
    'X-Frame-Options': 'DENY',
  },
};

let dist: string;
let backend: TestBackend;

/** A raw request (the path as written). */
function get(
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: Record<string, unknown> }> {
  const url = new URL(backend.server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'app-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(join(dist, '404.html'), '<!doctype html><title>Not found</title>');
  mkdirSync(join(dist, '_astro'));
  writeFileSync(join(dist, '_astro', 'a.js'), 'export {};');
  writeFileSync(join(dist, SECURITY_HEADERS_FILE), JSON.stringify(manifest));
  backend = await startTestBackend({ distDir: dist });
}, 180_000);
afterAll(async () => {
  await backend?.close();
  rmSync(dist, { recursive: true, force: true });
}, 60_000);

describe('security headers', () => {
  it.each([
    ['a page', '/', 'GET', 200],
    ['an asset', '/_astro/a.js', 'GET', 200],
    ['the 404 page', '/missing', 'GET', 404],
    ['a refused method', '/', 'POST', 405],
    ['a malformed path', '/%E0%A4%A', 'GET', 400],
    ['an API preflight', `/rest/v1/${CONTACT_TABLE}`, 'OPTIONS', 200],
    ['an API error', `/rest/v1/${CONTACT_TABLE}`, 'GET', 401],
  ])('are on %s', async (_label, path, method, status) => {
    const res = await get(path, method);
    expect(res.status, 'status').toBe(status);
    for (const [name, value] of Object.entries(manifest.headers))
      expect(res.headers[name.toLowerCase()], name).toBe(value);
  });
});

describe('the site origin from the build', () => {
  it('may send contact requests; another origin may not', async () => {
    const body = JSON.stringify({ name: 'Ann', business_name: 'Lee', email: 'site-origin@example.com' });
    const headers = { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' };
    const ok = await get(`/rest/v1/${CONTACT_TABLE}`, 'POST', { ...headers, Origin: manifest.siteOrigin }, body);
    expect(ok.status, 'the build’s PUBLIC_SITE_URL origin').toBe(201);
    expect(ok.headers['access-control-allow-origin']).toBe(manifest.siteOrigin);
    const other = await get(
      `/rest/v1/${CONTACT_TABLE}`,
      'POST',
      { ...headers, Origin: 'https://www.ringwise.example.evil.com' },
      body,
    );
    expect(other.status, 'a look-alike origin').toBe(403);
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP, nor for a forwarded https claim without a trusted proxy', async () => {
    expect((await get('/')).headers['strict-transport-security'], 'plain HTTP').toBeUndefined();
    const claimed = await get('/', 'GET', { 'X-Forwarded-Proto': 'https' });
    expect(claimed.headers['strict-transport-security'], 'anyone can write X-Forwarded-Proto').toBeUndefined();
  });

  it('is sent on every answer to an HTTPS request through a trusted proxy', async () => {
    const proxied = await startLocalServer({
      distDir: dist,
      embeddedBackend: false,
      trustProxy: parseTrustProxy('loopback'),
    });
    try {
      const at = async (path: string, headers: Record<string, string>) => {
        const res = await fetch(`${proxied.url}${path}`, { headers });
        await res.arrayBuffer();
        return res.headers.get('strict-transport-security');
      };
      expect(await at('/', { 'X-Forwarded-Proto': 'https' }), 'a page').toBe(HSTS_VALUE);
      expect(await at('/missing', { Forwarded: 'for=192.0.2.1;proto=https' }), 'the 404 page, Forwarded header').toBe(
        HSTS_VALUE,
      );
      expect(await at('/', { 'X-Forwarded-Proto': 'http' }), 'the proxy says http').toBeNull();
      expect(await at('/', {}), 'no proxy header').toBeNull();
    } finally {
      await proxied.close();
    }
  });
});

describe('a build without its security headers', () => {
  it('is refused with one sentence', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'app-bare-'));
    try {
      writeFileSync(join(bare, 'index.html'), '<!doctype html>');
      await expect(startServer({ distDir: bare, port: 0, host: '127.0.0.1', embeddedBackend: false })).rejects.toThrow(
        `${join(bare, SECURITY_HEADERS_FILE)} is missing or unreadable: rebuild the site with \`npm run build\` (it writes the security headers).`,
      );
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

/**
 * The header files for static hosts: the build writes `_headers` (Netlify, Cloudflare Pages) and
 * an nginx snippet next to security-headers.json, carrying the same headers — the CSP with this
 * build's script hashes — and refuses values those formats cannot carry.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import securityHeaders, { scriptHash } from '../../../site/integrations/security-headers.ts';
import { SECURITY_HEADERS_FILE, type SecurityManifest } from '../../../shared/security-headers.ts';
import { HEADERS_FILE, headersFile, NGINX_SNIPPET_FILE, nginxSnippet } from '../../../shared/static-host-headers.ts';

const manifest: SecurityManifest = {
  siteOrigin: 'https://www.example.com',
  headers: {
    'Content-Security-Policy': "default-src 'self'; script-src 'self' 'sha256-abc+/='",
    'X-Frame-Options': 'DENY',
  },
};

/** Netlify's `_headers` format read back: path → headers (indented `Name: value` lines under a path line). */
function parseHeadersFile(text: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> | null = null;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.set(line.trim(), (current = {}));
    else {
      const at = line.indexOf(':');
      current![line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  return rules;
}

describe('_headers', () => {
  it('puts every security header on every path, caching on /_astro, CORS on the widget files', () => {
    const rules = parseHeadersFile(headersFile(manifest));
    expect(rules.get('/*')).toEqual(manifest.headers);
    expect(rules.get('/_astro/*')).toEqual({ 'Cache-Control': 'public, max-age=31536000, immutable' });
    expect(rules.get('/widget/*')).toEqual({ 'Access-Control-Allow-Origin': '*' });
  });
  it('follows the base path', () => {
    expect([...parseHeadersFile(headersFile(manifest, '/voice')).keys()]).toEqual([
      '/voice/*',
      '/voice/_astro/*',
      '/voice/widget/*',
    ]);
  });
  it('refuses a value with a line break (it would start a rule of its own)', () => {
    expect(() => headersFile({ siteOrigin: '', headers: { 'X-A': 'a\n/*\n  X-B: b' } })).toThrow(
      'The X-A header has a line break',
    );
  });
});

describe('nginx snippet', () => {
  it('adds every header with always, quoted', () => {
    const lines = nginxSnippet(manifest)
      .split('\n')
      .filter((l) => l.startsWith('add_header'));
    expect(lines).toEqual([
      `add_header Content-Security-Policy "default-src 'self'; script-src 'self' 'sha256-abc+/='" always;`,
      'add_header X-Frame-Options "DENY" always;',
    ]);
  });
  it('escapes quotes and refuses $ (an nginx variable)', () => {
    expect(nginxSnippet({ siteOrigin: '', headers: { 'X-A': 'say "hi" \\o/' } })).toContain(
      'add_header X-A "say \\"hi\\" \\\\o/" always;',
    );
    expect(() => nginxSnippet({ siteOrigin: '', headers: { 'X-A': 'a$b' } })).toThrow('nginx would read as a variable');
  });
});

describe('the build writes them', () => {
  const dist = mkdtempSync(join(tmpdir(), 'host-headers-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('next to security-headers.json, with the CSP hashes of the built pages', async () => {
    const script = 'console.log("inline")';
    writeFileSync(join(dist, 'index.html'), `<!doctype html><script>${script}</script>`);
    const hooks = securityHeaders().hooks as Record<string, (options: unknown) => Promise<void> | void>;
    const root = pathToFileURL(join(dist, '..') + '/');
    await hooks['astro:config:setup']!({ config: { root } });
    await hooks['astro:config:done']!({ config: { site: 'https://www.example.com', base: '/' } });
    await hooks['astro:build:done']!({ dir: pathToFileURL(dist + '/'), logger: { info: () => {} } });
    const written = JSON.parse(readFileSync(join(dist, SECURITY_HEADERS_FILE), 'utf8')) as SecurityManifest;
    expect(written.headers['Content-Security-Policy']).toContain(scriptHash(script));
    expect(parseHeadersFile(readFileSync(join(dist, HEADERS_FILE), 'utf8')).get('/*'), '_headers').toEqual(
      written.headers,
    );
    expect(readFileSync(join(dist, NGINX_SNIPPET_FILE), 'utf8'), 'nginx').toBe(nginxSnippet(written));
  });
});

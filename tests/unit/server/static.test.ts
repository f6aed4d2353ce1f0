/**
 * The static file server: encodings, indexes, caching, and above all containment: no request
 * path, however encoded, reaches a file outside the root (the `.html` fallback and the 404 page
 * included), symlinks out of the root are not followed. Requests are sent raw, so paths reach the
 * server exactly as written (fetch and URL would normalise `/../` away).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler } from '../../../server/static.ts';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let outer: string;
let root: string;
let server: Server;
let port: number;

/** A raw request: the path goes on the wire exactly as written. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const page = '<!doctype html><title>Home</title>' + 'hello '.repeat(500);
const SECRET = 'TOP-SECRET-LEAD';

beforeAll(async () => {
  // outer/ holds files that must never be served; outer/dist/ is the root.
  outer = mkdtempSync(join(tmpdir(), 'static-'));
  root = join(outer, 'dist');
  mkdirSync(root);
  writeFileSync(join(outer, 'secret.html'), `<p>${SECRET}</p>`);
  writeFileSync(join(outer, 'secret.txt'), SECRET);
  mkdirSync(join(outer, 'private'));
  writeFileSync(join(outer, 'private', 'index.html'), `<p>${SECRET}</p>`);
  writeFileSync(join(root, 'index.html'), page);
  writeFileSync(join(root, '404.html'), '<!doctype html><title>Not found</title>');
  mkdirSync(join(root, 'qa', 'guide'), { recursive: true });
  writeFileSync(join(root, 'qa', 'guide', 'index.html'), '<!doctype html><title>Guide</title>');
  writeFileSync(join(root, 'about.html'), '<!doctype html><title>About</title>');
  mkdirSync(join(root, '_astro'));
  writeFileSync(join(root, '_astro', 'app.abc123.js'), 'console.log(1);');
  mkdirSync(join(root, 'widget'));
  writeFileSync(join(root, 'widget', 'voice-widget-engine.js'), 'export {};');
  // What a build may copy into dist/ by mistake: dotfiles and dot-folders (never served), and
  // the one dot-folder that is public (/.well-known/).
  writeFileSync(join(root, '.env'), `API_KEY=${SECRET}`);
  mkdirSync(join(root, '.git'));
  writeFileSync(join(root, '.git', 'config'), `[remote] url = ${SECRET}`);
  mkdirSync(join(root, 'qa', '.cache'));
  writeFileSync(join(root, 'qa', '.cache', 'index.html'), `<p>${SECRET}</p>`);
  mkdirSync(join(root, '.well-known'));
  writeFileSync(join(root, '.well-known', 'security.txt'), 'Contact: mailto:security@example.com');
  symlinkSync(join(root, '.env'), join(root, 'env.txt'));
  writeFileSync(join(root, 'widget', 'voice-widget.js'), 'x'.repeat(1000));
  // Symlinks inside the root that point outside it.
  symlinkSync(join(outer, 'secret.html'), join(root, 'linked.html'));
  symlinkSync(join(outer, 'private'), join(root, 'linked-dir'));
  const handler = createStaticHandler(root);
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(outer, { recursive: true, force: true });
});

/** GETs `path` and checks the secret planted outside the served files is not in the body. */
async function getWithoutSecret(path: string): Promise<Reply> {
  const reply = await get(path);
  expect(reply.body.toString(), 'no secret in the body').not.toContain(SECRET);
  return reply;
}

describe('static file server', () => {
  it('serves brotli, gzip or identity as the client accepts, with the same bytes each time', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding'], 'brotli preferred').toBe('br');
    expect(brotliDecompressSync(br.body).toString(), 'brotli body decodes to the file').toBe(page);
    expect(Number(br.headers['content-length']), 'length of the compressed body').toBe(br.body.length);
    const again = await get('/', { 'accept-encoding': 'br' });
    expect(again.body.equals(br.body), 'cached compressed body is identical').toBe(true);
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString(), 'gzip body decodes to the file').toBe(page);
    const plain = await get('/');
    expect(plain.headers['content-encoding'], 'no encoding when none is accepted').toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it('resolves directory indexes and the .html fallback, and answers unknown paths with the 404 page', async () => {
    const guide = await get('/qa/guide');
    expect(guide.status).toBe(200);
    expect(guide.body.toString()).toContain('<title>Guide</title>');
    const about = await get('/about');
    expect(about.status, '/about → about.html').toBe(200);
    expect(about.body.toString()).toContain('<title>About</title>');
    const missing = await get('/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('Not found');
  });

  it('caches hashed assets for a year, lets other origins load widget modules, and refuses writes', async () => {
    const asset = await get('/_astro/app.abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const engine = await get('/widget/voice-widget-engine.js');
    expect(engine.headers['access-control-allow-origin'], 'widget chunks are CORS-readable').toBe('*');
    const head = await get('/', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length, 'HEAD has no body').toBe(0);
    expect((await get('/', {}, 'POST')).status).toBe(405);
  });
});

describe('dotfiles and dot-folders are never served (/.well-known/ aside)', () => {
  it.each([
    ['/.env', '/.env'],
    ['/.git/config', '/.git/config'],
    ['an encoded dot', '/%2eenv'],
    ['a dot-folder below the top', '/qa/.cache/'],
    ['the .html fallback into a dot-folder', '/qa/.cache/index'],
    ['a symlink to a dotfile', '/env.txt'],
    ['a dot-folder through ./', '/./.git/config'],
  ])('%s: %s', async (_label, path) => {
    const reply = await getWithoutSecret(path);
    expect(reply.status, 'answered as missing').toBe(404);
  });

  it('serves /.well-known/', async () => {
    const reply = await get('/.well-known/security.txt');
    expect(reply.status).toBe(200);
    expect(reply.body.toString()).toContain('Contact:');
  });
});

describe('validators, 304 and ranges', () => {
  it('sends ETag and Last-Modified, and 304 to a revalidation (per encoding)', async () => {
    const first = await get('/widget/voice-widget.js', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag, 'a strong ETag').toMatch(/^"[0-9a-f]+-[0-9a-f]+-br"$/);
    expect(first.headers['last-modified'], 'Last-Modified').toMatch(/ GMT$/);
    const again = await get('/widget/voice-widget.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status, 'unchanged: 304').toBe(304);
    expect(again.body.length, 'without a body').toBe(0);
    expect(again.headers.etag, 'with the same ETag').toBe(etag);
    const identity = await get('/widget/voice-widget.js', { 'if-none-match': etag });
    expect(identity.status, 'another encoding is another representation').toBe(200);
    const byDate = await get('/widget/voice-widget.js', {
      'if-modified-since': String(first.headers['last-modified']),
    });
    expect(byDate.status, 'If-Modified-Since of the same second').toBe(304);
    const older = await get('/widget/voice-widget.js', { 'if-modified-since': new Date(0).toUTCString() });
    expect(older.status, 'an older date gets the file').toBe(200);
    expect((await get('/', { 'if-none-match': '"other"' })).status, 'another tag gets the file').toBe(200);
  });

  it('serves one byte range of the identity bytes, honours If-Range, and answers 416 past the end', async () => {
    const full = await get('/widget/voice-widget.js');
    expect(full.headers['accept-ranges']).toBe('bytes');
    const part = await get('/widget/voice-widget.js', { range: 'bytes=10-19', 'accept-encoding': 'br' });
    expect(part.status, '206').toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(part.headers['content-encoding'], 'a range is of the identity bytes').toBeUndefined();
    expect(part.body.length).toBe(10);
    const suffix = await get('/widget/voice-widget.js', { range: 'bytes=-5' });
    expect([suffix.status, suffix.headers['content-range']], 'a suffix range').toEqual([206, 'bytes 995-999/1000']);
    const stale = await get('/widget/voice-widget.js', { range: 'bytes=0-9', 'if-range': '"old"' });
    expect([stale.status, stale.body.length], 'If-Range that no longer matches: the whole file').toEqual([200, 1000]);
    const current = await get('/widget/voice-widget.js', { range: 'bytes=0-9', 'if-range': String(full.headers.etag) });
    expect(current.status, 'If-Range that matches: the range').toBe(206);
    const past = await get('/widget/voice-widget.js', { range: 'bytes=5000-' });
    expect([past.status, past.headers['content-range']], 'past the end').toEqual([416, 'bytes */1000']);
  });
});

describe('containment: nothing outside the root is ever served', () => {
  it.each([
    ['a plain ../', '/../secret.txt'],
    ['an encoded slash (..%2f)', '/..%2fsecret.txt'],
    ['the .html fallback of an encoded escape (the reported exploit)', '/..%2fsecret'],
    ['encoded dots (%2e%2e)', '/%2e%2e/secret.txt'],
    ['encoded dots and slash', '/%2e%2e%2fsecret.txt'],
    ['mixed-case encodings', '/%2E%2e%2Fsecret'],
    ['a deeper escape through a real folder', '/qa/..%2f..%2f..%2fsecret.txt'],
    ['an escape to a folder index', '/..%2fprivate'],
    ['an escape to a folder index with a slash', '/..%2fprivate/'],
    ['backslashes', '/..\\secret.txt'],
    ['encoded backslashes', '/..%5csecret.txt'],
    ['an encoded backslash before the .html fallback', '/..%5csecret'],
    ['a symlink to a file outside', '/linked.html'],
    ['the .html fallback of a symlink', '/linked'],
    ['a symlinked folder outside', '/linked-dir/'],
    ['double encoding (decoded once only)', '/%252e%252e%252fsecret.txt'],
  ])('%s: %s', async (_label, path) => {
    const reply = await getWithoutSecret(path);
    expect(reply.status, 'not found or bad request').toBeGreaterThanOrEqual(400);
    expect(reply.status, 'never a server error').toBeLessThan(500);
  });

  it.each([
    ['a NUL byte', '/index.html%00.txt'],
    ['a NUL byte before the fallback', '/..%2fsecret%00'],
    ['a malformed escape', '/%E0%A4%A'],
  ])('answers 400 for %s', async (_label, path) => {
    const reply = await get(path);
    expect(reply.status).toBe(400);
    expect(reply.body.toString()).not.toContain(SECRET);
  });
});

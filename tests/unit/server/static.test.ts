import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
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

let root: string;
let server: Server;
let port: number;

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    // A raw request, so the path reaches the server exactly as written (no URL normalisation).
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

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'static-'));
  writeFileSync(join(root, 'index.html'), page);
  writeFileSync(join(root, '404.html'), '<!doctype html><title>Not found</title>');
  mkdirSync(join(root, 'qa', 'guide'), { recursive: true });
  writeFileSync(join(root, 'qa', 'guide', 'index.html'), '<!doctype html><title>Guide</title>');
  mkdirSync(join(root, '_astro'));
  writeFileSync(join(root, '_astro', 'app.abc123.js'), 'console.log(1);');
  mkdirSync(join(root, 'widget'));
  writeFileSync(join(root, 'widget', 'voice-widget-engine.js'), 'export {};');
  writeFileSync(join(tmpdir(), 'static-secret.txt'), 'secret');
  const handler = createStaticHandler(root);
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
  rmSync(join(tmpdir(), 'static-secret.txt'), { force: true });
});

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

  it('resolves directory indexes, answers unknown paths with the 404 page and status 404', async () => {
    const guide = await get('/qa/guide');
    expect(guide.status).toBe(200);
    expect(guide.body.toString()).toContain('<title>Guide</title>');
    const missing = await get('/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('Not found');
  });

  it('never serves files outside its root', async () => {
    const escape = await get('/../static-secret.txt');
    expect(escape.status, 'a path escaping the root is not found').toBe(404);
    expect(escape.body.toString()).not.toContain('secret');
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
    const post = await get('/', {}, 'POST');
    expect(post.status).toBe(405);
  });
});

/**
 * /healthz and /readyz on the real server, and its graceful shutdown: a response in flight is
 * finished before the server stops, and the registered shutdown steps run after it, before the
 * database closes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS_FILE } from '../../../shared/security-headers.ts';
import { startLocalServer, startTestBackend } from '../../fixtures/backend.ts';

let dist = '';
const BIG = 16 * 1024 * 1024;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'health-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Home</title>');
  // Larger than the socket buffers: the response stays in flight while the client does not read.
  writeFileSync(join(dist, 'big.bin'), Buffer.alloc(BIG, 7));
  writeFileSync(
    join(dist, SECURITY_HEADERS_FILE),
    JSON.stringify({ siteOrigin: '', headers: { 'Content-Security-Policy': "default-src 'self'" } }),
  );
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function getJson(url: string): Promise<{ status: number; body: unknown; headers: IncomingMessage['headers'] }> {
  return new Promise((resolve, reject) => {
    httpGet(url, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), headers: res.headers }));
    }).on('error', reject);
  });
}

describe('health endpoints', () => {
  it('without a database: both 200, uncached', async () => {
    const server = await startLocalServer({
      distDir: dist,
      embeddedBackend: false,
    });
    try {
      const live = await getJson(`${server.url}/healthz`);
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ status: 'ok' });
      expect(live.headers['cache-control']).toBe('no-store');
      const ready = await getJson(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ready', checks: {} });
    } finally {
      await server.close();
    }
  });

  it('with the embedded database: ready while it answers, 503 once it is gone, alive throughout', async () => {
    const backend = await startTestBackend();
    try {
      expect((await getJson(`${backend.server.url}/readyz`)).body, 'database up').toEqual({
        status: 'ready',
        checks: { database: 'ok' },
      });
      await backend.server.cluster!.stop();
      const ready = await getJson(`${backend.server.url}/readyz`);
      expect(ready.status, 'database down').toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', checks: { database: 'unavailable' } });
      expect((await getJson(`${backend.server.url}/healthz`)).status, 'the process is still up').toBe(200);
    } finally {
      await backend.close();
    }
  }, 180_000);
});

describe('graceful shutdown', () => {
  it('finishes a response in flight, then runs the shutdown steps, then resolves', async () => {
    const server = await startLocalServer({
      distDir: dist,
      embeddedBackend: false,
      shutdownGraceMs: 600_000,
    });
    const events: string[] = [];
    server.onShutdown(async () => {
      events.push('step');
    });
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(`${server.url}/big.bin`, resolve).on('error', reject),
    );
    response.pause();
    const closed = server.close().then(() => events.push('closed'));
    // Several turns of the event loop: the server must still be waiting for the response.
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(events, 'nothing ran while the response is unread').toEqual([]);
    let bytes = 0;
    response.on('data', (chunk: Buffer) => (bytes += chunk.length));
    response.resume();
    await new Promise((resolve) => response.on('end', resolve));
    events.push('response complete');
    await closed;
    expect(bytes, 'the whole file arrived').toBe(BIG);
    expect(events).toEqual(['response complete', 'step', 'closed']);
  });
});

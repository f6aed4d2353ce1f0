/**
 * The shutdown's last line (server/shutdown-report.ts) says it stopped cleanly and what it
 * finished; and a real server's close() reports the request it waited for.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLocalServer } from '../../fixtures/backend.ts';
import { stoppedLine } from '../../../server/shutdown-report.ts';

describe('the last line of a shutdown', () => {
  it('names what was finished', () => {
    expect(stoppedLine({ openRequests: 0, cutOff: 0, steps: 0, database: 'none' })).toBe(
      'Stopped cleanly: no request was open.',
    );
    expect(stoppedLine({ openRequests: 3, cutOff: 1, steps: 1, database: 'embedded' })).toBe(
      'Stopped cleanly: 2 open requests finished; 1 request still open after the grace period had its connection closed; ' +
        '1 shutdown step ran (deliveries in flight); PostgreSQL stopped.',
    );
    expect(stoppedLine({ openRequests: 1, cutOff: 0, steps: 2, database: 'url' })).toBe(
      'Stopped cleanly: 1 open request finished; 2 shutdown steps ran (deliveries in flight); the connections to DATABASE_URL closed.',
    );
  });

  it('close() reports the request in flight, cut off after the grace period, and the steps it ran', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'shutdown-report-'));
    writeFileSync(
      join(dist, 'security-headers.json'),
      JSON.stringify({ siteOrigin: '', headers: { 'Content-Security-Policy': "default-src 'none'" } }),
    );
    // Bigger than the socket buffers, and never read: the response cannot finish on its own.
    writeFileSync(join(dist, 'big.bin'), randomBytes(32 * 1024 * 1024));
    const server = await startLocalServer({
      distDir: dist,
      embeddedBackend: false,
      shutdownGraceMs: 100,
    });
    let ran = 0;
    server.onShutdown(async () => void ran++);
    const stalled = await new Promise<IncomingMessage>((done) => get(`${server.url}/big.bin`, done));
    stalled.pause();
    stalled.on('error', () => {});
    const report = await server.close();
    rmSync(dist, { recursive: true, force: true });
    expect(report).toEqual({ openRequests: 1, cutOff: 1, steps: 1, database: 'none' });
    expect(ran).toBe(1);
  }, 30_000);
});

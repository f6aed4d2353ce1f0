/**
 * A truncated upload (Content-Length larger than what is sent, then the client stalls) is answered
 * 408 with a PostgREST-shaped JSON error once the body timeout passes, and the connection closes;
 * a body that arrives in pieces within the timeout is still stored. Raw sockets, because no HTTP
 * client sends fewer bytes than it declares.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../../shared/local-backend.ts';
import { startTestBackend, type TestBackend } from '../../fixtures/backend.ts';

const logLines: string[] = [];
let backend: TestBackend;

beforeAll(async () => {
  // Short enough for a test; the stalled client below never sends the rest, however long it waits.
  backend = await startTestBackend({ bodyTimeoutMs: 300, log: (line) => logLines.push(line) });
}, 180_000);
afterAll(async () => {
  await backend?.close();
}, 60_000);

/** Sends the head and `sent` of a body declared `declared` bytes long; resolves with all the server wrote, at close. */
function rawPost(sent: string[], declared: number): Promise<string> {
  const url = new URL(backend.server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.on('connect', async () => {
      socket.write(
        `POST /rest/v1/${CONTACT_TABLE} HTTP/1.1\r\nHost: ${url.host}\r\napikey: ${LOCAL_ANON_KEY}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${declared}\r\nConnection: close\r\n\r\n`,
      );
      // Each piece its own write (its own TCP segment on loopback, usually): reading is not done at the first.
      for (const piece of sent) await new Promise((r) => socket.write(piece, r));
    });
  });
}

describe('the body timeout', () => {
  it('answers a stalled, truncated upload with 408 and a JSON error, then closes', async () => {
    const answer = await rawPost(['{"name":"Ann"'], 200);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head, 'status line').toMatch(/^HTTP\/1\.1 408 /);
    expect(head, 'closes the connection').toMatch(/\r\nConnection: close\r\n/i);
    expect(head).toMatch(/\r\nContent-Type: application\/json/i);
    expect(JSON.parse(body), 'PostgREST-shaped').toEqual({
      code: 'PGRST408',
      message: 'Request body not received within 0.3 s',
      details: null,
      hint: expect.stringContaining('Content-Length'),
    });
    const logged = logLines.some((l) => /timed out after 13 bytes of its body, answered 408$/.test(l));
    expect(logged, logLines.join('\n')).toBe(true);
  }, 60_000);

  it('still takes a body that arrives in pieces', async () => {
    const json = JSON.stringify({ name: 'Ann Lee', business_name: 'Lee Plumbing', email: 'pieces@example.com' });
    const pieces = [json.slice(0, 20), json.slice(20, 40), json.slice(40)];
    const answer = await rawPost(pieces, Buffer.byteLength(json));
    expect(answer, 'created').toMatch(/^HTTP\/1\.1 201 /);
    expect((await backend.rows()).filter((r) => r.email === 'pieces@example.com')).toHaveLength(1);
  }, 60_000);
});

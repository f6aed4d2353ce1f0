/**
 * Connections held before authentication (issue 34): a local user opens more connections to the
 * embedded PostgreSQL than it has slots, sends the startup packet and never answers the password
 * exchange. Each such backend holds a slot (PostgreSQL takes it before authenticating), so new
 * connections are refused ("too many clients", 53300) until authentication_timeout ends them:
 * PostgreSQL's default (60 s) kept inserts failing for 44 s; the embedded cluster sets
 * POSTGRES_SETTINGS.authentication_timeout. The test holds the slots, sees the refusal, waits for
 * PostgreSQL to drop every holder, then connects and stores a row — well inside the test's time
 * only with the short timeout.
 */
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { POSTGRES_SETTINGS } from '../../server/postgres/cluster.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../shared/local-backend.ts';
import { useTestBackend } from '../fixtures/backend.ts';

const backend = useTestBackend();

/** A protocol 3.0 startup packet for the server's own role (its password is never sent). */
function startupPacket(): Buffer {
  const body = Buffer.from('user\0authenticator\0database\0postgres\0\0', 'latin1');
  const packet = Buffer.alloc(8 + body.length);
  packet.writeInt32BE(packet.length, 0);
  packet.writeInt32BE(196608, 4);
  body.copy(packet, 8);
  return packet;
}

/** Opens a connection and sends the startup packet; resolves with the first message type PostgreSQL answers. */
function hold(host: string, port: number): Promise<{ socket: Socket; first: string; closed: Promise<void> }> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    let answer = Buffer.alloc(0);
    socket.on('error', () => {});
    socket.once('connect', () => socket.write(startupPacket()));
    const onData = (chunk: Buffer) => {
      answer = Buffer.concat([answer, chunk]);
      if (answer.length < 1) return;
      socket.off('data', onData);
      // 'R' = an authentication request (a slot is held, waiting for the password);
      // 'E' = an error, with SQLSTATE 53300 when every slot is taken.
      const first = answer.subarray(0, 1).toString('latin1');
      resolve({ socket, first: first === 'E' && answer.includes('53300') ? 'too-many' : first, closed });
    };
    socket.on('data', onData);
    const firstByte = () => (answer.length ? answer.subarray(0, 1).toString('latin1') : 'closed');
    void closed.then(() => resolve({ socket, first: firstByte(), closed }));
  });
}

describe('connections held before authentication', () => {
  it('hold the slots only until authentication_timeout, then inserts work again', async () => {
    expect(POSTGRES_SETTINGS.authentication_timeout, 'set on the command line').toBe('10s');
    const { host, port } = backend.server.cluster!;
    const holders = [];
    for (let i = 0; i < 70; i++) holders.push(await hold(host, port));
    const waiting = holders.filter((h) => h.first === 'R');
    expect(waiting.length, 'slots held at the password step').toBeGreaterThan(40);
    const refused = await hold(host, port);
    expect(refused.first, 'a new connection meanwhile').toBe('too-many');

    // PostgreSQL itself ends every holder that never authenticates (the sockets stay open on our side).
    await Promise.all(waiting.map((h) => h.closed));
    const after = await hold(host, port);
    expect(after.first, 'a slot is free again').toBe('R');
    after.socket.destroy();
    const res = await fetch(`${backend.server.url}/rest/v1/${CONTACT_TABLE}`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ann Lee', business_name: 'Lee Plumbing', email: 'after-hold@lee.com' }),
    });
    expect(res.status, 'stored').toBe(201);
    for (const h of holders) h.socket.destroy();
  }, 45_000);
});

/**
 * TRUST_PROXY: X-Forwarded-For names the client only when the peer is a trusted proxy, and the
 * rate limit of the real server keys by that client (one visitor behind the proxy does not use up
 * everybody's requests, and a visitor cannot dodge the limit with a header of their own).
 */
import type { IncomingMessage } from 'node:http';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { clientAddress, parseTrustProxy, requestIsHttps, TRUST_NO_PROXY } from '../../../server/trust-proxy.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../../shared/local-backend.ts';
import { startTestBackend, type TestBackend } from '../../fixtures/backend.ts';

function req(peer: string, headers: Record<string, string | string[]> = {}, encrypted = false): IncomingMessage {
  return { socket: { remoteAddress: peer, encrypted }, headers } as unknown as IncomingMessage;
}

describe('parseTrustProxy', () => {
  it('is off when unset, empty, off, false or 0', () => {
    for (const value of [undefined, '', 'off', 'false', '0', ' OFF '])
      expect(parseTrustProxy(value), String(value)).toEqual(TRUST_NO_PROXY);
  });
  it('reads a hop count and a list of addresses, networks and loopback', () => {
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
    const list = parseTrustProxy('10.0.0.0/8, 192.168.1.5 loopback fd00::/8');
    expect(list.kind).toBe('addresses');
  });
  it('refuses trusting every hop and anything that is not an address, with one sentence', () => {
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY may not trust every hop/);
    expect(() => parseTrustProxy('*')).toThrow(/TRUST_PROXY may not trust every hop/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/TRUST_PROXY: "proxy.example.com" is not an address/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/is not an address, a network/);
  });
});

describe('clientAddress', () => {
  it('ignores X-Forwarded-For unless the peer is trusted', () => {
    expect(clientAddress(req('203.0.113.9', { 'x-forwarded-for': '198.51.100.1' }))).toBe('203.0.113.9');
    expect(
      clientAddress(req('203.0.113.9', { 'x-forwarded-for': '198.51.100.1' }), parseTrustProxy('10.0.0.0/8')),
    ).toBe('203.0.113.9');
  });
  it('with a hop count, takes the address that many hops back, never a spoofed one further left', () => {
    const trust = parseTrustProxy('1');
    expect(clientAddress(req('10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 198.51.100.1' }), trust)).toBe('198.51.100.1');
    expect(clientAddress(req('10.0.0.2'), trust), 'no header: the peer').toBe('10.0.0.2');
    expect(
      clientAddress(req('10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 198.51.100.1, 10.0.0.3' }), parseTrustProxy('2')),
    ).toBe('198.51.100.1');
  });
  it('with addresses, walks past trusted proxies only (several header lines count as one list)', () => {
    const trust = parseTrustProxy('10.0.0.0/8, loopback');
    expect(
      clientAddress(req('::ffff:127.0.0.1', { 'x-forwarded-for': ['6.6.6.6, 198.51.100.1', '10.1.2.3'] }), trust),
    ).toBe('198.51.100.1');
    expect(
      clientAddress(req('127.0.0.1', { 'x-forwarded-for': 'not-an-ip, 10.1.2.3' }), trust),
      'garbage ends the walk',
    ).toBe('10.1.2.3');
  });
});

describe('requestIsHttps', () => {
  it('believes X-Forwarded-Proto from a trusted proxy only', () => {
    expect(requestIsHttps(req('203.0.113.9', { 'x-forwarded-proto': 'https' }))).toBe(false);
    expect(requestIsHttps(req('127.0.0.1', { 'x-forwarded-proto': 'https' }), parseTrustProxy('loopback'))).toBe(true);
    expect(requestIsHttps(req('127.0.0.1', { 'x-forwarded-proto': 'http' }), parseTrustProxy('loopback'))).toBe(false);
    expect(requestIsHttps(req('203.0.113.9', {}, true)), 'a TLS socket').toBe(true);
  });
});

describe('the rate limit behind a proxy (real server)', () => {
  const backends: TestBackend[] = [];
  afterAll(async () => {
    await Promise.all(backends.map((b) => b.close()));
  }, 60_000);

  function post(backend: TestBackend, forwardedFor: string, email: string): Promise<number> {
    const url = new URL(backend.server.url);
    const body = JSON.stringify({ name: 'Ann', business_name: 'Lee', email });
    return new Promise((resolve, reject) => {
      const r = request(
        {
          host: url.hostname,
          port: url.port,
          path: `/rest/v1/${CONTACT_TABLE}`,
          method: 'POST',
          headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      r.on('error', reject);
      r.end(body);
    });
  }

  it('keys by the forwarded client when the proxy is trusted, by the peer when not', async () => {
    const limit = { limit: 1, windowMs: 60_000 };
    const [untrusted, trusted] = await Promise.all([
      startTestBackend({ rateLimit: limit }),
      startTestBackend({ rateLimit: limit, trustProxy: parseTrustProxy('loopback') }),
    ]);
    backends.push(untrusted!, trusted!);
    expect(await post(untrusted!, '198.51.100.1', 'a@example.com'), 'first visitor, untrusted').toBe(201);
    expect(await post(untrusted!, '198.51.100.2', 'b@example.com'), 'a header does not make a new client').toBe(429);
    expect(await post(trusted!, '198.51.100.1', 'a@example.com'), 'first visitor, trusted').toBe(201);
    expect(await post(trusted!, '198.51.100.2', 'b@example.com'), 'second visitor behind the same proxy').toBe(201);
    expect(await post(trusted!, '198.51.100.1', 'c@example.com'), 'the first visitor again').toBe(429);
  }, 180_000);
});

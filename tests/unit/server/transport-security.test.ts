import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy, requestIsHttps, TRUST_NO_PROXY } from '../../../server/trust-proxy.ts';

const req = (headers: Record<string, string>, encrypted = false) =>
  ({ headers, socket: { encrypted, remoteAddress: '10.0.0.2' } }) as unknown as IncomingMessage;
const TRUSTED = parseTrustProxy('1');

describe('requestIsHttps (decides HSTS)', () => {
  it('is true for a TLS connection, whatever the headers say', () => {
    expect(requestIsHttps(req({}, true), TRUST_NO_PROXY)).toBe(true);
    expect(requestIsHttps(req({ 'x-forwarded-proto': 'http' }, true), TRUST_NO_PROXY)).toBe(true);
  });

  it('believes X-Forwarded-Proto and Forwarded only from a trusted proxy', () => {
    expect(requestIsHttps(req({ 'x-forwarded-proto': 'https' }), TRUST_NO_PROXY), 'untrusted').toBe(false);
    expect(requestIsHttps(req({ 'x-forwarded-proto': 'https' }), TRUSTED), 'trusted').toBe(true);
    expect(requestIsHttps(req({ 'x-forwarded-proto': 'HTTPS, http' }), TRUSTED), 'the first value, any case').toBe(
      true,
    );
    expect(requestIsHttps(req({ 'x-forwarded-proto': 'http' }), TRUSTED), 'the proxy says http').toBe(false);
    expect(requestIsHttps(req({ forwarded: 'for=192.0.2.60;proto=https;by=203.0.113.43' }), TRUSTED), 'Forwarded').toBe(
      true,
    );
    expect(requestIsHttps(req({ forwarded: 'for=192.0.2.60;proto=http' }), TRUSTED), 'Forwarded http').toBe(false);
    expect(
      requestIsHttps(req({ forwarded: 'for=192.0.2.60;proto=https' }), TRUST_NO_PROXY),
      'Forwarded, untrusted',
    ).toBe(false);
    expect(requestIsHttps(req({}), TRUSTED), 'no header').toBe(false);
  });
});

import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isHttpsRequest } from '../../../server/transport-security.ts';

const req = (headers: Record<string, string>, encrypted = false) => ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;

describe('isHttpsRequest', () => {
  it('is true for a TLS connection, whatever the headers say', () => {
    expect(isHttpsRequest(req({}, true), false)).toBe(true);
    expect(isHttpsRequest(req({ 'x-forwarded-proto': 'http' }, true), false)).toBe(true);
  });

  it('believes X-Forwarded-Proto and Forwarded only from a trusted proxy', () => {
    expect(isHttpsRequest(req({ 'x-forwarded-proto': 'https' }), false), 'untrusted').toBe(false);
    expect(isHttpsRequest(req({ 'x-forwarded-proto': 'https' }), true), 'trusted').toBe(true);
    expect(isHttpsRequest(req({ 'x-forwarded-proto': 'HTTPS, http' }), true), 'the first value, any case').toBe(true);
    expect(isHttpsRequest(req({ 'x-forwarded-proto': 'http' }), true), 'the proxy says http').toBe(false);
    expect(isHttpsRequest(req({ forwarded: 'for=192.0.2.60;proto=https;by=203.0.113.43' }), true), 'Forwarded').toBe(true);
    expect(isHttpsRequest(req({ forwarded: 'for=192.0.2.60;proto=http' }), true), 'Forwarded http').toBe(false);
    expect(isHttpsRequest(req({}), true), 'no header').toBe(false);
  });
});

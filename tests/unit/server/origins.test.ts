/** Which origins may send contact requests: ALLOWED_ORIGINS parsing, the server's own origins, the policy. */
import { describe, expect, it } from 'vitest';
import { createOriginPolicy, listenOrigins, normaliseOrigin, parseAllowedOrigins } from '../../../server/origins.ts';

describe('parseAllowedOrigins', () => {
  it('normalises origins separated by commas or spaces', () => {
    expect(parseAllowedOrigins(' https://WWW.Example.com/, http://localhost:3000  https://a.example:8443 ')).toEqual([
      'https://www.example.com',
      'http://localhost:3000',
      'https://a.example:8443',
    ]);
    expect(parseAllowedOrigins(undefined)).toEqual([]);
  });

  it('refuses *, paths, other schemes and garbage with one sentence', () => {
    expect(() => parseAllowedOrigins('*')).toThrow(/may not be \*/);
    for (const bad of ['https://example.com/contact', 'ftp://example.com', 'example.com', 'https://example.com?x=1']) {
      expect(() => normaliseOrigin(bad), bad).toThrow(/is not an origin/);
    }
  });
});

describe('listenOrigins', () => {
  it('names every loopback spelling for a loopback host, and just the host otherwise', () => {
    expect(listenOrigins('localhost', 4321)).toEqual([
      'http://localhost:4321',
      'http://127.0.0.1:4321',
      'http://[::1]:4321',
    ]);
    expect(listenOrigins('127.0.0.1', 80)).toEqual(['http://localhost:80', 'http://127.0.0.1:80', 'http://[::1]:80']);
    expect(listenOrigins('site.internal', 8080)).toEqual(['http://site.internal:8080']);
    expect(listenOrigins('0.0.0.0', 8080), 'all interfaces').toEqual(
      expect.arrayContaining(['http://localhost:8080', 'http://127.0.0.1:8080']),
    );
  });
});

describe('createOriginPolicy', () => {
  it('allows exactly the listed origins and requests that carry none', () => {
    const allow = createOriginPolicy(['https://www.example.com']);
    expect(allow('https://www.example.com')).toBe(true);
    expect(allow(undefined), 'not a browser request').toBe(true);
    for (const other of [
      'https://evil.example',
      'null',
      'https://www.example.com.evil.example',
      'http://www.example.com',
    ])
      expect(allow(other), other).toBe(false);
  });
});

/** The per-client rate limit: sliding window, Retry-After, client keys (IPv6 by /64), bounded memory, configuration. */
import { describe, expect, it } from 'vitest';
import { clientKey, createRateLimiter, DEFAULT_RATE_LIMIT, parseRateLimit } from '../../../server/rate-limit.ts';

describe('createRateLimiter', () => {
  it('lets `limit` requests through per window, then says when to retry', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 }, { now: () => now });
    const passed = [0, 1_000, 2_000].map((at) => {
      now = at;
      return limiter.hit('203.0.113.5').allowed;
    });
    expect(passed, 'three pass').toEqual([true, true, true]);
    expect(limiter.hit('203.0.113.5'), 'the fourth waits until the first expires').toEqual({
      allowed: false,
      retryAfterSeconds: 58,
    });
    now = 20_500;
    expect(limiter.hit('203.0.113.5'), 'still refused, 39.5 s left → 40').toEqual({
      allowed: false,
      retryAfterSeconds: 40,
    });
    expect(limiter.hit('203.0.113.6').allowed, 'another client is not affected').toBe(true);
    now = 60_000;
    expect(limiter.hit('203.0.113.5').allowed, 'the first request expired: one more').toBe(true);
    expect(limiter.hit('203.0.113.5'), 'and only one').toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('treats one IPv6 /64 as one client, and IPv4-mapped addresses as IPv4', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 }, { now: () => 0 });
    expect(limiter.hit('2001:db8:1:2::1').allowed).toBe(true);
    expect(limiter.hit('2001:db8:1:2:ffff:1:2:3').allowed).toBe(true);
    expect(limiter.hit('2001:0db8:0001:0002::abcd').allowed, 'same /64, third request').toBe(false);
    expect(limiter.hit('2001:db8:1:3::1').allowed, 'another /64').toBe(true);
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1:2')).toBe('fe80:0:0:0::/64');
  });

  it('forgets clients whose window passed, and never holds more than maxClients', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000 }, { now: () => now, maxClients: 100 });
    for (let i = 0; i < 50; i++) limiter.hit(`10.0.0.${i}`);
    expect(limiter.size).toBe(50);
    now = 5_000;
    limiter.hit('10.0.1.1');
    expect(limiter.size, 'expired clients dropped').toBe(1);
    for (let i = 0; i < 500; i++) limiter.hit(`10.1.${i >> 8}.${i & 255}`);
    expect(limiter.size, 'capped').toBe(100);
  });
});

describe('parseRateLimit (CONTACT_RATE_LIMIT)', () => {
  it('reads requests/seconds, off, or the default', () => {
    expect(parseRateLimit(undefined)).toEqual(DEFAULT_RATE_LIMIT);
    expect(DEFAULT_RATE_LIMIT, 'five per minute').toEqual({ limit: 5, windowMs: 60_000 });
    expect(parseRateLimit(' 20/3600 ')).toEqual({ limit: 20, windowMs: 3_600_000 });
    expect(parseRateLimit('OFF')).toBeNull();
  });

  it('refuses anything else with one sentence', () => {
    for (const bad of ['5', '0/60', '5/0', 'five/60', '5 per minute']) {
      expect(() => parseRateLimit(bad), bad).toThrow(/^CONTACT_RATE_LIMIT must look like 5\/60/);
    }
  });
});

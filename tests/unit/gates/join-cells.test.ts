import { describe, expect, it } from 'vitest';
import { busyBetween, joinCells, MOBILE_CPU_RATE, PHONE_USER_AGENT } from '../../../bench/lib/join-cells.ts';

describe('click → join cells', () => {
  it('are fast and slow mobile with 4× CPU at 0 and 400 ms, then the same as a phone (no loopback)', () => {
    const cells = joinCells();
    expect(cells.map((c) => c.id)).toEqual([
      'fast-mobile/0',
      'fast-mobile/400',
      'slow-mobile/0',
      'slow-mobile/400',
      'fast-mobile-phone/0',
      'fast-mobile-phone/400',
      'slow-mobile-phone/0',
      'slow-mobile-phone/400',
    ]);
    expect(
      cells.every((c) => c.cpuRate === MOBILE_CPU_RATE && MOBILE_CPU_RATE === 4),
      'every mobile cell runs at 4× CPU',
    ).toBe(true);
    expect(cells.filter((c) => c.phone).map((c) => c.profile.id)).toEqual([
      'fast-mobile',
      'fast-mobile',
      'slow-mobile',
      'slow-mobile',
    ]);
  });

  it('run the phone cells with a user agent every subject reads as a phone', () => {
    // The subjects' own tests: @vapi-ai/web's isMobileDevice and our platform's isMobile.
    expect(/android|iphone|ipad|ipod|iemobile|blackberry|bada/i.test(PHONE_USER_AGENT)).toBe(true);
  });
});

describe('main thread between the click and the join request', () => {
  it('sums long tasks clipped to the span and keeps the longest that overlaps it', () => {
    const tasks = [
      { start: 0, duration: 60 }, // before the click, ends inside: 10 ms count
      { start: 100, duration: 80 }, // inside
      { start: 290, duration: 120 }, // starts inside, ends after the join: 10 ms count
      { start: 400, duration: 500 }, // after the join
    ];
    expect(busyBetween(tasks, 50, 300)).toEqual({ longTaskMs: 10 + 80 + 10, longestMs: 120 });
    expect(busyBetween([], 0, 100)).toEqual({ longTaskMs: 0, longestMs: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { bootstrapRatio, median, percentile, seededRandom, summarize } from '../../../bench/lib/stats.ts';

describe('bench statistics', () => {
  it('medians and nearest-rank percentiles', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNaN();
    expect(percentile([5, 1, 4, 2, 3], 95)).toBe(5);
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(summarize([2, 1])).toEqual({ n: 2, median: 1.5, p95: 2, min: 1, max: 2 });
  });

  it('a seeded generator repeats its sequence and stays in [0, 1)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(seededRandom(8)()).not.toBe(xs[0]);
  });

  it('bootstraps a ratio of medians: the point ratio inside, narrow when the samples agree, wide when they scatter', () => {
    const tight = bootstrapRatio([90, 91, 90, 89, 90, 90], [100, 100, 101, 99, 100, 100]);
    expect(tight.ratio).toBeCloseTo(0.9, 5);
    expect(tight.low).toBeLessThanOrEqual(tight.ratio);
    expect(tight.high).toBeGreaterThanOrEqual(tight.ratio);
    expect(tight.high - tight.low).toBeLessThan(0.05);
    const wide = bootstrapRatio([50, 200, 90, 60, 300, 90], [100, 100, 101, 99, 100, 100]);
    expect(wide.high - wide.low).toBeGreaterThan(0.5);
    expect(bootstrapRatio([1, 2, 3], [4, 5, 6]), 'seeded: the same samples, the same interval').toEqual(
      bootstrapRatio([1, 2, 3], [4, 5, 6]),
    );
    expect(bootstrapRatio([], [1]).ratio).toBeNaN();
  });

  it('counts a sample that never happened as later than any time', () => {
    const r = bootstrapRatio([50, 60, 70], [100, Infinity, Infinity]);
    expect(r.ratio).toBe(0);
    expect(bootstrapRatio([Infinity, Infinity, 1], [10, 10, 10]).ratio).toBe(Infinity);
  });
});

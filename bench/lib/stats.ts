/** Small statistics for the bench: median, nearest-rank percentiles and bootstrap intervals of ratios. */

/** Median of `values` (mean of the two middle values for an even count); NaN when empty. */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Nearest-rank percentile `p` (0–100) of `values`; NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[Math.min(rank, s.length) - 1]!;
}

/** Median, nearest-rank p95, min and max of a set of samples (NaN when there are none). */
export interface Summary {
  /** Samples summarised. */
  n: number;
  median: number;
  p95: number;
  min: number;
  max: number;
}

/** Summarises `values` (see `Summary`). */
export function summarize(values: number[]): Summary {
  return {
    n: values.length,
    median: median(values),
    p95: percentile(values, 95),
    min: values.length ? Math.min(...values) : Number.NaN,
    max: values.length ? Math.max(...values) : Number.NaN,
  };
}

/** A seeded pseudo-random generator of [0, 1) (mulberry32): the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A ratio of medians with its bootstrap interval. */
export interface RatioInterval {
  /** median(a) ÷ median(b). */
  ratio: number;
  /** Lower and upper bounds of the interval (NaN without samples). */
  low: number;
  high: number;
}

/**
 * median(`a`) ÷ median(`b`) with a percentile-bootstrap interval: both sets resampled with
 * replacement `iterations` times (seeded: the same samples give the same interval), the interval
 * the middle `level` of the resampled ratios. A sample may be `Infinity` (never happened within
 * the sample's time): it counts as later than every time. NaN everywhere when either set is empty.
 */
export function bootstrapRatio(
  a: readonly number[],
  b: readonly number[],
  { iterations = 2000, level = 0.95, seed = 35 }: { iterations?: number; level?: number; seed?: number } = {},
): RatioInterval {
  if (!a.length || !b.length) return { ratio: Number.NaN, low: Number.NaN, high: Number.NaN };
  const next = seededRandom(seed);
  const resample = (values: readonly number[]) => values.map(() => values[Math.floor(next() * values.length)]!);
  const ratios: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const r = median(resample(a)) / median(resample(b));
    if (!Number.isNaN(r)) ratios.push(r);
  }
  const tail = ((1 - level) / 2) * 100;
  return {
    ratio: median([...a]) / median([...b]),
    low: percentile(ratios, tail),
    high: percentile(ratios, 100 - tail),
  };
}

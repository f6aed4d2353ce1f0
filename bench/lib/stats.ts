/** Small statistics for the bench: median and nearest-rank percentiles. */

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

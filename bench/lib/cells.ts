/**
 * How the bench's report writes one figure in a table cell ("—" when there is none). Shared by
 * bench/report.ts and its sections.
 */
import { formatKB } from './size.ts';

/** Bytes as KB. */
export const kb = (bytes: number | undefined): string =>
  bytes === undefined || Number.isNaN(bytes) ? '—' : formatKB(bytes);
/** Whole milliseconds. */
export const ms = (v: number | undefined): string => (v === undefined || Number.isNaN(v) ? '—' : `${Math.round(v)} ms`);
/** Milliseconds to a tenth. */
export const ms1 = (v: number | undefined): string => (v === undefined || Number.isNaN(v) ? '—' : `${v.toFixed(1)} ms`);
/** A score. */
export const score = (v: number | undefined): string => (v === undefined ? '—' : String(v));

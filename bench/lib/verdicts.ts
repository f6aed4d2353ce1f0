/**
 * The verdict on one figure against its budget: met, missed (and by how much), or not measured
 * (and why), with the table cell that shows it. Pure functions, used by bench/budgets.ts (which
 * exports them again for its readers) and pinned by tests/unit/gates/budgets.test.ts.
 */
import { formatKB } from './size.ts';

/** Outcome of one budget. */
export interface Verdict {
  status: 'met' | 'missed' | 'not measured';
  /** How far off (missed), or why there is no figure (not measured). */
  detail?: string;
}

/** A figure that is missing, and why. */
export const notMeasured = (detail: string): Verdict => ({ status: 'not measured', detail });
const pct = (over: number, limit: number): string => `${((over / limit) * 100).toFixed(0)} %`;
/** Milliseconds as the tables print them: "12.3 ms". */
export const ms = (v: number): string => `${v.toFixed(1)} ms`;

/** A byte figure against its budget: met when ≤; a miss says how many KB and what share over. */
export function sizeVerdict(bytes: number | null | undefined, limit: number, why = 'not measured'): Verdict {
  if (bytes === null || bytes === undefined || Number.isNaN(bytes)) return notMeasured(why);
  if (bytes <= limit) return { status: 'met' };
  const over = bytes - limit;
  return { status: 'missed', detail: `${formatKB(over)} over (+${pct(over, limit)})` };
}

/** Ours ÷ peer (e.g. 2.5 = ours takes 2.5 times as long); NaN when either is missing or the peer is 0. */
export function ratio(ours: number | undefined, peer: number | undefined): number {
  if (ours === undefined || peer === undefined || Number.isNaN(ours) || Number.isNaN(peer) || peer <= 0)
    return Number.NaN;
  return ours / peer;
}

/** A ratio as the tables print it: "2.61×" (NaN → "—"). */
export function formatRatio(r: number): string {
  return Number.isNaN(r) ? '—' : `${r.toFixed(2)}×`;
}

/** Our median time against a peer's: met when ours ≤ peer; a miss says by how many ms and the ratio. */
export function latencyVerdict(ours: number | undefined, peer: number | undefined, why = 'not measured'): Verdict {
  if (ours === undefined || peer === undefined || Number.isNaN(ours) || Number.isNaN(peer)) return notMeasured(why);
  if (ours <= peer) return { status: 'met' };
  return { status: 'missed', detail: `+${ms(ours - peer)} (${formatRatio(ratio(ours, peer))} the peer's median)` };
}

/** Our median against `limit` × a peer's: met when ours ≤ limit × peer; a miss gives the ratio. */
export function ratioVerdict(
  ours: number | undefined,
  peer: number | undefined,
  limit: number,
  why = 'not measured',
): Verdict {
  const r = ratio(ours, peer);
  if (Number.isNaN(r)) return notMeasured(why);
  if (r <= limit) return { status: 'met' };
  return { status: 'missed', detail: `${formatRatio(r)} the peer's median (budget ${formatRatio(limit)})` };
}

/** A count that must be zero (rows lost). */
export function zeroVerdict(count: number | undefined, why = 'not measured'): Verdict {
  if (count === undefined || Number.isNaN(count)) return notMeasured(why);
  return count === 0 ? { status: 'met' } : { status: 'missed', detail: `${count} lost` };
}

/** The verdict as one table cell: misses stand out at a glance. */
export function verdictCell(v: Verdict): string {
  if (v.status === 'met') return '✅ yes';
  if (v.status === 'missed') return `❌ **no**: ${v.detail ?? 'missed'}`;
  return `— ${v.detail ?? 'not measured'}`;
}

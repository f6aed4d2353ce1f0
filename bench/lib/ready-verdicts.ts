/**
 * Issue 35's budgets on the click → ready bench (bench/click-join.ts), as pure functions
 * (unit-tested in tests/unit/bench/ready-verdicts.test.ts): in every cell, ours' median ready ≤
 * 0.9× and its first visible response ≤ 1.0× the faster of the two peers' (the peer with the lower
 * median in that cell and figure), each ratio with a 95 % bootstrap interval; and on fast mobile no
 * task over 50 ms between the click and ready. The verdict reads the ratio of medians; the
 * interval says how sure it is (an interval that straddles the budget is reported as such).
 */
import type { ClickJoinResult, JoinRow } from '../click-join-result.ts';
import type { BudgetRow } from './budget-rows.ts';
import type { JoinSubjectId } from './join-cells.ts';
import { bootstrapRatio, median, type RatioInterval } from './stats.ts';
import { formatRatio, notMeasured, type Verdict } from './verdicts.ts';

/** Ours ÷ the faster peer's median, at most, per figure. */
export const READY_BUDGET = { ready: 0.9, visible: 1.0 } as const;
/** No task longer than this between the click and ready on fast mobile, ms. */
export const TASK_BUDGET_MS = 50;
/** The peers ours is held against. */
export const PEERS = ['vapi-widget', 'vapi-web'] as const satisfies readonly JoinSubjectId[];

/** A figure budgeted against the peers. */
export type PeerFigure = keyof typeof READY_BUDGET;

/**
 * The samples of `figure` in a row; for `visible`, a sample that showed nothing counts as
 * `Infinity` (later than any time: a page that never answers the click is never the faster one).
 */
export const samplesOf = (row: JoinRow, figure: PeerFigure): number[] =>
  figure === 'ready'
    ? row.readySamples
    : [...row.visibleSamples, ...Array<number>(row.visibleNone).fill(Number.POSITIVE_INFINITY)];

/** The peer row with the lower median of `figure` in `cell` (the first on a tie), or undefined when none has samples. */
export function fasterPeer(rows: readonly JoinRow[], cell: string, figure: PeerFigure): JoinRow | undefined {
  let best: JoinRow | undefined;
  for (const id of PEERS) {
    const row = rows.find((r) => r.subject === id && r.cell === cell);
    if (!row || !samplesOf(row, figure).length) continue;
    if (!best || median(samplesOf(row, figure)) < median(samplesOf(best, figure))) best = row;
  }
  return best;
}

/** One subject against the faster peer on one figure in one cell. */
export interface PeerComparison {
  figure: PeerFigure;
  ours?: JoinRow;
  peer?: JoinRow;
  /** Ours ÷ the peer, medians, with its interval (NaN when either is missing). */
  interval: RatioInterval;
  verdict: Verdict;
}

/** `subject` (ours by default) against the faster peer on `figure` in `cell` (see the module comment). */
export function comparePeers(
  rows: readonly JoinRow[],
  cell: string,
  figure: PeerFigure,
  subject: JoinSubjectId = 'ours',
): PeerComparison {
  const ours = rows.find((r) => r.subject === subject && r.cell === cell);
  const peer = fasterPeer(rows, cell, figure);
  const limit = READY_BUDGET[figure];
  const interval = bootstrapRatio(ours ? samplesOf(ours, figure) : [], peer ? samplesOf(peer, figure) : []);
  const r = interval.ratio;
  const verdict: Verdict = Number.isNaN(r)
    ? notMeasured(!ours ? 'ours has no samples' : 'no peer has samples')
    : r <= limit
      ? { status: 'met' }
      : { status: 'missed', detail: `${formatRatio(r)} the faster peer's median (budget ${formatRatio(limit)})` };
  return { figure, ours, peer, interval, verdict };
}

/** An interval as the tables print it: "0.81–1.02×", and whether it lies all below, above or across `limit`. */
export function formatInterval(i: RatioInterval, limit?: number): string {
  if (Number.isNaN(i.low)) return '—';
  const text = `${i.low.toFixed(2)}–${Number.isFinite(i.high) ? i.high.toFixed(2) : '∞'}×`;
  if (limit === undefined) return text;
  return i.high <= limit ? `${text}, all within` : i.low > limit ? `${text}, all over` : `${text}, across the budget`;
}

const ms = (v: number): string => (Number.isFinite(v) ? `${Math.round(v)} ms` : 'none');
const names: Record<JoinSubjectId, string> = {
  ours: 'ours',
  'ours-intent': 'ours, intent',
  'vapi-widget': '<vapi-widget>',
  'vapi-web': '@vapi-ai/web page',
};

/** The budget table's rows of the click → ready bench: ready and first visible per cell, then long tasks. */
export function clickJoinRows(c: ClickJoinResult | undefined, note?: string): BudgetRow[] {
  const why = c?.skipped ?? c?.notes.ours ?? note ?? 'not measured (opt-in: --only=click-join)';
  const what = {
    ready: 'click → ready',
    visible: 'click → first visible response',
  } as const;
  if (!c?.rows.length)
    return (['ready', 'visible'] as const).map((figure) => ({
      group: figure === 'ready' ? 'clickReady' : 'clickVisible',
      what: `${what[figure]}, ours vs the faster peer`,
      measured: '—',
      budget: `≤ ${formatRatio(READY_BUDGET[figure])}`,
      verdict: notMeasured(why),
    }));
  const out: BudgetRow[] = [];
  for (const figure of ['ready', 'visible'] as const) {
    for (const cell of c.cells) {
      const x = comparePeers(c.rows, cell.id, figure);
      const n = (row?: JoinRow) => (row ? samplesOf(row, figure).length : 0);
      out.push({
        group: figure === 'ready' ? 'clickReady' : 'clickVisible',
        what: `${what[figure]}, ${cell.label}: ours vs the faster peer`,
        short: cell.label,
        measured:
          x.ours && x.peer
            ? `${ms(median(samplesOf(x.ours, figure)))} vs ${ms(median(samplesOf(x.peer, figure)))} ` +
              `(${names[x.peer.subject]}; ${formatRatio(x.interval.ratio)}, ` +
              `95 % ${formatInterval(x.interval, READY_BUDGET[figure])}; n = ${n(x.ours)} / ${n(x.peer)})`
            : '—',
        budget: `≤ ${formatRatio(READY_BUDGET[figure])}`,
        verdict: x.verdict,
      });
    }
  }
  for (const cell of c.cells.filter((x) => x.id.startsWith('fast-mobile'))) {
    const ours = c.rows.find((r) => r.subject === 'ours' && r.cell === cell.id);
    const longest = ours?.longestMs;
    out.push({
      group: 'clickTasks',
      what: `longest task click → ready, ${cell.label}: ours (median of the samples' longest)`,
      short: cell.label,
      measured: longest?.n ? `${ms(longest.median)} (max ${ms(longest.max)}, n = ${longest.n})` : '—',
      budget: `≤ ${TASK_BUDGET_MS} ms`,
      verdict: !longest?.n
        ? notMeasured(why)
        : longest.median <= TASK_BUDGET_MS
          ? { status: 'met' }
          : { status: 'missed', detail: `${ms(longest.median - TASK_BUDGET_MS)} over` },
    });
  }
  return out;
}

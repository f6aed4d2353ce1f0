/**
 * The budget table's rows: the budgets as DESIGN.md lists them (every row belongs to one), one row
 * per budgeted figure with its verdict, and the fold of the rows into one verdict per budget (the
 * README's and BENCHMARKS.md's summary). bench/budgets.ts computes the rows and exports these again.
 */
import type { Verdict } from './verdicts.ts';

/** The budgets as DESIGN.md lists them: every budget row belongs to one. */
export const BUDGET_GROUPS = {
  loader: 'widget script-tag loader ≤ 6 KB gzip',
  voice: 'voice: everything through the first click ≤ 100 KB gzip',
  chatSize: 'chat: everything through the first message ≤ 25 KB gzip',
  core: 'widget core + createWebCall ≤ 6 KB gzip',
  landing: 'landing page JS before any interaction ≤ 85 KB gzip',
  guides: 'guide pages ship only the Header island',
  lighthouse: 'Lighthouse mobile 100 · 100 · 100 · 100 on / and every guide',
  click: "click → POST /call/web without prefetch ≤ each peer's median, every profile",
  clickReady: 'click → ready (the call machine asked to join): ours ≤ 0.90× the faster peer, every cell',
  clickVisible: 'click → first visible response: ours ≤ 1.00× the faster peer, every cell',
  clickTasks: 'no task > 50 ms from the click to ready on fast mobile (ours)',
  chat: "chat: Enter → POST /chat/web and → first token ≤ Vapi's widget, every profile",
  backend: 'contact backend: no row lost under load, fsync on',
} as const;

/** Key of a budget group. */
export type BudgetGroup = keyof typeof BUDGET_GROUPS;

/** One line of the budget table. */
export interface BudgetRow {
  group: BudgetGroup;
  /** What is budgeted, e.g. "widget loader, gzip". */
  what: string;
  /** Shorter name inside its group (the README's one line per budget), when `what` repeats the group. */
  short?: string;
  /** The figure measured, formatted ("—" when there is none). */
  measured: string;
  /** The budget, formatted. */
  budget: string;
  verdict: Verdict;
}

/** Counts of each verdict status, for the one-line summary above the table. */
export function verdictCounts(rows: readonly BudgetRow[]): Record<Verdict['status'], number> {
  const counts = { met: 0, missed: 0, 'not measured': 0 };
  for (const row of rows) counts[row.verdict.status]++;
  return counts;
}

/** One budget of DESIGN.md with the verdict over all its rows. */
export interface GroupVerdict {
  group: BudgetGroup;
  budget: string;
  /** Missed when any row missed; else not measured when any row was not; else met. */
  verdict: Verdict;
}

/**
 * Folds the rows into one verdict per budget: a miss lists every missed row (what, by how much);
 * "not measured" gives the first reason.
 */
export function groupVerdicts(rows: readonly BudgetRow[]): GroupVerdict[] {
  const out: GroupVerdict[] = [];
  for (const group of Object.keys(BUDGET_GROUPS) as BudgetGroup[]) {
    const mine = rows.filter((r) => r.group === group);
    if (!mine.length) continue;
    const missed = mine.filter((r) => r.verdict.status === 'missed');
    const unmeasured = mine.filter((r) => r.verdict.status === 'not measured');
    // A budget of one row needs no name in front of its figure.
    const name = (r: BudgetRow) => (mine.length === 1 ? '' : (r.short ?? r.what));
    const named = (r: BudgetRow, text: string) => (name(r) ? `${name(r)}: ${text}` : text);
    const reasons = [...new Set(unmeasured.map((r) => r.verdict.detail ?? 'not measured'))];
    const alsoUnmeasured = unmeasured.length ? ` (not measured: ${unmeasured.map(name).join(', ')})` : '';
    const verdict: Verdict = missed.length
      ? {
          status: 'missed',
          detail: missed.map((r) => named(r, `${r.measured}, ${r.verdict.detail}`)).join('; ') + alsoUnmeasured,
        }
      : unmeasured.length
        ? {
            status: 'not measured',
            detail:
              unmeasured.length < mine.length
                ? `${mine.length - unmeasured.length} of ${mine.length} met; not measured: ${unmeasured.map(name).join(', ')}: ${reasons.join('; ')}`
                : reasons.join('; '),
          }
        : { status: 'met' };
    out.push({ group, budget: BUDGET_GROUPS[group], verdict });
  }
  return out;
}

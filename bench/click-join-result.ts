/**
 * The result of the click → ready bench (bench/click-join.ts): one row of figures per subject and
 * cell, with the samples the budgets' bootstrap intervals are drawn from, and the run around them;
 * read by the report, the budgets and the results files.
 */
import type { JoinSubjectId } from './lib/join-cells.ts';
import type { Summary } from './lib/stats.ts';

/** Figures of one subject in one cell (ms from the click unless said otherwise). */
export interface JoinRow {
  subject: JoinSubjectId;
  /** `JoinCell.id`. */
  cell: string;
  /** Click → ready: the call machine received daily-js's `join-meeting` (the later of its run and the join). */
  ready: Summary;
  /** The counted samples of `ready`, in the order taken. */
  readySamples: number[];
  /** Click → the first frame that shows a change the page made (bench/lib/probe.ts), the samples that had one. */
  visible: Summary;
  /** The counted samples of `visible` that had one. */
  visibleSamples: number[];
  /**
   * Counted samples whose page showed no change by the end of the sample (its visitor saw nothing
   * happen): medians and ratios count them as later than any time (bench/lib/ready-verdicts.ts).
   */
  visibleNone: number;
  /** What changed in the first visible frame, most frequent first (e.g. `attributes VOICE-WIDGET`). */
  visibleWhat: string[];
  /** Click → the first request to Daily's hosts (the call machine's), the end point of runs before issue 35: history only. */
  join: Summary;
  /** Samples that did not reach ready within the sample's limit, or that broke. */
  failed: number;
  /** The click's INP (event timing duration), ms. */
  inp: Summary;
  /** Time in long tasks between the click and ready, ms (the call machine's own start left out). */
  longTaskMs: Summary;
  /** The longest task between the click and ready but the call machine's own start, ms (0: none over 50 ms). */
  longestMs: Summary;
  /** Click → the call machine's first statement ran (its bytes arrived and the browser got to it). */
  machineAt: Summary;
  /** The call machine's own start: its first to its last statement, ms (the same bundle for all). */
  machineRunMs: Summary;
  /** Median JavaScript bytes on the wire that finished before the click. */
  jsBeforeClick: number;
  /** Median JavaScript bytes that finished between the click and ready (the call machine's included). */
  jsAfterClick: number;
}

/** Result of the click → ready bench. */
export interface ClickJoinResult {
  /** ISO date-time of the run (the report may carry a previous run's result). */
  date: string;
  rows: JoinRow[];
  /** The cells run, in order (id and label). */
  cells: Array<{ id: string; label: string }>;
  /** Subjects that could not run, with the reason. */
  notes: Partial<Record<JoinSubjectId, string>>;
  /** The call-machine stand-in every subject downloaded: gzip bytes on the wire, and before compression. */
  machine: { gzipBytes: number; rawBytes: number };
  samples: number;
  rounds: number;
  /** Load average (1, 5, 15 min) at the start and at the end of the run. */
  load: { start: number[]; end: number[] };
  skipped?: string;
}

/**
 * The result of the click → join bench (bench/click-join.ts): one row of figures per subject and
 * cell, and the run around them; read by the report, the budgets and the results files.
 */
import type { JoinSubjectId } from './lib/join-cells.ts';
import type { Summary } from './lib/stats.ts';

/** Figures of one subject in one cell. */
export interface JoinRow {
  subject: JoinSubjectId;
  /** `JoinCell.id`. */
  cell: string;
  /** Click → join request, ms: when the page issued it (DevTools' `requestWillBeSent`). */
  join: Summary;
  /** Click → the same request reaching the bench's routing in Node, ms (the figure of earlier runs). */
  joinRouted: Summary;
  /**
   * Click → Daily asked to join the room, ms: ours, the engine's `daily-call-join` stage (its call
   * machine asked for at the click, the join request comes before it); a peer's join request is
   * its `join()`, so its figure here is its join request's.
   */
  roomJoin: Summary;
  /** Samples without a join request within `SAMPLE_LIMIT_MS`, or that broke. */
  failed: number;
  /** The click's INP (event timing duration), ms. */
  inp: Summary;
  /** Time in long tasks between the click and the join request, ms. */
  longTaskMs: Summary;
  /** The longest task between the click and the join request, ms (0: none over 50 ms). */
  longestMs: Summary;
  /** Median JavaScript bytes on the wire that finished before the click. */
  jsBeforeClick: number;
  /** Median JavaScript bytes that finished between the click and the join request. */
  jsClickToJoin: number;
  /** The join requests' URLs (host + path, most frequent first), to say what "join" was. */
  joinUrls: string[];
}

/** Result of the click → join bench. */
export interface ClickJoinResult {
  /** ISO date-time of the run (the report may carry a previous run's result). */
  date: string;
  rows: JoinRow[];
  /** The cells run, in order (id and label). */
  cells: Array<{ id: string; label: string }>;
  /** Subjects that could not run, with the reason. */
  notes: Partial<Record<JoinSubjectId, string>>;
  samples: number;
  rounds: number;
  /** Load average (1, 5, 15 min) at the start and at the end of the run. */
  load: { start: number[]; end: number[] };
  skipped?: string;
}

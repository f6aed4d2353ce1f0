/**
 * What one counted sample of the click → ready bench (bench/click-join.ts) adds to its subject's
 * figures in its cell, and the row those figures make. Part of bench/click-join.ts.
 */
import type { Sample } from './lib/browser-sample.ts';
import type { ReadyReport } from './lib/call-machine.ts';
import { busyBetween, type JoinSubjectId } from './lib/join-cells.ts';
import { splitTransfers } from './lib/network.ts';
import type { ProbeTimes } from './lib/probe.ts';
import { samplesOf } from './lib/ready-verdicts.ts';
import { median, summarize } from './lib/stats.ts';
import type { JoinRow } from './click-join-result.ts';

/** The samples of one subject in one cell, as they come. */
export interface Figures {
  ready: number[];
  visible: number[];
  visibleNone: number;
  visibleWhat: string[];
  join: number[];
  inp: number[];
  longTask: number[];
  longest: number[];
  machineAt: number[];
  machineRun: number[];
  before: number[];
  during: number[];
  failed: number;
}

/** No samples yet. */
export function emptyFigures(): Figures {
  return {
    ready: [],
    visible: [],
    visibleNone: 0,
    visibleWhat: [],
    join: [],
    inp: [],
    longTask: [],
    longest: [],
    machineAt: [],
    machineRun: [],
    before: [],
    during: [],
    failed: 0,
  };
}

/** One counted sample: the probe's record, the call machine's report and the first request to Daily after the click. */
export interface SampleRecord {
  probe: ProbeTimes & { clickAt: number };
  ready: ReadyReport;
  /** The first request to Daily's hosts after the click (the call machine's), if any. */
  issued?: { at: number };
  sample: Pick<Sample, 'transfers'>;
}

/** Adds one sample's figures (ms from the click). */
export function collectSample(figures: Figures, { probe, ready, issued, sample }: SampleRecord): void {
  const clickAt = probe.clickAt;
  figures.ready.push(ready.at - clickAt);
  // No visible change by the end of the sample: the visitor saw nothing happen (counted apart).
  if (probe.visibleAt === null) figures.visibleNone++;
  else figures.visible.push(probe.visibleAt - clickAt);
  figures.visibleWhat.push(probe.visibleWhat ?? 'none');
  if (issued) figures.join.push(issued.at - clickAt);
  if (probe.clickInp !== null) figures.inp.push(probe.clickInp);
  // The call machine's own start is Daily's one task, the same for every subject: not the page's.
  const machine = (t: { start: number; duration: number }) =>
    t.start <= ready.startedAt && t.start + t.duration >= ready.ranAt;
  const busy = busyBetween(
    probe.longTasks.filter((t) => !machine(t)),
    clickAt,
    ready.at,
  );
  figures.longTask.push(busy.longTaskMs);
  figures.longest.push(busy.longestMs);
  figures.machineAt.push(ready.startedAt - clickAt);
  figures.machineRun.push(ready.ranAt - ready.startedAt);
  const split = splitTransfers(sample.transfers, clickAt, Number.POSITIVE_INFINITY);
  figures.before.push(split.beforeClick);
  figures.during.push(split.clickToPost);
}

/** Distinct values, most frequent first. */
function byFrequency(values: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([v]) => v);
}

/** The report's row of a subject's figures in a cell. */
export function rowOf(subject: JoinSubjectId, cell: string, f: Figures): JoinRow {
  return {
    subject,
    cell,
    ready: summarize(f.ready),
    readySamples: f.ready,
    visible: summarize(f.visible),
    visibleSamples: f.visible,
    visibleNone: f.visibleNone,
    visibleWhat: byFrequency(f.visibleWhat),
    join: summarize(f.join),
    failed: f.failed,
    inp: summarize(f.inp),
    longTaskMs: summarize(f.longTask),
    longestMs: summarize(f.longest),
    machineAt: summarize(f.machineAt),
    machineRunMs: summarize(f.machineRun),
    jsBeforeClick: median(f.before),
    jsAfterClick: median(f.during),
  };
}

/** The progress line of a row. */
export function rowLine(row: JoinRow): string {
  const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : 'none');
  return (
    `  ${row.subject} / ${row.cell}: ready ${ms(row.ready.median)}, visible ${ms(median(samplesOf(row, 'visible')))} ` +
    `(${row.ready.n} ok, ${row.failed} failed), INP ${ms(row.inp.median)}, longest task ${ms(row.longestMs.median)}`
  );
}

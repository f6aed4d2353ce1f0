/**
 * Lighthouse mobile history across bench runs on this machine (bench/results/lighthouse-history.json,
 * gitignored with the other results): each run that ran Lighthouse appends its mobile figures per
 * route, so the report can show whether the score held over the last consecutive runs, not only
 * within one run.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { LighthouseRow } from '../lighthouse-bench.ts';

/** One bench run's mobile Lighthouse figures. */
export interface LighthouseHistoryEntry {
  /** ISO date-time of the bench run. */
  date: string;
  routes: Array<{ route: string; perf?: number; perfRuns: number[]; lcp?: number }>;
}

/** How many runs the file keeps. */
export const HISTORY_KEEP = 10;

/** The history entry of a run's Lighthouse rows (mobile rows with at least one run), or null. */
export function historyEntry(date: string, rows: readonly LighthouseRow[]): LighthouseHistoryEntry | null {
  const routes = rows
    .filter((r) => r.formFactor === 'mobile' && r.runs > 0)
    .map((r) => ({ route: r.route, perf: r.scores.performance, perfRuns: [...r.perfRuns], lcp: r.metrics.lcp }));
  return routes.length ? { date, routes } : null;
}

/** `history` with `entry` appended, the oldest dropped beyond `keep`. */
export function appendHistory(
  history: readonly LighthouseHistoryEntry[],
  entry: LighthouseHistoryEntry,
  keep = HISTORY_KEEP,
): LighthouseHistoryEntry[] {
  return [...history, entry].slice(-keep);
}

/** Parses a history file's text; throws with what is wrong when it is not a history. */
export function parseHistory(text: string): LighthouseHistoryEntry[] {
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data)) throw new Error('not a JSON array');
  data.forEach((e: unknown, i) => {
    const entry = e as Partial<LighthouseHistoryEntry> | null;
    if (!entry || typeof entry.date !== 'string' || !Array.isArray(entry.routes))
      throw new Error(`entry ${i} has no date or routes`);
  });
  return data as LighthouseHistoryEntry[];
}

/**
 * Appends `entry` to the history file and returns the whole history. An unreadable file is never
 * overwritten: it is moved aside to `<file>.bad` (named in `problem`) and the history restarts.
 */
export function recordHistory(
  file: string,
  entry: LighthouseHistoryEntry,
): { history: LighthouseHistoryEntry[]; problem?: string } {
  let history: LighthouseHistoryEntry[] = [];
  let problem: string | undefined;
  if (existsSync(file)) {
    try {
      history = parseHistory(readFileSync(file, 'utf8'));
    } catch (error) {
      renameSync(file, `${file}.bad`);
      problem = `${file} was unreadable (${(error as Error).message}); kept as ${file}.bad, history restarted`;
    }
  }
  const next = appendHistory(history, entry);
  writeFileSync(file, JSON.stringify(next, null, 2) + '\n');
  return { history: next, problem };
}

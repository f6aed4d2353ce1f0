/**
 * Where a bench run's results go (bench/results/, and with `--update-benchmarks` BENCHMARKS.md and
 * the READMEs' generated figures), and the last click → join run, carried into runs that do not
 * sample it. Part of bench/run.ts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchmarksMarkdown, readmeWithBudgets } from '../benchmarks-md.ts';
import type { ClickJoinResult } from '../click-join.ts';
import { writeReadmeFigures } from '../readme-figures.ts';
import { runBudgets, type BenchResults } from '../report.ts';
import { RESULTS_DIR, ROOT } from './paths.ts';
import { progress } from './progress.ts';

/** Where each click → join run is kept, for the reports of runs that do not sample it (opt-in: it takes minutes). */
export const CLICK_JOIN_FILE = join(RESULTS_DIR, 'click-join.json');

/** The last click → join run on this machine, carried into a run that does not sample it, dated. */
export function lastClickJoin(): BenchResults['clickJoin'] {
  if (!existsSync(CLICK_JOIN_FILE))
    return { note: 'not run (opt-in: `npm run bench -- --only=click-join`), and no earlier run on this machine' };
  try {
    const result = JSON.parse(readFileSync(CLICK_JOIN_FILE, 'utf8')) as ClickJoinResult;
    return {
      result,
      note: `Not sampled by this run (opt-in: \`--only=click-join\`): the figures of the last run on this machine, ${result.date.slice(0, 16).replace('T', ' ')} UTC.`,
    };
  } catch (error) {
    return { note: `not run; ${CLICK_JOIN_FILE} unreadable: ${(error as Error).message}` };
  }
}

/**
 * Writes the run as `latest` and dated (JSON and Markdown) into bench/results/; with
 * `updateBenchmarks`, also BENCHMARKS.md, the root README's budget table and both READMEs' size figures.
 */
export function writeResults(results: BenchResults, markdown: string, updateBenchmarks: boolean): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = results.date.replace(/[:.]/g, '-');
  for (const name of ['latest', `bench-${stamp}`]) {
    writeFileSync(join(RESULTS_DIR, `${name}.json`), JSON.stringify(results, null, 2) + '\n');
    writeFileSync(join(RESULTS_DIR, `${name}.md`), markdown + '\n');
  }
  if (updateBenchmarks) {
    writeFileSync(join(ROOT, 'BENCHMARKS.md'), benchmarksMarkdown(markdown));
    const readmePath = join(ROOT, 'README.md');
    try {
      writeFileSync(
        readmePath,
        readmeWithBudgets(
          readFileSync(readmePath, 'utf8'),
          runBudgets(results),
          results.date,
          results.machine.loadAverage,
          // Carried from an earlier run (this one did not sample it): that run's time.
          results.clickJoin?.note && results.clickJoin.result
            ? `${results.clickJoin.result.date.slice(0, 16).replace('T', ' ')} UTC`
            : undefined,
        ),
      );
    } catch (error) {
      progress(`README.md budget table not updated: ${(error as Error).message}`);
    }
    try {
      writeReadmeFigures();
    } catch (error) {
      progress(`README size figures not updated: ${(error as Error).message}`);
    }
  }
}

/**
 * The README's restart figure (restart → first 200 with a built tree), written between markers by
 * `npm run bench:restart -- --update-readme` (bench/restart.ts) from a measurement, never typed:
 * tests/unit/gates/restart-figure.test.ts checks that the README's block is exactly what
 * {@link restartFigure} renders from the figures it states.
 */

/** Markers around the generated sentence in README.md. */
export const RESTART_START =
  '<!-- bench:restart (written by `npm run bench:restart -- --update-readme`; ' +
  'checked by tests/unit/gates/restart-figure.test.ts) -->';
export const RESTART_END = '<!-- /bench:restart -->';

/** The target of issue #40: a restart serves its first page within 2 s. */
export const RESTART_TARGET_MS = 2000;

/** One run of the restart bench. */
export interface RestartFigures {
  /** Each restart's time from the process' start to the first 200 of `/`, in ms. */
  samples: number[];
  /** One-minute load average when the run started. */
  load: number;
  /** Cores of the machine. */
  cores: number;
  /** The run's date (YYYY-MM-DD). */
  date: string;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Median of the samples (the middle one; the lower middle for an even count, as it is stated). */
function middle(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The README sentence for a run. */
export function restartFigure(f: RestartFigures): string {
  // In the stated precision (10 ms), so the sentence re-rendered from its own printed samples is the same.
  const median = Math.round(middle(f.samples) / 10) * 10;
  const verdict = median <= RESTART_TARGET_MS ? 'met' : `**missed** by ${seconds(median - RESTART_TARGET_MS)}`;
  const list = [...f.samples].map((ms) => (ms / 1000).toFixed(2)).join(', ');
  return (
    `Restart → first 200 with a built tree: **median ${seconds(median)}** over ${f.samples.length} restarts ` +
    `(${list} s; from \`node scripts/start.ts\` to the first 200 of \`/\`, ` +
    'the embedded PostgreSQL started each time), ' +
    `target ≤ ${seconds(RESTART_TARGET_MS)}: ${verdict}. ` +
    `Measured ${f.date} on ${f.cores} cores, load average ${f.load.toFixed(1)}.`
  );
}

/** Reads the figures back from a sentence {@link restartFigure} wrote, or null. */
export function parseRestartFigure(text: string): RestartFigures | null {
  const match =
    /over \d+ restarts \(([\d., ]+) s;.*Measured (\d{4}-\d{2}-\d{2}) on (\d+) cores, load average ([\d.]+)\.$/s.exec(
      text.trim(),
    );
  if (!match) return null;
  const samples = match[1]!.split(', ').map((s) => Math.round(Number(s) * 1000));
  return { samples, date: match[2]!, cores: Number(match[3]), load: Number(match[4]) };
}

/** The text between the markers of `readme`, or null when it has none. */
export function restartBlock(readme: string): string | null {
  const start = readme.indexOf(RESTART_START);
  const end = readme.indexOf(RESTART_END);
  return start === -1 || end < start ? null : readme.slice(start + RESTART_START.length, end).trim();
}

/** `readme` with the block between the markers replaced. @throws when the markers are missing. */
export function readmeWithRestart(readme: string, block: string): string {
  const start = readme.indexOf(RESTART_START);
  const end = readme.indexOf(RESTART_END);
  if (start === -1 || end < start)
    throw new Error(`README.md has no restart markers: put ${RESTART_START} and ${RESTART_END} where the figure goes`);
  return `${readme.slice(0, start + RESTART_START.length)}\n${block}\n${readme.slice(end)}`;
}

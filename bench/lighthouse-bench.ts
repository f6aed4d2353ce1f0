/**
 * Lighthouse for the bench: mobile and desktop, for '/' and every guide, the four category
 * scores and FCP, LCP, TBT, CLS, median of up to 3 runs — sequential, one Chrome, within a time
 * budget. Runs go in passes (every target once, then again, then a third time, '/' first in each
 * pass); when the next run would not fit the budget the remaining passes are skipped and each
 * target reports how many runs its median is over.
 */
import { CATEGORIES, launchLighthouseBrowser, type Category, type FormFactor, type LighthouseRun } from './lib/lighthouse.ts';
import { elapsedSeconds, progress } from './lib/progress.ts';
import { median } from './lib/stats.ts';

/** Median figures of one route × form factor. */
export interface LighthouseRow {
  route: string;
  formFactor: FormFactor;
  /** Runs the medians are over. */
  runs: number;
  scores: Partial<Record<Category, number>>;
  metrics: { fcp?: number; lcp?: number; tbt?: number; cls?: number };
  /** Non-performance audits below 1 in any run (deduplicated). */
  failing: string[];
  errors: string[];
}

/** Options of `benchLighthouse`. */
export interface LighthouseBenchOptions {
  /** Base URL of the served site, e.g. http://localhost:4400. */
  baseUrl: string;
  routes: string[];
  /** Runs wanted per target. @default 3 */
  runs?: number;
  /** Stop starting runs when one would end after this many seconds since the bench began. */
  deadlineSeconds: number;
}

const medianOf = (runs: LighthouseRun[], pick: (r: LighthouseRun) => number | undefined): number | undefined => {
  const values = runs.map(pick).filter((v): v is number => typeof v === 'number');
  return values.length ? median(values) : undefined;
};

/** Runs the Lighthouse bench; returns one row per route × form factor and a note when runs were cut. */
export async function benchLighthouse(options: LighthouseBenchOptions): Promise<{ rows: LighthouseRow[]; note: string }> {
  const wanted = options.runs ?? 3;
  const targets: Array<{ route: string; formFactor: FormFactor; runs: LighthouseRun[]; errors: string[] }> = [];
  for (const formFactor of ['mobile', 'desktop'] as const) {
    for (const route of options.routes) targets.push({ route, formFactor, runs: [], errors: [] });
  }
  // '/' first in every pass, so the landing page gets its 3 runs before the guides do.
  targets.sort((a, b) => Number(b.route === '/') - Number(a.route === '/'));
  const browser = await launchLighthouseBrowser();
  const durations: number[] = [];
  let cut = false;
  try {
    for (let pass = 1; pass <= wanted && !cut; pass++) {
      for (const target of targets) {
        const estimate = durations.length ? median(durations) : 10;
        if (pass > 1 && elapsedSeconds() + estimate > options.deadlineSeconds) {
          cut = true;
          break;
        }
        progress(`lighthouse ${target.formFactor} ${target.route} run ${pass}/${wanted}`);
        const t0 = performance.now();
        try {
          const run = await browser.run(options.baseUrl + target.route, target.formFactor);
          if (run.runtimeError) target.errors.push(run.runtimeError);
          else target.runs.push(run);
        } catch (error) {
          target.errors.push((error as Error).message);
        }
        durations.push((performance.now() - t0) / 1000);
      }
    }
  } finally {
    await browser.close();
  }
  const rows: LighthouseRow[] = targets
    .map((t) => ({
      route: t.route,
      formFactor: t.formFactor,
      runs: t.runs.length,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, medianOf(t.runs, (r) => r.scores[c])])) as Partial<Record<Category, number>>,
      metrics: {
        fcp: medianOf(t.runs, (r) => r.metrics.fcp),
        lcp: medianOf(t.runs, (r) => r.metrics.lcp),
        tbt: medianOf(t.runs, (r) => r.metrics.tbt),
        cls: medianOf(t.runs, (r) => r.metrics.cls),
      },
      failing: [...new Set(t.runs.flatMap((r) => r.failing))],
      errors: t.errors,
    }))
    .sort((a, b) => a.formFactor.localeCompare(b.formFactor) * -1 || (a.route === '/' ? -1 : b.route === '/' ? 1 : a.route.localeCompare(b.route)));
  const min = Math.min(...rows.map((r) => r.runs));
  const note = cut
    ? `Time budget reached: medians over ${min}–${Math.max(...rows.map((r) => r.runs))} runs instead of ${wanted} (each run took ~${median(durations).toFixed(1)} s here; '/' was given its runs first). Run \`npm run bench -- --only=lighthouse\` for the full ${wanted} runs.`
    : `Median of ${wanted} runs per route and form factor (~${median(durations).toFixed(1)} s per run).`;
  return { rows, note };
}

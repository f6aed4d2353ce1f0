/**
 * Lighthouse for the bench: '/' and every guide, mobile (the budgeted form factor: 3 runs each by
 * default) then desktop (1 run each by default, for reference), the four category scores and FCP,
 * LCP, TBT, CLS, median over the runs — sequential, one Chrome, within a time budget. The first
 * run of each target measures all four categories, later runs only performance (the other three
 * do not vary between runs of one build, and npm test gates them), which saves time. Mobile runs
 * go in passes (every route once, then again, then a third time, '/' first in each pass) and
 * always run; then desktop, whose runs are skipped when the next one would not fit the budget.
 * Each target reports how many runs its median is over. Each row keeps every run's performance score and LCP, so a
 * dip is visible next to the median.
 */
import {
  CATEGORIES,
  launchLighthouseBrowser,
  type Category,
  type FormFactor,
  type LighthouseRun,
} from './lib/lighthouse.ts';
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
  /** Performance score of each run, in order. */
  perfRuns: number[];
  /** LCP of each run (ms), in order. */
  lcpRuns: number[];
  /** Non-performance audits below 1 in any run (deduplicated). */
  failing: string[];
  errors: string[];
}

/** Options of `benchLighthouse`. */
export interface LighthouseBenchOptions {
  /** Base URL of the served site, e.g. http://localhost:4400. */
  baseUrl: string;
  routes: string[];
  /** Mobile runs wanted per route. @default 3 */
  runs?: number;
  /** Desktop runs wanted per route (after every mobile run). @default 1 */
  desktopRuns?: number;
  /** Stop starting runs when one would end after this many seconds since the bench began. */
  deadlineSeconds: number;
}

const medianOf = (runs: LighthouseRun[], pick: (r: LighthouseRun) => number | undefined): number | undefined => {
  const values = runs.map(pick).filter((v): v is number => typeof v === 'number');
  return values.length ? median(values) : undefined;
};

interface Target {
  route: string;
  formFactor: FormFactor;
  wanted: number;
  runs: LighthouseRun[];
  errors: string[];
}

/** Runs the Lighthouse bench; returns one row per route × form factor and a note when runs were cut. */
export async function benchLighthouse(
  options: LighthouseBenchOptions,
): Promise<{ rows: LighthouseRow[]; note: string }> {
  const mobileRuns = options.runs ?? 3;
  const desktopRuns = options.desktopRuns ?? 1;
  // '/' first, so the landing page gets its runs before the guides do.
  const routes = [...options.routes].sort((a, b) => Number(b === '/') - Number(a === '/'));
  const targets: Target[] = [];
  for (const [formFactor, wanted] of [
    ['mobile', mobileRuns],
    ['desktop', desktopRuns],
  ] as const) {
    for (const route of routes) targets.push({ route, formFactor, wanted, runs: [], errors: [] });
  }
  const schedule: Target[] = [];
  for (const formFactor of ['mobile', 'desktop'] as const) {
    const group = targets.filter((t) => t.formFactor === formFactor);
    for (let pass = 1; pass <= Math.max(0, ...group.map((t) => t.wanted)); pass++)
      schedule.push(...group.filter((t) => t.wanted >= pass));
  }
  const browser = await launchLighthouseBrowser();
  const durations: number[] = [];
  let cut = false;
  try {
    for (const target of schedule) {
      const estimate = durations.length ? median(durations) : 10;
      // Mobile runs always run (they carry the budget, and the median of 3 is what the stability
      // check reads); desktop runs, for reference, only while there is time left.
      if (target.formFactor === 'desktop' && elapsedSeconds() + estimate > options.deadlineSeconds) {
        cut = true;
        break;
      }
      progress(
        `lighthouse ${target.formFactor} ${target.route} run ${target.runs.length + target.errors.length + 1}/${target.wanted}`,
      );
      const t0 = performance.now();
      try {
        // Accessibility, best practices and SEO do not vary between runs of one build (and are
        // gated in npm test): the first run of a target measures them, later runs only performance.
        const first = target.runs.length === 0;
        const run = await browser.run(
          options.baseUrl + target.route,
          target.formFactor,
          first ? CATEGORIES : ['performance'],
        );
        if (run.runtimeError) target.errors.push(run.runtimeError);
        else target.runs.push(run);
      } catch (error) {
        target.errors.push((error as Error).message);
      }
      durations.push((performance.now() - t0) / 1000);
    }
  } finally {
    await browser.close();
  }
  const rows: LighthouseRow[] = targets.map((t) => ({
    route: t.route,
    formFactor: t.formFactor,
    runs: t.runs.length,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, medianOf(t.runs, (r) => r.scores[c])])) as Partial<
      Record<Category, number>
    >,
    metrics: {
      fcp: medianOf(t.runs, (r) => r.metrics.fcp),
      lcp: medianOf(t.runs, (r) => r.metrics.lcp),
      tbt: medianOf(t.runs, (r) => r.metrics.tbt),
      cls: medianOf(t.runs, (r) => r.metrics.cls),
    },
    perfRuns: t.runs.map((r) => r.scores.performance).filter((v): v is number => v !== undefined),
    lcpRuns: t.runs.map((r) => r.metrics.lcp).filter((v): v is number => v !== undefined),
    failing: [...new Set(t.runs.flatMap((r) => r.failing))],
    errors: t.errors,
  }));
  const perRun = durations.length ? median(durations).toFixed(1) : '?';
  const short = targets.filter((t) => t.formFactor === 'desktop' && t.runs.length + t.errors.length < t.wanted);
  const mobile = `Mobile: median of ${mobileRuns} runs per route (~${perRun} s per run)`;
  const note = cut
    ? `${mobile}; desktop: time budget reached, ${short.length} of ${routes.length} routes without their ${desktopRuns} reference run${desktopRuns === 1 ? '' : 's'} (\`npm run bench -- --only=lighthouse\` runs them all).`
    : `${mobile}; desktop: ${desktopRuns} run${desktopRuns === 1 ? '' : 's'} per route, for reference.`;
  return { rows, note };
}

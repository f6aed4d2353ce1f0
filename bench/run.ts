/**
 * `npm run bench`: builds the widget and the site once (timed), then measures, printing progress:
 * JavaScript per route, widget bytes beside its peers, click → POST /call/web latency, the contact
 * backend under load, and Lighthouse (last, in whatever time is left of the budget). Prints one
 * Markdown report and writes it with its JSON to bench/results/ (latest.md, latest.json and a
 * dated copy of each).
 *
 * Options (after `npm run bench --`):
 *   --no-build          measure the existing dist/ and widget/dist/ (build times not reported)
 *   --only=a,b          run only these steps: build, js, widget, latency, contact, lighthouse
 *   --runs=N            Lighthouse runs per route and form factor (default 3)
 *   --samples=N         clicks per latency mode (default 30)
 *   --budget=S          seconds the whole bench may take (default 285); Lighthouse gets what is left
 *   --update-benchmarks also rewrite BENCHMARKS.md (method + this run's report)
 *
 * Each measurement whose target is not built yet says so in one line and the rest still runs.
 * The build uses the browser tests' environment (tests/fixtures/e2e-env.ts), so `dist/` is the
 * same production build the e2e gates check.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { findBrowser } from '../scripts/browser.ts';
import { E2E_ENV } from '../tests/fixtures/e2e-env.ts';
import { closeParser, listPages } from './lib/html.ts';
import { DIST, RESULTS_DIR, ROOT, guideRoutes } from './lib/paths.ts';
import { elapsedSeconds, progress } from './lib/progress.ts';
import { serveStatic } from './lib/serve.ts';
import { benchmarksMarkdown } from './benchmarks-md.ts';
import { renderMarkdown, type BenchResults } from './report.ts';
import { analyzeSite } from './site-js.ts';
import { measureWidgetSizes, widgetRatios } from './widget-size.ts';

const STEPS = ['build', 'js', 'widget', 'latency', 'contact', 'lighthouse'] as const;
type Step = (typeof STEPS)[number];

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}
const only = option('only')?.split(',').map((s) => s.trim()) as Step[] | undefined;
const unknown = only?.filter((s) => !STEPS.includes(s));
if (unknown?.length) {
  console.error(`Unknown step(s) ${unknown.join(', ')}: choose from ${STEPS.join(', ')}.`);
  process.exit(2);
}
const wants = (step: Step): boolean => (only ? only.includes(step) : step !== 'build' || !process.argv.includes('--no-build'));
const runs = Number(option('runs') ?? 3);
const samples = Number(option('samples') ?? 30);
const budget = Number(option('budget') ?? (only && only.length === 1 && only[0] === 'lighthouse' ? 3600 : 285));

function chromiumVersion(): string | null {
  const path = findBrowser();
  if (!path) return null;
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8' }).trim().replace(/^Chromium\s+/i, '');
  } catch {
    return path;
  }
}

/** Runs a build command, returns its duration in seconds, or throws with its exit status. */
function timedBuild(label: string, command: string, args: string[]): number {
  progress(`build: ${label} …`);
  const t0 = performance.now();
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, ...E2E_ENV, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  const seconds = (performance.now() - t0) / 1000;
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`${label} failed (exit ${result.status ?? result.signal})`);
  }
  progress(`build: ${label} done in ${seconds.toFixed(1)} s`);
  return seconds;
}

const results: BenchResults = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    platform: `${process.platform} ${process.arch}`,
    node: process.version,
    chromium: chromiumVersion(),
  },
  build: {},
  siteJs: { rows: [] },
  widget: { rows: [], ratios: [] },
  lighthouse: { rows: [], note: 'not run (--only)' },
  latency: { rows: [], note: 'not run (--only)' },
  contact: { note: 'not run (--only)' },
  totalSeconds: 0,
};

progress(`bench on ${results.machine.cpus} cores, Node ${results.machine.node}, budget ${budget} s`);

// 1. Build once.
if (wants('build')) {
  try {
    results.build.widgetSeconds = timedBuild('widget (npm run build -w widget)', 'npm', ['run', 'build', '-w', 'widget', '--silent']);
    results.build.siteSeconds = timedBuild('site (astro build)', process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent']);
  } catch (error) {
    results.build.note = `Build failed: ${(error as Error).message}; measuring what exists.`;
    progress(results.build.note);
  }
} else {
  results.build.note = 'Not built by this run (--no-build or --only): measuring the existing build.';
}

// 2. JavaScript per route.
if (wants('js')) {
  progress('javascript per route …');
  if (!listPages(DIST).length) results.siteJs.note = 'not built yet (no HTML in dist/: `npm run build`)';
  else {
    results.siteJs.rows = await analyzeSite(DIST);
    const missing = ['/', ...guideRoutes(), '/widget'].filter((r) => !results.siteJs.rows.some((row) => row.route === r));
    if (missing.length) results.siteJs.note = `not built yet: ${missing.join(', ')}`;
  }
  for (const row of results.siteJs.rows) progress(`  ${row.route}: eager ${(row.eager.sizes.gzip / 1000).toFixed(1)} KB gzip, all islands ${(row.all.sizes.gzip / 1000).toFixed(1)} KB`);
  if (results.siteJs.note) progress(`  ${results.siteJs.note}`);
}

// 3. Latency (also tells which files the first click fetched).
let clickFiles: string[] | undefined;
if (wants('latency')) {
  progress(`click → POST /call/web latency, ${samples} clicks per mode …`);
  try {
    const { benchLatency } = await import('./latency.ts');
    const latency = await benchLatency(samples);
    results.latency = { rows: latency.rows, note: latency.skipped };
    clickFiles = latency.clickFiles;
    if (latency.skipped) progress(`  skipped: ${latency.skipped}`);
    for (const row of latency.rows) progress(`  ${row.mode}: median ${row.medianMs.toFixed(1)} ms, p95 ${row.p95Ms.toFixed(1)} ms (${row.n} ok, ${row.failed} failed)`);
  } catch (error) {
    results.latency = { rows: [], note: `failed: ${(error as Error).message}` };
    progress(`  latency failed: ${(error as Error).message}`);
  }
}

// 4. Widget bytes beside the peers.
if (wants('widget')) {
  progress('widget bytes and peers (esbuild bundles) …');
  results.widget.rows = await measureWidgetSizes(clickFiles);
  results.widget.ratios = widgetRatios(results.widget.rows);
  for (const row of results.widget.rows) progress(`  ${row.label}: ${row.sizes ? `${(row.sizes.gzip / 1000).toFixed(1)} KB gzip` : row.note}`);
}

// 5. Contact backend load.
if (wants('contact')) {
  progress('contact backend: 1,000 inserts from 50, then 200 concurrent clients …');
  if (!existsSync(join(ROOT, 'bench/contact-load.ts'))) results.contact = { note: 'not built yet (bench/contact-load.ts missing)' };
  else {
    try {
      const { runContactLoad } = await import('./contact-load.ts');
      const loads = [];
      for (const concurrency of [50, 200]) {
        const result = await runContactLoad({ total: 1000, concurrency });
        loads.push(result);
        progress(`  ${concurrency} clients: ${result.throughputPerSecond} inserts/s, p95 ${result.p95Ms} ms, ${result.stored} rows, ok: ${result.ok}`);
      }
      results.contact = { results: loads };
    } catch (error) {
      results.contact = { note: `failed: ${(error as Error).message}` };
      progress(`  contact load failed: ${(error as Error).message}`);
    }
  }
}

// 6. Lighthouse, last, within the remaining budget.
if (wants('lighthouse')) {
  const routes = ['/', ...guideRoutes()].filter((r) => listPages(DIST).some((p) => p.route === r));
  if (!routes.length) results.lighthouse = { rows: [], note: 'not built yet (no pages in dist/)' };
  else {
    // Served pre-compressed from memory, like a CDN: on-the-fly brotli would add seconds to LCP.
    const server = await serveStatic(DIST, { host: 'localhost' });
    const baseUrl = server.url;
    progress(`lighthouse: ${routes.length} routes × mobile, desktop, up to ${runs} runs each, until ${budget - 5} s …`);
    try {
      const { benchLighthouse } = await import('./lighthouse-bench.ts');
      results.lighthouse = await benchLighthouse({ baseUrl, routes, runs, deadlineSeconds: budget - 5 });
      const missingGuides = guideRoutes().length === 0 ? ' Guides: not built yet.' : '';
      results.lighthouse.note += missingGuides;
    } catch (error) {
      results.lighthouse = { rows: [], note: `failed: ${(error as Error).message}` };
    } finally {
      await server.close();
    }
  }
  progress(`  ${results.lighthouse.note}`);
}

results.totalSeconds = elapsedSeconds();
const markdown = renderMarkdown(results);
mkdirSync(RESULTS_DIR, { recursive: true });
const stamp = results.date.replace(/[:.]/g, '-');
for (const name of ['latest', `bench-${stamp}`]) {
  writeFileSync(join(RESULTS_DIR, `${name}.json`), JSON.stringify(results, null, 2) + '\n');
  writeFileSync(join(RESULTS_DIR, `${name}.md`), markdown + '\n');
}
if (process.argv.includes('--update-benchmarks')) writeFileSync(join(ROOT, 'BENCHMARKS.md'), benchmarksMarkdown(markdown));
await closeParser();
console.log('\n' + markdown);
progress(`done in ${results.totalSeconds.toFixed(0)} s; written to bench/results/latest.md and latest.json`);

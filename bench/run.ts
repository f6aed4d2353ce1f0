/**
 * `npm run bench`: builds the widget and the site once (timed), then measures, printing progress:
 * JavaScript per route, the contact backend under load (50 and 200 clients), click → POST
 * /call/web beside the peers on three network profiles, chat (type + Enter → POST /chat/web →
 * first token) beside Vapi's widget, widget bytes beside the peers, and Lighthouse (last, mobile
 * first, in whatever time is left of the budget). Prints one Markdown report, budgets first, and
 * writes it with its JSON to bench/results/ (latest.md, latest.json and a dated copy of each).
 *
 * Options (after `npm run bench --`):
 *   --no-build          measure the existing dist/ and widget/dist/ (build times not reported)
 *   --only=a,b          run only these steps: build, js, widget, latency, click-join, chat, markdown,
 *                       contact, lighthouse (`--only click-join` works too); click-join and markdown run only when named
 *                       (≈ 2.5 min a round), and the report then carries its last run, dated
 *   --samples=N         click rounds (one sample of each subject on each profile) (default 15);
 *                       with click-join but not latency: click → join rounds
 *   --join-samples=N    click → join rounds (one sample of each subject in each cell) (default 8)
 *   --join-cells=a,b    only these click → ready cells (ids as fast-mobile/0, slow-mobile-phone/400)
 *   --join-subjects=a,b only these click → ready subjects: ours, ours-intent, vapi-widget, vapi-web
 *   --machine-kb=N      the click → ready bench's call-machine stand-in, kB gzip (default 250)
 *   --chat-samples=N    chat rounds (default 8)
 *   --runs=N            Lighthouse mobile runs per route (default 3)
 *   --desktop-runs=N    Lighthouse desktop runs per route (default 1)
 *   --budget=S          seconds the whole bench may take (default 285); the latency benches stop
 *                       early to leave Lighthouse its mobile runs, and Lighthouse gets what is left
 *   --update-benchmarks also rewrite BENCHMARKS.md (method + this run's report), the budget
 *                       table in README.md and the size figures in both READMEs
 *                       (bench/readme-figures.ts, from widget/dist/cdn)
 *
 * Each measurement whose target is not built yet says so in one line and the rest still runs.
 * The build uses the browser tests' environment (fixtures/e2e-env.ts), so `dist/` is the
 * same production build the e2e gates check. `npm run bench` enters through bench/bootstrap.ts,
 * which builds the widget first when its package entry (imported by the latency benches) is not built.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { historyEntry, recordHistory } from './lib/history.ts';
import { closeParser, listPages } from './lib/html.ts';
import { joinCells } from './lib/join-cells.ts';
import { chromiumVersion, timedBuild } from './lib/machine.ts';
import { parseBenchArgs, type BenchOptions } from './lib/options.ts';
import { CLICK_JOIN_FILE, lastClickJoin, writeResults } from './lib/results-files.ts';
import { DIST, RESULTS_DIR, ROOT, guideRoutes } from './lib/paths.ts';
import { elapsedSeconds, progress } from './lib/progress.ts';
import { serveStatic } from './lib/serve.ts';
import { fsyncOf, renderMarkdown, type BenchResults, type ContactLevel } from './report.ts';
import { analyzeSite } from './site-js.ts';
import { measureWidgetSizes, widgetRatios } from './widget-size.ts';

let options: BenchOptions;
try {
  options = parseBenchArgs(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const { steps, budget } = options;

/** Contact backend load levels: concurrent clients, 1,000 inserts each. */
const CONTACT_LEVELS = [50, 200] as const;
/** Seconds kept per Lighthouse mobile run (5.4–9.5 s measured on 2 shared cores) when the latency benches decide to stop. */
const LIGHTHOUSE_SECONDS_PER_RUN = 7;

const notRun = 'not run (--only)';
const results: BenchResults = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    platform: `${process.platform} ${process.arch}`,
    node: process.version,
    chromium: chromiumVersion(),
    loadAverage: loadavg(),
  },
  build: {},
  siteJs: { rows: [], note: notRun },
  widget: { rows: [], ratios: [] },
  lighthouse: { rows: [], note: notRun },
  click: { note: notRun },
  clickJoin: lastClickJoin(),
  chat: { note: notRun },
  contact: { results: [], note: notRun },
  guideRoutes: guideRoutes(),
  totalSeconds: 0,
};

progress(
  `bench on ${results.machine.cpus} cores (load average ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ')}), Node ${results.machine.node}, budget ${budget} s`,
);

// Time kept for Lighthouse's mobile runs: the latency benches stop starting rounds before it.
const lighthouseRoutes = ['/', ...results.guideRoutes];
const lighthouseReserve = steps.has('lighthouse')
  ? lighthouseRoutes.length * options.runs * LIGHTHOUSE_SECONDS_PER_RUN + 10
  : 0;
const widgetReserve = steps.has('widget') ? 10 : 0;
/** Share of the latency time the click bench gets when the chat bench runs too (it has twice the subjects). */
const CLICK_SHARE = 0.65;

// 1. Build once.
if (steps.has('build')) {
  try {
    results.build.widgetSeconds = timedBuild('widget (npm run build -w widget)', 'npm', [
      'run',
      'build',
      '-w',
      'widget',
      '--silent',
    ]);
    results.build.siteSeconds = timedBuild('site (astro build)', process.execPath, [
      join(ROOT, 'node_modules/astro/bin/astro.mjs'),
      'build',
      '--silent',
    ]);
  } catch (error) {
    results.build.note = `Build failed: ${(error as Error).message}; measuring what exists.`;
    progress(results.build.note);
  }
} else {
  results.build.note = 'Not built by this run (--no-build or --only): measuring the existing build.';
}

// 2. JavaScript per route.
if (steps.has('js')) {
  progress('javascript per route …');
  results.siteJs.note = undefined;
  if (!listPages(DIST).length) results.siteJs.note = 'not built yet (no HTML in dist/: `npm run build`)';
  else {
    results.siteJs.rows = await analyzeSite(DIST);
    const missing = ['/', ...results.guideRoutes, '/widget'].filter(
      (r) => !results.siteJs.rows.some((row) => row.route === r),
    );
    if (missing.length) results.siteJs.note = `not built yet: ${missing.join(', ')}`;
  }
  for (const row of results.siteJs.rows)
    progress(
      `  ${row.route}: eager ${(row.eager.sizes.gzip / 1000).toFixed(1)} KB gzip, all islands ${(row.all.sizes.gzip / 1000).toFixed(1)} KB`,
    );
  if (results.siteJs.note) progress(`  ${results.siteJs.note}`);
}

// 3. Contact backend load (bench/contact-load.ts belongs to the backend: called, not changed here).
if (steps.has('contact')) {
  results.contact = { results: [] };
  if (!existsSync(join(ROOT, 'bench/contact-load.ts')))
    results.contact.note = 'not built yet (bench/contact-load.ts missing)';
  else {
    try {
      const { runContactLoad } = await import('./contact-load.ts');
      for (const concurrency of CONTACT_LEVELS) {
        progress(`contact backend: 1,000 inserts from ${concurrency} concurrent clients …`);
        const load = await runContactLoad({ total: 1000, concurrency });
        const result: ContactLevel = { ...load, fsync: fsyncOf(load.backend) };
        results.contact.results.push(result);
        progress(
          `  ${result.throughputPerSecond} inserts/s, p95 ${result.p95Ms} ms, ${result.stored} rows, ok: ${result.ok}`,
        );
      }
    } catch (error) {
      results.contact.note = `failed: ${(error as Error).message}`;
      progress(`  contact load failed: ${(error as Error).message}`);
    }
  }
}

// 4. Click → POST /call/web beside the peers (also tells which files the first click fetched).
let clickFiles: string[] | undefined;
if (steps.has('latency')) {
  try {
    const { benchClickLatency } = await import('./latency.ts');
    const latencyEnd = budget - lighthouseReserve - widgetReserve;
    const share = steps.has('chat') ? CLICK_SHARE : 1;
    const result = await benchClickLatency({
      samples: options.samples,
      deadlineSeconds: elapsedSeconds() + (latencyEnd - elapsedSeconds()) * share,
    });
    results.click = { result };
    clickFiles = result.clickFiles;
    if (result.skipped) progress(`  skipped: ${result.skipped}`);
  } catch (error) {
    results.click = { note: `failed: ${(error as Error).message}` };
    progress(`  click latency failed: ${(error as Error).message}`);
  }
}

// 4b. Click → ready and first visible response beside the peers (opt-in).
if (steps.has('click-join')) {
  try {
    const { benchClickJoin } = await import('./click-join.ts');
    const cells = options.joinCells && joinCells().filter((c) => options.joinCells!.includes(c.id));
    const result = await benchClickJoin({
      samples: options.joinSamples,
      cells,
      subjects: options.joinSubjects,
      machineBytes: options.machineKb * 1000,
      deadlineSeconds: budget - lighthouseReserve - widgetReserve,
      loadAverage: loadavg,
    });
    results.clickJoin = { result };
    if (result.skipped) progress(`  skipped: ${result.skipped}`);
    else {
      mkdirSync(RESULTS_DIR, { recursive: true });
      writeFileSync(CLICK_JOIN_FILE, JSON.stringify(result, null, 2) + '\n');
    }
  } catch (error) {
    results.clickJoin = { note: `failed: ${(error as Error).message}` };
    progress(`  click → join failed: ${(error as Error).message}`);
  }
}

// 5. Chat beside Vapi's widget in chat mode.
let chatFiles: { files: string[] } | { note: string } = { note: 'not measured (the chat bench did not run: --only)' };
if (steps.has('chat')) {
  try {
    const { benchChatLatency } = await import('./chat-latency.ts');
    const result = await benchChatLatency({
      samples: options.chatSamples,
      deadlineSeconds: budget - lighthouseReserve - widgetReserve,
    });
    results.chat = { result };
    chatFiles = result.notes['ours-chat'] ? { note: result.notes['ours-chat'] } : { files: result.chatFiles };
    if (result.skipped) progress(`  skipped: ${result.skipped}`);
  } catch (error) {
    results.chat = { note: `failed: ${(error as Error).message}` };
    chatFiles = { note: `not measured (the chat bench failed: ${(error as Error).message})` };
    progress(`  chat latency failed: ${(error as Error).message}`);
  }
}

// 5b. The Markdown row (opt-in): a 1 MB reply streamed at 4× CPU, and the issue 34 attacks.
if (steps.has('markdown')) {
  progress('markdown: 1 MB streamed in 1 KB pieces and the attacks, 4× CPU …');
  try {
    const { benchMarkdownStream, markdownLines } = await import('./markdown-stream.ts');
    for (const line of markdownLines(await benchMarkdownStream())) progress(`  ${line}`);
  } catch (error) {
    progress(`  markdown failed: ${(error as Error).message}`);
  }
}

// 6. Widget bytes beside the peers.
if (steps.has('widget')) {
  progress('widget bytes and peers (esbuild bundles) …');
  results.widget.rows = await measureWidgetSizes(clickFiles, chatFiles);
  results.widget.ratios = widgetRatios(results.widget.rows);
  for (const row of results.widget.rows)
    progress(`  ${row.label}: ${row.sizes ? `${(row.sizes.gzip / 1000).toFixed(1)} KB gzip` : row.note}`);
}

// 7. Lighthouse, last, mobile first, within the remaining budget.
if (steps.has('lighthouse')) {
  const routes = lighthouseRoutes.filter((r) => listPages(DIST).some((p) => p.route === r));
  if (!routes.length) results.lighthouse = { rows: [], note: 'not built yet (no pages in dist/)' };
  else {
    // Served pre-compressed from memory, like a CDN: on-the-fly brotli would add seconds to LCP.
    const server = await serveStatic(DIST, { host: 'localhost' });
    progress(
      `lighthouse: ${routes.length} routes, mobile ${options.runs} runs then desktop ${options.desktopRuns}, until ${budget - 5} s …`,
    );
    try {
      const { benchLighthouse } = await import('./lighthouse-bench.ts');
      results.lighthouse = await benchLighthouse({
        baseUrl: server.url,
        routes,
        runs: options.runs,
        desktopRuns: options.desktopRuns,
        deadlineSeconds: budget - 5,
      });
      if (!results.guideRoutes.length) results.lighthouse.note += ' Guides: not built yet.';
      const entry = historyEntry(results.date, results.lighthouse.rows);
      if (entry) {
        mkdirSync(RESULTS_DIR, { recursive: true });
        const { history, problem } = recordHistory(join(RESULTS_DIR, 'lighthouse-history.json'), entry);
        results.lighthouse.history = history.slice(-3);
        if (problem) results.lighthouse.historyNote = problem;
      }
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
writeResults(results, markdown, options.updateBenchmarks);
await closeParser();
console.log('\n' + markdown);
progress(
  `done in ${results.totalSeconds.toFixed(0)} s; written to bench/results/latest.md and latest.json${options.updateBenchmarks ? ', BENCHMARKS.md and README.md' : ''}`,
);

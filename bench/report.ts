/**
 * The bench's results as one object, rendered as Markdown (printed, written to bench/results/,
 * and the body of BENCHMARKS.md) and kept as JSON beside it. Every budgeted figure carries its
 * budget and a "met?" verdict (bench/budgets.ts), and a summary table of all budgets comes first,
 * so a miss is visible at a glance with how far off it is.
 */
import {
  budgetRows,
  sizeVerdict,
  SIZE_BUDGETS,
  verdictCell,
  verdictCounts,
  GUIDE_ISLANDS,
  scoreVerdict,
  type BudgetRow,
} from './budgets.ts';
import type { ChatLatencyResult } from './chat-latency.ts';
import type { ClickJoinResult } from './click-join.ts';
import { renderClickJoin } from './click-join-report.ts';
import type { ContactLoadResult } from './contact-load.ts';
import type { ClickLatencyResult } from './latency.ts';
import type { LighthouseRow } from './lighthouse-bench.ts';
import type { LighthouseHistoryEntry } from './lib/history.ts';
import { kb, ms, ms1, score } from './lib/cells.ts';
import { formatKB } from './lib/size.ts';
import { renderChat, renderClick } from './report-latency.ts';
import type { RouteJs } from './site-js.ts';
import type { Ratio, SizeRow } from './widget-size.ts';

/** One load level of the contact backend (bench/contact-load.ts), with fsync read from its `backend`. */
export type ContactLevel = ContactLoadResult & {
  /** Whether the backend ran with fsync on (a 201 means the row is on disk); absent = not said. */
  fsync?: boolean;
};

/**
 * The fsync setting a contact-load result reports in its `backend` text (e.g. "PostgreSQL 17.10
 * (fsync on, synchronous_commit on)"): true, false, or undefined when the text does not say.
 */
export function fsyncOf(backend: string | undefined): boolean | undefined {
  const match = /\bfsync (on|off)\b/i.exec(backend ?? '');
  return match ? match[1]!.toLowerCase() === 'on' : undefined;
}

/** Everything one `npm run bench` measured. */
export interface BenchResults {
  /** ISO date-time of the run. */
  date: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGiB: number;
    platform: string;
    node: string;
    chromium: string | null;
    loadAverage?: number[];
  };
  /** Seconds per build step, or why it did not run. */
  build: { widgetSeconds?: number; siteSeconds?: number; note?: string };
  siteJs: { rows: RouteJs[]; note?: string };
  widget: { rows: SizeRow[]; ratios: Ratio[] };
  lighthouse: { rows: LighthouseRow[]; note: string; history?: LighthouseHistoryEntry[]; historyNote?: string };
  click: { result?: ClickLatencyResult; note?: string };
  /** Click → join request (opt-in; may carry an earlier run's result, said in `note`). */
  clickJoin?: { result?: ClickJoinResult; note?: string };
  chat: { result?: ChatLatencyResult; note?: string };
  contact: { results: ContactLevel[]; note?: string };
  /** Guide routes the run expected (content/guides). */
  guideRoutes: string[];
  totalSeconds: number;
}

/** The budget rows of a run (see bench/budgets.ts). */
export function runBudgets(r: BenchResults): BudgetRow[] {
  return budgetRows({
    siteJs: r.siteJs,
    widget: r.widget,
    lighthouse: r.lighthouse,
    click: r.click.result,
    clickNote: r.click.note,
    clickJoin: r.clickJoin?.result,
    clickJoinNote: r.clickJoin?.note,
    chat: r.chat.result,
    chatNote: r.chat.note,
    contact: r.contact,
    guideRoutes: r.guideRoutes,
  });
}

/** The budget table: one line per budget, misses marked. */
export function renderBudgetTable(rows: readonly BudgetRow[]): string[] {
  const counts = verdictCounts(rows);
  const out = [`${counts.met} met · ${counts.missed} missed · ${counts['not measured']} not measured.`, ''];
  out.push('| what | measured | budget | met? |', '|---|---:|---:|---|');
  for (const row of rows) out.push(`| ${row.what} | ${row.measured} | ${row.budget} | ${verdictCell(row.verdict)} |`);
  return out;
}

function renderLighthouse(r: BenchResults): string[] {
  const out: string[] = ['## Lighthouse (median)', '', r.lighthouse.note, ''];
  if (r.lighthouse.rows.length) {
    out.push(
      '| route | form | runs | perf | perf per run | a11y | best pr. | SEO | FCP | LCP | LCP per run | TBT | CLS | budget | met? |',
      '|---|---|---:|---:|---|---:|---:|---:|---:|---:|---|---:|---:|---|---|',
    );
    for (const row of r.lighthouse.rows) {
      const s = row.scores;
      const mobile = row.formFactor === 'mobile';
      const verdict = mobile
        ? row.runs
          ? scoreVerdict([
              ['performance', s.performance],
              ['accessibility', s.accessibility],
              ['best practices', s['best-practices']],
              ['SEO', s.seo],
            ])
          : ({ status: 'not measured', detail: row.errors[0] ?? 'no run' } as const)
        : null;
      out.push(
        `| ${row.route} | ${row.formFactor} | ${row.runs} | ${score(s.performance)} | ${row.perfRuns.join(' / ') || '—'} | ${score(s.accessibility)} | ${score(s['best-practices'])} | ${score(s.seo)} | ` +
          `${ms(row.metrics.fcp)} | ${ms(row.metrics.lcp)} | ${row.lcpRuns.map((v) => Math.round(v)).join(' / ') || '—'} | ${ms(row.metrics.tbt)} | ${row.metrics.cls === undefined ? '—' : row.metrics.cls.toFixed(3)} | ` +
          `${mobile ? '100 each' : '— (reference)'} | ${verdict ? verdictCell(verdict) : '—'} |`,
      );
    }
    const failing = r.lighthouse.rows.filter((row) => row.failing.length || row.errors.length);
    if (failing.length) {
      out.push('', 'Audits below 1 (non-performance) and errors:', '');
      for (const row of failing)
        out.push(`- ${row.route} ${row.formFactor}: ${[...row.failing, ...row.errors].join('; ')}`);
    }
    out.push('');
  }
  const history = r.lighthouse.history ?? [];
  if (history.length) {
    const last = history.slice(-3);
    const routes = [...new Set(last.flatMap((e) => e.routes.map((x) => x.route)))];
    out.push(
      `### Lighthouse mobile performance, the last ${last.length} bench run${last.length === 1 ? '' : 's'} on this machine`,
      '',
    );
    if (r.lighthouse.historyNote) out.push(r.lighthouse.historyNote, '');
    out.push(
      "Each cell: the bench run's median (its single runs), LCP. Budget: the median is 100 in every bench run; single runs below 100 are listed.",
      '',
      `| route | ${last.map((e) => e.date.slice(0, 16).replace('T', ' ')).join(' | ')} | 100 in each bench run? |`,
      `|---|${last.map(() => '---:|').join('')}---|`,
    );
    for (const route of routes) {
      const cells = last.map((e) => e.routes.find((x) => x.route === route));
      const runs = cells.flatMap((x) => x?.perfRuns ?? []);
      const low = runs.filter((v) => v < 100);
      const dips = low.length
        ? `; single runs below 100: ${low.length} of ${runs.length} (lowest ${Math.min(...low)})`
        : '';
      const missed = cells.filter((x) => x?.perf !== undefined && x.perf < 100).length;
      const verdict = cells.some((x) => x?.perf === undefined)
        ? '— not in every run'
        : missed
          ? `❌ **no**: ${missed} of ${cells.length} bench runs below 100${dips}`
          : `✅ yes${dips}`;
      out.push(
        `| ${route} | ${cells.map((x) => (x ? `${score(x.perf)} (${x.perfRuns.join('/')}), LCP ${ms(x.lcp)}` : '—')).join(' | ')} | ${verdict} |`,
      );
    }
    out.push('');
  }
  return out;
}

function renderContact(r: BenchResults): string[] {
  const out: string[] = ['## Contact backend under load', ''];
  if (r.contact.note) out.push(r.contact.note, '');
  if (!r.contact.results.length) return out;
  const backend = r.contact.results.find((c) => c.backend)?.backend;
  if (backend) out.push(`Backend: ${backend}.`, '');
  out.push(
    '| clients | inserts | created | rows after | lost | duplicated | inserts/s | p50 | p95 | max | fsync | met? (0 lost, fsync on) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
  );
  for (const c of r.contact.results) {
    const lost = c.missing + c.duplicated;
    const verdict = lost
      ? `❌ **no**: ${lost} rows lost or duplicated`
      : c.fsync === false
        ? '❌ **no**: fsync off'
        : c.fsync === undefined
          ? '— fsync not reported'
          : '✅ yes';
    out.push(
      `| ${c.concurrency} | ${c.total} | ${c.created} | ${c.stored} | ${c.missing} | ${c.duplicated} | ${c.throughputPerSecond}/s | ${ms1(c.p50Ms)} | ${ms1(c.p95Ms)} | ${ms1(c.maxMs)} | ${c.fsync === undefined ? '—' : c.fsync ? 'on' : 'off'} | ${verdict} |`,
    );
    if (c.failures.length) out.push('', `First failures at ${c.concurrency} clients: ${c.failures.join('; ')}`, '');
  }
  out.push('');
  return out;
}

/** Renders the results as Markdown: the budget summary first, then one section per measurement. */
export function renderMarkdown(r: BenchResults): string {
  const out: string[] = [];
  const m = r.machine;
  out.push(`# Bench ${r.date.slice(0, 10)}`, '');
  const load = m.loadAverage?.length
    ? `, load average at the start ${m.loadAverage.map((v) => v.toFixed(1)).join(' / ')}`
    : '';
  out.push(
    `Machine: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, ${m.platform}, Node ${m.node}, Chromium ${m.chromium ?? 'not found'}${load}. Whole run: ${r.totalSeconds.toFixed(0)} s.`,
    '',
    'Sizes are exact. Times depend on the machine and on what else runs on it: read the medians; the p95 and max show the noise.',
    '',
  );

  const budgets = runBudgets(r);
  out.push('## Budgets', '', ...renderBudgetTable(budgets), '');

  out.push('## Build time', '');
  if (r.build.note) out.push(r.build.note, '');
  out.push('| step | seconds |', '|---|---:|');
  out.push(`| widget (\`npm run build -w widget\`) | ${r.build.widgetSeconds?.toFixed(1) ?? '—'} |`);
  out.push(`| site (\`astro build\`) | ${r.build.siteSeconds?.toFixed(1) ?? '—'} |`, '');

  out.push('## JavaScript per route (gzip -9 / brotli 11, 1 KB = 1000 B)', '');
  if (r.siteJs.note) out.push(r.siteJs.note, '');
  out.push(
    'Eager = scripts, inline scripts, modulepreloads and `client:load`/`idle`/`only` islands with their static imports; all islands adds `client:visible`/`media`. Dynamic `import()` chunks are in neither.',
    '',
  );
  out.push(
    '| route | eager gzip | eager brotli | all islands gzip | all islands brotli | files (eager/all) | islands | budget | met? |',
    '|---|---:|---:|---:|---:|---:|---|---|---|',
  );
  for (const row of r.siteJs.rows) {
    let budget = '—';
    let met = '—';
    if (row.route === '/') {
      // The budget table's verdict: the landing's own JavaScript, the widget loader (its own budget) aside.
      budget = `eager without the widget loader ≤ ${formatKB(SIZE_BUDGETS.landingJs)}`;
      const landing = budgets.find((budgetRow) => budgetRow.group === 'landing');
      met = landing ? `${landing.measured}: ${verdictCell(landing.verdict)}` : '—';
    } else if (r.guideRoutes.includes(row.route)) {
      budget = `only ${GUIDE_ISLANDS.join(', ')}`;
      const extra = row.islands.map((i) => i.name).filter((n) => !(GUIDE_ISLANDS as readonly string[]).includes(n));
      met = verdictCell(extra.length ? { status: 'missed', detail: `also ${extra.join(', ')}` } : { status: 'met' });
    }
    out.push(
      `| ${row.route} | ${kb(row.eager.sizes.gzip)} | ${kb(row.eager.sizes.brotli)} | ${kb(row.all.sizes.gzip)} | ${kb(row.all.sizes.brotli)} | ${row.eager.files.length}+${row.eager.inlineScripts} inline / ${row.all.files.length} | ${row.islands.map((i) => `${i.name} (${i.client})`).join(', ') || 'none'} | ${budget} | ${met} |`,
    );
  }
  out.push('');

  out.push('## Widget bytes beside its peers (same run)', '');
  const sizeBudgets: Record<string, number> = {
    'ours-loader': SIZE_BUDGETS.loader,
    'ours-click': SIZE_BUDGETS.voiceTotal,
    'ours-chat': SIZE_BUDGETS.chatTotal,
    'ours-core': SIZE_BUDGETS.core,
  };
  out.push('| bundle | raw | gzip | brotli | budget (gzip) | met? | how |', '|---|---:|---:|---:|---:|---|---|');
  for (const row of r.widget.rows) {
    const limit = sizeBudgets[row.id];
    const met = limit === undefined ? '—' : verdictCell(sizeVerdict(row.sizes?.gzip, limit, row.note));
    out.push(
      `| ${row.label} | ${kb(row.sizes?.raw)} | ${kb(row.sizes?.gzip)} | ${kb(row.sizes?.brotli)} | ${limit === undefined ? '—' : `≤ ${formatKB(limit)}`} | ${met} | ${row.note} |`,
    );
  }
  out.push('');
  if (r.widget.ratios.length) {
    out.push('| ratio (gzip) | ours ÷ peer |', '|---|---:|');
    for (const x of r.widget.ratios)
      out.push(
        `| ${x.label} | ${(x.ratio * 100).toFixed(1)} % (${x.ratio <= 1 ? `${(1 / x.ratio).toFixed(1)}× smaller` : `${x.ratio.toFixed(2)}× larger`}) |`,
      );
    out.push('');
    const click = r.widget.rows.find((row) => row.id === 'ours-click')?.sizes;
    const floor = r.widget.rows.find((row) => row.id === 'daily-js')?.sizes;
    if (click && floor)
      out.push(
        `Above the daily-js floor after the first click: ${kb(click.gzip - floor.gzip)} gzip (everything of ours: loader, UI, engine, API call).`,
        '',
      );
  }

  out.push(
    ...renderClick(r),
    ...renderClickJoin(r.clickJoin ?? { note: 'not run' }),
    ...renderChat(r),
    ...renderLighthouse(r),
    ...renderContact(r),
  );
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd();
}

/**
 * The bench's results as one object, rendered as Markdown (printed and written to
 * bench/results/) and kept as JSON beside it.
 */
import type { ContactLoadResult } from './contact-load.ts';
import type { LatencyRow } from './latency.ts';
import type { LighthouseRow } from './lighthouse-bench.ts';
import { formatKB } from './lib/size.ts';
import type { RouteJs } from './site-js.ts';
import type { Ratio, SizeRow } from './widget-size.ts';

/** Everything one `npm run bench` measured. */
export interface BenchResults {
  /** ISO date-time of the run. */
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; platform: string; node: string; chromium: string | null };
  /** Seconds per build step, or why it did not run. */
  build: { widgetSeconds?: number; siteSeconds?: number; note?: string };
  siteJs: { rows: RouteJs[]; note?: string };
  widget: { rows: SizeRow[]; ratios: Ratio[] };
  lighthouse: { rows: LighthouseRow[]; note: string };
  latency: { rows: LatencyRow[]; note?: string };
  contact: { results?: ContactLoadResult[]; note?: string };
  totalSeconds: number;
}

const kb = (bytes: number | undefined): string => (bytes === undefined ? '—' : formatKB(bytes));
const ms = (v: number | undefined): string => (v === undefined || Number.isNaN(v) ? '—' : `${Math.round(v)} ms`);
const ms1 = (v: number | undefined): string => (v === undefined || Number.isNaN(v) ? '—' : `${v.toFixed(1)} ms`);
const score = (v: number | undefined): string => (v === undefined ? '—' : String(v));

/** Renders the results as Markdown: one section per measurement, tables first. */
export function renderMarkdown(r: BenchResults): string {
  const out: string[] = [];
  const m = r.machine;
  out.push(`# Bench ${r.date.slice(0, 10)}`, '');
  out.push(
    `Machine: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, ${m.platform}, Node ${m.node}, Chromium ${m.chromium ?? 'not found'}. Whole run: ${r.totalSeconds.toFixed(0)} s.`,
    '',
  );

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
  out.push('| route | eager gzip | eager brotli | all islands gzip | all islands brotli | files (eager/all) | islands |', '|---|---:|---:|---:|---:|---:|---|');
  for (const row of r.siteJs.rows) {
    out.push(
      `| ${row.route} | ${kb(row.eager.sizes.gzip)} | ${kb(row.eager.sizes.brotli)} | ${kb(row.all.sizes.gzip)} | ${kb(row.all.sizes.brotli)} | ${row.eager.files.length}+${row.eager.inlineScripts} inline / ${row.all.files.length} | ${row.islands.map((i) => `${i.name} (${i.client})`).join(', ') || 'none'} |`,
    );
  }
  out.push('');

  out.push('## Widget bytes beside its peers (same run)', '');
  out.push('| bundle | raw | gzip | brotli | how |', '|---|---:|---:|---:|---|');
  for (const row of r.widget.rows) {
    out.push(`| ${row.label} | ${kb(row.sizes?.raw)} | ${kb(row.sizes?.gzip)} | ${kb(row.sizes?.brotli)} | ${row.note} |`);
  }
  out.push('');
  if (r.widget.ratios.length) {
    out.push('| ratio (gzip) | ours ÷ peer |', '|---|---:|');
    for (const ratio of r.widget.ratios) out.push(`| ${ratio.label} | ${(ratio.ratio * 100).toFixed(1)} % (${ratio.ratio <= 1 ? `${(1 / ratio.ratio).toFixed(1)}× smaller` : `${ratio.ratio.toFixed(2)}× larger`}) |`);
    out.push('');
    const click = r.widget.rows.find((row) => row.id === 'ours-click')?.sizes;
    const floor = r.widget.rows.find((row) => row.id === 'daily-js')?.sizes;
    if (click && floor) out.push(`Above the daily-js floor after the first click: ${kb(click.gzip - floor.gzip)} gzip (everything of ours: loader, UI, engine, API call).`, '');
  }

  out.push('## Lighthouse (median)', '');
  out.push(r.lighthouse.note, '');
  if (r.lighthouse.rows.length) {
    out.push('| route | form | runs | perf | a11y | best pr. | SEO | FCP | LCP | TBT | CLS |', '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of r.lighthouse.rows) {
      const s = row.scores;
      out.push(
        `| ${row.route} | ${row.formFactor} | ${row.runs} | ${score(s.performance)} | ${score(s.accessibility)} | ${score(s['best-practices'])} | ${score(s.seo)} | ${ms(row.metrics.fcp)} | ${ms(row.metrics.lcp)} | ${ms(row.metrics.tbt)} | ${row.metrics.cls === undefined ? '—' : row.metrics.cls.toFixed(3)} |`,
      );
    }
    const failing = r.lighthouse.rows.filter((row) => row.failing.length || row.errors.length);
    if (failing.length) {
      out.push('', 'Audits below 1 (non-performance) and errors:', '');
      for (const row of failing) out.push(`- ${row.route} ${row.formFactor}: ${[...row.failing, ...row.errors].join('; ')}`);
    }
    out.push('');
  }

  out.push('## Click → POST /call/web (Chromium, microphone granted, loopback provider)', '');
  if (r.latency.note) out.push(r.latency.note, '');
  if (r.latency.rows.length) {
    out.push('| mode | samples | failed | median | p95 | min | max |', '|---|---:|---:|---:|---:|---:|---:|');
    for (const row of r.latency.rows) {
      out.push(`| ${row.mode} | ${row.n} | ${row.failed} | ${ms1(row.medianMs)} | ${ms1(row.p95Ms)} | ${ms1(row.minMs)} | ${ms1(row.maxMs)} |`);
    }
    out.push('');
  }

  out.push('## Contact backend load (embedded PostgreSQL, fsync on)', '');
  if (r.contact.note) out.push(r.contact.note, '');
  const loads = r.contact.results ?? [];
  if (loads.length) {
    out.push(`Backend: ${loads[0]?.backend}.`, '');
    out.push('| inserts | clients | created | rows after | missing | duplicated | throughput | p50 | p95 | max | ok |', '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const c of loads) {
      out.push(
        `| ${c.total} | ${c.concurrency} | ${c.created} | ${c.stored} | ${c.missing} | ${c.duplicated} | ${c.throughputPerSecond}/s | ${ms1(c.p50Ms)} | ${ms1(c.p95Ms)} | ${ms1(c.maxMs)} | ${c.ok ? 'yes' : 'NO'} |`,
      );
    }
    for (const c of loads) if (c.failures.length) out.push('', `First failures (${c.concurrency} clients): ${c.failures.join('; ')}`);
    out.push('');
  }
  return out.join('\n');
}

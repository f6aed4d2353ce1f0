import { describe, expect, it } from 'vitest';
import {
  benchmarksMarkdown,
  readmeWithBudgets,
  README_BUDGETS_END,
  README_BUDGETS_START,
} from '../../../bench/benchmarks-md.ts';
import type { ChatLatencyResult, ChatRow } from '../../../bench/chat-latency.ts';
import type { ClickLatencyResult, LatencyRow } from '../../../bench/latency.ts';
import type { LighthouseRow } from '../../../bench/lighthouse-bench.ts';
import { summarize } from '../../../bench/lib/stats.ts';
import { fsyncOf, renderMarkdown, runBudgets, type BenchResults, type ContactLevel } from '../../../bench/report.ts';
import { widgetRatios, type SizeRow } from '../../../bench/widget-size.ts';

const sizes = (gzip: number) => ({ raw: gzip * 3, gzip, brotli: Math.round(gzip * 0.85) });

const rows: SizeRow[] = [
  { id: 'ours-loader', label: 'ours: script-tag loader', sizes: sizes(6_900), note: 'voice-widget.js' },
  { id: 'ours-click', label: 'ours: after first click', sizes: sizes(83_600), note: '…' },
  { id: 'ours-chat', label: 'ours: chat', sizes: null, note: 'not built yet (no /chat/web in widget/dist/cdn/)' },
  { id: 'ours-core', label: 'ours: core', sizes: null, note: 'not built yet (widget/src/core missing)' },
  { id: 'vapi-widget', label: 'Vapi <vapi-widget>', sizes: sizes(184_700), note: 'umd' },
  { id: 'vapi-web-nodaily', label: '@vapi-ai/web without daily-js', sizes: sizes(13_000), note: '' },
  { id: 'daily-js', label: 'daily-js alone', sizes: sizes(71_900), note: '' },
];

/** A latency row whose samples are exactly `values`. */
function click(subject: LatencyRow['subject'], profile: LatencyRow['profile'], values: number[]): LatencyRow {
  return { subject, profile, latency: summarize(values), failed: 0, jsBeforeClick: 5_454, jsClickToPost: 4_535 };
}

function clickResult(): ClickLatencyResult {
  return {
    rows: [
      click('ours', 'none', [30, 33, 36]),
      click('ours-prefetch', 'none', [9, 10, 11]),
      click('vapi-widget', 'none', [20, 22, 24]),
      click('vapi-web', 'none', [40, 44, 48]),
      click('ours', 'slow-mobile', [200, 210, 220]),
      click('vapi-widget', 'slow-mobile', [28, 30, 32]),
    ],
    notes: {},
    clickFiles: ['voice-widget.js'],
    routing: {
      ours: { continue: 0, provider: 4, 'abort-daily': 1, 'abort-other': 0 },
      'vapi-web': { continue: 0, provider: 4, 'abort-daily': 2, 'abort-other': 1 },
    },
    otherHosts: { 'vapi-web': ['telemetry.example:443'] },
    samples: 3,
    rounds: 3,
  };
}

function chatRow(subject: ChatRow['subject'], profile: ChatRow['profile'], post: number[], token: number[]): ChatRow {
  return {
    subject,
    profile,
    post: summarize(post),
    token: summarize(token),
    failed: 0,
    jsBeforeEnter: 158_072,
    jsEnterToPost: 0,
  };
}

function chatResult(): ChatLatencyResult {
  return {
    rows: [chatRow('vapi-widget-chat', 'none', [50, 56, 60], [80, 86, 90])],
    notes: {
      'ours-chat':
        'not built yet (no /chat/web in widget/dist/cdn/: the chat mode of the conversation card is not on this build)',
    },
    chatFiles: [],
    preflightsOnWire: 0,
    samples: 3,
    rounds: 3,
  };
}

function lighthouse(route: string, perfRuns: number[]): LighthouseRow {
  const sorted = [...perfRuns].sort((a, b) => a - b);
  return {
    route,
    formFactor: 'mobile',
    runs: perfRuns.length,
    scores: { performance: sorted[1], accessibility: 100, 'best-practices': 100, seo: 100 },
    metrics: { fcp: 1200, lcp: 1850, tbt: 5, cls: 0 },
    perfRuns,
    lcpRuns: perfRuns.map(() => 1850),
    failing: [],
    errors: [],
  };
}

const contact = (concurrency: number, missing: number, fsync?: boolean): ContactLevel => ({
  total: 1000,
  concurrency,
  backend: `PostgreSQL 17.10 (fsync ${fsync === undefined ? '?' : fsync ? 'on' : 'off'}, synchronous_commit on)`,
  created: 1000,
  failed: 0,
  failures: [],
  stored: 1000 - missing,
  missing,
  duplicated: 0,
  ok: missing === 0,
  durationMs: 2000,
  throughputPerSecond: 500,
  p50Ms: 60,
  p95Ms: 280,
  maxMs: 1000,
  ...(fsync === undefined ? {} : { fsync }),
});

function results(): BenchResults {
  return {
    date: '2026-11-22T03:00:00.000Z',
    machine: { cpus: 2, cpuModel: 'Test CPU', memoryGiB: 24, platform: 'linux x64', node: 'v22.23.3', chromium: null },
    build: { note: 'Not built by this run.' },
    siteJs: { rows: [], note: 'not built yet (no HTML in dist/: `npm run build`)' },
    widget: { rows, ratios: widgetRatios(rows) },
    lighthouse: { rows: [lighthouse('/', [100, 99, 100])], note: 'Mobile: median of 3 runs per route.' },
    click: { result: clickResult() },
    chat: { result: chatResult() },
    contact: { results: [contact(50, 0, true), contact(200, 2)] },
    guideRoutes: ['/qa/a'],
    totalSeconds: 12,
  };
}

describe('bench report', () => {
  it('computes size ratios only where both sides were measured', () => {
    const ratios = widgetRatios(rows);
    expect(ratios.map((r) => r.label)).toEqual([
      'loader vs Vapi <vapi-widget>',
      'after first click vs Vapi <vapi-widget>',
      'after first click vs daily-js floor',
    ]);
    expect(ratios[0]!.ratio).toBeCloseTo(6_900 / 184_700, 6);
  });

  it('renders every section, with a clear line for what was not built', () => {
    const md = renderMarkdown(results());
    expect(md).toContain('# Bench 2026-11-22');
    expect(md).toContain('2 cores (Test CPU)');
    for (const line of [
      'not built yet (no HTML in dist/',
      'not built yet (widget/src/core missing)',
      'ours, chat: not built yet (no /chat/web',
    ]) {
      expect(md, `says "${line}"`).toContain(line);
    }
    expect(md).toContain('| loader vs Vapi <vapi-widget> | 3.7 % (26.8× smaller) |');
    expect(md).toContain('| after first click vs daily-js floor | 116.3 % (1.16× larger) |');
    expect(md).toContain('Above the daily-js floor after the first click: 11.7 KB gzip');
  });

  it('opens with the budget table, misses marked with how far off', () => {
    const md = renderMarkdown(results());
    const budgets = md.slice(md.indexOf('## Budgets'), md.indexOf('## Build time'));
    expect(budgets, 'the loader misses 6 KB by 0.9 KB').toContain(
      '| widget script-tag loader, gzip | 6.9 KB | ≤ 6.0 KB | ❌ **no**: 0.9 KB over (+15 %) |',
    );
    expect(budgets).toContain('| voice: everything through the first click, gzip | 83.6 KB | ≤ 100.0 KB | ✅ yes |');
    expect(budgets, 'ours 33 ms vs Vapi widget 22 ms on loopback').toContain(
      "| click → POST /call/web, no prefetch, none (loopback): ours vs Vapi <vapi-widget> | 33.0 ms vs 22.0 ms | ≤ the peer's median | ❌ **no**: +11.0 ms (1.50× the peer's median) |",
    );
    expect(budgets).toContain(
      "| click → POST /call/web, no prefetch, none (loopback): ours vs @vapi-ai/web page | 33.0 ms vs 44.0 ms | ≤ the peer's median | ✅ yes |",
    );
    expect(budgets, 'a profile with no peer figure is not measured').toMatch(
      /slow mobile [^|]*: ours vs @vapi-ai\/web page \| — \| [^|]* \| — not measured \|/,
    );
    expect(budgets).toContain(
      '| Lighthouse mobile / (perf · a11y · best pr. · SEO) | 100 · 100 · 100 · 100 | 100 · 100 · 100 · 100 | ✅ yes |',
    );
    expect(budgets, 'a guide with no Lighthouse run').toMatch(/Lighthouse mobile \/qa\/a [^|]*\| — \| [^|]* \| — /);
    expect(budgets, 'chat rows say why ours is missing').toContain('— not built yet (no /chat/web');
    expect(budgets).toContain('| contact backend, 200 clients: rows lost or duplicated | 2 | 0 | ❌ **no**: 2 lost |');
    expect(budgets).toContain(
      '| contact backend, 200 clients: fsync | — | on | — not reported by bench/contact-load.ts |',
    );
    expect(budgets).toMatch(/^\d+ met · \d+ missed · \d+ not measured\.$/m);
  });

  it('renders one click table per profile with ratios ours ÷ each peer and bytes around the click', () => {
    const md = renderMarkdown(results());
    const none = md.slice(md.indexOf('### none (loopback)'), md.indexOf('### slow mobile'));
    expect(none).toContain(
      '| ours, no prefetch | 3 | 0 | 33.0 ms | 36.0 ms | 30.0 ms | 36.0 ms | 5.5 KB | 4.5 KB | — | — | — |',
    );
    expect(none, 'Vapi widget: ours 33 ÷ 22, prefetch 10 ÷ 22').toContain(
      '| Vapi <vapi-widget> | 3 | 0 | 22.0 ms | 24.0 ms | 20.0 ms | 24.0 ms | 5.5 KB | 4.5 KB | 1.50× | 0.45× | ❌ **no**: +11.0 ms',
    );
    expect(none).toContain(
      '| @vapi-ai/web page | 3 | 0 | 44.0 ms | 48.0 ms | 40.0 ms | 48.0 ms | 5.5 KB | 4.5 KB | 0.75× | 0.23× | ✅ yes |',
    );
    expect(md, 'no fast-mobile table without rows').not.toContain('### fast mobile');
    expect(md).toContain(
      'ours, no prefetch: 4 to the platform API (answered by the loopback provider), 1 to Daily (aborted), 0 elsewhere (aborted)',
    );
    expect(md, 'names the hosts').toContain(
      '@vapi-ai/web page: 4 to the platform API (answered by the loopback provider), 2 to Daily (aborted), 1 elsewhere (aborted: telemetry.example:443)',
    );
  });

  it('renders the chat table with the peer alone while ours is not built', () => {
    const md = renderMarkdown(results());
    expect(md).toContain('CORS preflights that reached the provider: 0.');
    expect(md).toContain(
      '| Vapi <vapi-widget mode="chat"> | 3 | 0 | 56.0 ms | 60.0 ms | 86.0 ms | 90.0 ms | 158.1 KB | 0.0 KB | — · — | — ours not measured (see above) | — ours not measured (see above) |',
    );
  });

  it('lists each Lighthouse run and the last bench runs, a dip visible', () => {
    const r = results();
    r.lighthouse.history = [
      { date: '2026-11-21T10:00:00.000Z', routes: [{ route: '/', perf: 100, perfRuns: [100, 100, 100], lcp: 1800 }] },
      { date: '2026-11-22T03:00:00.000Z', routes: [{ route: '/', perf: 100, perfRuns: [100, 99, 100], lcp: 1850 }] },
    ];
    const md = renderMarkdown(r);
    expect(md).toContain('| / | mobile | 3 | 100 | 100 / 99 / 100 |');
    expect(md).toContain('### Lighthouse mobile performance, the last 2 bench runs on this machine');
    expect(md, 'both bench runs have a median of 100; the one single dip is listed').toContain(
      '| / | 100 (100/100/100), LCP 1800 ms | 100 (100/99/100), LCP 1850 ms | ✅ yes; single runs below 100: 1 of 6 (lowest 99) |',
    );
    r.lighthouse.history.push({
      date: '2026-11-22T04:00:00.000Z',
      routes: [{ route: '/', perf: 99, perfRuns: [99, 99, 100], lcp: 1900 }],
    });
    expect(renderMarkdown(r), 'the last three bench runs; one median below 100 misses').toContain(
      '| / | 100 (100/100/100), LCP 1800 ms | 100 (100/99/100), LCP 1850 ms | 99 (99/99/100), LCP 1900 ms | ❌ **no**: 1 of 3 bench runs below 100; single runs below 100: 3 of 9 (lowest 99) |',
    );
  });

  it('reads fsync from the backend the load check reports', () => {
    expect(fsyncOf('PostgreSQL 17.10 (fsync on, synchronous_commit on)')).toBe(true);
    expect(fsyncOf('PostgreSQL 17.10 (fsync off, synchronous_commit on)')).toBe(false);
    expect(fsyncOf('PGlite 0.5')).toBeUndefined();
    expect(fsyncOf(undefined)).toBeUndefined();
  });

  it('renders the backend at each load level with fsync and rows lost', () => {
    const md = renderMarkdown(results());
    expect(md).toContain('Backend: PostgreSQL 17.10 (fsync on, synchronous_commit on).');
    expect(md).toContain('| 50 | 1000 | 1000 | 1000 | 0 | 0 | 500/s | 60.0 ms | 280.0 ms | 1000.0 ms | on | ✅ yes |');
    expect(md).toContain(
      '| 200 | 1000 | 1000 | 998 | 2 | 0 | 500/s | 60.0 ms | 280.0 ms | 1000.0 ms | — | ❌ **no**: 2 rows lost or duplicated |',
    );
  });

  it('BENCHMARKS.md keeps the method, dates the run and nests its sections', () => {
    const doc = benchmarksMarkdown(renderMarkdown(results()));
    expect(doc.startsWith('# Benchmarks\n')).toBe(true);
    expect(doc).toContain('## Latest run\n\nDate: 2026-11-22 (UTC).');
    expect(doc).toContain('\n### Budgets\n');
    expect(doc).toContain('\n### Widget bytes beside its peers');
    expect(doc, 'profile tables one level below their section').toContain('\n#### none (loopback)\n');
    expect(doc).not.toContain('# Bench 2026');
  });

  it('rewrites only the README text between the budget markers, one line per budget', () => {
    const readme = `# Title\n\nBefore.\n\n${README_BUDGETS_START}\nold table\n${README_BUDGETS_END}\n\nAfter.\n`;
    const out = readmeWithBudgets(readme, runBudgets(results()), '2026-11-22T03:00:00.000Z');
    expect(out.startsWith('# Title\n\nBefore.\n\n')).toBe(true);
    expect(out.endsWith(`${README_BUDGETS_END}\n\nAfter.\n`)).toBe(true);
    expect(out).not.toContain('old table');
    expect(out).toContain('Latest run: 2026-11-22 (details');
    expect(readmeWithBudgets(readme, [], '2026-11-22', [9.84, 7, 5]), 'the load it ran at').toContain(
      'Latest run: 2026-11-22, load average 9.8 at its start (timings depend on it; sizes do not) (details',
    );
    expect(
      readmeWithBudgets(readme, [], '2026-11-22', [2], '2026-11-21 10:31 UTC'),
      'carried rows say whence',
    ).toContain('; the click → ready rows: the last `--only=click-join` run, 2026-11-21 10:31 UTC (details');
    expect(out, 'a budget of one row: its figure without a name').toContain(
      '| widget script-tag loader ≤ 6 KB gzip | ❌ **no**: 6.9 KB, 0.9 KB over (+15 %) |',
    );
    expect(out).toContain('| voice: everything through the first click ≤ 100 KB gzip | ✅ yes |');
    expect(out, 'misses by short name, then what was not measured').toContain(
      "| click → POST /call/web without prefetch ≤ each peer's median, every profile | ❌ **no**: loopback, vs Vapi <vapi-widget>: 33.0 ms vs 22.0 ms, +11.0 ms (1.50× the peer's median); slow mobile, vs Vapi <vapi-widget>: 210.0 ms vs 30.0 ms, +180.0 ms (7.00× the peer's median) (not measured: fast mobile, vs Vapi <vapi-widget>, fast mobile, vs @vapi-ai/web page, slow mobile, vs @vapi-ai/web page) |",
    );
    expect(out, 'a partly measured budget says what was met').toContain(
      '| contact backend: no row lost under load, fsync on | ❌ **no**: rows lost at 200 clients: 2, 2 lost (not measured: fsync at 200 clients) |',
    );
    expect(() => readmeWithBudgets('# no markers\n', [], '2026-11-22'), 'names the markers').toThrow(
      README_BUDGETS_START,
    );
  });
});

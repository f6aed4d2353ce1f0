import { describe, expect, it } from 'vitest';
import { benchmarksMarkdown } from '../../../bench/benchmarks-md.ts';
import { renderMarkdown, type BenchResults } from '../../../bench/report.ts';
import { widgetRatios, type SizeRow } from '../../../bench/widget-size.ts';

const sizes = (gzip: number) => ({ raw: gzip * 3, gzip, brotli: Math.round(gzip * 0.85) });

const rows: SizeRow[] = [
  { id: 'ours-loader', label: 'ours: script-tag loader', sizes: sizes(5_900), note: 'voice-widget.js' },
  { id: 'ours-click', label: 'ours: after first click', sizes: sizes(83_600), note: '…' },
  { id: 'ours-core', label: 'ours: core', sizes: null, note: 'not built yet (widget/src/core missing)' },
  { id: 'vapi-widget', label: 'Vapi <vapi-widget>', sizes: sizes(184_700), note: 'umd' },
  { id: 'vapi-web-nodaily', label: '@vapi-ai/web without daily-js', sizes: sizes(13_000), note: '' },
  { id: 'daily-js', label: 'daily-js alone', sizes: sizes(71_900), note: '' },
];

function results(): BenchResults {
  return {
    date: '2026-11-22T03:00:00.000Z',
    machine: { cpus: 2, cpuModel: 'Test CPU', memoryGiB: 24, platform: 'linux x64', node: 'v22.23.3', chromium: null },
    build: { note: 'Not built by this run.' },
    siteJs: { rows: [], note: 'not built yet (no HTML in dist/: `npm run build`)' },
    widget: { rows, ratios: widgetRatios(rows) },
    lighthouse: { rows: [], note: 'not built yet (no pages in dist/)' },
    latency: { rows: [], note: 'not built yet (widget/dist/cdn/voice-widget.js missing)' },
    contact: { note: 'not run (--only)' },
    totalSeconds: 12,
  };
}

describe('bench report', () => {
  it('computes ratios only where both sides were measured', () => {
    const ratios = widgetRatios(rows);
    expect(ratios.map((r) => r.label)).toEqual([
      'loader vs Vapi <vapi-widget>',
      'after first click vs Vapi <vapi-widget>',
      'after first click vs daily-js floor',
    ]);
    expect(ratios[0]!.ratio).toBeCloseTo(5_900 / 184_700, 6);
  });

  it('renders every section, with a clear line for what was not built', () => {
    const md = renderMarkdown(results());
    expect(md).toContain('# Bench 2026-11-22');
    expect(md).toContain('2 cores (Test CPU)');
    for (const line of ['not built yet (no HTML in dist/', 'not built yet (widget/dist/cdn/voice-widget.js missing)', 'not built yet (widget/src/core missing)']) {
      expect(md, `says "${line}"`).toContain(line);
    }
    expect(md).toContain('| loader vs Vapi <vapi-widget> | 3.2 % (31.3× smaller) |');
    expect(md).toContain('| after first click vs daily-js floor | 116.3 % (1.16× larger) |');
    expect(md).toContain('Above the daily-js floor after the first click: 11.7 KB gzip');
  });

  it('BENCHMARKS.md keeps the method, dates the run and nests its sections', () => {
    const doc = benchmarksMarkdown(renderMarkdown(results()));
    expect(doc.startsWith('# Benchmarks\n')).toBe(true);
    expect(doc).toContain('## Latest run\n\nDate: 2026-11-22 (UTC).');
    expect(doc).toContain('### Widget bytes beside its peers');
    expect(doc).not.toContain('# Bench 2026');
  });
});

import { describe, expect, it } from 'vitest';
import {
  budgetRows,
  formatRatio,
  groupVerdicts,
  latencyVerdict,
  ratio,
  ratioVerdict,
  scoreVerdict,
  sizeVerdict,
  SIZE_BUDGETS,
  verdictCell,
  verdictCounts,
  zeroVerdict,
  type BudgetInputs,
} from '../../../bench/budgets.ts';
import type { RouteJs } from '../../../bench/site-js.ts';

describe('budget verdicts', () => {
  it('a size is met at the limit and missed one byte over, with KB and share over', () => {
    expect(sizeVerdict(6_000, SIZE_BUDGETS.loader)).toEqual({ status: 'met' });
    expect(sizeVerdict(6_001, SIZE_BUDGETS.loader)).toEqual({ status: 'missed', detail: '0.0 KB over (+0 %)' });
    expect(sizeVerdict(5_900, 5_000)).toEqual({ status: 'missed', detail: '0.9 KB over (+18 %)' });
    expect(sizeVerdict(undefined, 5_000, 'not built yet')).toEqual({ status: 'not measured', detail: 'not built yet' });
    expect(sizeVerdict(Number.NaN, 5_000).status).toBe('not measured');
  });

  it('scores are met only when every one is 100, and a miss names each score below', () => {
    expect(
      scoreVerdict([
        ['performance', 100],
        ['SEO', 100],
      ]),
    ).toEqual({ status: 'met' });
    expect(
      scoreVerdict([
        ['performance', 99],
        ['accessibility', 100],
        ['SEO', 92],
      ]),
    ).toEqual({ status: 'missed', detail: 'performance 99 (−1), SEO 92 (−8)' });
    expect(scoreVerdict([['performance', undefined]], 'no run').status).toBe('not measured');
    expect(scoreVerdict([]).status).toBe('not measured');
  });

  it('our median is met when ≤ the peer, and a miss says by how many ms and the ratio', () => {
    expect(latencyVerdict(20.5, 20.5)).toEqual({ status: 'met' });
    expect(latencyVerdict(10, 20.5)).toEqual({ status: 'met' });
    expect(latencyVerdict(70, 15.3)).toEqual({ status: 'missed', detail: "+54.7 ms (4.58× the peer's median)" });
    expect(latencyVerdict(undefined, 15.3, 'not built yet')).toEqual({
      status: 'not measured',
      detail: 'not built yet',
    });
    expect(latencyVerdict(Number.NaN, 15.3).status, 'no successful sample').toBe('not measured');
  });

  it('ratios are ours ÷ peer, NaN (printed —) when a side is missing or zero', () => {
    expect(ratio(32.9, 11.1)).toBeCloseTo(2.964, 3);
    expect(formatRatio(ratio(32.9, 11.1))).toBe('2.96×');
    expect(formatRatio(ratio(5, 10))).toBe('0.50×');
    expect(ratio(undefined, 10)).toBeNaN();
    expect(ratio(10, 0)).toBeNaN();
    expect(formatRatio(Number.NaN)).toBe('—');
  });

  it('rows lost must be zero', () => {
    expect(zeroVerdict(0)).toEqual({ status: 'met' });
    expect(zeroVerdict(3)).toEqual({ status: 'missed', detail: '3 lost' });
    expect(zeroVerdict(undefined).status).toBe('not measured');
  });

  it('a ratio budget is met at the limit and missed just over it, with the ratio', () => {
    expect(ratioVerdict(110, 100, 1.1)).toEqual({ status: 'met' });
    expect(ratioVerdict(50, 100, 1.1)).toEqual({ status: 'met' });
    expect(ratioVerdict(111, 100, 1.1)).toEqual({ status: 'missed', detail: "1.11× the peer's median (budget 1.10×)" });
    expect(ratioVerdict(undefined, 100, 1.1, 'opt-in')).toEqual({ status: 'not measured', detail: 'opt-in' });
    expect(ratioVerdict(100, Number.NaN, 1.1).status).toBe('not measured');
  });

  it('cells make a miss stand out', () => {
    expect(verdictCell({ status: 'met' })).toBe('✅ yes');
    expect(verdictCell({ status: 'missed', detail: '0.9 KB over (+18 %)' })).toBe('❌ **no**: 0.9 KB over (+18 %)');
    expect(verdictCell({ status: 'not measured', detail: 'not built yet' })).toBe('— not built yet');
  });
});

const js = (route: string, gzip: number, islands: string[]): RouteJs => ({
  route,
  page: `${route}/index.html`,
  islands: islands.map((name) => ({ name, client: 'load', urls: [] })),
  eager: { files: [], inlineScripts: 0, sizes: { raw: gzip * 3, gzip, brotli: gzip } },
  all: { files: [], inlineScripts: 0, sizes: { raw: gzip * 3, gzip, brotli: gzip } },
  missing: [],
});

function inputs(): BudgetInputs {
  return {
    siteJs: {
      rows: [
        js('/', 86_000, ['Header', 'HeroCall']),
        js('/qa/a', 73_000, ['Header']),
        js('/qa/b', 74_000, ['Header', 'RoiCalculator']),
      ],
    },
    widget: { rows: [{ id: 'ours-loader', label: 'loader', sizes: { raw: 1, gzip: 4_900, brotli: 1 }, note: '' }] },
    lighthouse: { rows: [], note: 'not run (--only)' },
    contact: { results: [], note: 'not run (--only)' },
    guideRoutes: ['/qa/a', '/qa/b'],
  };
}

describe('budget table', () => {
  it('has a row for every budget of DESIGN.md, each profile and peer, in order', () => {
    const rows = budgetRows(inputs());
    const groups = [...new Set(rows.map((r) => r.group))];
    expect(groups).toEqual([
      'loader',
      'voice',
      'chatSize',
      'core',
      'landing',
      'guides',
      'lighthouse',
      'click',
      'clickReady',
      'clickVisible',
      'chat',
      'backend',
    ]);
    expect(rows.filter((r) => r.group === 'click')).toHaveLength(3 * 2);
    expect(rows.filter((r) => r.group === 'chat')).toHaveLength(3 * 2);
    expect(rows.filter((r) => r.group === 'lighthouse').map((r) => r.what)).toEqual([
      'Lighthouse mobile / (perf · a11y · best pr. · SEO)',
      'Lighthouse mobile /qa/a (perf · a11y · best pr. · SEO)',
      'Lighthouse mobile /qa/b (perf · a11y · best pr. · SEO)',
    ]);
  });

  it('judges landing JS and guide islands from the JS per route', () => {
    const rows = budgetRows(inputs());
    expect(rows.find((r) => r.group === 'landing')).toMatchObject({
      measured: '86.0 KB',
      verdict: { status: 'missed', detail: '1.0 KB over (+1 %)' },
    });
    expect(rows.find((r) => r.what === '/qa/a: islands')?.verdict.status).toBe('met');
    expect(rows.find((r) => r.what === '/qa/b: islands')?.verdict).toEqual({
      status: 'missed',
      detail: 'also RoiCalculator',
    });
    expect(rows.find((r) => r.group === 'loader')?.verdict.status).toBe('met');
  });

  it("holds the landing's own JS to its budget without the widget loader (its own row), and says the total", () => {
    const withLoader = inputs();
    const home = withLoader.siteJs.rows[0]!;
    withLoader.siteJs.rows[0] = {
      ...home,
      eager: { ...home.eager, files: ['/_astro/client.js', '/widget/voice-widget.js'] },
    };
    expect(budgetRows(withLoader).find((r) => r.group === 'landing')).toMatchObject({
      measured: '81.1 KB (86.0 KB with it)',
      verdict: { status: 'met' },
    });
  });

  it('says why a figure is missing instead of judging it', () => {
    const rows = budgetRows(inputs());
    expect(rows.find((r) => r.group === 'voice')?.verdict).toEqual({
      status: 'not measured',
      detail: 'not measured (--only)',
    });
    expect(rows.find((r) => r.group === 'lighthouse')?.verdict.detail).toBe('not run (--only)');
    expect(rows.find((r) => r.group === 'backend')?.verdict.detail).toBe('not run (--only)');
    expect(verdictCounts(rows)).toEqual({ met: 2, missed: 2, 'not measured': rows.length - 4 });
  });

  it('folds rows into one verdict per budget: any miss wins and is listed, then not measured', () => {
    const groups = groupVerdicts(budgetRows(inputs()));
    expect(groups.find((g) => g.group === 'loader')?.verdict.status).toBe('met');
    expect(groups.find((g) => g.group === 'guides')?.verdict).toEqual({
      status: 'missed',
      detail: '/qa/b: Header, RoiCalculator, also RoiCalculator',
    });
    expect(groups.find((g) => g.group === 'click')?.verdict).toEqual({
      status: 'not measured',
      detail: 'not measured (--only)',
    });
    const partly = groupVerdicts([
      {
        group: 'backend',
        what: 'a',
        short: 'rows lost at 50 clients',
        measured: '0',
        budget: '0',
        verdict: { status: 'met' },
      },
      {
        group: 'backend',
        what: 'b',
        short: 'fsync at 50 clients',
        measured: '—',
        budget: 'on',
        verdict: { status: 'not measured', detail: 'not reported' },
      },
    ]);
    expect(partly[0]?.verdict, 'says what was met and what was not measured').toEqual({
      status: 'not measured',
      detail: '1 of 2 met; not measured: fsync at 50 clients: not reported',
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { ClickJoinResult, JoinRow } from '../../../bench/click-join-result.ts';
import { collectSample, emptyFigures, rowOf } from '../../../bench/click-join-sample.ts';
import {
  clickJoinRows,
  comparePeers,
  fasterPeer,
  formatInterval,
  samplesOf,
} from '../../../bench/lib/ready-verdicts.ts';
import type { JoinSubjectId } from '../../../bench/lib/join-cells.ts';

/** A row built the way the bench builds it: from samples (ready, visible; null = nothing visible). */
function row(subject: JoinSubjectId, cell: string, ready: number[], visible: Array<number | null>): JoinRow {
  const f = emptyFigures();
  ready.forEach((r, i) => {
    const v = visible[i] ?? null;
    collectSample(f, {
      probe: {
        clickAt: 1000,
        clickRunAt: 1000,
        enterAt: null,
        tokenAt: null,
        paintedAt: null,
        visibleAt: v === null ? null : 1000 + v,
        visibleWhat: v === null ? null : 'attributes BUTTON',
        // The page's task, and the call machine's own start (first to last statement inside it).
        longTasks: [
          { start: 1010, duration: 80 },
          { start: 1000 + r - 110, duration: 95 },
        ],
        clickInp: 40,
      },
      ready: { at: 1000 + r, startedAt: 1000 + r - 100, ranAt: 1000 + r - 20 },
      sample: { transfers: [] },
    });
  });
  return rowOf(subject, cell, f);
}

const result = (rows: JoinRow[], cells = ['fast-mobile/0']): ClickJoinResult => ({
  date: '2026-11-28T01:00:00Z',
  rows,
  cells: cells.map((id) => ({ id, label: id })),
  notes: {},
  machine: { gzipBytes: 250_000, rawBytes: 900_000 },
  samples: 5,
  rounds: 5,
  load: { start: [1, 1, 1], end: [1, 1, 1] },
});

describe('one sample into the figures', () => {
  it("times ready, the first visible frame, the machine and the page's longest task from the click", () => {
    const r = row('ours', 'c', [900], [50]);
    expect(r.readySamples).toEqual([900]);
    expect(r.visibleSamples).toEqual([50]);
    expect(r.machineAt.median).toBe(800);
    expect(r.machineRunMs.median).toBe(80);
    expect(r.longestMs.median, "the call machine's own 95 ms start is not the page's").toBe(80);
    expect(r.longTaskMs.median).toBe(80);
    expect(r.visibleWhat).toEqual(['attributes BUTTON']);
  });

  it('counts a sample that showed nothing apart, as later than any time', () => {
    const r = row('vapi-web', 'c', [900, 900, 900], [null, 40, null]);
    expect(r.visibleSamples).toEqual([40]);
    expect(r.visibleNone).toBe(2);
    expect(samplesOf(r, 'visible')).toEqual([40, Infinity, Infinity]);
  });
});

describe('ours against the faster peer', () => {
  const cell = 'fast-mobile/0';
  const ours = row('ours', cell, [850, 880, 900, 920, 950], [60, 70, 80, 90, 100]);
  const widget = row('vapi-widget', cell, [1000, 1000, 1000, 1000, 1000], [100, 100, 100, 100, 100]);
  const web = row('vapi-web', cell, [1200, 1200, 1200, 1200, 1200], [null, null, null, null, null]);

  it('picks the peer with the lower median in each figure; a page that never answers is never the faster', () => {
    expect(fasterPeer([ours, widget, web], cell, 'ready')?.subject).toBe('vapi-widget');
    const quickWeb = row('vapi-web', cell, [500, 500, 500], [10, 10, 10]);
    expect(fasterPeer([ours, widget, quickWeb], cell, 'ready')?.subject).toBe('vapi-web');
    expect(fasterPeer([ours, widget, web], cell, 'visible')?.subject).toBe('vapi-widget');
    expect(fasterPeer([ours], cell, 'ready')).toBeUndefined();
  });

  it('meets ready at ≤ 0.90× and first visible at ≤ 1.00×, with a bootstrap interval around the ratio', () => {
    const ready = comparePeers([ours, widget, web], cell, 'ready');
    expect(ready.interval.ratio).toBeCloseTo(0.9, 5);
    expect(ready.verdict.status).toBe('met');
    expect(ready.interval.low).toBeLessThanOrEqual(0.9);
    expect(ready.interval.high).toBeGreaterThanOrEqual(0.9);
    expect(formatInterval(ready.interval, 0.9)).toMatch(/across the budget$/);
    const visible = comparePeers([ours, widget, web], cell, 'visible');
    expect(visible.interval.ratio).toBeCloseTo(0.8, 5);
    expect(visible.verdict.status).toBe('met');
    const slow = row('ours', cell, [950, 960, 970, 980, 990], [60, 70, 80, 90, 100]);
    expect(comparePeers([slow, widget, web], cell, 'ready').verdict).toEqual({
      status: 'missed',
      detail: "0.97× the faster peer's median (budget 0.90×)",
    });
    expect(comparePeers([widget, web], cell, 'ready').verdict.status).toBe('not measured');
  });

  it('gives the budget table a ready row and a visible row per cell, and long tasks on fast mobile', () => {
    const slowCell = 'slow-mobile/0';
    const rows = clickJoinRows(
      result(
        [ours, widget, web, row('ours', slowCell, [1], [1]), row('vapi-web', slowCell, [2], [2])],
        [cell, slowCell],
      ),
    );
    expect(rows.map((r) => [r.group, r.short, r.verdict.status])).toEqual([
      ['clickReady', cell, 'met'],
      ['clickReady', slowCell, 'met'],
      ['clickVisible', cell, 'met'],
      ['clickVisible', slowCell, 'met'],
      ['clickTasks', cell, 'missed'],
    ]);
    expect(rows[0]!.measured).toMatch(/^900 ms vs 1000 ms \(<vapi-widget>; 0\.90×, 95 % .*; n = 5 \/ 5\)$/);
    expect(rows[4]).toMatchObject({ measured: '80 ms (max 80 ms, n = 5)', verdict: { detail: '30 ms over' } });
    expect(clickJoinRows(undefined, 'not run (opt-in)').map((r) => r.verdict)).toEqual([
      { status: 'not measured', detail: 'not run (opt-in)' },
      { status: 'not measured', detail: 'not run (opt-in)' },
    ]);
  });
});

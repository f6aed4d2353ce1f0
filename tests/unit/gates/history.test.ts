import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LighthouseRow } from '../../../bench/lighthouse-bench.ts';
import {
  appendHistory,
  historyEntry,
  parseHistory,
  recordHistory,
  type LighthouseHistoryEntry,
} from '../../../bench/lib/history.ts';

const row = (route: string, formFactor: 'mobile' | 'desktop', perfRuns: number[]): LighthouseRow => ({
  route,
  formFactor,
  runs: perfRuns.length,
  scores: { performance: perfRuns[0] },
  metrics: { lcp: 1850 },
  perfRuns,
  lcpRuns: [],
  failing: [],
  errors: [],
});

const entry = (date: string): LighthouseHistoryEntry => ({
  date,
  routes: [{ route: '/', perf: 100, perfRuns: [100], lcp: 1800 }],
});

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('Lighthouse history', () => {
  it('keeps the mobile routes that ran, with each run', () => {
    const e = historyEntry('2026-11-22T03:00:00Z', [
      row('/', 'mobile', [100, 99, 100]),
      row('/', 'desktop', [100]),
      row('/qa/a', 'mobile', []),
    ]);
    expect(e).toEqual({
      date: '2026-11-22T03:00:00Z',
      routes: [{ route: '/', perf: 100, perfRuns: [100, 99, 100], lcp: 1850 }],
    });
    expect(historyEntry('x', [row('/', 'desktop', [100])])).toBeNull();
  });

  it('appends and keeps the newest', () => {
    const h = [entry('1'), entry('2'), entry('3')];
    expect(appendHistory(h, entry('4'), 3).map((e) => e.date)).toEqual(['2', '3', '4']);
  });

  it('refuses a file that is not a history, saying what is wrong', () => {
    expect(() => parseHistory('{}')).toThrow('not a JSON array');
    expect(() => parseHistory('[{"date":1}]')).toThrow('entry 0 has no date or routes');
    expect(() => parseHistory('nope')).toThrow();
  });

  it('records into a file, and moves an unreadable one aside instead of overwriting it', () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-history-'));
    const file = join(dir, 'lighthouse-history.json');
    expect(recordHistory(file, entry('a')).history.map((e) => e.date)).toEqual(['a']);
    expect(recordHistory(file, entry('b')).history.map((e) => e.date)).toEqual(['a', 'b']);
    writeFileSync(file, 'garbage');
    const { history, problem } = recordHistory(file, entry('c'));
    expect(history.map((e) => e.date)).toEqual(['c']);
    expect(problem).toContain('kept as');
    expect(readFileSync(`${file}.bad`, 'utf8'), 'the old file is kept').toBe('garbage');
    expect(existsSync(file)).toBe(true);
  });
});

/**
 * Size budgets of the script-tag build, minified + gzip (level 9), 1 KB = 1000 bytes:
 * - loader (`voice-widget.js`, including the element UI it paints) ≤ 6 KB;
 * - engine (core + createWebCall, everything `voice-widget-engine.js` loads statically) ≤ 6 KB;
 * - loader + everything a call loads (engine, daily chunk with daily-js, shared chunks) ≤ 85 KB.
 * Also checks the layering that makes these budgets possible: the loader holds no core code and
 * the engine no daily-js. Builds into a temporary folder, so it does not touch widget/dist.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildCdn, CDN_FILES, WIDGET_DIR } from '../../../widget/build.ts';

const KB = 1000;
const BUDGET = { loader: 6 * KB, engine: 6 * KB, total: 85 * KB };

let outdir = '';
let meta: Metafile;

function gzip(file: string): number {
  return gzipSync(readFileSync(join(outdir, file)), { level: 9 }).length;
}

/** Output key of a file in the metafile (paths are relative to the widget folder). */
function key(file: string): string {
  return relative(WIDGET_DIR, join(outdir, file)).split('\\').join('/');
}

/** The file and every file it imports, statically only or also dynamically. */
function closure(file: string, dynamic: boolean): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const imported of meta.outputs[k]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' && !dynamic) continue;
      if (!imported.external) visit(imported.path);
      // A sibling file of the same build (the engine's `import('./voice-widget-daily.js')`).
      else if (imported.path.startsWith('./') && meta.outputs[key(imported.path.slice(2))]) visit(key(imported.path.slice(2)));
    }
  };
  visit(key(file));
  return [...seen].map((k) => relative(outdir, join(WIDGET_DIR, k)));
}

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'widget-size-'));
  meta = await buildCdn(outdir);
}, 120_000);

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

describe('widget size budgets (min + gzip)', () => {
  test('loader ≤ 6 KB and free of the core', () => {
    const size = gzip(CDN_FILES.loader);
    console.log(`loader ${CDN_FILES.loader}: ${size} B gzip`);
    expect(size, `loader is ${size} B gzip, budget ${BUDGET.loader}`).toBeLessThanOrEqual(BUDGET.loader);
    const inputs = Object.keys(meta.outputs[key(CDN_FILES.loader)]?.inputs ?? {});
    expect(inputs.length, 'loader inputs known').toBeGreaterThan(0);
    expect(inputs.filter((input) => /src\/(core|api|daily)\/|node_modules/.test(input)), 'no core, api, daily or dependency code in the loader').toEqual([]);
  });

  test('engine (core + createWebCall) ≤ 6 KB and free of daily-js', () => {
    const files = closure(CDN_FILES.engine, false);
    const size = files.reduce((sum, file) => sum + gzip(file), 0);
    console.log(`engine ${files.join(' + ')}: ${size} B gzip`);
    expect(size, `engine is ${size} B gzip, budget ${BUDGET.engine}`).toBeLessThanOrEqual(BUDGET.engine);
    const inputs = files.flatMap((file) => Object.keys(meta.outputs[key(file)]?.inputs ?? {}));
    expect(inputs.filter((input) => input.includes('@daily-co')), 'daily-js is not in the engine').toEqual([]);
    expect(closure(CDN_FILES.engine, true), 'the engine loads the daily chunk lazily').toContain(CDN_FILES.daily);
  });

  test('loader + everything a call loads ≤ 85 KB', () => {
    const files = [CDN_FILES.loader, ...closure(CDN_FILES.engine, true)];
    const sizes = Object.fromEntries(files.map((file) => [file, gzip(file)]));
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    console.log(`after a click: ${JSON.stringify(sizes)} = ${total} B gzip`);
    expect(files, 'the daily chunk is part of a call').toContain(CDN_FILES.daily);
    expect(total, `total after a click is ${total} B gzip, budget ${BUDGET.total}`).toBeLessThanOrEqual(BUDGET.total);
  });
});

/**
 * The size gate: no source file in `widget/src`, `server/`, `site/`, `bench/`, `scripts/` or the
 * widget's build (`widget/build.ts` and its parts in `widget/build/`) is longer than 300 lines, so
 * no file does five jobs. The only lasting exceptions are data tables (route tables, locales);
 * the others below are files over the limit today, each named with who splits it. The list must
 * match exactly: a new long file fails, and a split file must be taken off the list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const MAX_LINES = 300;
/** Folders scanned (recursively) and single files. */
const SCANNED = ['widget/src', 'server', 'site', 'bench', 'scripts', 'widget/build'];
const SCANNED_FILES = ['widget/build.ts'];
/** Folders never scanned: installed or built (by name), and the bench's output (gitignored). */
const SKIPPED = new Set(['node_modules', 'dist']);
const SKIPPED_PATHS = new Set(['bench/results']);
const SOURCE = /\.(?:ts|tsx|mts|astro|css|mjs|js)$/;

/** Files allowed over the limit, with the reason. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  // Data tables: one row per route, read by the client, the docs and the drift test.
  'widget/src/api/routes.ts': 'data table: the platform route table',
};

/** Every source file under `dir`, repository-relative. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || SKIPPED_PATHS.has(path) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** Lines of a file (a final newline does not start another line). */
export function lineCount(text: string): number {
  return text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('source file size gate', () => {
  const files = [...SCANNED.flatMap(sourceFiles), ...SCANNED_FILES];
  const long = files.filter((file) => lineCount(readFileSync(join(ROOT, file), 'utf8')) > MAX_LINES);

  it(`no file is over ${MAX_LINES} lines except the named ones`, () => {
    expect(files.length, 'the scan found the sources').toBeGreaterThan(100);
    for (const dir of [...SCANNED, ...SCANNED_FILES]) {
      expect(
        files.some((file) => file === dir || file.startsWith(`${dir}/`)),
        `the scan reached ${dir}`,
      ).toBe(true);
    }
    expect(
      long.filter((file) => !(file in EXCEPTIONS)),
      `files over ${MAX_LINES} lines: split them`,
    ).toEqual([]);
  });

  it('every named exception is still over the limit (a split file comes off the list)', () => {
    expect(
      Object.keys(EXCEPTIONS).filter((file) => !long.includes(file)),
      'exceptions no longer needed',
    ).toEqual([]);
  });

  it('counts lines as wc does', () => {
    expect(
      [lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb\n'), lineCount('a\n\n')],
      'line counts',
    ).toEqual([0, 1, 1, 2, 2]);
  });
});

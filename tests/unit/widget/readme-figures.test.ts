/**
 * The byte figures in README.md and widget/README.md are the bench's, not hand-copied: the text
 * between their size markers must be what bench/lib/readme-figures.ts renders from a fresh build
 * of the script-tag files (gzip is deterministic, so a figure that no longer matches the build is
 * stale). On a mismatch the message holds the block as it should read; `npx node
 * bench/readme-figures.ts` after `npm run build -w widget` writes it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildCdn, WIDGET_DIR } from '../../../widget/build.ts';
import {
  figuresIn,
  measureWidgetFigures,
  rootReadmeFigures,
  widgetReadmeFigures,
  type WidgetFigures,
} from '../../../bench/lib/readme-figures.ts';

let outdir = '';
let figures: WidgetFigures;

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'widget-figures-'));
  await buildCdn(outdir);
  figures = measureWidgetFigures(outdir);
}, 120_000);

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

describe('README size figures match a fresh build', () => {
  const readmes = [
    ['README.md', join(WIDGET_DIR, '..', 'README.md'), () => rootReadmeFigures(figures)],
    ['widget/README.md', join(WIDGET_DIR, 'README.md'), () => widgetReadmeFigures(figures)],
  ] as const;
  for (const [name, path, render] of readmes) {
    test(name, () => {
      const actual = figuresIn(readFileSync(path, 'utf8'));
      expect(actual, `${name} has its size markers`).not.toBeNull();
      const expected = render().trim();
      expect(
        actual,
        `${name}'s size figures are stale; run \`npm run build -w widget && npx node bench/readme-figures.ts\`. They should read:\n${expected}\n`,
      ).toBe(expected);
    });
  }
});

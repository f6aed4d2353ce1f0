/**
 * Writes the script-tag build's measured byte figures (widget/dist/cdn) into README.md and
 * widget/README.md between their size markers. Run after `npm run build -w widget`:
 * `npx node bench/readme-figures.ts`. `npm run bench -- --update-benchmarks` runs it too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, WIDGET_CDN } from './lib/paths.ts';
import {
  measureWidgetFigures,
  readmeWithFigures,
  rootReadmeFigures,
  widgetReadmeFigures,
} from './lib/readme-figures.ts';

/** Measures `cdnDir` and rewrites both READMEs' figures; returns the files written. */
export function writeReadmeFigures(cdnDir = WIDGET_CDN): string[] {
  const figures = measureWidgetFigures(cdnDir);
  const targets = [
    ['README.md', rootReadmeFigures(figures)],
    ['widget/README.md', widgetReadmeFigures(figures)],
  ] as const;
  for (const [name, block] of targets) {
    const path = join(ROOT, name);
    writeFileSync(path, readmeWithFigures(readFileSync(path, 'utf8'), block, name));
  }
  return targets.map(([name]) => name);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`size figures written to ${writeReadmeFigures().join(' and ')}`);
}

/**
 * widget/README.md is the user README, generated where it can be: its reference tables (options,
 * events, parts, theming properties) are what scripts/widget-readme.ts renders from
 * widget/src/docs/reference.ts (a table edited by hand, or a reference entry added without writing
 * the README again, fails here with the block as it should read), it stays at most 700 lines, and
 * no measured figure is typed by hand outside the generated blocks (the bench's size figures are
 * checked by tests/unit/widget/readme-figures.test.ts).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { README_BLOCKS, readmeBlock, readmeWithBlocks, WIDGET_README } from '../../../../scripts/widget-readme.ts';

const readme = readFileSync(WIDGET_README, 'utf8');

for (const [name, render] of Object.entries(README_BLOCKS)) {
  test(`the ${name} table is generated from the reference`, () => {
    const expected = render().trim();
    expect(
      readmeBlock(readme, name),
      `widget/README.md's ${name} block is stale; run \`npx node scripts/widget-readme.ts\`. It should read:\n${expected}\n`,
    ).toBe(expected);
  });
}

test('the README stays a user README: at most 700 lines', () => {
  const lines = readme.length - (readme.endsWith('\n') ? 1 : 0) === 0 ? 0 : readme.trimEnd().split('\n').length;
  expect(
    lines,
    'widget/README.md lines (architecture goes to ARCHITECTURE.md, size history to CHANGELOG.md)',
  ).toBeLessThanOrEqual(700);
});

/** The README without its generated blocks (between `<!-- x -->` and `<!-- /x -->`) and code blocks. */
export function handWritten(text: string): string {
  return text.replace(/<!-- ([a-z-]+):[^>]*-->[\s\S]*?<!-- \/\1:[^>]*-->/g, '').replace(/```[\s\S]*?```/g, '');
}

/** A size or a time with its unit (`5.6 KB`, `1,335 B`, `531 ms`), as a measurement is written. */
const FIGURE = /(?<![\w.-])\d[\d,.]*\s?(?:KB|kB|MB|B|ms)(?![\w])/g;

test('no measured figure is typed by hand: sizes and times sit only in generated blocks', () => {
  // The one definition the size table needs is no measurement.
  const text = handWritten(readme).replace('1 KB = 1000 B', '');
  expect(text.match(FIGURE) ?? [], 'figures outside the generated blocks').toEqual([]);
  expect(
    handWritten('a <!-- bench:x (y) -->5 KB<!-- /bench:x --> b 3 ms').match(FIGURE),
    'the check sees a figure',
  ).toEqual(['3 ms']);
});

test('writing the blocks again changes nothing, and a README without a block is refused', () => {
  expect(readmeWithBlocks(readme), 'a second write').toBe(readme);
  expect(() => readmeWithBlocks('# no blocks\n'), 'no markers').toThrow(/has no options block/);
});

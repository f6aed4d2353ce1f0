/**
 * widget/README.md's reference tables, generated from the widget's own reference
 * (widget/src/docs/reference.ts, typed by the element's sources, the same data the site's /widget
 * page renders): the options, the DOM events, the `::part()` names and the theming properties. Each
 * sits between its markers; `npx node scripts/widget-readme.ts` writes them and
 * tests/unit/widget/docs/readme-reference.test.ts fails when one no longer matches what this renders.
 * (The size figures are the bench's: bench/readme-figures.ts.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PART_DOCS } from '../widget/src/docs/reference.ts';
import { eventRows, optionRows, tokenRows } from '../widget/src/docs/rows.ts';

/** The README this writes. */
export const WIDGET_README = resolve(import.meta.dirname, '../widget/README.md');

/** A table cell: pipes escaped, so a text with `a | b` stays one cell. */
const cell = (text: string) => text.replace(/\|/g, '\\|');
const code = (text: string) => `\`${text}\``;
const table = (head: string[], rows: string[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');

/** Items joined with commas into lines of at most 100 characters. */
const wrap = (items: string[]) => {
  const lines = [''];
  for (const item of items) {
    const line = lines[lines.length - 1]!;
    if (line && line.length + item.length + 2 > 100) lines.push(item);
    else lines[lines.length - 1] = line ? `${line}, ${item}` : item;
  }
  return `${lines.join(',\n')}.`;
};

/** The generated blocks, by marker name. */
export const README_BLOCKS: Readonly<Record<string, () => string>> = {
  options: () =>
    table(
      ['script tag', 'element', 'default', 'what it does'],
      optionRows().map((row) => [code(row.attribute), row.property ? code(row.property) : '—', row.default, row.text]),
    ),
  events: () =>
    table(
      ['event', 'when (`event.detail`)'],
      eventRows().map(([name, text]) => [code(name), text]),
    ),
  // The names only (the /widget page and reference.ts say what each is): a table of 55 rows would be
  // a tenth of the README.
  parts: () => wrap(Object.keys(PART_DOCS).map(code)),
  tokens: () =>
    table(
      ['property', 'light', 'dark', 'styles'],
      tokenRows().map(([name, ...rest]) => [code(name), ...rest]),
    ),
};

const start = (name: string) =>
  `<!-- reference:${name} (written by \`npx node scripts/widget-readme.ts\`; checked by tests/unit/widget/docs/readme-reference.test.ts) -->`;
const end = (name: string) => `<!-- /reference:${name} -->`;

/** The text between block `name`'s markers in `readme`, or null when it has none. */
export function readmeBlock(readme: string, name: string): string | null {
  const from = readme.indexOf(start(name));
  const to = readme.indexOf(end(name));
  if (from === -1 || to < from) return null;
  return readme.slice(from + start(name).length, to).trim();
}

/**
 * `readme` with every block rendered again.
 * @throws Error naming the markers of a block the README lacks (nothing is written then).
 */
export function readmeWithBlocks(readme: string): string {
  let text = readme;
  for (const [name, render] of Object.entries(README_BLOCKS)) {
    const from = text.indexOf(start(name));
    const to = text.indexOf(end(name));
    if (from === -1 || to < from)
      throw new Error(`widget/README.md has no ${name} block: put ${start(name)} and ${end(name)} where it goes`);
    text = `${text.slice(0, from + start(name).length)}\n${render()}\n${text.slice(to)}`;
  }
  return text;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  writeFileSync(WIDGET_README, readmeWithBlocks(readFileSync(WIDGET_README, 'utf8')));
  console.log(`widget/README.md: ${Object.keys(README_BLOCKS).join(', ')} written from widget/src/docs/reference.ts`);
}

// @vitest-environment happy-dom
/**
 * Markdown bounded by construction (issue 34): at most 12 columns, 100 body rows, 6 list levels
 * and 2,000 nodes a message; what does not fit is plain text, never lost. The attacks of the
 * issue (the table bomb at 2, 8 and 10 KB, 100 KB of `>` lines, a 1 MB reply streamed in 1 KB
 * pieces) and a restored turn (the same renderer) all stay within the limits.
 */
import { describe, expect, test } from 'vitest';
import { conversationLog } from '../../../../../widget/src/card/conversation-log.ts';
import type { Add } from '../../../../../widget/src/card/controls.ts';
import {
  MAX_COLUMNS,
  MAX_MARKDOWN_CHARS,
  MAX_NODES,
  MAX_ROWS,
} from '../../../../../widget/src/card/markdown/limits.ts';
import { parseBlocks } from '../../../../../widget/src/card/markdown/parse-blocks.ts';
import { markdownView } from '../../../../../widget/src/card/markdown/render.ts';
import { longReply, quotes, tableBomb } from './attacks.ts';
import { md } from './html.ts';

/** Every DOM node under `root` (elements and texts), not counting `root`. */
function domNodes(root: Node): number {
  let count = 0;
  const walker = document.createTreeWalker(root);
  while (walker.nextNode()) count++;
  return count;
}

/** The plain rest as shown: its chunks' text, in order. */
const plainText = (box: Element): string =>
  [...box.querySelectorAll('[data-plain]')].map((chunk) => chunk.textContent).join('');

const drawn = (source: string): HTMLElement => {
  const box = document.createElement('div');
  markdownView(box)(source);
  return box;
};

describe('tables', () => {
  const table = (columns: number, rows: number) =>
    `${'|h'.repeat(columns)}|\n${'|-'.repeat(columns)}|\n${`${'|c'.repeat(columns)}|\n`.repeat(rows)}`;

  test(`${MAX_COLUMNS} columns make a table, one more does not (its lines stay text)`, () => {
    expect(md(table(MAX_COLUMNS, 1)), 'at the limit').toMatch(/^<table>/);
    expect(md(table(MAX_COLUMNS + 1, 1)), 'past it').toMatch(/^<p>\|h\|h/);
  });

  test(`a table ends after ${MAX_ROWS} body rows; the rows after it are text`, () => {
    const html = md(table(2, MAX_ROWS + 5));
    expect(html.match(/<tr>/g)?.length, 'header and the first rows').toBe(MAX_ROWS + 1);
    expect(html, 'the rest as a paragraph').toMatch(/<\/table><p>\|c\|c\|<br>/);
  });
});

describe(`at most ${MAX_NODES} nodes a message, the rest plain text`, () => {
  test.each([
    ['the 2 KB table bomb', tableBomb(2_000), false],
    ['the 8 KB table bomb', tableBomb(8_000), true],
    ['the 10 KB table bomb', tableBomb(10_000), true],
    ['a 2 KB bomb of 12 columns (a table, rows padded)', tableBomb(2_000, 12), true],
    ['100 KB of > lines', quotes(100_000), true],
    ['a 1 MB reply of every construct', longReply(1_000_000), true],
  ])('%s', (name, source, past) => {
    const box = drawn(source);
    const nodes = parseBlocks(source).reduce((sum, block) => sum + block.nodes, 0);
    expect(nodes, `${name}: tree nodes`).toBeLessThanOrEqual(MAX_NODES);
    expect(domNodes(box), `${name}: DOM nodes`).toBeLessThanOrEqual(MAX_NODES);
    // Nothing lost: the plain rest holds the source as sent, up to its last character.
    const plain = plainText(box);
    expect(!!plain, `${name}: a plain rest`).toBe(past);
    if (plain) expect(source.endsWith(plain), `${name}: the rest as sent`).toBe(true);
  });

  test('a message within the limits has no plain rest', () => {
    const source = longReply(3_000);
    expect(drawn(source).querySelector('[data-plain]'), 'all formatted').toBeNull();
  });

  test(`past ${MAX_MARKDOWN_CHARS} characters the rest is plain, from the line break before`, () => {
    const line = `${'word '.repeat(19)}\n`;
    const source = line.repeat(Math.ceil((MAX_MARKDOWN_CHARS + 5_000) / line.length));
    const blocks = parseBlocks(source, 0, Infinity);
    const rest = blocks.at(-1)!;
    expect(rest.plain, 'a plain rest').toBe(true);
    expect(source[rest.from - 1], 'starts after a line break').toBe('\n');
    expect(rest.from, 'within the limit').toBeLessThanOrEqual(MAX_MARKDOWN_CHARS);
  });

  test('a restored turn goes through the same limits', () => {
    const log = document.createElement('div');
    const add: Add = (parent, tag, className, part, attrs) => {
      const made = document.createElement(tag);
      if (className) made.className = className;
      for (const [name, value] of Object.entries({ ...attrs, ...(part && { part }) })) made.setAttribute(name, value);
      return parent.appendChild(made);
    };
    conversationLog(log, add)([{ id: 1, role: 'assistant', text: tableBomb(10_000), partial: '', via: 'text' }], {
      you: 'You',
      agent: 'Agent',
    } as never);
    expect(domNodes(log), 'the bubble').toBeLessThanOrEqual(MAX_NODES + 20);
  });
});

describe('a reply streamed past the limits', () => {
  test('1 MB in 1 KB pieces: within the limits all along, and it ends with every character shown', () => {
    const source = longReply(1_000_000);
    const box = document.createElement('div');
    const view = markdownView(box);
    let most = 0;
    for (let at = 1_024, piece = 0; at < source.length + 1_024; at += 1_024, piece++) {
      view(source.slice(0, at));
      // Counted every 16th piece and at the end (a walk per piece costs more than the rendering).
      if (piece % 16 === 0 || at >= source.length) most = Math.max(most, domNodes(box));
    }
    expect(most, 'DOM nodes at the most').toBeLessThanOrEqual(MAX_NODES);
    expect(source.endsWith(plainText(box)), 'the rest as sent').toBe(true);
    expect(plainText(box), 'the same rest as drawn at once').toBe(plainText(drawn(source)));
  });

  test('a plain rest growing in many pieces stays a few text nodes', () => {
    const box = document.createElement('div');
    const view = markdownView(box);
    let text = quotes(10_000);
    for (let i = 0; i < 500; i++) view((text += 'more words '));
    for (const chunk of box.querySelectorAll('[data-plain]')) {
      expect(chunk.childNodes.length, 'text nodes of a chunk of the plain rest').toBeLessThanOrEqual(8);
    }
    expect(text.endsWith(plainText(box)), 'all shown').toBe(true);
  });
});

describe('a paragraph that cannot fit', () => {
  test('a paragraph with more lines than nodes left is never built (its lines are the plain rest)', () => {
    // 40,000 `>` lines: one node a line at least, so the paragraph cannot fit; none of its nodes is made.
    const blocks = parseBlocks(quotes(80_000).slice(0, MAX_MARKDOWN_CHARS - 2));
    expect(
      blocks.map((block) => !!block.plain),
      'one plain rest',
    ).toEqual([true]);
  });
});

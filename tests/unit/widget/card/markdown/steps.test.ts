// @vitest-environment happy-dom
/**
 * Markdown work is linear in the input (issue 34), counted, never timed: V8's precise block
 * coverage counts every block the parser and renderer run (each loop turn, each branch, each
 * call), so a step is a step whatever the machine's load. The count at 2× and 4× the input is
 * compared with 1× (linear: 2 and 4; quadratic: 4 and 16), and the count per character is held
 * under a fixed bound (a table padded to 200 columns a row ran about 100 steps per character).
 * A streamed reply is counted the same way, piece by piece, as the card renders it.
 */
import { describe, expect, test } from 'vitest';
import { usePreciseCoverage } from './coverage.ts';
import { parseBlocks } from '../../../../../widget/src/card/markdown/parse-blocks.ts';
import { markdownView } from '../../../../../widget/src/card/markdown/render.ts';
import { longReply, quotes, tableBomb } from './attacks.ts';

const session = usePreciseCoverage();

/** The blocks of widget/src/card/markdown/ that `run` executed (taking coverage resets the counts). */
async function steps(run: () => void): Promise<number> {
  await session.post('Profiler.takePreciseCoverage');
  run();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  let count = 0;
  for (const script of result) {
    if (!script.url.includes('/widget/src/card/markdown/')) continue;
    for (const fn of script.functions) for (const range of fn.ranges) count += range.count;
  }
  return count;
}

const fill = (unit: string) => (size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
/** Backtick runs of every length once (no run closes another), about `size` long. */
const ticks = (size: number) =>
  Array.from({ length: Math.round(Math.sqrt(2 * size)) }, (_, i) => '`'.repeat(i + 1)).join('x');

/** Steps per character a parse may take (the shapes below take 2 to 17). */
const PER_CHAR = 40;

describe('parsing: steps grow with the input, not faster', () => {
  // Under MAX_MARKDOWN_CHARS and with no node budget: every character is parsed as Markdown.
  const SIZE = 8_000;
  test.each([
    ['plain text', fill('hello world ')],
    ['nested emphasis', fill('*a _b ')],
    ['unclosed brackets and links', fill('[a](b [c ')],
    ['unclosed link targets', fill('[a](b(')],
    ['backtick runs that never close', ticks],
    ['closers with no opener', (size: number) => `**a${'['.repeat(size / 4)}${' x*'.repeat(size / 4)}`],
    ['every inline construct', fill('**Bold** and _it_ with `code` and [a link](https://a.example) ')],
    ['a list', fill('- item **one**\n   1. nested\n')],
    [
      'lists nested as deep as they go',
      fill('- a\n  - b\n    - c\n      - d\n        - e\n          - f\n            - g\n'),
    ],
    ['the table bomb (200 columns declared)', (size: number) => tableBomb(size)],
    ['the table bomb at 12 columns (rows padded)', (size: number) => tableBomb(size, 12)],
    ['> lines', quotes],
    ['a reply of every construct', longReply],
  ])('%s', async (name, make) => {
    const counts = [];
    for (const scale of [1, 2, 4]) {
      const source = make(SIZE * scale);
      counts.push({ chars: source.length, steps: await steps(() => parseBlocks(source, 0, Infinity)) });
    }
    const [one, two, four] = counts as [{ chars: number; steps: number }, { steps: number }, { steps: number }];
    expect(two.steps / one.steps, `${name}: 2× the input`).toBeLessThan(2.5);
    expect(four.steps / one.steps, `${name}: 4× the input`).toBeLessThan(5);
    expect(one.steps / one.chars, `${name}: steps per character`).toBeLessThan(PER_CHAR);
  });
});

describe('a streamed reply: steps grow with its length, not with length × pieces', () => {
  /** Streams `source` into a Markdown view in 1 KB pieces; the steps it took. */
  const stream = (source: string) =>
    steps(() => {
      const view = markdownView(document.createElement('div'));
      for (let at = 1_024; at < source.length + 1_024; at += 1_024) view(source.slice(0, at));
    });

  test.each([
    // One block growing all along: parsed again with every piece unless bounded.
    ['one long list', fill('- item **one** with _stress_\n')],
    ['one long paragraph', fill('Words and **more** words.\n')],
    ['one long table', (size: number) => `| a | b |\n|---|---|\n${fill('| **x** | y |\n')(size)}`],
    ['a reply of every construct', longReply],
  ])('%s, 256 KB to 1 MB', async (name, make) => {
    const counts = [];
    for (const size of [256_000, 512_000, 1_024_000]) counts.push(await stream(make(size)));
    const [one, two, four] = counts as [number, number, number];
    expect(two / one, `${name}: 2× the reply`).toBeLessThan(2.5);
    expect(four / one, `${name}: 4× the reply`).toBeLessThan(5);
  });
});

describe('a block that cannot fit the node budget is not built', () => {
  test('64 KB of > lines under the budget: a few steps a character, not the 64,000 nodes it would make', async () => {
    const source = quotes(64_000);
    const budgeted = await steps(() => parseBlocks(source));
    const built = await steps(() => parseBlocks(source, 0, Infinity));
    // Splitting the lines is linear either way; reading them as Markdown and building the
    // paragraph's nodes is the most of it, and stops where the budget runs out.
    expect(budgeted / source.length, 'steps per character with the budget').toBeLessThan(3);
    expect(budgeted * 3, 'against building it').toBeLessThan(built);
  });
});

describe('a piece costs what it adds, not what came before it', () => {
  /**
   * Streams `source` in 1 KB pieces and counts, for its last 8 pieces, the steps of each update and
   * the DOM changes it made (MutationObserver records: nodes added or removed, text changed).
   */
  async function lastPieces(source: string): Promise<{ steps: number; changes: number }> {
    const box = document.createElement('div');
    const view = markdownView(box);
    const observer = new MutationObserver(() => {});
    observer.observe(box, { childList: true, characterData: true, subtree: true });
    const ends: number[] = [];
    for (let at = 1_024; at < source.length + 1_024; at += 1_024) ends.push(Math.min(at, source.length));
    for (const end of ends.slice(0, -8)) view(source.slice(0, end));
    observer.takeRecords();
    let work = 0;
    let changes = 0;
    for (const end of ends.slice(-8)) {
      const next = source.slice(0, end);
      work += await steps(() => view(next));
      changes += observer.takeRecords().length;
    }
    observer.disconnect();
    return { steps: work / 8, changes: changes / 8 };
  }

  test.each([
    ['a reply of every construct', longReply],
    ['one long list', fill('- item **one** with _stress_\n')],
    ['one long paragraph', fill('Words and **more** words.\n')],
  ])('%s: a piece at 1 MB costs as one at 32 KB', async (name, make) => {
    const short = await lastPieces(make(32_000));
    const long = await lastPieces(make(1_024_000));
    // Re-parsing or re-drawing the whole message per piece makes the long one 30 times the short.
    expect(long.steps / short.steps, `${name}: parse and patch steps a piece`).toBeLessThan(1.5);
    expect(long.changes, `${name}: DOM changes a piece`).toBeLessThanOrEqual(Math.max(4, 1.5 * short.changes));
  });
});

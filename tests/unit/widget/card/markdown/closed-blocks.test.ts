// @vitest-environment happy-dom
/**
 * Closed blocks (render.ts's `close`, issue 34): a block that another block or the plain rest
 * follows is final while the message grows, so it is marked `data-closed` (markdown.css:
 * `content-visibility: auto`) and sized as it was drawn, so a piece at the end does not lay it out
 * again and nothing moves when it leaves the view. Counted: which blocks, which sizes, how many reads.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { markdownView } from '../../../../../widget/src/card/markdown/render.ts';

const REPLY =
  'Intro with **bold**.\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n- one\n- two\n  - nested\n\n' +
  '```\ncode\n```\n\n- flat\n- list\n\nThe end.';

/** The layout this environment has not: every block drawn 300 × 40 px (0 × 0 while `hidden`). */
let reads = 0;
let hidden = false;
const real = HTMLElement.prototype.getBoundingClientRect;
beforeEach(() => {
  reads = 0;
  hidden = false;
  HTMLElement.prototype.getBoundingClientRect = () => {
    reads++;
    return (hidden ? { width: 0, height: 0 } : { width: 300, height: 40 }) as DOMRect;
  };
});
afterEach(() => {
  HTMLElement.prototype.getBoundingClientRect = real;
});

/** `source` streamed in pieces of `step` characters into a new box. */
function streamed(source: string, step: number, box = document.createElement('div')) {
  const view = markdownView(box);
  for (let at = step; at < source.length + step; at += step) view(source.slice(0, at));
  return { box, view };
}

const marks = (box: Element) =>
  [...box.children].map((block) => [
    block.tagName,
    block.hasAttribute('data-closed'),
    (block as HTMLElement).style.containIntrinsicSize,
  ]);

test('streamed: every block but the last is closed, sized as drawn; a list ending in a list is not', () => {
  const { box } = streamed(REPLY, 5);
  expect(marks(box)).toEqual([
    ['P', true, 'auto 300px auto 40px'],
    ['TABLE', true, 'auto 300px auto 40px'],
    // Its nested list's margin passes through it: containment would keep it inside (2 px taller).
    ['UL', false, ''],
    ['PRE', true, 'auto 300px auto 40px'],
    ['UL', true, 'auto 300px auto 40px'],
    // The last block may still grow.
    ['P', false, ''],
  ]);
  // Each block is read once, when it has closed: a piece that closes nothing reads nothing.
  expect(reads, 'one read per closed block').toBe(4);
});

test('drawn at once (a restored turn) nothing is read or closed: no size was drawn to keep', () => {
  const { box } = streamed(REPLY, REPLY.length);
  expect(marks(box).filter(([, closed]) => closed)).toEqual([]);
  expect(reads).toBe(0);
});

test('a block not drawn yet (a hidden card) is closed by a later update, once it is', () => {
  hidden = true;
  const { box, view } = streamed(REPLY, 5);
  expect(marks(box).filter(([, closed]) => closed), 'nothing drawn, nothing closed').toEqual([]);
  hidden = false;
  view(`${REPLY} More.`);
  expect(marks(box).filter(([, closed]) => closed).length, 'all but the last and the nesting list').toBe(4);
});

test('text that changed (not grew) opens every block again: none keeps an old size', () => {
  const { box, view } = streamed(REPLY, 5);
  const first = box.firstElementChild!;
  view(`Intro with **bold**.\n\nOther text.`);
  expect(box.firstElementChild, 'the same first block').toBe(first);
  expect(marks(box)).toEqual([
    ['P', false, ''],
    ['P', false, ''],
  ]);
  expect(first.hasAttribute('style'), 'no style left').toBe(false);
});

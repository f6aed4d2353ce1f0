// @vitest-environment happy-dom
/**
 * The plain rest of a message past its limits (card/markdown/plain-rest.ts, issue 34): short chunks
 * of which only the open one grows, folded far from the end, so the DOM stays bounded and a piece
 * touches (and the browser lays out) what it adds, not the rest. Counted, never timed.
 */
import { describe, expect, test } from 'vitest';
import {
  FOLD_CHUNKS,
  MAX_FOLDS,
  MAX_NODES,
  PLAIN_CHUNK,
  PLAIN_RESERVE,
} from '../../../../../widget/src/card/markdown/limits.ts';
import { plainRest } from '../../../../../widget/src/card/markdown/plain-rest.ts';
import { markdownView } from '../../../../../widget/src/card/markdown/render.ts';
import { longReply } from './attacks.ts';

const paragraphs = (box: Element) => [...box.querySelectorAll('[data-plain]')] as HTMLElement[];
const texts = (box: Element) => paragraphs(box).map((p) => p.textContent!);

/** A plain rest in a new box, given `text` at once or in pieces of `piece` characters. */
function rest(text: string, piece = text.length): HTMLDivElement {
  const box = document.createElement('div');
  const view = plainRest(box);
  for (let at = piece; at < text.length + piece; at += piece) view.grow(text.slice(0, at));
  return box;
}

describe('chunks', () => {
  test(`a chunk ends at the first line break after ${PLAIN_CHUNK} characters, kept in it`, () => {
    const text = `${'x'.repeat(PLAIN_CHUNK + 10)}\n${'y'.repeat(PLAIN_CHUNK + 20)}\nlast`;
    expect(texts(rest(text)).map((t) => t.length)).toEqual([PLAIN_CHUNK + 11, PLAIN_CHUNK + 21, 4]);
  });

  test('a line longer than two chunks ends one after its last space within them, else in the middle', () => {
    const spaced = texts(rest('word '.repeat(PLAIN_CHUNK)));
    expect(spaced.length, 'three chunks').toBe(3);
    for (const chunk of spaced.slice(0, -1)) {
      expect(chunk, 'ends after a space').toMatch(/ $/);
      expect(chunk.length, 'within two chunks').toBeGreaterThan(2 * PLAIN_CHUNK - 5);
    }
    expect(texts(rest('x'.repeat(5 * PLAIN_CHUNK))).map((t) => t.length)).toEqual([
      2 * PLAIN_CHUNK,
      2 * PLAIN_CHUNK,
      PLAIN_CHUNK,
    ]);
  });

  test('a chunk that may still grow is not ended: the same chunks however the text arrives', () => {
    const text = `${'a '.repeat(PLAIN_CHUNK)}\n`.repeat(5);
    expect(texts(rest(text, 997)), 'in pieces').toEqual(texts(rest(text)));
    expect(texts(rest(text, 1)).join(''), 'a character at a time').toBe(text);
  });

  test('the open chunk is one text node however many pieces it took', () => {
    const box = rest('word '.repeat(PLAIN_CHUNK / 5), 7);
    expect(paragraphs(box).map((p) => p.childNodes.length)).toEqual([1]);
  });
});

describe('folds: a rest of any length is a bounded number of nodes', () => {
  test(`${FOLD_CHUNKS} closed chunks become one paragraph once twice as many wait; nothing lost`, () => {
    const text = `${'z'.repeat(PLAIN_CHUNK)}\n`.repeat(2 * FOLD_CHUNKS + 3);
    const box = rest(text, 1_024);
    const shown = texts(box);
    expect(shown[0], 'the fold: the first chunks').toBe(text.slice(0, FOLD_CHUNKS * (PLAIN_CHUNK + 1)));
    expect(shown.length, 'the fold, the chunks after it, the open one').toBe(1 + FOLD_CHUNKS + 3 + 1);
    expect(shown.join(''), 'every character, in order').toBe(text);
  });

  test('a fold keeps the height its chunks were drawn at (nothing moves while it is out of view)', () => {
    const real = HTMLElement.prototype.getBoundingClientRect;
    // The layout this environment has not: every drawn chunk 30 px high.
    HTMLElement.prototype.getBoundingClientRect = () => ({ height: 30 }) as DOMRect;
    try {
      const box = rest(`${'z'.repeat(PLAIN_CHUNK)}\n`.repeat(2 * FOLD_CHUNKS + 1), 1_024);
      expect(paragraphs(box)[0]!.style.containIntrinsicSize).toBe(`auto ${30 * FOLD_CHUNKS}px`);
    } finally {
      HTMLElement.prototype.getBoundingClientRect = real;
    }
    // Drawn at once, never laid out: a guess from its length, as for a chunk never drawn.
    const once = rest(`${'z'.repeat(PLAIN_CHUNK)}\n`.repeat(3 * FOLD_CHUNKS + 1));
    expect(paragraphs(once)[0]!.style.containIntrinsicSize).toMatch(/^auto \d+em$/);
  });

  test(`at most ${MAX_FOLDS} folds and ${PLAIN_RESERVE} nodes, however long; drawn at once the same`, () => {
    const text = `${'w '.repeat(PLAIN_CHUNK / 2)}\n`.repeat(2 * FOLD_CHUNKS * (MAX_FOLDS + 4));
    for (const box of [rest(text, 4_096), rest(text)]) {
      const folds = paragraphs(box).filter((p) => p.style.containIntrinsicSize);
      expect(folds.length, 'folds').toBe(MAX_FOLDS);
      let nodes = 0;
      for (const walker = document.createTreeWalker(box); walker.nextNode();) nodes++;
      expect(nodes, 'DOM nodes').toBeLessThanOrEqual(PLAIN_RESERVE);
      expect(texts(box).join(''), 'every character, in order').toBe(text);
    }
  });
});

describe('a 2 MB reply streamed in 1 KB pieces: a piece touches what it adds', () => {
  test('what a piece writes near the end is a chunk or two, not the rest; farther up only folds', () => {
    const source = longReply(2_000_000);
    const box = document.createElement('div');
    const view = markdownView(box);
    const observer = new MutationObserver(() => {});
    observer.observe(box, { childList: true, characterData: true, subtree: true });
    /** The length of each text node when last seen: what a piece wrote is what they grew by. */
    const seen = new WeakMap<Node, number>();
    const grown = (text: Node | null) => {
      if (!text) return 0;
      const before = seen.get(text) ?? 0;
      seen.set(text, text.textContent!.length);
      return Math.max(0, text.textContent!.length - before);
    };
    let most = 0;
    let written = 0;
    let pieces = 0;
    for (let at = 1_024; at < source.length + 1_024; at += 1_024) {
      view(source.slice(0, at));
      const records = observer.takeRecords();
      if (at < 1_000_000) continue;
      // The paragraphs this piece touched, and where each ends, counted from the end of the reply.
      const touched = new Set<HTMLElement>();
      for (const record of records) {
        // Characters written: appended to a text node, or in a new one (a new paragraph's).
        if (record.type === 'characterData') written += grown(record.target);
        for (const node of record.addedNodes) written += grown(node instanceof Text ? node : node.firstChild);
        for (const node of [record.target, ...record.addedNodes]) {
          const p = (node instanceof HTMLElement ? node : node.parentElement)?.closest<HTMLElement>('[data-plain]');
          if (p && box.contains(p)) touched.add(p);
        }
      }
      const all = paragraphs(box);
      const after = (p: HTMLElement) => all.slice(all.indexOf(p) + 1).reduce((n, q) => n + q.textContent!.length, 0);
      for (const p of touched) {
        const length = p.textContent!.length;
        if (after(p) < FOLD_CHUNKS * PLAIN_CHUNK) {
          // In view (or near it): laid out again by the browser, so short.
          expect(length, `a touched paragraph near the end, at ${at}`).toBeLessThanOrEqual(2 * PLAIN_CHUNK + 1_024);
          most = Math.max(most, length);
        }
      }
      pieces++;
    }
    observer.disconnect();
    expect(most, 'the open chunk was touched').toBeGreaterThan(0);
    // The piece's own characters, and a fold's now and then, far from the end: about twice a piece.
    expect(written / pieces, 'characters written a piece').toBeLessThan(3 * 1_024);
    let nodes = 0;
    for (const walker = document.createTreeWalker(box); walker.nextNode();) nodes++;
    expect(nodes, 'DOM nodes').toBeLessThanOrEqual(MAX_NODES);
    expect(source.endsWith(texts(box).join('')), 'the rest as sent').toBe(true);
  });
});

/**
 * The plain rest of a message past its limits (limits.ts), in the DOM: bounded whatever its length,
 * and a growing one lays out only its end (issue 34: a 1 MB reply streamed in 1 KB pieces).
 *
 * - **Chunks.** The rest is cut into paragraphs of about `PLAIN_CHUNK` characters (`plainChunkEnd`;
 *   the same cuts however the text arrives). Only the last one, the open chunk, grows: its one text
 *   node takes the new characters, so a piece relays a few KB, not the rest. A closed chunk is final
 *   text and is not laid out while out of view (`content-visibility` in markdown.css).
 * - **Folds.** Once `2 × FOLD_CHUNKS` closed chunks wait, the oldest `FOLD_CHUNKS` become one closed
 *   paragraph, far above the open chunk (out of view), sized as they were drawn
 *   (`contain-intrinsic-size`), so nothing moves. Past `MAX_FOLDS` folds the last fold takes the next
 *   ones' text. So a rest is at most `PLAIN_RESERVE` DOM nodes, however long.
 */
import { FOLD_CHUNKS, MAX_FOLDS, PLAIN_CHUNK, plainChunkEnd } from './limits.ts';

/** A plain rest shown at the end of a message's container. */
export interface PlainRest {
  /** Shows `text`: the text shown so far (or nothing), grown at its end. */
  grow(text: string): void;
  /** Takes its nodes out of the container. */
  remove(): void;
}

/** A paragraph of the plain rest (`data-plain`: its line breaks kept) holding one text node. */
function paragraph(text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.setAttribute('data-plain', '');
  p.append(text);
  return p;
}

/** A fold's height before it is drawn, when its chunks never were (a rest drawn at once): as markdown.css's guess. */
const guessEm = (chars: number) => Math.ceil((chars / PLAIN_CHUNK) * 60);

/** Makes the plain rest of `container`, shown after its other children. */
export function plainRest(container: Element): PlainRest {
  /** Folded paragraphs, and their heights as drawn (px) and as guessed (em) for what was never drawn. */
  const folds: { p: HTMLElement; px: number; em: number }[] = [];
  /** The closed chunks not folded yet, oldest first, and where each starts in the text. */
  const closed: HTMLElement[] = [];
  const starts: number[] = [];
  let open = paragraph('');
  let openAt = 0;
  let shown = 0;
  container.append(open);

  /** Folds the oldest `FOLD_CHUNKS` closed chunks of `text`; `drawn`: their heights can be read. */
  const fold = (text: string, drawn: boolean) => {
    const group = closed.splice(0, FOLD_CHUNKS);
    const from = starts.splice(0, FOLD_CHUNKS)[0]!;
    const to = starts[0] ?? openAt;
    let px = 0;
    // Read before any write of this update (`grow` folds first): the layout drawn last, no new one.
    if (drawn) for (const chunk of group) px += chunk.getBoundingClientRect().height;
    // Not drawn (a card out of view, a test's detached element): guessed, as a chunk never drawn is.
    const em = px > 0 ? 0 : guessEm(to - from);
    let target = folds.at(-1);
    if (target && folds.length >= MAX_FOLDS) {
      (target.p.firstChild as Text).appendData(text.slice(from, to));
      target.px += px;
      target.em += em;
    } else {
      target = { p: paragraph(text.slice(from, to)), px, em };
      folds.push(target);
      container.insertBefore(target.p, group[0]!);
    }
    // Its size as its chunks had, so the log does not jump while it is out of view (then not laid out).
    const { px: drawnPx, em: guessedEm } = target;
    const size = !guessedEm ? `${drawnPx}px` : drawnPx ? `calc(${drawnPx}px + ${guessedEm}em)` : `${guessedEm}em`;
    target.p.style.containIntrinsicSize = `auto ${size}`;
    for (const chunk of group) chunk.remove();
  };

  return {
    grow(text) {
      // Folds that were due, first: their chunks' heights come from the layout already drawn.
      while (closed.length >= 2 * FOLD_CHUNKS) fold(text, true);
      for (;;) {
        const end = plainChunkEnd(text.slice(openAt, openAt + 2 * PLAIN_CHUNK + 1));
        const stop = end < 0 ? text.length : openAt + end;
        const node = open.firstChild as Text;
        // Only the new characters, into the open chunk's one text node; a chunk that ends at a space
        // before what it shows (a line longer than two chunks) hands its last characters on.
        if (stop > shown) node.appendData(text.slice(shown, stop));
        else if (stop < shown) node.deleteData(stop - openAt, shown - stop);
        shown = stop;
        if (end < 0) return;
        closed.push(open);
        starts.push(openAt);
        openAt = stop;
        open = paragraph('');
        container.append(open);
        // Many chunks at once (a rest drawn whole): folded as they close, never drawn.
        if (closed.length >= 3 * FOLD_CHUNKS) fold(text, false);
      }
    },
    remove() {
      for (const node of [...folds.map((f) => f.p), ...closed, open]) node.remove();
    },
  };
}

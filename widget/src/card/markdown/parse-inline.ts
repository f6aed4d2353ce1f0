/**
 * The inline part of the assistant's Markdown: bold, italic, inline code, links, bare URLs, line
 * breaks and backslash escapes. Everything else is text (raw HTML included: it is never parsed).
 *
 * Linear time by construction, whatever the input: one pass over the characters; no regular
 * expression runs over the message. Open emphasis and link brackets sit on a stack whose frames
 * point into one flat output list, so an opener that never closes costs nothing to undo (its
 * marker is already text there), and a closer finds its opener in O(1) through a stack per kind.
 * Closing code spans and a link target's closing `)` come from tables built once (backtick
 * runs by length; matching parentheses), so searching for them never rescans. Nesting is capped (`MAX_DEPTH`), so rendering never recurses deeply.
 */
import { el, joinText, type MdNode } from './tree.ts';

/** Open emphasis and brackets deeper than this are shown as text. */
export const MAX_DEPTH = 24;

/** ASCII punctuation: what a backslash escapes. */
const PUNCT = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
/** Schemes a bare URL is recognised by (the renderer still checks every link). */
const SCHEMES = ['https://', 'http://', 'mailto:'];
/** Characters a bare URL does not end with (sentence punctuation, closing emphasis). */
const URL_TAIL = '.,:;!?\'")*_~';

const isSpace = (c: string | undefined): boolean => c === undefined || c === ' ' || c === '\n' || c === '\t';
const isWord = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** An open `*`, `**`, `_`, `__` or `[`, and the index of its marker in the output. */
interface Frame {
  readonly kind: string;
  readonly at: number;
}

/** Parses one paragraph's (or item's, or cell's) text into inline nodes. */
export function parseInline(src: string): MdNode[] {
  const n = src.length;
  const out: MdNode[] = [];
  const stack: Frame[] = [];
  const byKind: Record<string, Frame[]> = { '*': [], _: [], '[': [] };
  let ticks: Map<number, number[]> | undefined;
  const tickAt = new Map<number, number>();
  let i = 0;
  let textFrom = 0;

  const text = (to: number) => {
    if (to > textFrom) out.push(src.slice(textFrom, to));
    textFrom = to;
  };
  const open = (kind: string) => {
    const frame = { kind, at: out.length };
    stack.push(frame);
    byKind[kind[0]!]!.push(frame);
    out.push(kind);
  };
  /** Closes `frame`: frames above it are dropped (their markers stay as text); returns its content. */
  const close = (frame: Frame): MdNode[] => {
    for (;;) {
      const top = stack.pop() as Frame;
      byKind[top.kind[0]!]!.pop();
      if (top === frame) break;
    }
    const children = joinText(out.splice(frame.at + 1));
    out.length = frame.at;
    return children;
  };
  /**
   * Where the link target opened by the `(` at `open` ends (its matching `)`), or -1 when it has no
   * match or contains a space. Both come from tables built once, in one pass each.
   */
  let match: Int32Array | undefined;
  let space: Int32Array | undefined;
  const targetEnd = (open: number): number => {
    if (!match || !space) {
      match = new Int32Array(n).fill(-1);
      space = new Int32Array(n + 1).fill(n);
      const opens: number[] = [];
      for (let j = 0; j < n; j++) {
        if (src[j] === '(') opens.push(j);
        else if (src[j] === ')' && opens.length) match[opens.pop()!] = j;
      }
      for (let j = n - 1; j >= 0; j--) space[j] = isSpace(src[j]) ? j : space[j + 1]!;
    }
    const end = match[open]!;
    return end > open + 1 && space[open]! > end ? end : -1;
  };
  /** The start of the next backtick run exactly `length` long after `from`, or -1. */
  const closingTicks = (from: number, length: number): number => {
    if (!ticks) {
      ticks = new Map();
      for (let j = 0; j < n;) {
        if (src[j] !== '`') {
          j++;
          continue;
        }
        let k = j;
        while (src[k] === '`') k++;
        const list = ticks.get(k - j) ?? [];
        list.push(j);
        ticks.set(k - j, list);
        j = k;
      }
    }
    const list = ticks.get(length) ?? [];
    let at = tickAt.get(length) ?? 0;
    while (at < list.length && list[at]! <= from) at++;
    tickAt.set(length, at);
    return at < list.length ? list[at]! : -1;
  };

  while (i < n) {
    const c = src[i]!;
    if (c === '\\') {
      const next = src[i + 1];
      if (next === '\n') {
        text(i);
        out.push(el('br'));
        textFrom = i += 2;
      } else if (next !== undefined && PUNCT.includes(next)) {
        // The escaped character starts the next text.
        text(i);
        textFrom = i + 1;
        i += 2;
      } else i++;
    } else if (c === '\n') {
      text(i);
      out.push(el('br'));
      textFrom = ++i;
    } else if (c === '`') {
      let k = i;
      while (src[k] === '`') k++;
      const length = k - i;
      const end = closingTicks(i, length);
      if (end >= 0) {
        text(i);
        let code = src.slice(k, end).replace(/\n/g, ' ');
        if (code.length > 2 && code[0] === ' ' && code.at(-1) === ' ' && code.trim()) code = code.slice(1, -1);
        out.push(el('code', [code]));
        textFrom = end + length;
      }
      i = end >= 0 ? end + length : k;
    } else if (c === '*' || c === '_') {
      let k = i;
      while (src[k] === c) k++;
      const length = k - i;
      const before = src[i - 1];
      const after = src[k];
      // A `_` inside a word (snake_case) is text; a `*` may emphasise part of a word.
      const canClose = !isSpace(before) && (c === '*' || !isWord(after));
      const canOpen = !isSpace(after) && (c === '*' || !isWord(before));
      let left = length > 3 ? 0 : length;
      text(i);
      const frames = byKind[c]!;
      while (canClose && left > 0 && frames.length) {
        const frame = frames.at(-1)!;
        if (frame.kind.length > left) break;
        out.push(el(frame.kind.length === 2 ? 'strong' : 'em', close(frame)));
        left -= frame.kind.length;
      }
      while (canOpen && left > 0 && stack.length < MAX_DEPTH) {
        open(left >= 2 ? c + c : c);
        left -= left >= 2 ? 2 : 1;
      }
      i = k;
      // What neither closed nor opened is text.
      textFrom = k - (length > 3 ? length : left);
    } else if (c === '[') {
      if (stack.length < MAX_DEPTH) {
        text(i);
        open('[');
        textFrom = i + 1;
      }
      i++;
    } else if (c === ']' && byKind['[']!.length && src[i + 1] === '(') {
      const end = targetEnd(i + 1);
      if (end > 0) {
        text(i);
        const children = close(byKind['[']!.at(-1)!);
        out.push(el('a', children, { href: src.slice(i + 2, end) }));
        textFrom = i = end + 1;
      } else i++;
    } else if ((c === 'h' || c === 'm') && !isWord(src[i - 1]) && SCHEMES.some((scheme) => src.startsWith(scheme, i))) {
      let j = i;
      while (j < n && !isSpace(src[j]) && src[j] !== '<') j++;
      while (j > i && URL_TAIL.includes(src[j - 1]!)) j--;
      if (j - i > 8) {
        text(i);
        const url = src.slice(i, j);
        out.push(el('a', [url], { href: url }));
        textFrom = j;
      }
      i = Math.max(j, i + 1);
    } else i++;
  }
  text(n);
  // Frames still open are text: their markers are in `out` already.
  return joinText(out);
}

/**
 * The block part of the assistant's Markdown, line by line: paragraphs (a newline inside one is a
 * line break, as chat writers mean it), headings (shown as a bold line), fenced code, lists
 * (ordered and unordered, nested by indentation), rules and GFM tables. Anything else is a
 * paragraph of text. One pass over the lines; the few regular expressions are anchored and
 * cannot backtrack more than a line's indentation.
 *
 * `parseBlocks(src, from)` may start at any block's `from`: a block's shape depends only on the
 * text from its own start, so a renderer re-parses only the last block of a growing message.
 *
 * Bounded by construction (limits.ts): tables of at most `MAX_COLUMNS` columns and `MAX_ROWS`
 * rows, lists `MAX_LIST_DEPTH` deep, only the first `MAX_MARKDOWN_CHARS` read as Markdown, and at
 * most the nodes the caller's budget allows: the block where they run out and everything after it
 * is one plain-text block. Every line is read once and every block built once, so the work is
 * linear in the text (tests/unit/widget/card/markdown/steps.test.ts counts it).
 */
import { countNodes, markdownEnd, MAX_COLUMNS, MAX_NODES, MAX_ROWS, PLAIN_RESERVE, plainBlock } from './limits.ts';
import { parseInline } from './parse-inline.ts';
import { el, type MdBlock, type MdElement, type MdNode } from './tree.ts';

/** Lists nested deeper than this stay at this depth. */
const MAX_LIST_DEPTH = 6;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const ITEM = /^( *)([-*+]|\d{1,9}[.)])(?: +|$)/;
const DELIMITER_CELL = /^:?-+:?$/;

/** A list being read, and its items' lines. */
interface List {
  readonly ordered: boolean;
  readonly start: number;
  readonly indent: number;
  readonly contentIndent: number;
  readonly items: { lines: string[]; sub: List[] }[];
}

/** The list block being read: its lists from the outermost to the deepest open one. */
interface ListBlock {
  readonly from: number;
  readonly open: List[];
  blank: boolean;
}

const indentOf = (line: string): number => line.length - line.trimStart().length;

/** A thematic break: three or more `-`, `*` or `_` (spaces between allowed). */
function isRule(line: string): boolean {
  if (indentOf(line) > 3) return false;
  const bare = line.replace(/[ \t]/g, '');
  return bare.length >= 3 && (/^-+$/.test(bare) || /^\*+$/.test(bare) || /^_+$/.test(bare));
}

/** The cells of a table row (outer pipes optional, `\|` is a pipe inside a cell). */
function cells(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  const found: string[] = [];
  let from = 0;
  for (let i = 0; i < row.length; i++) {
    if (row[i] === '\\') i++;
    else if (row[i] === '|') {
      found.push(row.slice(from, i).trim());
      from = i + 1;
    }
  }
  found.push(row.slice(from).trim());
  return found;
}

/** A table's alignments from its delimiter row, or null when `line` is not one (or has too many columns). */
function delimiterRow(line: string | undefined): (string | null)[] | null {
  if (!line?.includes('-')) return null;
  const row = cells(line);
  // Every row is padded to this many cells: more than the limit is no table (its lines stay text).
  if (row.length > MAX_COLUMNS || !row.every((cell) => DELIMITER_CELL.test(cell))) return null;
  return row.map((cell) =>
    cell.endsWith(':') ? (cell.startsWith(':') ? 'center' : 'right') : cell.startsWith(':') ? 'left' : null,
  );
}

/** One table row: header cells are `th`. */
function tableRow(line: string, aligns: readonly (string | null)[], tag: 'th' | 'td'): MdElement {
  const row = cells(line);
  return el(
    'tr',
    aligns.map((align, i) => el(tag, parseInline(row[i] ?? ''), align ? { 'data-align': align } : undefined)),
  );
}

/** The items of `list` and of the lists inside it. */
function itemCount(list: List): number {
  let count = list.items.length;
  for (const item of list.items) for (const sub of item.sub) count += itemCount(sub);
  return count;
}

function buildList(list: List): MdElement {
  const items = list.items.map((item) =>
    el('li', [...parseInline(item.lines.join('\n')), ...item.sub.map(buildList)] as MdNode[]),
  );
  return el(
    list.ordered ? 'ol' : 'ul',
    items,
    list.ordered && list.start !== 1 ? { start: String(list.start) } : undefined,
  );
}

/** Thrown when a block would take more nodes than are left (caught in `parseBlocks`). */
const SPENT = Symbol('budget spent');

/**
 * Parses `src` from offset `from` (a line start) into top-level blocks.
 * @param budget The tree nodes the blocks may take (the message's `MAX_NODES`, less what the
 *   blocks before `from` took); the block that would take more, and all after it, is plain text.
 */
export function parseBlocks(src: string, from = 0, budget = MAX_NODES): MdBlock[] {
  const end = markdownEnd(src);
  const lines: { text: string; at: number }[] = [];
  for (let at = from; at <= end;) {
    const newline = src.indexOf('\n', at);
    const stop = newline < 0 || newline > end ? end : newline;
    lines.push({ text: src.slice(at, stop), at });
    at = stop + 1;
  }
  const blocks: MdBlock[] = [];
  let para: { from: number; lines: string[] } | null = null;
  let list = null as ListBlock | null;
  // Room is kept for the plain blocks that show what does not fit.
  let left = budget - PLAIN_RESERVE;
  /** Where the block being built starts (the plain rest starts there when it does not fit). */
  let building = from;
  const push = (at: number, node: MdElement) => {
    const nodes = countNodes([node]);
    if (nodes > left) throw SPENT;
    left -= nodes;
    blocks.push({ from: at, node, nodes });
  };
  const closePara = () => {
    if (!para) return;
    building = para.from;
    // Each line takes a node at least (a text or a line break): one that cannot fit is never built
    // (64 KB of `>` lines would be 64,000 nodes made and thrown away, on every update).
    if (para.lines.length > left) throw SPENT;
    push(building, el('p', parseInline(para.lines.join('\n'))));
    para = null;
  };
  const closeList = () => {
    if (!list) return;
    building = list.from;
    // The same for a list: an item is two nodes at least.
    if (2 * itemCount(list.open[0]!) > left) throw SPENT;
    push(building, buildList(list.open[0]!));
    list = null;
  };
  const newList = (marker: string, indent: number, contentIndent: number): List => ({
    ordered: marker.length > 1 || /\d/.test(marker),
    start: Number.parseInt(marker, 10) || 1,
    indent,
    contentIndent,
    items: [],
  });

  try {
    readLines();
  } catch (error) {
    if (error !== SPENT) throw error;
    return [...blocks, plainBlock(building, src.slice(building))];
  }
  // Past `MAX_MARKDOWN_CHARS`: the rest (after the line break it was cut at) is plain text.
  const rest = src[end] === '\n' ? end + 1 : end;
  if (end < src.length) blocks.push(plainBlock(rest, src.slice(rest)));
  return blocks;

  function readLines(): void {
    for (let l = 0; l < lines.length; l++) {
      const { text: line, at } = lines[l]!;
      building = at;
      if (!line.trim()) {
        closePara();
        if (list) list.blank = true;
        continue;
      }
      const fence = FENCE.exec(line);
      if (fence) {
        closePara();
        closeList();
        const mark = fence[1]!;
        const body: string[] = [];
        // An unclosed fence runs to the end (a streamed code block shows as it arrives).
        for (l++; l < lines.length; l++) {
          const bare = lines[l]!.text.trim();
          if (bare.length >= mark.length && bare.startsWith(mark) && !bare.replaceAll(mark[0]!, '')) break;
          body.push(lines[l]!.text);
        }
        const code = body.join('\n');
        push(at, el('pre', [el('code', code ? [code] : [])]));
        continue;
      }
      if (isRule(line)) {
        closePara();
        closeList();
        push(at, el('hr'));
        continue;
      }
      if (HEADING.test(line)) {
        closePara();
        closeList();
        const content = line.trim().replace(/^#+/, '');
        let end = content.length;
        while (end > 0 && (content[end - 1] === '#' || content[end - 1] === ' ')) end--;
        push(at, el('p', [el('strong', parseInline(content.slice(0, end).trim()))]));
        continue;
      }
      const item = ITEM.exec(line);
      if (item) {
        closePara();
        const indent = item[1]!.length;
        const marker = item[2]!;
        const content = line.slice(item[0].length);
        const contentIndent = item[0].length;
        const entry = { lines: [content], sub: [] as List[] };
        const current = list;
        let top = current?.open.at(-1);
        const ordered = marker.length > 1 || /\d/.test(marker);
        if (current && top && indent >= top.contentIndent && current.open.length < MAX_LIST_DEPTH) {
          const nested = newList(marker, indent, contentIndent);
          top.items.at(-1)!.sub.push(nested);
          current.open.push(nested);
          top = nested;
        } else if (current && top) {
          while (current.open.length > 1 && indent < top!.indent) {
            current.open.pop();
            top = current.open.at(-1);
          }
          if (top!.ordered !== ordered) {
            if (current.open.length === 1) {
              closeList();
              top = undefined;
            } else {
              const sibling = newList(marker, indent, contentIndent);
              current.open.at(-2)!.items.at(-1)!.sub.push(sibling);
              current.open[current.open.length - 1] = top = sibling;
            }
          }
        }
        if (!top) {
          top = newList(marker, indent, contentIndent);
          list = { from: at, open: [top], blank: false };
        }
        top.items.push(entry);
        list!.blank = false;
        continue;
      }
      if (list) {
        const current = list;
        const deepest = current.open.at(-1)!;
        if (!current.blank || indentOf(line) >= deepest.contentIndent) {
          // A line under an item continues it (after a blank line: a new line of it).
          const lines = deepest.items.at(-1)!.lines;
          if (current.blank) lines.push('');
          lines.push(line.trim());
          current.blank = false;
          continue;
        }
        closeList();
      }
      const aligns = line.includes('|') ? delimiterRow(lines[l + 1]?.text) : null;
      if (aligns && cells(line).length === aligns.length) {
        closePara();
        const rows = [tableRow(line, aligns, 'th')];
        // At most MAX_ROWS body rows: the lines after them are read as any other.
        for (l += 2; l < lines.length && lines[l]!.text.includes('|') && rows.length <= MAX_ROWS; l++) {
          rows.push(tableRow(lines[l]!.text, aligns, 'td'));
        }
        l--;
        push(at, el('table', rows));
        continue;
      }
      para ??= { from: at, lines: [] };
      (para as { lines: string[] }).lines.push(para.lines.length ? line.trimStart() : line);
      // It cannot fit any more (see closePara): the rest is plain from its start, read no further.
      if (para.lines.length > left) closePara();
    }
    closePara();
    closeList();
  }
}

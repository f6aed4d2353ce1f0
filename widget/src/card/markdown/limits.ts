/**
 * The hard limits of one Markdown message (issue 34): whatever the assistant (or a restored turn)
 * says, what the card builds is bounded by them, not by the input. Past a limit the message is
 * never dropped: what does not fit is shown as plain text.
 */
import { el, type MdBlock, type MdNode } from './tree.ts';

/** A delimiter row with more columns than this does not make a table (its lines stay text). */
export const MAX_COLUMNS = 12;
/** A table ends after this many body rows (the lines after it are read as usual). */
export const MAX_ROWS = 100;
/**
 * Tree nodes (elements and texts) per message; from the block where they run out, the rest is plain
 * text (`PLAIN_RESERVE` of them are kept for it).
 */
export const MAX_NODES = 2_000;
/**
 * Characters read as Markdown per message (64 KB): the rest, from the last line break before it,
 * is plain text. It bounds what a growing message parses again per update (its last block).
 */
export const MAX_MARKDOWN_CHARS = 65_536;

/** How many tree nodes `nodes` are, counted to the leaves. */
export function countNodes(nodes: readonly MdNode[]): number {
  let count = nodes.length;
  for (const node of nodes) if (typeof node !== 'string') count += countNodes(node.children);
  return count;
}

/** Characters of a plain rest's chunk before it may end (at a line break, or a space): see `plainBlocks`. */
export const PLAIN_CHUNK = 8_192;
/** Chunks of one plain rest at the most; the last one takes what is left. */
export const MAX_PLAIN_CHUNKS = 128;
/** Tree nodes kept for the plain rest (two a chunk): the Markdown part of a message has the rest of `MAX_NODES`. */
export const PLAIN_RESERVE = 2 * MAX_PLAIN_CHUNKS;

/**
 * A block that shows `text` (part of a message's rest, from `from`) as plain text: one paragraph
 * whose line breaks are kept by the stylesheet (`data-plain`), two nodes whatever its length.
 */
export function plainBlock(from: number, text: string): MdBlock {
  return { from, node: el('p', text ? [text] : [], { 'data-plain': '' }), nodes: text ? 2 : 1, plain: true };
}

/**
 * Where the chunk at the start of `text` ends, or -1 while it may still grow: at the first line
 * break after `PLAIN_CHUNK` characters (kept in the chunk), else after the last space before twice
 * that, else there. It depends only on the text up to the end it names, so a chunk once ended
 * stays as it is while the message grows.
 */
export function plainChunkEnd(text: string): number {
  const longest = 2 * PLAIN_CHUNK;
  if (text.length <= PLAIN_CHUNK) return -1;
  const newline = text.indexOf('\n', PLAIN_CHUNK);
  if (newline >= 0 && newline < longest) return newline + 1;
  if (text.length <= longest) return -1;
  const space = text.lastIndexOf(' ', longest - 1);
  if (space >= PLAIN_CHUNK) return space + 1;
  const code = text.charCodeAt(longest - 1);
  return code >= 0xd800 && code <= 0xdbff ? longest - 1 : longest;
}

/**
 * The blocks that show a plain rest `text` (from `from`): chunks of about `PLAIN_CHUNK`
 * characters, so that a growing rest lays out only its last chunk again, and the browser skips
 * the chunks out of view (`content-visibility` in the stylesheet), not one paragraph of up to a
 * megabyte per update. At most `MAX_PLAIN_CHUNKS`, counting the `before` ones the message has
 * already; the last one takes what is left.
 */
export function plainBlocks(from: number, text: string, before = 0): MdBlock[] {
  const blocks: MdBlock[] = [];
  let at = 0;
  for (let count = before + 1; count < MAX_PLAIN_CHUNKS; count++) {
    const end = plainChunkEnd(text.slice(at, at + 2 * PLAIN_CHUNK + 1));
    if (end < 0) break;
    blocks.push(plainBlock(from + at, text.slice(at, at + end)));
    at += end;
  }
  blocks.push(plainBlock(from + at, text.slice(at)));
  return blocks;
}

/** Where the Markdown part of `src` ends: its length, or the last line break within `MAX_MARKDOWN_CHARS`. */
export function markdownEnd(src: string): number {
  if (src.length <= MAX_MARKDOWN_CHARS) return src.length;
  const newline = src.lastIndexOf('\n', MAX_MARKDOWN_CHARS - 1);
  if (newline >= 0) return newline;
  // One line longer than the limit: cut it there, not inside a surrogate pair.
  const code = src.charCodeAt(MAX_MARKDOWN_CHARS - 1);
  return code >= 0xd800 && code <= 0xdbff ? MAX_MARKDOWN_CHARS - 1 : MAX_MARKDOWN_CHARS;
}

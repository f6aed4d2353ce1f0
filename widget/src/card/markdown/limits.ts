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

/**
 * Characters of a plain rest's chunk before it may end (at a line break, or a space): see
 * `plainChunkEnd`. The open chunk is laid out again with each piece, so it is short.
 */
export const PLAIN_CHUNK = 2_048;
/** Closed chunks of a plain rest folded into one paragraph at a time (plain-rest.ts). */
export const FOLD_CHUNKS = 16;
/** Folded paragraphs of one plain rest at the most; past it the last one grows (out of view, not laid out). */
export const MAX_FOLDS = 64;
/**
 * Tree nodes kept for the plain rest: its DOM nodes at the most (plain-rest.ts; a paragraph and its
 * text node each: the closed chunks waiting, fewer than three folds' worth, the open one and the
 * folds). The Markdown part of a message has the rest of `MAX_NODES`.
 */
export const PLAIN_RESERVE = 2 * (3 * FOLD_CHUNKS + MAX_FOLDS);

/**
 * The block of a message's plain rest `text` (from `from`): in the tree one paragraph whose line
 * breaks are kept by the stylesheet (`data-plain`); the renderer shows it in chunks (plain-rest.ts).
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

/** Where the Markdown part of `src` ends: its length, or the last line break within `MAX_MARKDOWN_CHARS`. */
export function markdownEnd(src: string): number {
  if (src.length <= MAX_MARKDOWN_CHARS) return src.length;
  const newline = src.lastIndexOf('\n', MAX_MARKDOWN_CHARS - 1);
  if (newline >= 0) return newline;
  // One line longer than the limit: cut it there, not inside a surrogate pair.
  const code = src.charCodeAt(MAX_MARKDOWN_CHARS - 1);
  return code >= 0xd800 && code <= 0xdbff ? MAX_MARKDOWN_CHARS - 1 : MAX_MARKDOWN_CHARS;
}

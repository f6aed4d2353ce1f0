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
/** Tree nodes (elements and texts) per message; from the block where they run out, the rest is plain text. */
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
 * The block that shows `text` (the rest of a message from `from`) as plain text: one paragraph
 * whose line breaks are kept by the stylesheet (`data-plain`), two nodes whatever its length.
 */
export function plainBlock(from: number, text: string): MdBlock {
  return { from, node: el('p', text ? [text] : [], { 'data-plain': '' }), nodes: text ? 2 : 1, plain: true };
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

/**
 * The parser's tree as a compact HTML-like string, for readable expectations (text escaped, so a
 * `<` in the output is always a tag of the tree, never of the message).
 */
import type { MdNode } from '../../../../../widget/src/card/markdown/tree.ts';
import { parseBlocks } from '../../../../../widget/src/card/markdown/parse-blocks.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `nodes` as `<tag attr="v">…</tag>` (void tags as `<br>`, `<hr>`). */
export function html(nodes: readonly MdNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return escape(node);
      const attrs = Object.entries(node.attrs ?? {})
        .map(([name, value]) => ` ${name}="${escape(value)}"`)
        .join('');
      if (node.tag === 'br' || node.tag === 'hr') return `<${node.tag}>`;
      return `<${node.tag}${attrs}>${html(node.children)}</${node.tag}>`;
    })
    .join('');
}

/** A whole message, parsed and written as `html`. */
export function md(source: string): string {
  return html(parseBlocks(source).map((block) => block.node));
}

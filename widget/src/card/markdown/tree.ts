/**
 * The tree a Markdown message parses into: plain data, no DOM. Strings are text (shown as text,
 * never as HTML); elements carry one tag of a fixed set, so the renderer can only ever create
 * these tags, whatever a message says.
 */

/** Every tag the parser emits. `a` keeps its raw `href`: the renderer decides if it is a link. */
export type MdTag =
  'p' | 'br' | 'strong' | 'em' | 'code' | 'pre' | 'ul' | 'ol' | 'li' | 'a' | 'hr' | 'table' | 'tr' | 'th' | 'td';

/** An element of the tree. `attrs`: `href` (a), `start` (ol), `data-align` (th, td). */
export interface MdElement {
  readonly tag: MdTag;
  readonly attrs?: Readonly<Record<string, string>>;
  readonly children: readonly MdNode[];
}

/** Text or an element. */
export type MdNode = string | MdElement;

/** A top-level block and where its source starts (the renderer re-parses from the last one). */
export interface MdBlock {
  readonly from: number;
  readonly node: MdElement;
}

/** Builds an element (attributes only when given). */
export function el(tag: MdTag, children: readonly MdNode[] = [], attrs?: Record<string, string>): MdElement {
  return attrs ? { tag, attrs, children } : { tag, children };
}

/** `nodes` with adjacent strings joined and empty ones dropped: one text node per run of text. */
export function joinText(nodes: readonly MdNode[]): MdNode[] {
  const out: MdNode[] = [];
  for (const node of nodes) {
    if (node === '') continue;
    const last = out.length - 1;
    if (typeof node === 'string' && typeof out[last] === 'string') out[last] += node;
    else out.push(node);
  }
  return out;
}

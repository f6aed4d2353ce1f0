/**
 * Shows the assistant's Markdown in a container, safe by construction: every node is made with
 * `createElement` from the parser's fixed tag set or as a text node; no HTML string is ever
 * assigned, so raw HTML in a message is text. A link is a link only when `safeHref` accepts it
 * (https, http, mailto, tel; for the web schemes a host of `linkHosts` when that is set), opened
 * in a new tab with `rel="noopener noreferrer"`; otherwise its text is shown as plain text.
 *
 * A message that grows (streaming, a voice transcript) is patched, not redrawn: only its last
 * block is parsed again, and the new tree is compared with the shown one, so text that only grew
 * at its end gets its new characters as a new text node after it, and nothing else is touched. The
 * DOM work per update is in proportion to what changed; call it once per animation frame.
 *
 * Bounded (limits.ts): a message shows at most `MAX_NODES` tree nodes; once its rest is plain
 * text it is never parsed again while it grows, and it is shown in short chunks whose open one
 * alone grows, folded far from the end (plain-rest.ts): a piece lays out only what it adds.
 */
import { MAX_NODES } from './limits.ts';
import { parseBlocks } from './parse-blocks.ts';
import { plainRest, type PlainRest } from './plain-rest.ts';
import type { MdBlock, MdElement, MdNode } from './tree.ts';

/** The schemes a link may have. */
const SCHEMES = ['https:', 'http:', 'mailto:', 'tel:'];

/**
 * The link to open for `href`, or null when it must stay text: relative, another scheme
 * (`javascript:`, `data:` …), or (https / http) a host outside `hosts`. A host entry allows
 * itself and its subdomains; no `hosts` allows every host.
 */
export function safeHref(href: string, hosts?: readonly string[] | null): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (!SCHEMES.includes(url.protocol)) return null;
  if (!url.protocol.startsWith('http') || !hosts) return url.href;
  const host = url.hostname;
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`)) ? url.href : null;
}

/** Reads the `link-hosts` attribute: hosts separated by spaces or commas; null when absent. */
export function parseLinkHosts(value: string | null | undefined): string[] | null {
  if (value == null) return null;
  return value
    .split(/[\s,]+/)
    .map((host) => host.trim().toLowerCase().replace(/^\*\./, ''))
    .filter(Boolean);
}

/** How a tree node is shown: the same tag, or for a refused link a plain `span`. */
function tagOf(node: MdElement, hosts: readonly string[] | null | undefined, inLink: boolean): string {
  return node.tag === 'a' && (inLink || !safeHref(node.attrs!.href!, hosts)) ? 'span' : node.tag;
}

/** Makes the DOM node of a tree node. */
function build(node: MdNode, hosts: readonly string[] | null | undefined, inLink: boolean): Node {
  if (typeof node === 'string') return document.createTextNode(node);
  const tag = tagOf(node, hosts, inLink);
  const made = document.createElement(tag);
  if (tag === 'a') {
    made.setAttribute('href', safeHref(node.attrs!.href!, hosts)!);
    made.setAttribute('target', '_blank');
    made.setAttribute('rel', 'noopener noreferrer');
  } else {
    for (const [name, value] of Object.entries(node.attrs ?? {})) if (name !== 'href') made.setAttribute(name, value);
  }
  const nested = inLink || node.tag === 'a';
  for (const child of node.children) made.appendChild(build(child, hosts, nested));
  return made;
}

/**
 * Whether `next` starts with `shown`: as `startsWith`, but compared as a whole (V8's `startsWith`
 * walks character by character, some 30 times slower on a long message, and it runs every update).
 */
const grewFrom = (next: string, shown: string): boolean =>
  next.length >= shown.length && next.slice(0, shown.length) === shown;

/** Same tag and attributes: the node can be patched in place. */
function sameShell(a: MdElement, b: MdElement): boolean {
  if (a.tag !== b.tag) return false;
  const x = a.attrs ?? {};
  const y = b.attrs ?? {};
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((key) => x[key] === y[key]);
}

/**
 * How many DOM nodes each tree child of a parent takes: text that grew is appended as a new text
 * node after the old ones (never rewritten, never read back), so one tree string may be several.
 */
const runs = new WeakMap<Node, number[]>();

/**
 * Makes `parent`'s children (showing `shown`) show `next`. With `from`, `shown` and `next` are
 * its tree children from that index on, and the ones before it (elements: one DOM node each) are
 * left alone: a message's kept blocks are not walked again per update.
 */
function patch(
  parent: Node,
  shown: readonly MdNode[],
  next: readonly MdNode[],
  hosts: readonly string[] | null | undefined,
  inLink: boolean,
  from = 0,
): void {
  const dom = parent.childNodes;
  const counts = runs.get(parent) ?? [];
  const nextCounts: number[] = [];
  let at = from;
  let i = 0;
  for (; i < next.length && i < shown.length; i++) {
    const was = shown[i]!;
    const now = next[i]!;
    const size = counts[from + i] ?? 1;
    const node = dom[at]!;
    let taken = size;
    if (was === now) {
      // Unchanged (a kept block: the same object).
    } else if (typeof was === 'string' && typeof now === 'string' && grewFrom(now, was)) {
      // Still only the new characters are written.
      parent.insertBefore(document.createTextNode(now.slice(was.length)), dom[at + size] ?? null);
      taken++;
    } else if (typeof was !== 'string' && typeof now !== 'string' && sameShell(was, now)) {
      patch(node, was.children, now.children, hosts, inLink || now.tag === 'a');
    } else {
      for (let k = 1; k < size; k++) parent.removeChild(dom[at + 1]!);
      parent.replaceChild(build(now, hosts, inLink), node);
      taken = 1;
    }
    nextCounts.push(taken);
    at += taken;
  }
  while (dom.length > at) parent.removeChild(parent.lastChild!);
  for (; i < next.length; i++) {
    parent.appendChild(build(next[i]!, hosts, inLink));
    nextCounts.push(1);
  }
  counts.length = from;
  for (const count of nextCounts) counts.push(count);
  runs.set(parent, counts);
}

/** Renders Markdown into one container; call the returned function with the whole text so far. */
export type MarkdownView = (source: string) => void;

/**
 * Makes the Markdown view of `container` (its children are the view's from now on).
 * @param linkHosts Hosts links may point to (see `safeHref`); null or absent: any host.
 */
export function markdownView(container: Element, linkHosts?: readonly string[] | null): MarkdownView {
  let source = '';
  /** The formatted blocks shown (a plain rest is not one of them: it is `rest`, after them). */
  const blocks: MdBlock[] = [];
  // The tree nodes the blocks before each index took (running sums), so an update does not add up
  // the kept blocks again: its work is the last block's, whatever came before.
  const used = [0];
  /** The plain rest, once the message is past its limits, and where it starts. */
  let rest: { from: number; view: PlainRest } | null = null;
  return (next) => {
    if (next === source) return;
    const grew = grewFrom(next, source);
    if (grew && rest) {
      // A plain rest stays plain and only grows: the nodes ran out before it, or it is past the
      // characters read as Markdown, and neither changes as the text grows. Never parsed again.
      rest.view.grow(next.slice(rest.from));
      source = next;
      return;
    }
    // Drawn again (the text changed, not only grew): the rest goes, and is made again if still due.
    rest?.view.remove();
    rest = null;
    // Only the last block can change while the text grows; before it, everything is final.
    const keep = grew && blocks.length > 0 ? blocks.length - 1 : 0;
    const tail = parseBlocks(next, keep ? blocks[keep]!.from : 0, MAX_NODES - used[keep]!);
    const plain = tail.findIndex((block) => block.plain);
    const formatted = plain < 0 ? tail : tail.slice(0, plain);
    patch(
      container,
      blocks.slice(keep).map((block) => block.node),
      formatted.map((block) => block.node),
      linkHosts,
      false,
      keep,
    );
    source = next;
    // The sums up to `keep` stay: the blocks before it did not change.
    blocks.length = keep;
    used.length = keep + 1;
    for (const block of formatted) {
      blocks.push(block);
      used.push(used.at(-1)! + block.nodes);
    }
    if (plain >= 0) {
      rest = { from: tail[plain]!.from, view: plainRest(container) };
      rest.view.grow(next.slice(rest.from));
    }
  };
}

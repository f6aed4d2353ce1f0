/**
 * The consent text's only markup: `[text](https://…)` links, turned into anchors by the card.
 * Never HTML: the text is split into plain strings and links, and only `https:` URLs become
 * links (anything else stays as the literal text the owner wrote).
 */

/** A piece of consent text: plain text, or a link. */
export type ConsentPiece = string | { readonly text: string; readonly href: string };

const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** Splits consent text into plain strings and `https:` links. */
export function parseConsent(text: string): ConsentPiece[] {
  const pieces: ConsentPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, url] = match as unknown as [string, string, string];
    let href = '';
    try {
      href = new URL(url).protocol === 'https:' ? url : '';
    } catch {
      // Not a URL: left as text.
    }
    if (!href) continue;
    if (match.index > last) pieces.push(text.slice(last, match.index));
    pieces.push({ text: label, href });
    last = match.index + whole.length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

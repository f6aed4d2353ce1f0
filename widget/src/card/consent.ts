/**
 * Consent in the card: where decisions are remembered (`createConsentStore`) and the consent
 * text's only markup: `[text](https://…)` links, turned into anchors by the card.
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

/** Reads and writes consent decisions. */
export interface ConsentStore {
  /** Whether consent under this key was given (in storage, or earlier on this page). */
  has(key: string): boolean;
  /** Remembers consent under this key; returns whether it reached persistent storage. */
  set(key: string): boolean;
}

/**
 * A consent store over `storage` (a getter, since merely touching `window.localStorage` throws
 * where storage is blocked) with an in-memory fallback for this page.
 */
export function createConsentStore(storage: () => Storage): ConsentStore {
  const memory = new Set<string>();
  return {
    has(key) {
      if (memory.has(key)) return true;
      try {
        return storage().getItem(key) !== null;
      } catch {
        return false;
      }
    },
    set(key) {
      memory.add(key);
      try {
        storage().setItem(key, new Date().toISOString());
        return true;
      } catch {
        return false;
      }
    },
  };
}

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
  /** What was stored under this key (a receipt's JSON, or an older version's ISO date), or null. */
  get(key: string): string | null;
  /** Remembers `value` under this key; returns whether it reached persistent storage. */
  set(key: string, value: string): boolean;
  /** Forgets this key (here, and in storage where it can). */
  remove(key: string): void;
}

/**
 * A consent store over `storage` (a getter, since merely touching `window.localStorage` throws
 * where storage is blocked) with an in-memory fallback for this page.
 */
export function createConsentStore(storage: () => Storage): ConsentStore {
  const memory = new Map<string, string>();
  return {
    get(key) {
      try {
        return memory.get(key) ?? storage().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      memory.set(key, value);
      try {
        storage().setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      memory.delete(key);
      try {
        storage().removeItem(key);
      } catch {
        // Nothing was stored there.
      }
    },
  };
}

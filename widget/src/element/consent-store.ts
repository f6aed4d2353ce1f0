/**
 * Where a visitor's consent is remembered: `localStorage`, under a key that carries the consent's
 * version (`consent-storage-key`), so a changed text asks again. Storage may be unavailable
 * (sandboxed iframes, privacy modes, blocked cookies: reading it can throw): then consent is
 * remembered for this page only. In the loader, because the click must know whether it may send
 * its request before the card is loaded; the card uses the same store through its host.
 */

/** Reads and writes consent decisions. */
export interface ConsentStore {
  /** Whether consent under this key was given (in storage, or earlier on this page). */
  has(key: string): boolean;
  /** Remembers consent under this key; returns whether it reached persistent storage. */
  set(key: string): boolean;
}

/** A small stable hash (djb2, base 36) of a text. */
export function hashText(text: string): string {
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
  return hash.toString(36);
}

/**
 * The storage key of an element's consent: its `consent-storage-key`, else one derived from its
 * consent title and text, so that editing them asks again.
 */
export function consentKey(element: Element): string {
  const explicit = element.getAttribute('consent-storage-key')?.trim();
  if (explicit) return explicit;
  const text = `${element.getAttribute('consent-title') ?? ''}\n${element.getAttribute('consent-content') ?? ''}`;
  return `ringwise-consent-${hashText(text)}`;
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

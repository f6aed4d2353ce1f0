/**
 * Where a visitor's consent is remembered: `localStorage`, under a key that carries the consent's
 * version (`consent-storage-key`), so a changed text asks again. Storage may be unavailable
 * (sandboxed iframes, privacy modes, blocked cookies: reading it can throw): then consent is
 * remembered for this page only (the card's store, `createConsentStore` in consent.ts). The key
 * and the storage check are in the loader, because the click must know whether it may send its
 * request before the card is loaded.
 */

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
 * Whether `key` is in `storage` (`localStorage` by default; false where storage is blocked): what
 * the click checks before sending its request ahead of the card. Consent given on this page without
 * storage is known to the card's store (`createConsentStore`, consent.ts), loaded by then. The
 * loader also asks it (over `sessionStorage`) whether a dismissible launcher was hidden.
 */
export function hasStoredConsent(key: string, storage: () => Storage = () => localStorage): boolean {
  try {
    return storage().getItem(key) !== null;
  } catch {
    return false;
  }
}

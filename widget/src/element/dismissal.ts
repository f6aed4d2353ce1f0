/**
 * A `dismissible` launcher the visitor hid: gone for the session (`sessionStorage`), or for this
 * page where that storage is blocked.
 */
/** The session-storage key of a dismissed launcher. */
export const DISMISSED_KEY = 'ringwise-dismissed';

/** `sessionStorage`'s answer; `undefined` where it throws (blocked storage, sandboxed frames). */
function session<T>(use: (storage: Storage) => T): T | undefined {
  try {
    return use(sessionStorage);
  } catch {
    // Blocked storage: only what happened on this page counts.
  }
}

/**
 * Whether a launcher is dismissed (`element` is `dismissible` and the visitor hid it in this
 * session), and dismissing: one state per element class (`createVoiceCallElement`).
 */
export function dismissal(): [dismissed: (element: Element) => boolean, dismiss: () => void] {
  // A launcher hidden on this page (also where sessionStorage is blocked).
  let here = false;
  return [
    (element) =>
      element.hasAttribute('dismissible') && (here || !!session((storage) => storage.getItem(DISMISSED_KEY))),
    () => {
      here = true;
      session((storage) => storage.setItem(DISMISSED_KEY, '1'));
    },
  ];
}

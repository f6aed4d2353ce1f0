/**
 * A `dismissible` launcher the visitor hid: gone for the session (`sessionStorage`), or for this
 * page where that storage is blocked.
 */
/** The session-storage key of a dismissed launcher. */
export const DISMISSED_KEY = 'ringwise-dismissed';

/**
 * Whether a launcher is dismissed (`element` is `dismissible` and the visitor hid it in this
 * session), and dismissing: one state per element class (`createVoiceCallElement`).
 */
export function dismissal(): [dismissed: (element: Element) => boolean, dismiss: () => void] {
  // A launcher hidden on this page where sessionStorage is blocked (otherwise it is stored there).
  let here = false;
  const session = () => sessionStorage;
  return [
    (element) => {
      if (!element.hasAttribute('dismissible')) return false;
      try {
        return here || session().getItem(DISMISSED_KEY) !== null;
      } catch {
        // Blocked storage: only a dismissal on this page counts.
        return here;
      }
    },
    () => {
      here = true;
      try {
        session().setItem(DISMISSED_KEY, '1');
      } catch {
        // Blocked storage: hidden for this page only.
      }
    },
  ];
}

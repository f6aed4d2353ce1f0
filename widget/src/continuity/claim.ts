/**
 * Two tabs never fight over one call. `sessionStorage` is per tab, but a duplicated tab (and, in
 * some browsers, a window opened by the page) starts with a copy of it, so it would find the
 * same call to rejoin. The tab that holds the call holds a Web Lock named after it for as long as
 * it is in the call; a page that finds the lock held does not rejoin and says why (the card's
 * `callElsewhere` sentence): the visitor goes on in the other tab, or hangs up there first.
 *
 * Locks are released when their page goes away, so the next page of the same tab gets the lock at
 * once. Browsers without Web Locks (before Safari 15.4, Chrome 69, Firefox 96; pages over plain
 * http) cannot tell: there the rejoin goes ahead.
 */

/** A held claim; `release()` lets another page take the call. */
export interface CallClaim {
  release(): void;
}

/** The lock's name for a call (the call id is the platform's; nothing secret). */
export const claimName = (callId: string): string => `ringwise-call:${callId}`;

/** What `claimCall` needs of `navigator.locks`. */
export type LockSource = Pick<LockManager, 'request'> | undefined;

/**
 * Takes the call's lock if nobody holds it: the claim, or `null` when another tab holds it.
 * Without Web Locks: a claim that guards nothing.
 */
export function claimCall(callId: string, locks: LockSource = globalThis.navigator?.locks): Promise<CallClaim | null> {
  if (!locks) return Promise.resolve({ release() {} });
  return new Promise((resolve) => {
    locks
      .request(claimName(callId), { ifAvailable: true }, (lock) => {
        if (!lock) {
          resolve(null);
          return undefined;
        }
        // Held until released (or until the page goes away).
        return new Promise<void>((release) => resolve({ release: () => release() }));
      })
      // A lock manager that refuses (a sandboxed frame) cannot tell either.
      .catch(() => resolve({ release() {} }));
  });
}

/**
 * When the keeper restarts a PostgreSQL that stopped on its own (killed, crashed, out of memory):
 * at once-ish the first time, then with doubling waits, and not more than
 * {@link MAX_RESTARTS} times within {@link RESTART_WINDOW_MS}, after which it gives up (a cluster
 * that cannot stay up needs a person, and a restart loop would only hide that). Pure, so the
 * policy is tested without processes.
 */

/** Restarts allowed within {@link RESTART_WINDOW_MS}; one more stop in the window gives up. */
export const MAX_RESTARTS = 5;

/** The window restarts are counted in. */
export const RESTART_WINDOW_MS = 10 * 60_000;

/** The wait before the first restart of a window; each further one doubles it. */
export const FIRST_RESTART_DELAY_MS = 250;

/** The longest wait between restarts. */
export const MAX_RESTART_DELAY_MS = 8_000;

/** What to do after an unexpected stop. */
export type RestartDecision = { restart: true; attempt: number; delayMs: number } | { restart: false; reason: string };

/**
 * Decides about one unexpected stop at `now`, given the times of the earlier restarts (pruned to
 * the window in place; the caller records `now` when it restarts).
 */
export function decideRestart(previous: number[], now: number): RestartDecision {
  while (previous.length > 0 && (previous[0] ?? 0) <= now - RESTART_WINDOW_MS) previous.shift();
  if (previous.length >= MAX_RESTARTS) {
    return {
      restart: false,
      reason: `it stopped ${MAX_RESTARTS + 1} times within ${RESTART_WINDOW_MS / 60_000} minutes`,
    };
  }
  const attempt = previous.length + 1;
  return {
    restart: true,
    attempt,
    delayMs: Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (attempt - 1)),
  };
}

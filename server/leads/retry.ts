/**
 * The back-off of failed lead deliveries (server/leads/outbox.ts): the retry policy, the wait
 * before the next attempt (exponential, capped, with jitter), when a lead counts as failing, and
 * how a wait is written in log lines.
 */
/** Back-off of failed deliveries. */
export interface RetryPolicy {
  /** Wait after the first failure. @default 10 s */
  baseMs: number;
  /** Longest wait. @default 1 h */
  maxMs: number;
}

/** The default back-off: 10 s, 20 s, 40 s … capped at one hour. */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 10_000, maxMs: 3_600_000 };

/** Attempts after which a lead counts as failing (shown so by `npm run submissions`). */
export const FAILING_AFTER_ATTEMPTS = 5;

/** Wait before attempt `attempt + 1`, given `attempt` failed; `random` in [0, 1). */
export function backoffMs(attempt: number, policy: RetryPolicy = DEFAULT_RETRY, random = Math.random()): number {
  const plain = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(plain * (0.8 + 0.4 * random));
}

/** 10 s, 2 min, 1 h … for log lines. */
export function formatWait(ms: number): string {
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

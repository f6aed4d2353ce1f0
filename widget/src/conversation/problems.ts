/** How errors become the view's `problem` (and the widget's own `error` events). */
import { loadFailureOf } from './load-failure.ts';
import { MISSING_TARGET_MESSAGE } from '../core/constants.ts';
import { hasCallTarget } from '../core/target.ts';
import type { CallTarget } from '../core/types.ts';
import { WidgetError } from './errors.ts';
import type { CallProblem, ProblemKind, ProblemSource } from './view.ts';

/** An engine's error (or anything thrown) as the view's problem. */
export function problemOf(error: unknown, source: ProblemSource): CallProblem {
  const e = (error ?? {}) as Partial<CallProblem> & { message?: unknown };
  const type = typeof e.type === 'string' ? e.type : 'daily-call-join-error';
  const load = loadFailureOf(error);
  return {
    type,
    message: String(e.message ?? error),
    status: e.status,
    reason: e.reason,
    source,
    ...(load && { load }),
  };
}

/**
 * A failure the engines never saw, as a problem and the `error` event's payload. `cause`: the
 * message, or the error (an engine that failed to load: its message, and which file and why).
 */
export function widgetFailure(
  type: ProblemKind,
  cause: unknown,
  source: ProblemSource,
): { problem: CallProblem; error: WidgetError } {
  const message = cause instanceof Error ? cause.message : String(cause);
  const load = loadFailureOf(cause);
  // The cause is kept when it is an error (a load's: which file, and why); a message is no cause.
  return {
    problem: { type, message, source, ...(load && { load }) },
    error: new WidgetError(type, message, cause instanceof Error ? { failure: load, cause } : {}),
  };
}

/** What is missing before anything can be loaded or sent: the public key, or a target; `null`: nothing. */
export function missingSetup(publicKey: string | null | undefined, target: CallTarget): [ProblemKind, string] | null {
  if (!publicKey) return ['not-configured', 'No public key configured.'];
  return hasCallTarget(target) ? null : ['no-target', MISSING_TARGET_MESSAGE];
}

import type { LoadFailure } from '../chunks/load-failure.ts';
import type { ProblemKind } from './view.ts';

/** Extra context of a `WidgetError`. */
export interface WidgetErrorOptions {
  /** Which widget file failed to load and why (`engine-load-failed`). */
  failure?: LoadFailure;
  /** The underlying error (kept as the standard `cause`). */
  cause?: unknown;
}

/**
 * Not yet wired: the controller, the element and the script loader still build these errors
 * with `Object.assign(new Error(…), { type })` (files under other work this round); they switch to
 * this class, and the public entries export it (replacing the controller's `WidgetError`
 * interface), when those files are split. It costs the card ≈ 60 B gzip, which the chat-mode gate
 * (20.2 KB) does not leave today.
 *
 * A failure the engines never saw (`not-configured`, `no-target`, `engine-load-failed`,
 * `invalid-overrides`…), sent as the controller's `error` event. UIs switch on the stable `type`.
 * Tell it apart with `isWidgetError`, which compares `name` so it also works across bundle copies.
 */
export class WidgetError extends Error {
  /** Stable kind. */
  declare readonly type: ProblemKind;
  /** Which widget file failed to load and why (`engine-load-failed` only). */
  declare readonly failure?: LoadFailure;

  /**
   * @param type Stable kind.
   * @param message Human-readable message.
   * @param options The load failure and the cause.
   */
  constructor(type: ProblemKind, message: string, options: WidgetErrorOptions = {}) {
    // Error reads only `cause` from the options (and installs it only when present).
    super(message, options);
    this.name = 'WidgetError';
    this.type = type;
    if (options.failure) this.failure = options.failure;
  }
}

/**
 * True when `error` is a `WidgetError` (compared by name), optionally of the given `type`.
 * @param error Anything caught or received.
 * @param type Only accept this kind.
 */
export function isWidgetError(error: unknown, type?: ProblemKind): error is WidgetError {
  return error instanceof Error && error.name === 'WidgetError' && (!type || (error as WidgetError).type === type);
}

import type { LoadFailure } from './load-failure.ts';
import type { ProblemKind } from './view.ts';

/** Extra context of a `WidgetError`. */
export interface WidgetErrorOptions {
  /** Which widget file failed to load and why (`engine-load-failed`). */
  failure?: LoadFailure;
  /** The underlying error (kept as the standard `cause`). */
  cause?: unknown;
}

/**
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

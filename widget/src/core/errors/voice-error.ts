import type { ProgressStage, VoiceErrorLike, VoiceErrorType } from '../types.ts';

/** Extra context of a `VoiceError`. */
export interface VoiceErrorOptions {
  /** The start stage that failed, if the error comes from `start()`. */
  stage?: ProgressStage;
  /** HTTP status, for `api-error`. */
  status?: number;
  /** Ended reason, for `meeting-ended` (e.g. Daily's fatal error type `ejected`). */
  reason?: string;
  /** The underlying error (kept as the standard `cause`). */
  cause?: unknown;
}

/**
 * Every error the voice client reports, on the `error` event, in `call-start-failed` and in
 * `getSnapshot().error`. UIs switch on the stable `type`, never on `message` (which is for humans).
 * Tell it apart with `isVoiceError`, which compares `name` so it also works across bundle copies.
 */
export class VoiceError extends Error implements VoiceErrorLike {
  /** Stable kind, e.g. `mic-permission-denied`. */
  readonly type: VoiceErrorType;
  /** The start stage that failed, when the error comes from `start()`. */
  declare readonly stage?: ProgressStage;
  /** HTTP status for `api-error`. */
  declare readonly status?: number;
  /** Ended reason for `meeting-ended`. */
  declare readonly reason?: string;

  /**
   * @param type Stable error kind.
   * @param message Human-readable message.
   * @param options Stage, status, reason and cause.
   */
  constructor(type: VoiceErrorType, message: string, options: VoiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'VoiceError';
    this.type = type;
    if (options.stage) this.stage = options.stage;
    if (options.status !== undefined) this.status = options.status;
    if (options.reason !== undefined) this.reason = options.reason;
  }
}

/**
 * True when `error` is a `VoiceError` (compared by name), optionally of the given `type`.
 * @param error Anything caught or received.
 * @param type Only accept this kind.
 */
export function isVoiceError(error: unknown, type?: VoiceErrorType): error is VoiceError {
  return error instanceof Error && error.name === 'VoiceError' && (!type || (error as VoiceError).type === type);
}

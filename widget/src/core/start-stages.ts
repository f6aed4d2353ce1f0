/**
 * The start stages of spec §4: their one list (`START_STAGES`, the type derives from it), how one
 * stage runs and reports progress (`runStage`), and how anything a stage throws becomes a
 * `VoiceError` (`toVoiceError`). The voice client sequences the stages; this module owns their
 * names and their error mapping.
 */
import { VoiceError, isVoiceError } from './errors/voice-error.ts';
import type { ProgressStage, StartProgress, VoiceErrorType } from './types.ts';

/** The start stages, in order. Each reports started → completed | failed. */
export const START_STAGES = [
  'initialization',
  'web-call-creation',
  'daily-call-object-creation',
  'mobile-permissions',
  'daily-call-join',
  'video-recording-setup',
  'video-recording-started',
  'audio-observer-setup',
  'audio-processing-setup',
] as const;

/** One start stage (`START_STAGES`). */
export type StartStage = (typeof START_STAGES)[number];

/** Thrown inside a start when `stop()` (or the call ending) cancelled it. */
export const CANCELLED = { cancelled: true } as const;

const MIC_MESSAGES: Partial<Record<VoiceErrorType, string>> = {
  'mic-permission-denied': 'Microphone access was denied.',
  'mic-not-found': 'No microphone was found.',
  'mic-blocked': 'The microphone cannot be used on this page.',
};

/** The human message of anything thrown (Daily's error events carry `errorMsg`). */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  const { errorMsg, message } = (error ?? {}) as { errorMsg?: unknown; message?: unknown };
  return String(errorMsg ?? message ?? error);
}

/**
 * Maps anything a stage threw to a `VoiceError`; `type` null means "classify by the error"
 * (microphone errors by their DOMException name, `ApiError` → `api-error`, else `network-error`).
 */
export function toVoiceError(error: unknown, type: VoiceErrorType | null, stage: ProgressStage): VoiceError {
  if (isVoiceError(error)) return error;
  const name = (error as { name?: unknown } | null)?.name;
  let message = messageOf(error);
  if (!type) {
    if (stage === 'mobile-permissions') {
      // Chromium reports a permissions-policy block as NotAllowedError "…by permissions policy".
      type =
        (name === 'NotAllowedError' || name === 'PermissionDeniedError') && !/policy/i.test(message)
          ? 'mic-permission-denied'
          : name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError'
            ? 'mic-not-found'
            : 'mic-blocked';
      message = `${MIC_MESSAGES[type]} ${message}`.trim();
    } else type = name === 'ApiError' ? 'api-error' : 'network-error';
  }
  const status = (error as { status?: unknown } | null)?.status;
  return new VoiceError(type, message, {
    stage,
    status: type === 'api-error' && typeof status === 'number' ? status : undefined,
    cause: error,
  });
}

/** What `runStage` needs from the start that runs it. */
export interface StageRun {
  /** Throws `CANCELLED` when the start was cancelled. */
  check(): void;
  /** The stage now running (read by the start's failure path). */
  stage: ProgressStage;
  /** Shows the running stage (snapshot `stage`). */
  enter(stage: StartStage): void;
  /** Emits one `call-start-progress` event. */
  progress(stage: ProgressStage, status: StartProgress['status'], extra?: Partial<StartProgress>): void;
  /** Reports the error of a nonfatal stage (the start goes on). */
  warn(error: VoiceError): void;
}

/**
 * Runs one stage: reports `started`, runs it, then `completed` with its duration, or `failed` with
 * the mapped error, which is thrown (`fatal`) or reported through `warn` (the start goes on, the
 * result is `undefined`). A cancellation at any await throws `CANCELLED` and reports nothing.
 * @param run The stage's work.
 * @param type The error type of its failures; `null` classifies by the error (`toVoiceError`).
 */
export async function runStage<T>(
  ctx: StageRun,
  name: StartStage,
  type: VoiceErrorType | null,
  run: () => T | Promise<T>,
  fatal = true,
): Promise<T | undefined> {
  ctx.check();
  ctx.stage = name;
  const at = Date.now();
  ctx.enter(name);
  ctx.progress(name, 'started');
  try {
    // A 'started' listener may have called stop().
    ctx.check();
    const result = await run();
    ctx.check();
    ctx.progress(name, 'completed', { duration: Date.now() - at });
    return result;
  } catch (error) {
    ctx.check();
    const voiceError = toVoiceError(error, type, name);
    ctx.progress(name, 'failed', { duration: Date.now() - at, metadata: { error: voiceError.message } });
    if (fatal) throw voiceError;
    ctx.warn(voiceError);
    return undefined;
  }
}

/** `promise`, or a rejection with the abort reason as soon as `signal` aborts (whichever comes first). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

/**
 * Errors as `@vapi-ai/web` 2.7.1 puts them in its `error` and `call-start-failed` events: a plain
 * object (an `Error`'s fields are not enumerable, so they are copied), and what its API client
 * throws for a failed `POST /call/web` (the response, with the body as `error`), rebuilt from ours.
 */
import { ApiError } from '../api/errors/api-error.ts';
import { NetworkError } from '../api/errors/network-error.ts';

/** A serialized error: `message` and whatever the error carried. */
export type SerializedError = { message: unknown } & Record<string, unknown>;

/** `error` as a plain object that survives `JSON.stringify`, field for field as the reference does. */
export function serializeError(error: unknown): SerializedError {
  if (error === null || error === undefined) return { message: 'Unknown error (null or undefined)' };
  if (error instanceof Error) {
    const e = error as Error & Record<string, unknown>;
    const out: SerializedError = { message: e.message, name: e.name, stack: e.stack };
    if (e.code !== undefined) out.code = e.code;
    if (e.cause !== undefined) out.cause = String(e.cause);
    if (e.reason !== undefined) out.reason = e.reason;
    if (e.details !== undefined) out.details = e.details;
    if (e.errorMsg !== undefined) out.errorMsg = e.errorMsg;
    if (typeof e.error === 'string') out.errorDetail = e.error;
    return out;
  }
  if (typeof error === 'string') return { message: error };
  if (typeof error === 'object') {
    const o = error as Record<string, unknown>;
    return { message: o.message || o.error || JSON.stringify(error), ...o };
  }
  return { message: String(error) };
}

/**
 * What the reference's start failed with, from the core's error: its API client throws the
 * response itself for an HTTP error (own fields `data: null` and `error`: the parsed body), and
 * fetch's own error when no response came; anything else is the engine's error, as thrown.
 */
export function thrownByReference(error: unknown): unknown {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  if (cause instanceof ApiError) return { data: null, error: cause.body };
  if (cause instanceof NetworkError) return cause.cause;
  return cause;
}

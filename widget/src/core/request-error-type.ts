import type { VoiceErrorType } from './types.ts';

/**
 * The `VoiceError` type of a failed platform request, from the API client's error classes (by
 * name, so copies of the classes from another bundle map too): `ApiError` → `api-error` (a
 * non-2xx status), `TimeoutError` → `timeout-error` (no answer, or no next chunk, in time),
 * `AnswerError` → `answer-error` (a 2xx answer that could not be read or used), anything else
 * (`NetworkError`, fetch's own errors) → `network-error`.
 */
export function requestErrorType(
  error: unknown,
): Extract<VoiceErrorType, 'api-error' | 'network-error' | 'timeout-error' | 'answer-error'> {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'ApiError') return 'api-error';
  if (name === 'TimeoutError') return 'timeout-error';
  return name === 'AnswerError' ? 'answer-error' : 'network-error';
}

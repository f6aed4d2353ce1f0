/**
 * How long the widget waits for the platform and how much of an answer it reads. Every request
 * that starts or continues a conversation (`POST /call/web`, `POST /chat/web`) is read under these
 * limits, so a platform, proxy or wrong `api-base-url` that never answers, stalls, or sends without
 * end costs the visitor a visible, retryable error or a reply marked as cut, never a frozen page.
 */
export interface AnswerLimits {
  /**
   * Milliseconds from when the client starts waiting for an answer until its status and headers
   * have arrived; then a `TimeoutError`. @default 30_000
   */
  firstByteMs: number;
  /** Longest silence, in milliseconds, between two chunks of an answer's body; then a `TimeoutError`. @default 30_000 */
  idleMs: number;
  /**
   * Longest a streamed reply may last, in milliseconds from its first byte; the reply is then cut
   * (what arrived stays, marked `cut: 'time'`). @default 300_000
   */
  streamMs: number;
  /** Most characters of reply text kept, streamed or in a JSON answer; the rest is cut (`cut: 'length'`). @default 100_000 */
  replyChars: number;
  /**
   * Most bytes read of one answer's body: a stream is cut there (`cut: 'length'`); a JSON answer
   * that long cannot be read whole and is an `AnswerError` (`too-large`). @default 4_000_000
   */
  bodyBytes: number;
}

/** Why a reply was cut short: too long (`length`), or streamed for too long (`time`). */
export type ReplyCut = 'length' | 'time';

/** The default limits (see `AnswerLimits` for each). */
export const ANSWER_LIMITS: Readonly<AnswerLimits> = {
  firstByteMs: 30_000,
  idleMs: 30_000,
  streamMs: 300_000,
  replyChars: 100_000,
  bodyBytes: 4_000_000,
};

/**
 * Sending one contact request: the insert port (supabase-js in the browser, a fake in tests), a
 * timeout that aborts it, and the words the visitor reads when it fails (the backend's answer, a
 * thrown error or the timeout, each put into a sentence for people).
 */
import type { ContactSubmission } from './contact-validation.ts';

/** A send that has not been answered after this long ends in the error state. */
export const SUBMIT_TIMEOUT_MS = 15_000;

/**
 * Shown when what failed is not an error at all (a thrown string, null…): the spec's fallback
 * (§4, §8). Errors and backend answers get their own message instead.
 */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';
/** Shown when the request timed out. */
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';

/** The server could not be reached; `detail` is the browser's own words ("Failed to fetch"). */
export function networkMessage(detail: string): string {
  return `Could not reach the server${detail ? ` (${detail})` : ''}. Please check your connection and try again.`;
}

/** The database refused a value (a CHECK, NOT NULL or type error); `detail` is its message. */
export function rejectedMessage(detail: string): string {
  return `The server did not accept the form (${detail}). Please check your details and try again.`;
}

/** The database refused the request itself (permissions, key); `detail` is its message. */
export function refusedMessage(detail: string): string {
  return `The server refused to store your message (${detail}). Please write to us by email instead.`;
}

/** The backend's rate limit (HTTP 429); `detail` is its message. */
export function rateLimitedMessage(detail: string): string {
  return `Too many messages were sent from your connection (${detail}). Please wait a minute and try again.`;
}

/** The API layer (PostgREST) failed the request; `detail` is its message. */
export function apiFailedMessage(detail: string): string {
  return `The server could not process the request (${detail}). Please try again, or write to us by email.`;
}

/** An error answer without a message meant for people (an HTML error page, an empty body). */
export function serverErrorMessage(status: number, detail = ''): string {
  return `The server answered with an error (HTTP ${status}${detail ? `: ${detail}` : ''}). Please try again in a moment.`;
}

/** An error as supabase-js reports it (PostgREST's body, or its own for network failures). */
export interface BackendError {
  message?: unknown;
  code?: unknown;
  details?: unknown;
  hint?: unknown;
}

/** What the insert port resolves with: supabase-js' `{ error, status }`. */
export interface InsertResult {
  error: BackendError | null;
  /** HTTP status; 0 when no answer arrived (network failure, abort). */
  status: number;
  /** The answer's Retry-After, in seconds, when it had one (a 503 while the database restarts). */
  retryAfterSeconds?: number;
}

/**
 * The port through which a submission is inserted (supabase-js in the browser, a fake in unit
 * tests). It must honour `signal`.
 */
export type ContactInsert = (row: ContactSubmission, signal: AbortSignal) => Promise<InsertResult>;

/** What went wrong with a send, before it is put into words for the visitor. */
export type ContactFailure =
  /** No answer within {@link SUBMIT_TIMEOUT_MS}. */
  | { kind: 'timeout' }
  /** The port resolved with an error, or with a status outside 2xx (status 0: no answer at all). */
  | { kind: 'response'; result: InsertResult }
  /** The port threw, or could not be loaded: `error` is whatever was thrown. */
  | { kind: 'thrown'; error: unknown };

/** Raw messages of a network failure, in the words of Chromium, Firefox, Safari and Node. */
const NETWORK_FAILURE =
  /failed to fetch|networkerror|load failed|network request failed|importing a module script failed|error loading dynamically imported module|fetch failed/i;

/** "TypeError: Failed to fetch" → "Failed to fetch": the class name means nothing to a visitor. */
function withoutErrorName(message: string): string {
  return message.replace(/^[A-Za-z]*(Error|Exception): /, '').trim();
}

/** An Error, or an object shaped like one (a non-empty string `message`). */
function errorMessageOf(value: unknown): string | null {
  if (value instanceof Error) return value.message.trim() || null;
  if (typeof value === 'object' && value !== null) {
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message.trim();
  }
  return null;
}

/** The visitor's message for an answer of the backend (supabase-js' `{ error, status }`). */
function responseMessage({ error, status }: InsertResult): string {
  const message = errorMessageOf(error) ?? '';
  if (status === 0) return networkMessage(withoutErrorName(message));
  const code = typeof error?.code === 'string' ? error.code : '';
  // A PostgREST error body carries a code: the backend's own message, worded for people where
  // it is the database's or the API layer's technical text.
  if (code && message) {
    if (status === 429) return rateLimitedMessage(message);
    if (/^2[23]/.test(code)) return rejectedMessage(message);
    if (/^42/.test(code) || /^PGRST3/.test(code) || status === 401 || status === 403) return refusedMessage(message);
    if (/^PGRST/.test(code)) return apiFailedMessage(message);
    return message;
  }
  // No code: supabase-js wraps a body that is not JSON (a proxy's HTML error page…) as a bare
  // message; plain short text is worth showing, markup is not.
  const plain = message && !/[<>]/.test(message) && message.length <= 200 ? message : '';
  if (status === 429) return rateLimitedMessage(plain || `HTTP ${status}`);
  return serverErrorMessage(status, plain);
}

/**
 * The message of the error box for a failed send (spec §4, §8): the backend's message for a
 * backend error, the error's message for a thrown error, each put into a sentence for people
 * where the raw text is technical (a network failure, a database rule); the spec's
 * 'An unexpected error occurred' only when what was thrown is not an error at all.
 */
export function failureMessage(failure: ContactFailure): string {
  switch (failure.kind) {
    case 'timeout':
      return TIMEOUT_MESSAGE;
    case 'response':
      return responseMessage(failure.result);
    case 'thrown': {
      const message = errorMessageOf(failure.error);
      if (message === null) return UNEXPECTED_ERROR_MESSAGE;
      return NETWORK_FAILURE.test(message) ? networkMessage(withoutErrorName(message)) : message;
    }
  }
}

/** Outcome of {@link sendContactRequest}. */
export type SendOutcome = { ok: true } | { ok: false; message: string; cause: unknown };

/** A 503 whose Retry-After is at most this many seconds is tried once more by itself. */
export const MAX_AUTO_RETRY_SECONDS = 10;

/** The request id of a submission, and the content it was made for. */
export interface RequestIdentity {
  /** The submission's content (without the id). */
  key: string;
  id: string;
}

/** A random UUID v4; crypto.randomUUID exists only on secure pages, getRandomValues everywhere. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id to send `submission` with: the previous one while the content is the same (a retry after
 * an error or a lost answer: the database stores it once), a new one when the visitor changed it.
 */
export function requestIdentity(
  submission: ContactSubmission,
  previous: RequestIdentity | null,
  makeId = newRequestId,
): RequestIdentity {
  const { request_id: _ignored, ...content } = submission;
  const key = JSON.stringify(content);
  return previous?.key === key ? previous : { key, id: makeId() };
}

/** Timer functions (injectable so tests can use fake time). */
export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
};

/**
 * Sends one submission through `insert`, aborting each try after `timeoutMs`. A 503 with a
 * Retry-After of at most {@link MAX_AUTO_RETRY_SECONDS} (the database restarting) is tried once
 * more after that wait, with the same row (its request_id makes the repeat harmless). Never
 * rejects: failures (including a port that throws, or ignores the abort) come back as
 * `{ ok: false, message }`.
 */
export async function sendContactRequest(
  submission: ContactSubmission,
  insert: ContactInsert | Promise<ContactInsert>,
  options: { timeoutMs?: number; timers?: Timers } = {},
): Promise<SendOutcome> {
  const timers = options.timers ?? realTimers;
  const first = await sendOnce(submission, insert, options.timeoutMs ?? SUBMIT_TIMEOUT_MS, timers);
  if (first.retryAfterSeconds === undefined) return first.outcome;
  await new Promise<void>((done) => timers.setTimeout(done, first.retryAfterSeconds! * 1000));
  return (await sendOnce(submission, insert, options.timeoutMs ?? SUBMIT_TIMEOUT_MS, timers)).outcome;
}

/** One try; `retryAfterSeconds` when the answer asks for a short wait before another. */
async function sendOnce(
  submission: ContactSubmission,
  insert: ContactInsert | Promise<ContactInsert>,
  timeoutMs: number,
  timers: Timers,
): Promise<{ outcome: SendOutcome; retryAfterSeconds?: number }> {
  const controller = new AbortController();
  let timedOut = false;
  let onTimeout: () => void = () => {};
  const expired = new Promise<null>((resolve) => {
    onTimeout = () => resolve(null);
  });
  const timer = timers.setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The contact request timed out.', 'TimeoutError'));
    onTimeout();
  }, timeoutMs);
  try {
    const port = await Promise.race([insert, expired]);
    if (!port) return { outcome: { ok: false, message: TIMEOUT_MESSAGE, cause: controller.signal.reason } };
    const result = await Promise.race([port(submission, controller.signal), expired]);
    if (timedOut || !result)
      return { outcome: { ok: false, message: TIMEOUT_MESSAGE, cause: controller.signal.reason } };
    if (result.error || result.status < 200 || result.status >= 300) {
      const wait = result.retryAfterSeconds;
      const retry = result.status === 503 && wait !== undefined && wait >= 0 && wait <= MAX_AUTO_RETRY_SECONDS;
      const outcome = {
        ok: false,
        message: failureMessage({ kind: 'response', result }),
        cause: result.error ?? result,
      } as const;
      return retry ? { outcome, retryAfterSeconds: wait } : { outcome };
    }
    return { outcome: { ok: true } };
  } catch (error) {
    return {
      outcome: {
        ok: false,
        message: timedOut ? TIMEOUT_MESSAGE : failureMessage({ kind: 'thrown', error }),
        cause: error,
      },
    };
  } finally {
    timers.clearTimeout(timer);
  }
}

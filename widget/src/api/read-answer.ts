/**
 * Reading the platform's answers under `AnswerLimits`: the wait for the headers, the silence
 * between chunks, the stream's duration and the body's size are all bounded, and each way an
 * answer can fail has its own error (`TimeoutError`, `NetworkError`, `ApiError`, `AnswerError`).
 * Every cost here is linear in the bytes read: each chunk is decoded once and handed on.
 */
import { ANSWER_LIMITS, type AnswerLimits, type ReplyCut } from './answer-limits.ts';
import { AnswerError } from './errors/answer-error.ts';
import { ApiError } from './errors/api-error.ts';
import { NetworkError } from './errors/network-error.ts';
import type { RequestContext } from './errors/request-error.ts';
import { TimeoutError } from './errors/timeout-error.ts';

const TIMED_OUT = Symbol('timed out');

/** `promise`'s outcome, or `TIMED_OUT` when `ms` pass first (the timer is always cleared). */
function within<T>(promise: PromiseLike<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(resolve, ms, TIMED_OUT);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Waits for an answer's status and headers, at most `limits.firstByteMs` (counted from this call:
 * a request sent earlier, e.g. at the click, has had that time and more).
 * @param response The response, or the request in flight (fetch's promise).
 * @param context Method and path, for the errors.
 * @param signal The request's signal: when it aborted, its reason is rethrown as-is.
 * @throws TimeoutError when no answer came in time (a late one has its body cancelled).
 * @throws NetworkError when the request failed without an answer.
 */
export async function awaitAnswer(
  response: Response | PromiseLike<Response>,
  context: RequestContext,
  signal?: AbortSignal,
  limits: Pick<AnswerLimits, 'firstByteMs'> = ANSWER_LIMITS,
): Promise<Response> {
  let answer: Response | typeof TIMED_OUT;
  try {
    answer = await within(Promise.resolve(response), limits.firstByteMs);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError(context, error);
  }
  if (answer !== TIMED_OUT) return answer;
  // Nobody will read a late answer: free its connection when it comes.
  Promise.resolve(response).then(
    (late) => late.body?.cancel().catch(() => {}),
    () => {},
  );
  throw new TimeoutError(context, limits.firstByteMs);
}

/**
 * Reads a body as UTF-8 text, chunk by chunk, handing each decoded piece to `onText` (which
 * returns `false` to stop reading). Waits at most `limits.idleMs` for each chunk, reads at most
 * `limits.bodyBytes` bytes and for at most `limits.streamMs`; the body is cancelled whenever
 * reading stops early (a limit, `onText` returning `false` or throwing, `signal`).
 * @returns `null` at the body's end or when `onText` stopped (or `signal` aborted); `'length'`
 *   when the byte cap was reached; `'time'` when the duration cap ran out.
 * @throws TimeoutError (`waitingFor: 'chunk'`) when a chunk did not come in time.
 * @throws NetworkError when the connection broke (the abort reason as-is once `signal` aborted).
 */
export async function readChunks(
  response: Response,
  context: RequestContext,
  onText: (text: string) => boolean | void,
  signal?: AbortSignal,
  limits: Pick<AnswerLimits, 'idleMs' | 'streamMs' | 'bodyBytes'> = ANSWER_LIMITS,
): Promise<ReplyCut | null> {
  const reader = response.body?.getReader();
  if (!reader) return null;
  const cancel = (): void => void reader.cancel().catch(() => {});
  if (signal?.aborted) {
    cancel();
    return null;
  }
  signal?.addEventListener('abort', cancel);
  const deadline = Date.now() + limits.streamMs;
  // Streaming decode: a multi-byte character split between two chunks stays whole.
  const decoder = new TextDecoder();
  let bytes = 0;
  try {
    for (;;) {
      const left = deadline - Date.now();
      const byDeadline = left < limits.idleMs;
      let chunk: ReadableStreamReadResult<Uint8Array> | typeof TIMED_OUT;
      try {
        chunk = left > 0 ? await within(reader.read(), byDeadline ? left : limits.idleMs) : TIMED_OUT;
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new NetworkError(context, error);
      }
      if (signal?.aborted) return null;
      if (chunk === TIMED_OUT) {
        cancel();
        if (byDeadline) return 'time';
        throw new TimeoutError(context, limits.idleMs, 'chunk');
      }
      if (chunk.done) {
        const rest = decoder.decode();
        if (rest) onText(rest);
        return null;
      }
      let value = chunk.value;
      const over = bytes + value.length > limits.bodyBytes;
      if (over) value = value.subarray(0, limits.bodyBytes - bytes);
      bytes += value.length;
      const text = decoder.decode(value, { stream: true });
      if ((text && onText(text) === false) || over) {
        cancel();
        return over ? 'length' : null;
      }
    }
  } catch (error) {
    // Whatever stopped the reading (a broken connection, `onText` throwing): the body is not read on.
    cancel();
    throw error;
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

/**
 * Reads an answer that must be JSON (`POST /call/web`, a non-streamed `POST /chat/web`), under the
 * limits. A non-2xx answer is an `ApiError` (its body parsed when it is JSON, else the text).
 * @returns The parsed body of a 2xx answer (`undefined` when empty).
 * @throws ApiError for a non-2xx status.
 * @throws AnswerError for a 2xx body that is not JSON or cut off (`unreadable`) or longer than
 *   `limits.bodyBytes` (`too-large`).
 * @throws TimeoutError, NetworkError as `readChunks`.
 */
export async function readJsonAnswer(
  answer: Response,
  context: RequestContext,
  signal?: AbortSignal,
  limits: Pick<AnswerLimits, 'idleMs' | 'streamMs' | 'bodyBytes'> = ANSWER_LIMITS,
): Promise<unknown> {
  const parts: string[] = [];
  const cut = await readChunks(answer, context, (text) => void parts.push(text), signal, limits);
  const text = parts.join('');
  let body: unknown = text || undefined;
  let parseError: unknown;
  if (text && !cut) {
    try {
      body = JSON.parse(text) as unknown;
    } catch (error) {
      parseError = error;
    }
  }
  // Error bodies from proxies are often HTML or plain text: the text is the body then.
  if (!answer.ok) throw new ApiError(answer, context, body);
  // A JSON answer cut at a limit cannot be parsed: too large (in bytes, or in time to read it).
  if (cut) throw new AnswerError(context, answer.status, 'too-large', `Answer over the ${cut} limit`);
  if (parseError)
    throw new AnswerError(context, answer.status, 'unreadable', 'Answer not JSON', { body, cause: parseError });
  return body;
}

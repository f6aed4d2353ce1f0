/**
 * Reading the platform's answers under limits, over real HTTP (the loopback provider): the wait
 * for headers and for each next chunk, the duration and byte caps, and what a 2xx answer that is
 * not JSON or cut off becomes (`AnswerError`, never an `ApiError`), for `readJsonAnswer` and for
 * `createWebCall`, whose `webCallUrl` must be `https:`.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER_LIMITS } from '../../../../widget/src/api/answer-limits.ts';
import { isAnswerError, type AnswerError } from '../../../../widget/src/api/errors/answer-error.ts';
import { isApiError, type ApiError } from '../../../../widget/src/api/errors/api-error.ts';
import { isTimeoutError, type TimeoutError } from '../../../../widget/src/api/errors/timeout-error.ts';
import { awaitAnswer, readChunks, readJsonAnswer } from '../../../../widget/src/api/read-answer.ts';
import { createWebCall } from '../../../../widget/src/api/web-call.ts';
import { isHttpsUrl } from '../../../../widget/src/api/web-call-check.ts';
import { type LoopbackResponse } from '../../../../fixtures/loopback-server.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';

const CONTEXT = { method: 'POST', path: '/answer' };
/**
 * Short limits, so a test that waits for one takes a second. Only where nothing comes: a test
 * where data does come must not depend on the machine's speed (the defaults apply there).
 */
const SHORT = { ...ANSWER_LIMITS, firstByteMs: 1000, idleMs: 1000 };

const server = loopbackForFile();

const never = <T>() => new Promise<T>(() => {});
const post = () => fetch(`${server.url}/answer`, { method: 'POST' });
const answer = async (response: LoopbackResponse) => {
  server.route('POST', '/answer', response);
  return post();
};
/** Every text piece `readChunks` hands on, and what it returned. */
async function chunks(response: Response, limits = SHORT) {
  const pieces: string[] = [];
  const cut = await readChunks(response, CONTEXT, (text) => void pieces.push(text), undefined, limits);
  return { text: pieces.join(''), cut };
}

describe('awaitAnswer', () => {
  it('returns the response when its headers come in time', async () => {
    const response = await awaitAnswer(answer({ body: { ok: true } }), CONTEXT);
    expect(response.status, 'the answer').toBe(200);
  });

  it('is a TimeoutError (waiting for the response) when the platform never answers', async () => {
    server.route('POST', '/answer', () => never<LoopbackResponse>());
    const error = await awaitAnswer(post(), CONTEXT, undefined, SHORT).catch((e: unknown) => e);
    expect(isTimeoutError(error), `a TimeoutError, got ${String(error)}`).toBe(true);
    expect([(error as TimeoutError).timeoutMs, (error as TimeoutError).waitingFor], 'limit and phase').toEqual([
      1000,
      'response',
    ]);
  });
});

describe('readChunks', () => {
  it('is a TimeoutError (waiting for a chunk) when the body stalls after its first chunk', async () => {
    const response = await answer({ chunks: ['first', 'never sent'], gate: () => never<void>() });
    const pieces: string[] = [];
    const error = await readChunks(response, CONTEXT, (text) => void pieces.push(text), undefined, SHORT).catch(
      (e: unknown) => e,
    );
    expect(isTimeoutError(error) && (error as TimeoutError).waitingFor, `a chunk timeout, got ${String(error)}`).toBe(
      'chunk',
    );
    expect(pieces.join(''), 'what arrived was handed on').toBe('first');
  });

  it('cuts a body at bodyBytes and stops reading', async () => {
    const response = await answer({ chunks: ['a'.repeat(600), 'b'.repeat(600), 'c'.repeat(600)] });
    expect(await chunks(response, { ...SHORT, bodyBytes: 1000 }), 'the first 1000 bytes, cut for length').toEqual({
      text: 'a'.repeat(600) + 'b'.repeat(400),
      cut: 'length',
    });
  });

  it('cuts a body that keeps streaming at streamMs', async () => {
    const pieces = Array.from({ length: 10_000 }, () => 'x');
    // One piece every 10 ms, for far longer than the 300 ms cap.
    const response = await answer({ chunks: pieces, gate: () => new Promise((resolve) => setTimeout(resolve, 10)) });
    const { text, cut } = await chunks(response, { ...SHORT, streamMs: 300 });
    expect(cut, 'cut for time').toBe('time');
    expect(text.length, 'some of it arrived, not all').toBeGreaterThan(0);
    expect(text.length, 'not all of it').toBeLessThan(pieces.length);
  });

  it('returns null at the end of a whole body, stopping when onText says so', async () => {
    expect(await chunks(await answer({ chunks: ['ab', 'cd'] })), 'the whole body').toEqual({ text: 'abcd', cut: null });
    const response = await answer({ chunks: ['ab', 'cd', 'ef'], gate: () => never<void>() });
    const seen: string[] = [];
    const cut = await readChunks(response, CONTEXT, (text) => (seen.push(text), false), undefined, SHORT);
    expect([seen, cut], 'stopped after the first piece, without waiting for the stalled rest').toEqual([['ab'], null]);
  });
});

describe('readJsonAnswer and createWebCall: a 2xx answer that cannot be read', () => {
  const read = async (response: LoopbackResponse, limits = SHORT) =>
    readJsonAnswer(await answer(response), CONTEXT, undefined, limits).catch((e: unknown) => e);

  it('parses JSON, and a non-2xx answer is an ApiError with its body', async () => {
    expect(await read({ status: 201, body: { id: 'c1' } }), 'parsed').toEqual({ id: 'c1' });
    const error = await read({ status: 503, body: 'upstream down' });
    expect(
      isApiError(error) && [(error as ApiError).status, (error as ApiError).body],
      'ApiError with the text',
    ).toEqual([503, 'upstream down']);
  });

  it('a 200 with unterminated JSON and a 201 with a body cut short are AnswerErrors (unreadable), not ApiErrors', async () => {
    for (const status of [200, 201]) {
      const error = await read({
        status,
        headers: { 'content-type': 'application/json' },
        body: '{"id":"call-1","webCallUrl":"https://room.exa',
      });
      expect(isApiError(error), `${status}: not "answered with an error"`).toBe(false);
      expect(
        isAnswerError(error) && [(error as AnswerError).status, (error as AnswerError).problem],
        `${status}: unreadable`,
      ).toEqual([status, 'unreadable']);
    }
  });

  it('a JSON answer longer than bodyBytes is an AnswerError (too-large)', async () => {
    const error = await read({ status: 200, body: { output: 'x'.repeat(5000) } }, { ...SHORT, bodyBytes: 1000 });
    expect(isAnswerError(error) && (error as AnswerError).problem, `too large, got ${String(error)}`).toBe('too-large');
  });

  it('createWebCall: a 201 whose body is cut short is an AnswerError (unreadable)', async () => {
    server.route('POST', '/call/web', {
      status: 201,
      headers: { 'content-type': 'application/json' },
      body: '{"id":"call-1","webCa',
    });
    const cut = await createWebCall({ baseUrl: server.url, token: 't' }, { assistantId: 'a' }).catch((e: unknown) => e);
    expect(isAnswerError(cut) && (cut as AnswerError).problem, `unreadable, got ${String(cut)}`).toBe('unreadable');
  });
});

describe('webCallUrl must be https:', () => {
  const urls: [string, boolean][] = [
    ['https://acme.daily.co/room', true],
    ['HTTPS://ACME.DAILY.CO/room', true],
    ['javascript:alert(document.domain)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['http://acme.daily.co/room', false],
    ['//acme.daily.co/room', false],
    ['/room', false],
    ['', false],
  ];
  it.each(urls)('%s → %s', async (webCallUrl, accepted) => {
    expect(isHttpsUrl(webCallUrl), 'isHttpsUrl').toBe(accepted);
    server.route('POST', '/call/web', { status: 201, body: { id: 'call-1', webCallUrl } });
    const result = await createWebCall({ baseUrl: server.url, token: 't' }, { assistantId: 'a' }).catch(
      (e: unknown) => e,
    );
    if (accepted) expect(result, 'the call').toMatchObject({ id: 'call-1', webCallUrl });
    else {
      expect(isAnswerError(result) && (result as AnswerError).problem, `refused, got ${String(result)}`).toBe(
        'invalid',
      );
      expect((result as Error).message, 'says why').toMatch(/not https/);
      expect((result as Error).message, 'the URL itself is not repeated').not.toContain(webCallUrl || '\u0000');
    }
  });
});

/**
 * `ChatClient` under hostile or broken platforms (issue 23): no answer, a stalled stream, an
 * unreadable 200, an error-only stream, a reply without end or without bounds. Each ends in a
 * visible, typed error the next message recovers from, or in a reply marked as cut.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER_LIMITS, type AnswerLimits } from '../../../../widget/src/api/answer-limits.ts';
import { requestChatWeb } from '../../../../widget/src/api/chat-web.ts';
import { ChatClient } from '../../../../widget/src/core/chat-client.ts';
import { chatWebEvents, chatWebHandler, type LoopbackResponse } from '../../../../fixtures/loopback-server.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';

const TARGET = { assistantId: 'asst-limits' };
/** Short enough to wait for where nothing comes, long enough not to fire where data does on a loaded machine. */
const SHORT: Partial<AnswerLimits> = { firstByteMs: 1000, idleMs: 1000 };
const SSE = { 'content-type': 'text/event-stream' };

const server = loopbackForFile();

const never = <T>() => new Promise<T>(() => {});

function makeChat(limits: Partial<AnswerLimits> = SHORT) {
  const client = new ChatClient({ publicKey: 'pk', apiBaseUrl: server.url, limits });
  const errors: { type: string; message: string }[] = [];
  client.on('error', (error) => errors.push({ type: error.type, message: error.message }));
  return { client, errors };
}

/** Sends one message to a failing answer, then one to a healthy one: the error, then the recovery. */
async function failThenRecover(answer: LoopbackResponse | (() => Promise<LoopbackResponse>), limits = SHORT) {
  server.route('POST', '/chat/web', answer, chatWebHandler({ reply: 'Back again.', sessionId: 's-ok' }));
  const { client, errors } = makeChat(limits);
  const first = await client.send('Hello?', TARGET);
  const failed = { reply: first, snapshot: client.getSnapshot(), errors: [...errors] };
  const second = await client.send('Hello again?', TARGET);
  return { failed, recovered: second, after: client.getSnapshot() };
}

describe('ChatClient: no silent failure', () => {
  it('a platform that never answers is a timeout-error (first byte), and the next message works', async () => {
    const { failed, recovered, after } = await failThenRecover(() => never<LoopbackResponse>());
    expect(failed.reply, 'no reply').toBeNull();
    expect(
      failed.errors.map((e) => e.type),
      'one timeout-error',
    ).toEqual(['timeout-error']);
    expect(failed.snapshot, 'idle, with the error shown').toMatchObject({
      state: 'idle',
      error: { type: 'timeout-error' },
    });
    expect(recovered?.text, 'the retry streams').toBe('Back again.');
    expect(after.error, 'the retry clears the error').toBeNull();
  });

  it('an adopted request that never answers times out too', async () => {
    server.route('POST', '/chat/web', () => never<LoopbackResponse>());
    const { client, errors } = makeChat();
    const request = requestChatWeb({ baseUrl: server.url, token: 'pk' }, { ...TARGET, input: 'Hi' });
    expect(await client.send('Hi', TARGET, { request }), 'no reply').toBeNull();
    expect(
      errors.map((e) => e.type),
      'timeout-error',
    ).toEqual(['timeout-error']);
  });

  it('a stream that stalls between chunks is a timeout-error and keeps what arrived', async () => {
    const events = chatWebEvents({ reply: 'Partial answer', deltaSize: 8 }, 's-stall');
    const { failed } = await failThenRecover({
      headers: SSE,
      chunks: events,
      gate: (index) => (index < 2 ? Promise.resolve() : never<void>()),
    });
    expect(
      failed.errors.map((e) => e.type),
      'timeout-error',
    ).toEqual(['timeout-error']);
    expect(failed.errors[0]?.message, 'says it waited for a chunk').toMatch(/chunk/);
    expect(failed.snapshot.reply, 'the partial reply stays').toBe('Partial ');
  });

  it('a 200 with unterminated JSON is an answer-error, not an empty reply', async () => {
    const { failed, recovered } = await failThenRecover({
      headers: { 'content-type': 'application/json' },
      body: '{"sessionId":"s-1","output":"Hal',
    });
    expect(failed.reply, 'no reply').toBeNull();
    expect(
      failed.errors.map((e) => e.type),
      'answer-error',
    ).toEqual(['answer-error']);
    expect(recovered?.text, 'then a retry works').toBe('Back again.');
  });

  it('an SSE stream carrying only an error event is an answer-error with the platform message', async () => {
    for (const body of [
      'event: error\ndata: {"message":"Model overloaded"}\n\n',
      'data: {"error":{"message":"Model overloaded"}}\n\n',
    ]) {
      const { failed } = await failThenRecover({ headers: SSE, body });
      expect(
        failed.errors.map((e) => e.type),
        `answer-error for ${JSON.stringify(body)}`,
      ).toEqual(['answer-error']);
      expect(failed.errors[0]?.message, 'the platform message').toMatch(/Model overloaded/);
    }
  });

  it('a stream with neither text nor [DONE] (or no stream at all) is an answer-error', async () => {
    for (const body of ['data: {"sessionId":"s-empty"}\n\n', '{"sessionId":"s-1","output":"Hal', '']) {
      const { failed } = await failThenRecover({ headers: SSE, body });
      expect(
        failed.errors.map((e) => e.type),
        `answer-error for ${JSON.stringify(body)}`,
      ).toEqual(['answer-error']);
    }
  });

  it('an empty reply the platform ends with [DONE] is a reply, not an error', async () => {
    server.route('POST', '/chat/web', { headers: SSE, body: 'data: {"sessionId":"s-e"}\n\ndata: [DONE]\n\n' });
    const { client, errors } = makeChat();
    expect(await client.send('Hi', TARGET), 'an empty reply').toEqual({ text: '', sessionId: 's-e', cut: null });
    expect(errors, 'no error').toEqual([]);
  });
});

describe('ChatClient: a reply has limits', () => {
  it('cuts a streamed reply at replyChars, stops reading, and says so in the reply and the snapshot', async () => {
    const reply = 'abcdefghij'.repeat(100);
    // After the 12th event the stream stalls: only a client that stops at the cap ends without a timeout.
    server.route(
      'POST',
      '/chat/web',
      chatWebHandler({
        reply,
        deltaSize: 10,
        sessionId: 's-cut',
        gate: (index) => (index < 12 ? Promise.resolve() : never<void>()),
      }),
    );
    const { client, errors } = makeChat({ ...SHORT, replyChars: 95 });
    const deltas: string[] = [];
    client.on('chat-delta', ({ delta }) => deltas.push(delta));
    const result = await client.send('Tell me everything', TARGET);
    expect(result, 'the first 95 characters, cut for length').toEqual({
      text: reply.slice(0, 95),
      sessionId: 's-cut',
      cut: 'length',
    });
    expect(deltas.join(''), 'the deltas add up to the cut text').toBe(reply.slice(0, 95));
    expect(client.getSnapshot(), 'the snapshot says it was cut').toMatchObject({
      state: 'idle',
      reply: reply.slice(0, 95),
      cut: 'length',
      error: null,
    });
    expect(errors, 'a cut is no error (nor a wait for the stalled rest)').toEqual([]);
  });

  it('cuts a reply that streams for longer than streamMs', async () => {
    const events = chatWebEvents({ reply: 'x'.repeat(5000), deltaSize: 1 }, 's-slow');
    server.route('POST', '/chat/web', {
      headers: SSE,
      chunks: events,
      gate: () => new Promise((resolve) => setTimeout(resolve, 10)),
    });
    const { client } = makeChat({ ...SHORT, streamMs: 300 });
    const result = await client.send('Slowly', TARGET);
    expect(result?.cut, 'cut for time').toBe('time');
    expect(result?.text.length, 'what arrived stays').toBeGreaterThan(0);
    expect(result?.text.length, 'not all of it').toBeLessThan(5000);
  });

  it('cuts the output of a JSON answer at replyChars, and refuses a JSON answer over bodyBytes', async () => {
    server.route('POST', '/chat/web', { body: { sessionId: 's-j', output: 'y'.repeat(500) } });
    const { client, errors } = makeChat({ ...SHORT, replyChars: 120 });
    expect(await client.send('JSON', TARGET), 'cut JSON output').toEqual({
      text: 'y'.repeat(120),
      sessionId: 's-j',
      cut: 'length',
    });
    server.route('POST', '/chat/web', { body: { sessionId: 's-j', output: 'z'.repeat(5000) } });
    const big = makeChat({ ...SHORT, bodyBytes: 1000 });
    expect(await big.client.send('Big JSON', TARGET), 'no reply').toBeNull();
    expect(
      big.errors.map((e) => e.type),
      'an answer-error',
    ).toEqual(['answer-error']);
    expect(errors, 'no error for the cut one').toEqual([]);
  });

  it('documents its defaults', () => {
    expect(ANSWER_LIMITS, 'the documented defaults').toEqual({
      firstByteMs: 30_000,
      idleMs: 30_000,
      streamMs: 300_000,
      replyChars: 100_000,
      bodyBytes: 4_000_000,
    });
  });
});

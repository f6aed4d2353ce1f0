/**
 * The loopback provider's `POST /chat/web` (`chatWebHandler`) answers as issue 10 describes the
 * platform, and the server's streamed answers (`chunks`, `gate`, drop) behave as the chat tests
 * rely on.
 */
import { describe, expect, it } from 'vitest';
import { chatWebEvents, chatWebHandler } from '../../../../fixtures/loopback-server.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';

const server = loopbackForFile();

function post(body: unknown, headers: Record<string, string> = { authorization: 'Bearer pk' }) {
  return fetch(`${server.url}/chat/web`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('chatWebHandler', () => {
  it('streams { sessionId }, delta chunks, { output } and [DONE] as text/event-stream', async () => {
    server.route(
      'POST',
      '/chat/web',
      chatWebHandler({ reply: 'Hi there', deltaSize: 3, sessionId: 's-1', output: 'Hi there' }),
    );
    const response = await post({ assistantId: 'a', input: 'Hello', stream: true });
    expect(response.headers.get('content-type'), 'SSE').toBe('text/event-stream');
    expect(await response.text(), 'the stream').toBe(
      [
        'data: {"sessionId":"s-1"}',
        'data: {"id":"chunk","sessionId":"s-1","path":"chat.output[0].content","delta":"Hi "}',
        'data: {"id":"chunk","sessionId":"s-1","path":"chat.output[0].content","delta":"the"}',
        'data: {"id":"chunk","sessionId":"s-1","path":"chat.output[0].content","delta":"re"}',
        'data: {"sessionId":"s-1","output":"Hi there"}',
        'data: [DONE]',
        '',
      ].join('\n\n'),
    );
    expect(server.requestsTo('POST', '/chat/web')[0]?.json, 'the request is recorded').toEqual({
      assistantId: 'a',
      input: 'Hello',
      stream: true,
    });
  });

  it('keeps the session a request carries, and numbers new ones', async () => {
    server.route('POST', '/chat/web', chatWebHandler({ reply: 'x' }));
    const first = await (await post({ assistantId: 'a', input: '1' })).text();
    const kept = await (await post({ assistantId: 'a', input: '2', sessionId: 'mine' })).text();
    const second = await (await post({ assistantId: 'a', input: '3' })).text();
    expect(
      [first, kept, second].map((text) => /"sessionId":"([^"]+)"/.exec(text)?.[1]),
      'session ids',
    ).toEqual(['chat-session-1', 'mine', 'chat-session-2']);
  });

  it('answers 401 without a bearer key, 400 without input, and the configured failure status', async () => {
    server.route('POST', '/chat/web', chatWebHandler({}));
    const noKey = await post({ assistantId: 'a', input: 'x' }, {});
    expect([noKey.status, ((await noKey.json()) as { message: string }).message], 'no key').toEqual([
      401,
      expect.stringMatching(/Invalid Key/),
    ]);
    expect((await post({ assistantId: 'a' })).status, 'no input').toBe(400);
    for (const status of [403, 429, 500]) {
      server.route('POST', '/chat/web', chatWebHandler({ status }));
      const response = await post({ assistantId: 'a', input: 'x' });
      expect(response.status, `status ${status}`).toBe(status);
      expect(((await response.json()) as { message?: unknown }).message, 'a platform message').toEqual(
        expect.any(String),
      );
    }
  });

  it('an unparseable chunk, no [DONE], and a drop after some bytes', async () => {
    const events = chatWebEvents({ reply: 'abc', garbage: true, omitDone: true }, 's');
    expect(events, 'garbage line, no [DONE]').toEqual([
      'data: {"sessionId":"s"}\n\n',
      'data: {"path":"chat.output[0].content","delta":\n\n',
      'data: {"id":"chunk","sessionId":"s","path":"chat.output[0].content","delta":"abc"}\n\n',
    ]);
    server.route('POST', '/chat/web', chatWebHandler({ reply: 'abcdef', sessionId: 's', dropAfterBytes: 30 }));
    const response = await post({ assistantId: 'a', input: 'x' });
    const reader = response.body!.getReader();
    const received: number[] = [];
    const error = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return null;
        received.push(...value);
      }
    })().catch((e: unknown) => e);
    expect(Buffer.from(received).toString(), 'the first 30 bytes arrived').toBe('data: {"sessionId":"s"}\n\ndata:');
    expect(error, 'then the connection broke').toBeInstanceOf(Error);
  });

  it('writes each piece of splitEvery bytes separately, gated', async () => {
    const gated: number[] = [];
    server.route(
      'POST',
      '/chat/web',
      chatWebHandler({ reply: 'Hello', sessionId: 's', splitEvery: 10, gate: async (index) => void gated.push(index) }),
    );
    const text = await (await post({ assistantId: 'a', input: 'x' })).text();
    const whole = chatWebEvents({ reply: 'Hello' }, 's').join('');
    expect(text, 'same bytes').toBe(whole);
    expect(gated, 'the gate ran before every write but the first').toEqual(
      Array.from({ length: Math.ceil(whole.length / 10) - 1 }, (_, i) => i + 1),
    );
  });
});

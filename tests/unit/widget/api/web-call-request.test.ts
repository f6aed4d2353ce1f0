/**
 * The request split: `requestWebCall` sends `POST /call/web` and returns the raw response promise,
 * `readWebCall` reads it with exactly `createWebCall`'s errors, and `requestChatWeb` sends
 * `POST /chat/web`. All against the loopback provider over real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { type LoopbackResponse } from '../../../../fixtures/loopback-server.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { createWebCall, readWebCall, requestWebCall } from '../../../../widget/src/api/web-call.ts';
import { requestChatWeb } from '../../../../widget/src/api/chat-web.ts';

const server = loopbackForFile();

const call = { id: 'call-1', webCallUrl: 'https://rooms.daily.co/abc' };

/** What a thrown error looks like, for comparing two code paths. */
function shape(error: unknown) {
  const e = error as Error & { status?: number; method?: string; path?: string; body?: unknown };
  return {
    name: e.name,
    message: e.message,
    status: e.status,
    method: e.method,
    path: e.path,
    body: e.body,
    cause: (e.cause as Error | undefined)?.name,
  };
}

describe('requestWebCall', () => {
  it('sends the same request as createWebCall and returns the unread response', async () => {
    server.route('POST', '/call/web', { status: 201, body: call });
    const target = { assistantId: 'asst-1', assistantOverrides: { variableValues: { name: 'Ada' } }, squad: undefined };
    const response = await requestWebCall({ baseUrl: server.url + '/', token: 'pk-1' }, target);
    expect(response.status, 'raw response').toBe(201);
    expect(response.bodyUsed, 'body not read').toBe(false);
    await createWebCall({ baseUrl: server.url + '/', token: 'pk-1' }, target);
    const [split, whole] = server.requests;
    expect(server.requests, 'one request each').toHaveLength(2);
    for (const request of [split, whole]) {
      expect(request?.path, 'path').toBe('/call/web');
      expect(request?.headers.authorization, 'bearer').toBe('Bearer pk-1');
      expect(request?.headers['content-type'], 'JSON').toBe('application/json');
    }
    expect(split?.text, 'identical body').toBe(whole?.text);
    expect(split?.json, 'undefined fields omitted').toEqual({
      assistantId: 'asst-1',
      assistantOverrides: { variableValues: { name: 'Ada' } },
    });
    expect(await readWebCall(response), 'readWebCall reads it').toEqual(call);
  });

  it('rejects instead of throwing when there is no fetch at all', async () => {
    const noFetch = undefined as unknown as typeof fetch;
    const original = globalThis.fetch;
    Reflect.deleteProperty(globalThis, 'fetch');
    let pending: Promise<Response> | undefined;
    try {
      expect(
        () => (pending = requestWebCall({ baseUrl: 'http://x', token: 't', fetch: noFetch }, { assistantId: 'a' })),
        'no synchronous throw',
      ).not.toThrow();
    } finally {
      globalThis.fetch = original;
    }
    const error = await readWebCall(pending!).catch((e: unknown) => e);
    expect((error as Error).name, 'mapped like createWebCall maps it').toBe('NetworkError');
  });
});

describe('readWebCall maps every failure exactly as createWebCall', () => {
  const cases: [string, LoopbackResponse][] = [
    ['400 with a platform message', { status: 400, body: { message: ['assistantId must be a UUID', 'bad squad'] } }],
    [
      '401',
      {
        status: 401,
        body: {
          message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
        },
      },
    ],
    ['429 as plain text', { status: 429, body: 'slow down' }],
    ['500 with an empty body', { status: 500 }],
    ['a 2xx body without webCallUrl', { status: 201, body: { id: 'x' } }],
    ['a dropped connection', { destroy: true }],
  ];
  it.each(cases)('%s', async (_label, answer) => {
    server.route('POST', '/call/web', answer);
    const options = { baseUrl: server.url, token: 't' };
    const whole = await createWebCall(options, { assistantId: 'a' }).catch((e: unknown) => e);
    const split = await readWebCall(requestWebCall(options, { assistantId: 'a' })).catch((e: unknown) => e);
    expect(whole, 'createWebCall fails').toBeInstanceOf(Error);
    expect(shape(split), 'same error, field by field').toEqual(shape(whole));
  });

  it('rethrows the abort error as-is when given the aborted signal, and wraps it without', async () => {
    server.route('POST', '/call/web', () => new Promise<LoopbackResponse>(() => {}));
    const controller = new AbortController();
    const request = requestWebCall(
      { baseUrl: server.url, token: 't', signal: controller.signal },
      { assistantId: 'a' },
    );
    await server.waitForRequest((r) => r.path === '/call/web');
    controller.abort();
    const withSignal = await readWebCall(request, controller.signal).catch((e: unknown) => e);
    expect((withSignal as Error).name, 'the abort error itself').toBe('AbortError');
    const without = await readWebCall(request).catch((e: unknown) => e);
    expect((without as Error).name, 'a NetworkError when the reader did not abort it').toBe('NetworkError');
  });

  it('reads a body that breaks halfway as a NetworkError', async () => {
    const broken = new Response(
      new ReadableStream({
        pull(controller) {
          controller.error(new TypeError('terminated'));
        },
      }),
      { status: 201 },
    );
    const error = await readWebCall(broken).catch((e: unknown) => e);
    expect(shape(error), 'network error with the cause').toMatchObject({
      name: 'NetworkError',
      path: '/call/web',
      cause: 'TypeError',
    });
  });
});

describe('requestChatWeb', () => {
  it('POSTs the target, input and session id with stream: true and the bearer key', async () => {
    server.route('POST', '/chat/web', {
      status: 200,
      body: 'data: [DONE]\n\n',
      headers: { 'content-type': 'text/event-stream' },
    });
    const response = await requestChatWeb(
      { baseUrl: server.url + '//', token: 'pk-chat' },
      {
        assistantId: 'asst-1',
        assistantOverrides: { variableValues: { name: 'Ada' } },
        input: 'Hello',
        sessionId: 's-1',
        squadId: undefined,
      },
    );
    expect(response.headers.get('content-type'), 'the raw stream').toBe('text/event-stream');
    const [request] = server.requests;
    expect(request?.path, 'path').toBe('/chat/web');
    expect(request?.headers.authorization, 'bearer').toBe('Bearer pk-chat');
    expect(request?.headers['content-type'], 'JSON').toBe('application/json');
    expect(request?.json, 'body').toEqual({
      assistantId: 'asst-1',
      assistantOverrides: { variableValues: { name: 'Ada' } },
      input: 'Hello',
      sessionId: 's-1',
      stream: true,
    });
  });

  it('omits an undefined session id and uses the injected fetch without a receiver', async () => {
    const seen: { url: string; body: unknown; self: unknown }[] = [];
    const fakeFetch = function (this: unknown, url: string | URL | Request, init?: RequestInit) {
      seen.push({ url: String(url), body: JSON.parse(String(init?.body)), self: this });
      return Promise.resolve(new Response('data: [DONE]\n\n'));
    } as typeof fetch;
    await requestChatWeb(
      { baseUrl: 'https://api.test', token: 'k', fetch: fakeFetch },
      { workflowId: 'w', input: 'Hi', sessionId: undefined },
    );
    expect(seen, 'one request').toEqual([
      { url: 'https://api.test/chat/web', body: { workflowId: 'w', input: 'Hi', stream: true }, self: undefined },
    ]);
  });
});

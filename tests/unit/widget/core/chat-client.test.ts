/**
 * `ChatClient` against the loopback provider's `POST /chat/web` over real HTTP (issue 10's wire
 * format: SSE `data:` chunks with deltas, `{ sessionId }`, `{ output }`, `[DONE]`): streaming,
 * chunk boundaries inside lines, JSON and UTF-8 characters, `[DONE]`, session reuse, 4xx/5xx,
 * network failures, abort, unparseable chunks, adoption of an in-flight request, validation.
 */
import { describe, expect, it } from 'vitest';
import { requestChatWeb } from '../../../../widget/src/api/chat-web.ts';
import { ChatClient, type ChatClientEvents, type ChatClientOptions } from '../../../../widget/src/core/chat-client.ts';
import { MISSING_TARGET_MESSAGE } from '../../../../widget/src/core/constants.ts';
import { deferred } from '../../../fixtures/fake-call.ts';
import {
  chatWebEvents,
  chatWebHandler,
  startLoopbackServer,
  type LoopbackResponse,
} from '../../../../fixtures/loopback-server.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';

const KEY = 'pk-chat';
const TARGET = { assistantId: 'asst-chat', assistantOverrides: { variableValues: { name: 'Ada' } } };
const REPLY = 'Hello! How can I help you today?';

const server = loopbackForFile();

/** Answers the next `POST /chat/web` with `body` as a server-sent event stream. */
function routeStream(body: string) {
  server.route('POST', '/chat/web', { headers: { 'content-type': 'text/event-stream' }, body });
}

type Logged = { [K in keyof ChatClientEvents]: [K, ChatClientEvents[K]] }[keyof ChatClientEvents];

/** A client on the loopback provider with every event recorded. */
function makeChat(options: Partial<ChatClientOptions> = {}) {
  const client = new ChatClient({ publicKey: KEY, apiBaseUrl: server.url, ...options });
  const log: Logged[] = [];
  const names: (keyof ChatClientEvents)[] = ['chat-request', 'chat-delta', 'chat-reply', 'error', 'state-change'];
  for (const name of names) client.on(name, (payload: unknown) => log.push([name, payload] as Logged));
  const states: string[] = [];
  client.subscribe(() => states.push(client.getSnapshot().state));
  return {
    client,
    log,
    of: <K extends keyof ChatClientEvents>(name: K) =>
      log.filter(([n]) => n === name).map(([, p]) => p as ChatClientEvents[K]),
    states,
  };
}

/**
 * A fetch whose response bodies report each read, and a gate for the fixture that releases write
 * n only after the client has read n pieces: every read then sees exactly one written piece.
 */
function pacedFetch() {
  const reads: string[] = [];
  let waiters: { n: number; resolve: () => void }[] = [];
  const release = () => {
    const ready = waiters.filter((w) => reads.length >= w.n);
    waiters = waiters.filter((w) => reads.length < w.n);
    for (const w of ready) w.resolve();
  };
  const fetchPaced: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const reader = response.body!.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        reads.push(Buffer.from(value).toString('latin1'));
        controller.enqueue(value);
        release();
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  const gate = (index: number) =>
    new Promise<void>((resolve) => {
      waiters.push({ n: index, resolve });
      release();
    });
  return { fetch: fetchPaced, gate, reads };
}

describe('ChatClient: a streamed reply', () => {
  it('sends the target, input and stream: true with the bearer key, and streams the reply token by token', async () => {
    server.route('POST', '/chat/web', chatWebHandler({ reply: REPLY, deltaSize: 5, sessionId: 's-1' }));
    const { client, log, of, states } = makeChat();
    const reply = await client.send('  Do you work on Sundays?\n', TARGET);
    expect(reply, 'resolves with the whole reply and the session').toEqual({
      text: REPLY,
      sessionId: 's-1',
      cut: null,
    });
    const [request] = server.requestsTo('POST', '/chat/web');
    expect(request?.headers.authorization, 'bearer key').toBe(`Bearer ${KEY}`);
    expect(request?.json, 'body: target, trimmed input, stream, no session yet').toEqual({
      ...TARGET,
      input: 'Do you work on Sundays?',
      stream: true,
    });
    const deltas = of('chat-delta');
    expect(
      deltas.map((d) => d.delta),
      'one event per delta, in order',
    ).toEqual(['Hello', '! How', ' can ', 'I hel', 'p you', ' toda', 'y?']);
    expect(deltas.map((d) => d.text).at(-1), 'text accumulates').toBe(REPLY);
    expect(deltas[1]?.text, 'text so far').toBe('Hello! How');
    expect(log[0], 'chat-request first').toEqual(['chat-request', { input: 'Do you work on Sundays?' }]);
    expect(of('state-change'), 'states').toEqual(['sending', 'streaming', 'idle']);
    expect(of('chat-reply'), 'one reply event').toEqual([{ text: REPLY, sessionId: 's-1', cut: null }]);
    expect(of('error'), 'no error').toEqual([]);
    expect(client.getSnapshot(), 'snapshot').toEqual({
      state: 'idle',
      sessionId: 's-1',
      reply: REPLY,
      cut: null,
      error: null,
    });
    expect(client.sessionId, 'sessionId getter').toBe('s-1');
    expect(states.length, 'subscribers notified on every change').toBeGreaterThan(deltas.length);
  });

  it('parses a stream cut every 7 bytes: lines, JSON and UTF-8 characters split across reads', async () => {
    const text = 'Grüße aus Köln 👋 — Öffnungszeiten: 9–17 Uhr, „Sonntag“ geschlossen. Ça va? Привет!';
    const paced = pacedFetch();
    server.route(
      'POST',
      '/chat/web',
      chatWebHandler({ reply: text, deltaSize: 3, splitEvery: 7, gate: paced.gate, sessionId: 's-split' }),
    );
    const { client, of } = makeChat({ fetch: paced.fetch });
    const reply = await client.send('Hours?', TARGET);
    expect(reply, 'the whole text, every character intact').toEqual({ text, sessionId: 's-split', cut: null });
    expect(
      of('chat-delta')
        .map((d) => d.delta)
        .join(''),
      'deltas add up',
    ).toBe(text);
    expect(paced.reads.length, 'many reads').toBeGreaterThan(20);
    expect(
      paced.reads.every((read) => read.length === 7 || read === paced.reads.at(-1)),
      'each read is one 7-byte piece',
    ).toBe(true);
    expect(
      paced.reads.some((read) => /\{"[a-z]*$/.test(read)),
      'some read ends inside a JSON chunk',
    ).toBe(true);
    // A read that starts with a UTF-8 continuation byte: the previous one ended inside a character.
    expect(
      paced.reads.some((read) => /^[\u0080-\u00bf]/.test(read)),
      'some read ends inside a multi-byte character',
    ).toBe(true);
  });

  it('treats data: [DONE] as the end, even while the connection stays open, and ignores what follows', async () => {
    const hold = deferred();
    const chunks = [
      'data: {"sessionId":"s-done"}\n\n',
      'data: {"path":"chat.output[0].content","delta":"Done."}\n\n',
      'data: [DONE]\n\n',
      'data: {"path":"chat.output[0].content","delta":" after"}\n\n',
    ];
    server.route('POST', '/chat/web', {
      headers: { 'content-type': 'text/event-stream' },
      chunks,
      gate: (index) => (index === 3 ? hold.promise : Promise.resolve()),
    });
    const { client, of } = makeChat();
    expect(await client.send('Hi', TARGET), 'resolves at [DONE]').toEqual({
      text: 'Done.',
      sessionId: 's-done',
      cut: null,
    });
    hold.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(client.getSnapshot().reply, 'nothing after [DONE]').toBe('Done.');
    expect(of('chat-delta'), 'one delta').toHaveLength(1);
  });

  it('reads CRLF lines, data: without a space, comments and event: lines', async () => {
    routeStream(
      ': keep-alive\r\nevent: message\r\ndata:{"sessionId":"s-crlf"}\r\n\r\ndata: {"delta":"One","path":"chat.output[0].content"}\r\n\r\ndata:[DONE]\r\n\r\n',
    );
    const { client } = makeChat();
    expect(await client.send('Hi', TARGET), 'parsed').toEqual({ text: 'One', sessionId: 's-crlf', cut: null });
  });

  it('skips an unparseable chunk and chunks of other paths, never throwing', async () => {
    server.route('POST', '/chat/web', chatWebHandler({ reply: 'Still fine.', garbage: true, sessionId: 's-g' }));
    const { client, of } = makeChat();
    expect(await client.send('Hi', TARGET), 'the reply').toEqual({ text: 'Still fine.', sessionId: 's-g', cut: null });
    expect(of('error'), 'no error').toEqual([]);

    routeStream(
      [
        'data: null',
        'data: 42',
        'data: "text"',
        'data: {"path":"chat.messages[0].role","delta":"assistant"}',
        'data: {"path":"chat.output[0].content","delta":"Yes"}',
        'data: [DONE]',
        '',
      ].join('\n\n'),
    );
    expect(await client.send('Again', TARGET), 'only content deltas count').toEqual({
      text: 'Yes',
      sessionId: 's-g',
      cut: null,
    });
  });

  it('separates the messages of a reply with several outputs', async () => {
    routeStream(
      ['First.', 'Second.']
        .map((delta, i) => `data: {"path":"chat.output[${i}].content","delta":"${delta}"}\n\n`)
        .join('') + 'data: [DONE]\n\n',
    );
    const { client } = makeChat();
    expect((await client.send('Hi', TARGET))?.text, 'two paragraphs').toBe('First.\n\nSecond.');
  });

  it('takes a full { output } as the text: a string, or the platform array of messages', async () => {
    server.route('POST', '/chat/web', chatWebHandler({ reply: 'Partial te', output: 'Partial text, corrected.' }));
    const { client, of } = makeChat();
    expect((await client.send('Hi', TARGET))?.text, 'output replaces the streamed text').toBe(
      'Partial text, corrected.',
    );
    expect(of('chat-delta').at(-1), 'the output extends the text: its suffix is the delta').toEqual({
      delta: 'xt, corrected.',
      text: 'Partial text, corrected.',
      replaced: false,
    });

    routeStream(
      `data: ${JSON.stringify({
        sessionId: 's-arr',
        output: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello.' },
          { role: 'assistant', tool_calls: [] },
          { role: 'assistant', content: 'Anything else?' },
        ],
      })}\n\ndata: [DONE]\n\n`,
    );
    expect(await client.send('Hi', TARGET), 'assistant messages only').toEqual({
      text: 'Hello.\n\nAnything else?',
      sessionId: 's-arr',
      cut: null,
    });
  });

  it('reads a non-streamed JSON answer ({ id, sessionId, output })', async () => {
    server.route('POST', '/chat/web', {
      body: { id: 'chat-1', sessionId: 's-json', output: [{ role: 'assistant', content: 'Plain JSON.' }] },
    });
    const { client } = makeChat();
    expect(await client.send('Hi', TARGET), 'the reply').toEqual({
      text: 'Plain JSON.',
      sessionId: 's-json',
      cut: null,
    });
  });

  it('a stream that ends without [DONE] completes with what arrived', async () => {
    server.route('POST', '/chat/web', chatWebHandler({ reply: 'No done marker.', omitDone: true, sessionId: 's-nd' }));
    const { client, of } = makeChat();
    expect(await client.send('Hi', TARGET), 'the reply').toEqual({
      text: 'No done marker.',
      sessionId: 's-nd',
      cut: null,
    });
    expect(of('error'), 'no error').toEqual([]);
  });
});

describe('ChatClient: the session', () => {
  it('sends the session id back with every later message; reset() starts a new conversation', async () => {
    server.route('POST', '/chat/web', chatWebHandler({ reply: 'Sure.' }));
    const { client } = makeChat();
    const first = await client.send('One', TARGET);
    expect(first?.sessionId, 'the platform gave a session').toBe('chat-session-1');
    await client.send('Two', TARGET);
    await client.send('Three', { assistantId: 'asst-chat' });
    const bodies = server.requestsTo('POST', '/chat/web').map((r) => r.json as { sessionId?: string; input: string });
    expect(
      bodies.map((b) => [b.input, b.sessionId]),
      'session id reused',
    ).toEqual([
      ['One', undefined],
      ['Two', 'chat-session-1'],
      ['Three', 'chat-session-1'],
    ]);
    client.reset();
    expect(client.getSnapshot(), 'forgotten').toEqual({
      state: 'idle',
      sessionId: null,
      reply: '',
      cut: null,
      error: null,
    });
    expect((await client.send('Four', TARGET))?.sessionId, 'a new session').toBe('chat-session-2');
    expect(
      (server.requests.at(-1)?.json as { sessionId?: string }).sessionId,
      'sent without a session',
    ).toBeUndefined();
  });

  it('continues a session given at construction', async () => {
    server.route('POST', '/chat/web', chatWebHandler({}));
    const { client } = makeChat({ sessionId: 'stored-session' });
    expect(client.sessionId, 'known before the first message').toBe('stored-session');
    await client.send('Back again', TARGET);
    expect((server.requests[0]?.json as { sessionId?: string }).sessionId, 'sent').toBe('stored-session');
  });
});

describe('ChatClient: failures', () => {
  it.each([
    [401, /Invalid Key/],
    [403, /not allowed/],
    [429, /Too Many Requests/],
    [500, /Internal server error/],
  ])(
    'HTTP %i is an api-error with the status and the platform message; the next send clears it',
    async (status, message) => {
      server.route('POST', '/chat/web', chatWebHandler({ status }));
      const { client, of } = makeChat();
      expect(await client.send('Hi', TARGET), 'resolves null').toBeNull();
      const errors = of('error');
      expect(errors, 'one error').toHaveLength(1);
      expect(errors[0], 'api-error with status').toMatchObject({ name: 'VoiceError', type: 'api-error', status });
      expect(errors[0]?.message, 'platform message').toMatch(message);
      expect((errors[0]?.cause as Error).name, 'the ApiError as cause').toBe('ApiError');
      expect(client.getSnapshot(), 'idle with the error').toMatchObject({ state: 'idle', error: errors[0], reply: '' });
      expect(of('state-change'), 'states').toEqual(['sending', 'idle']);
      expect(of('chat-reply'), 'no reply').toEqual([]);

      server.route('POST', '/chat/web', chatWebHandler({ reply: 'Recovered.' }));
      expect((await client.send('Hi', TARGET))?.text, 'works again').toBe('Recovered.');
      expect(client.getSnapshot().error, 'error cleared').toBeNull();
    },
  );

  it('no answer at all is a network-error', async () => {
    const closed = await startLoopbackServer();
    const url = closed.url;
    await closed.close();
    const { client, of } = makeChat({ apiBaseUrl: url });
    expect(await client.send('Hi', TARGET), 'null').toBeNull();
    expect(
      of('error').map((e) => [e.type, e.status]),
      'network-error',
    ).toEqual([['network-error', undefined]]);
    expect((of('error')[0]?.cause as Error).name, 'the NetworkError as cause').toBe('NetworkError');
  });

  it('a stream that breaks midway is a network-error and keeps the partial reply', async () => {
    const script = { reply: 'This reply breaks off', deltaSize: 5, sessionId: 's-drop' };
    // The session chunk and two deltas arrive whole, the third is cut halfway, then the connection drops.
    const [session, one, two, three] = chatWebEvents(script, 's-drop');
    const cut = session!.length + one!.length + two!.length + Math.floor(three!.length / 2);
    server.route('POST', '/chat/web', chatWebHandler({ ...script, dropAfterBytes: cut }));
    const { client, of } = makeChat();
    expect(await client.send('Hi', TARGET), 'null').toBeNull();
    const [error] = of('error');
    expect(error?.type, 'network-error').toBe('network-error');
    const snapshot = client.getSnapshot();
    expect(snapshot.reply, 'the two whole deltas are kept').toBe('This reply');
    expect(snapshot, 'idle, session kept').toMatchObject({ state: 'idle', sessionId: 's-drop', error });
  });

  it('stop() while streaming aborts the stream; the partial reply stays, no error, the connection is released', async () => {
    const hold = deferred();
    let closedByClient = false;
    const gate = (index: number) => (index === 2 ? hold.promise : Promise.resolve());
    server.route(
      'POST',
      '/chat/web',
      chatWebHandler({ reply: 'Never finished', deltaSize: 6, sessionId: 's-stop', gate }),
    );
    const signals: AbortSignal[] = [];
    const { client, of } = makeChat({
      fetch: (input, init) => {
        signals.push(init!.signal!);
        init!.signal!.addEventListener('abort', () => (closedByClient = true));
        return fetch(input, init);
      },
    });
    const sending = client.send('Hi', TARGET);
    await new Promise<void>((resolve) => client.on('chat-delta', () => resolve()));
    client.stop();
    expect(await sending, 'send resolves null').toBeNull();
    expect(client.getSnapshot(), 'partial reply kept, idle').toMatchObject({
      state: 'idle',
      reply: 'Never ',
      error: null,
      sessionId: 's-stop',
    });
    expect(of('error'), 'no error').toEqual([]);
    expect(of('chat-reply'), 'no reply event').toEqual([]);
    expect(closedByClient && signals[0]?.aborted, 'the request was aborted').toBe(true);
    hold.resolve();
    server.route('POST', '/chat/web', chatWebHandler({ reply: 'Next.' }));
    expect((await client.send('Again', TARGET))?.text, 'usable again').toBe('Next.');
  });

  it('stop() before the answer arrives resolves null and sends nothing more', async () => {
    const never = deferred<LoopbackResponse>();
    server.route('POST', '/chat/web', () => never.promise);
    const { client, of } = makeChat();
    const sending = client.send('Hi', TARGET);
    await server.waitForRequest((r) => r.path === '/chat/web');
    client.stop();
    expect(await sending, 'null').toBeNull();
    expect(of('state-change'), 'back to idle').toEqual(['sending', 'idle']);
    expect(of('error'), 'no error').toEqual([]);
    client.stop();
    expect(of('state-change'), 'a second stop is a no-op').toEqual(['sending', 'idle']);
  });
});

describe('ChatClient: one message at a time, validation, destroy', () => {
  it('a send while one is in flight resolves null and sends nothing', async () => {
    const hold = deferred();
    server.route('POST', '/chat/web', chatWebHandler({ reply: 'Only one.', gate: () => hold.promise }));
    const { client } = makeChat();
    const first = client.send('One', TARGET);
    await server.waitForRequest((r) => r.path === '/chat/web');
    expect(await client.send('Two', TARGET), 'second send ignored').toBeNull();
    hold.resolve();
    expect((await first)?.text, 'the first completes').toBe('Only one.');
    expect(server.requestsTo('POST', '/chat/web'), 'one request').toHaveLength(1);
  });

  it.each([
    ['an empty input', '   ', TARGET, 'The message is empty.'],
    ['no target', 'Hi', {}, MISSING_TARGET_MESSAGE],
    ['overrides without a target', 'Hi', { assistantOverrides: { variableValues: {} } }, MISSING_TARGET_MESSAGE],
  ])('%s is a validation-error and sends nothing', async (_label, input, target, message) => {
    const { client, of } = makeChat();
    expect(await client.send(input, target), 'null').toBeNull();
    expect(
      of('error').map((e) => [e.type, e.message]),
      'validation-error',
    ).toEqual([['validation-error', message]]);
    expect(client.getSnapshot(), 'still idle with the error').toMatchObject({
      state: 'idle',
      error: { type: 'validation-error' },
    });
    expect(server.requests, 'nothing sent').toEqual([]);
  });

  it('destroy() stops, removes listeners and makes the instance inert', async () => {
    server.route('POST', '/chat/web', chatWebHandler({}));
    const { client, log } = makeChat();
    client.destroy();
    client.destroy();
    expect(await client.send('Hi', TARGET), 'inert').toBeNull();
    expect(log, 'no events after destroy').toEqual([]);
    expect(server.requests, 'nothing sent').toEqual([]);
  });
});

describe('ChatClient.send adopts an in-flight request', () => {
  const forbiddenFetch: typeof fetch = () => Promise.reject(new Error('the client sent a request of its own'));

  it('streams the answer of a request sent before the client existed, without a second POST', async () => {
    server.route('POST', '/chat/web', chatWebHandler({ reply: 'Adopted.', sessionId: 's-adopt' }));
    const request = requestChatWeb({ baseUrl: server.url, token: KEY }, { ...TARGET, input: 'Hi' });
    await server.waitForRequest((r) => r.path === '/chat/web');
    const { client, of } = makeChat({ fetch: forbiddenFetch });
    expect(await client.send('Hi', TARGET, { request }), 'the reply').toEqual({
      text: 'Adopted.',
      sessionId: 's-adopt',
      cut: null,
    });
    expect(of('chat-request'), 'the request event still fires').toEqual([{ input: 'Hi' }]);
    expect(server.requestsTo('POST', '/chat/web'), 'one POST').toHaveLength(1);
    server.route('POST', '/chat/web', chatWebHandler({ reply: 'Own.' }));
    const { client: own } = makeChat({ sessionId: client.sessionId });
    await own.send('Next', TARGET);
    expect((server.requests.at(-1)?.json as { sessionId?: string }).sessionId, 'the adopted session continues').toBe(
      's-adopt',
    );
  });

  it('maps the adopted request failures as its own: 429 and a refused connection', async () => {
    server.route('POST', '/chat/web', chatWebHandler({ status: 429 }));
    const { client, of } = makeChat({ fetch: forbiddenFetch });
    await client.send('Hi', TARGET, {
      request: requestChatWeb({ baseUrl: server.url, token: KEY }, { ...TARGET, input: 'Hi' }),
    });
    const closed = await startLoopbackServer();
    await closed.close();
    await client.send('Hi', TARGET, {
      request: requestChatWeb({ baseUrl: closed.url, token: KEY }, { ...TARGET, input: 'Hi' }),
    });
    expect(
      of('error').map((e) => [e.type, e.status]),
      'api-error 429, then network-error',
    ).toEqual([
      ['api-error', 429],
      ['network-error', undefined],
    ]);
  });

  it('an adopted request that is not used (busy, invalid) never becomes an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { client } = makeChat({ fetch: forbiddenFetch });
      expect(
        await client.send('', TARGET, { request: Promise.reject(new TypeError('Failed to fetch')) }),
        'invalid',
      ).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled, 'no unhandled rejection').toEqual([]);
  });
});

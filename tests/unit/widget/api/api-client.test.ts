/**
 * Behaviour of the full client's transport: error parsing, timeout, abort, retries (429/503 with
 * Retry-After, backoff with jitter, none for POST unless asked), multipart uploads, and the
 * promise that nothing runs at import or creation. Waits between retries go through the injected
 * `sleep` port, which records the delay and resolves at once: no wall-clock assertions.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RecordedRequest } from '../../../../fixtures/loopback-server.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import {
  type AnswerError,
  ApiError,
  DEFAULT_API_BASE_URL,
  NetworkError,
  TimeoutError,
  assistantRoutes,
  bindRoutes,
  createApiClient,
  createRequester,
  isAnswerError,
  isApiError,
  isNetworkError,
  isRequestError,
  isTimeoutError,
  type ApiClientOptions,
} from '../../../../widget/src/api/index.ts';
// Internals of the transport, tested directly (not part of the /api entry).
import { parseRetryAfter, serializeQuery } from '../../../../widget/src/api/request.ts';

const server = loopbackForFile();

/** A client on the loopback server whose retry waits are recorded, not slept. */
function client(options: Partial<ApiClientOptions> = {}) {
  const sleeps: number[] = [];
  const api = createApiClient({
    token: 'tok',
    baseUrl: server.url,
    sleep: (ms, signal) => {
      sleeps.push(ms);
      return signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve();
    },
    ...options,
  });
  return { api, sleeps };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

/** Parses a recorded multipart body with the platform's own parser. */
function formDataOf(request: RecordedRequest | undefined): Promise<FormData> {
  return new Request('http://parse.invalid/', {
    method: 'POST',
    headers: { 'content-type': String(request?.headers['content-type']) },
    body: new Uint8Array(request?.rawBody ?? []),
  }).formData();
}

/** Checks the `files` parts of a multipart body: their names in order, and the second part's bytes. */
async function expectFileParts(form: FormData, names: string[], message: string, secondText: string) {
  const files = form.getAll('files') as File[];
  expect(
    files.map((f) => f.name),
    message,
  ).toEqual(names);
  expect(await files[1]?.text(), 'the second part').toBe(secondText);
}

describe('error parsing', () => {
  it.each([
    [
      'a message string',
      404,
      { message: "Couldn't Find Assistant", error: 'Not Found', statusCode: 404 },
      "Couldn't Find Assistant",
    ],
    [
      'a message array',
      400,
      { message: ['name must be shorter', 'voice is invalid'], error: 'Bad Request' },
      'name must be shorter; voice is invalid',
    ],
    ['only an error field', 401, { error: 'Unauthorized' }, 'Unauthorized'],
    ['a text body', 502, '<html>Bad gateway</html>', 'HTTP 502 Bad Gateway'],
    ['an empty body', 403, undefined, 'HTTP 403 Forbidden'],
  ])('turns %s into an ApiError', async (_label, status, body, message) => {
    server.route('GET', '/assistant/a1', { status, body });
    const { api } = client({ retries: 0 });
    const error = await rejection(api.assistant.get('a1'));
    expect(isApiError(error), `ApiError, got ${String(error)}`).toBe(true);
    expect(error).toBeInstanceOf(ApiError);
    expect(isRequestError(error), 'shares the RequestError base').toBe(true);
    const apiError = error as ApiError;
    expect(apiError.message, 'platform message').toBe(message);
    expect(apiError.name).toBe('ApiError');
    expect(apiError.status).toBe(status);
    expect(apiError.method).toBe('GET');
    expect(apiError.path, 'path without base URL').toBe('/assistant/a1');
    expect(apiError.body, 'parsed body').toEqual(body);
  });

  it('resolves 204 to undefined and a text body to its text', async () => {
    server.route('DELETE', '/call/c1', { status: 204 });
    server.route('GET', '/call/c1', { status: 200, body: 'plain words' });
    const { api } = client();
    await expect(api.call.delete('c1'), '204 → undefined').resolves.toBeUndefined();
    await expect(api.call.get('c1'), 'text body → string').resolves.toBe('plain words');
  });

  it('rejects an empty path parameter before sending anything', async () => {
    const { api } = client();
    await expect(api.assistant.delete(''), 'empty id would hit the collection').rejects.toThrow(TypeError);
    expect(server.requests, 'nothing sent').toHaveLength(0);
  });
});

describe('timeout and abort', () => {
  it('throws TimeoutError when the response is slower than timeoutMs', async () => {
    server.route('GET', '/call', { delayMs: 2_000, body: [] });
    const { api, sleeps } = client({ timeoutMs: 30 });
    const error = await rejection(api.call.list());
    expect(isTimeoutError(error), `TimeoutError, got ${String(error)}`).toBe(true);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(30);
    // Every retry waits first; on a loaded machine the one attempt may time out before it even
    // reaches the server, so the server's count alone cannot tell.
    expect(sleeps, 'a timeout is not retried').toEqual([]);
    expect(server.requests.length, 'at most the one attempt').toBeLessThanOrEqual(1);
  });

  it('lets a per-call timeout override the client default', async () => {
    server.route('GET', '/call', { delayMs: 2_000, body: [] });
    const { api } = client({ timeoutMs: 60_000 });
    const error = await rejection(api.call.list(undefined, { timeoutMs: 20 }));
    expect(isTimeoutError(error), 'per-call timeout applied').toBe(true);
  });

  it("rethrows the caller's abort reason unwrapped", async () => {
    server.route('GET', '/call', { delayMs: 5_000, body: [] });
    const { api } = client();
    const controller = new AbortController();
    const pending = api.call.list({}, { signal: controller.signal });
    await server.waitForRequest((r) => r.path === '/call');
    const reason = new Error('user navigated away');
    controller.abort(reason);
    expect(await rejection(pending), 'the abort reason itself').toBe(reason);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const { api } = client();
    const reason = new Error('cancelled before start');
    const error = await rejection(api.call.list({}, { signal: AbortSignal.abort(reason) }));
    expect(error, 'the abort reason').toBe(reason);
    expect(server.requests, 'no request').toHaveLength(0);
  });

  it('stops retrying when the caller aborts during the backoff wait', async () => {
    server.route('GET', '/call', { status: 503 });
    const controller = new AbortController();
    const api = createApiClient({
      token: 't',
      baseUrl: server.url,
      sleep: (_ms, signal) => {
        controller.abort();
        return Promise.reject(signal?.reason);
      },
    });
    const error = await rejection(api.call.list({}, { signal: controller.signal }));
    expect((error as Error).name, 'AbortError from the wait').toBe('AbortError');
    expect(server.requests, 'no attempt after the abort').toHaveLength(1);
  });
});

describe('retries', () => {
  it('retries a GET on 429 after the Retry-After seconds', async () => {
    server.route(
      'GET',
      '/assistant',
      { status: 429, headers: { 'Retry-After': '2' }, body: { message: 'slow down' } },
      { body: [{ id: 'a' }] },
    );
    const { api, sleeps } = client();
    await expect(api.assistant.list()).resolves.toEqual([{ id: 'a' }]);
    expect(server.requests, 'two attempts').toHaveLength(2);
    expect(sleeps, 'waited exactly what Retry-After asked').toEqual([2_000]);
  });

  it('retries a DELETE on 503 with an HTTP-date Retry-After', async () => {
    const at = new Date(Date.now() + 5_000).toUTCString();
    server.route(
      'DELETE',
      '/squad/s1',
      { status: 503, headers: { 'retry-after': at } },
      { status: 200, body: { id: 's1' } },
    );
    const { api, sleeps } = client();
    await expect(api.squad.delete('s1')).resolves.toEqual({ id: 's1' });
    expect(sleeps, 'one wait').toHaveLength(1);
    expect(sleeps[0], 'about 4–5 s (HTTP dates have 1 s precision)').toBeGreaterThan(3_000);
    expect(sleeps[0]).toBeLessThanOrEqual(5_000);
  });

  it('backs off exponentially with jitter, then gives up with the last ApiError', async () => {
    server.route('GET', '/tool', { status: 500, body: { message: 'boom' } });
    const { api, sleeps } = client({ retries: { limit: 3, baseDelayMs: 100 } });
    const error = await rejection(api.tool.list());
    expect(isApiError(error) && error.status, 'last ApiError').toBe(500);
    expect(server.requests, '1 attempt + 3 retries').toHaveLength(4);
    expect(sleeps).toHaveLength(3);
    sleeps.forEach((ms, n) => {
      const nominal = 100 * 2 ** n;
      expect(ms, `retry ${n} within ±25 % of ${nominal}`).toBeGreaterThanOrEqual(nominal * 0.75);
      expect(ms, `retry ${n} within ±25 % of ${nominal}`).toBeLessThanOrEqual(nominal * 1.25);
    });
  });

  it('gives up at once when Retry-After exceeds maxDelayMs', async () => {
    server.route('GET', '/tool', { status: 429, headers: { 'retry-after': '3600' } });
    const { api, sleeps } = client({ retries: { maxDelayMs: 10_000 } });
    const error = await rejection(api.tool.list());
    expect(isApiError(error) && error.status).toBe(429);
    expect(server.requests, 'no retry').toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it.each([
    ['POST', (api: ReturnType<typeof client>['api']) => api.call.create({ assistantId: 'a' }), '/call'],
    ['PATCH', (api: ReturnType<typeof client>['api']) => api.call.update('c1', { name: 'x' }), '/call/c1'],
  ])('does not retry a %s on 503', async (method, invoke, path) => {
    server.route(method, path, { status: 503, headers: { 'retry-after': '1' } }, { status: 201, body: {} });
    const { api, sleeps } = client({ retries: 5 });
    const error = await rejection(invoke(api));
    expect(isApiError(error) && error.status, 'the 503 surfaces').toBe(503);
    expect(server.requests, `${method} is sent once`).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('retries a POST when the call asks for it', async () => {
    server.route('POST', '/call', { status: 503 }, { status: 201, body: { id: 'c9' } });
    const { api } = client();
    await expect(api.call.create({ assistantId: 'a' }, { retries: { methods: ['POST'] } })).resolves.toEqual({
      id: 'c9',
    });
    expect(server.requests, 'retried once').toHaveLength(2);
    expect(server.requests[1]?.json, 'same body resent').toEqual({ assistantId: 'a' });
  });

  it('does not retry a 4xx other than 408/429', async () => {
    server.route('GET', '/squad/x', { status: 404, body: { message: 'nope' } });
    const { api } = client();
    await rejection(api.squad.get('x'));
    expect(server.requests).toHaveLength(1);
  });

  it('retries a GET after a network failure, and reports NetworkError when retries run out', async () => {
    server.route('GET', '/file', { destroy: true }, { body: [] });
    const { api } = client();
    await expect(api.file.list({ purpose: 'knowledge-base' }), 'second attempt succeeds').resolves.toEqual([]);

    server.reset();
    server.route('GET', '/file', { destroy: true });
    const error = await rejection(client({ retries: 1 }).api.file.list({ purpose: 'knowledge-base' }));
    expect(isNetworkError(error), `NetworkError, got ${String(error)}`).toBe(true);
    expect(error).toBeInstanceOf(NetworkError);
    expect(server.requests, '1 attempt + 1 retry').toHaveLength(2);
  });

  it('parses Retry-After seconds and dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now), 'past date → 0').toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('multipart', () => {
  it('uploads a File to POST /file as the `file` field', async () => {
    server.route('POST', '/file', { status: 201, body: { id: 'f1' } });
    const { api } = client();
    const file = new File(['hello, knowledge'], 'notes.txt', { type: 'text/plain' });
    await expect(api.file.create(file)).resolves.toEqual({ id: 'f1' });
    const [request] = server.requests;
    expect(request?.headers['content-type'], 'multipart with a boundary').toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.headers.authorization).toBe('Bearer tok');
    const form = await formDataOf(request);
    const sent = form.get('file');
    expect(sent, 'a file part').toBeInstanceOf(File);
    expect((sent as File).name, 'file name kept').toBe('notes.txt');
    expect(await (sent as File).text(), 'file content').toBe('hello, knowledge');
  });

  it('sends a record with repeated file fields to the voice clone route', async () => {
    server.route('POST', '/11labs/voice/clone', { body: { voiceId: 'v1' } });
    const { api } = client();
    await api.provider.cloneVoice({
      name: 'Ada',
      description: undefined,
      files: [new File(['a'], 'one.mp3'), new Blob(['bb'], { type: 'audio/mpeg' })],
    });
    const form = await formDataOf(server.requests[0]);
    expect(form.get('name'), 'text field').toBe('Ada');
    expect(form.has('description'), 'undefined skipped').toBe(false);
    await expectFileParts(form, ['one.mp3', 'blob'], 'two parts, a bare Blob is named "blob"', 'bb');
  });

  it('sends the Sesame voice as multipart: name, transcription and the sample file', async () => {
    server.route('POST', '/voice-library/create-sesame-voice', { status: 201, body: { id: 'v1' } });
    const { api } = client();
    const sample = new File([new Uint8Array([82, 73, 70, 70, 0, 255])], 'sample.wav', { type: 'audio/wav' });
    await expect(
      api.voiceLibrary.createSesameVoice({ voiceName: 'Ada', transcription: 'Hello there', file: sample }),
    ).resolves.toEqual({ id: 'v1' });
    const [request] = server.requests;
    expect(request?.headers['content-type'], 'multipart, not JSON').toMatch(/^multipart\/form-data; boundary=/);
    const form = await formDataOf(request);
    expect(form.get('voiceName'), 'voice name field').toBe('Ada');
    expect(form.get('transcription'), 'transcription field').toBe('Hello there');
    const file = form.get('file') as File;
    expect(file.name, 'sample file name').toBe('sample.wav');
    expect([...new Uint8Array(await file.arrayBuffer())], 'sample bytes unchanged').toEqual([82, 73, 70, 70, 0, 255]);
  });

  it('sends the Vapi voice clone as multipart with repeated files', async () => {
    server.route('POST', '/vapi/voice/clone', { status: 201 });
    const { api } = client();
    await expect(
      api.provider.cloneVapiVoice({
        name: 'Ada',
        language: 'en',
        files: [new File(['one'], 'a.mp3'), new File(['two'], 'b.mp3')],
      }),
    ).resolves.toBeUndefined();
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers.authorization).toBe('Bearer tok');
    const form = await formDataOf(request);
    expect(form.get('name')).toBe('Ada');
    expect(form.get('language')).toBe('en');
    await expectFileParts(form, ['a.mp3', 'b.mp3'], 'both samples, in order', 'two');
  });

  it('passes a FormData through unchanged', async () => {
    server.route('POST', '/file', { body: { id: 'f2' } });
    const { api } = client();
    const form = new FormData();
    form.append('file', new File(['x'], 'x.pdf'));
    form.append('purpose', 'kb');
    await api.file.create(form);
    const received = await formDataOf(server.requests[0]);
    expect(received.get('purpose')).toBe('kb');
    expect((received.get('file') as File).name).toBe('x.pdf');
  });
});

describe('DELETE with a body', () => {
  it('sends DELETE /call/{id} with the bulk-delete JSON body, not a query', async () => {
    server.route('DELETE', '/call/c1', { body: { deleted: 2 } });
    const { api } = client();
    await expect(api.call.delete('c1', { ids: ['c1', 'c2'] })).resolves.toEqual({ deleted: 2 });
    const [request] = server.requests;
    expect(request?.method).toBe('DELETE');
    expect(request?.search, 'no query').toBe('');
    expect(request?.headers['content-type'], 'JSON body').toBe('application/json');
    expect(request?.json, 'the body as given').toEqual({ ids: ['c1', 'c2'] });
  });

  it('sends no body at all when none is given', async () => {
    server.route('DELETE', '/call/c1', { body: { id: 'c1' } });
    const { api } = client();
    await api.call.delete('c1');
    const [request] = server.requests;
    expect(request?.text, 'empty body').toBe('');
    expect(request?.headers['content-type'], 'no content type without a body').toBeUndefined();
  });

  it('is retried like any DELETE (idempotent), resending the same body', async () => {
    server.route('DELETE', '/call/c1', { status: 503 }, { body: { ok: true } });
    const { api, sleeps } = client();
    await expect(api.call.delete('c1', { ids: ['a'] })).resolves.toEqual({ ok: true });
    expect(sleeps, 'one backoff wait').toHaveLength(1);
    expect(
      server.requests.map((r) => r.json),
      'same body both times',
    ).toEqual([{ ids: ['a'] }, { ids: ['a'] }]);
  });

  it('other DELETE routes still take a query', async () => {
    server.route('DELETE', '/assistant/a1', { body: {} });
    const { api } = client();
    await api.assistant.delete('a1', { force: true });
    expect(server.requests[0]?.query).toEqual({ force: 'true' });
    expect(server.requests[0]?.text).toBe('');
  });
});

describe('bracket-style queries (object-valued parameters)', () => {
  // Each shape the /v2 listings use, checked on the wire and as the server decodes it.
  it('an object becomes key[field]', () => {
    expect(serializeQuery({ customer: { number: '+15551234567' } })).toBe('?customer%5Bnumber%5D=%2B15551234567');
  });

  it('objects nest as deep as they go (structuredOutputs[id][op])', () => {
    expect(serializeQuery({ structuredOutputs: { 'so-1': { eq: 'yes' }, 'so 2': { gte: 3 } } })).toBe(
      '?structuredOutputs%5Bso-1%5D%5Beq%5D=yes&structuredOutputs%5Bso+2%5D%5Bgte%5D=3',
    );
  });

  it('an array inside an object repeats its bracketed key', () => {
    expect(serializeQuery({ score: { in: ['a', 'b'] } })).toBe('?score%5Bin%5D=a&score%5Bin%5D=b');
  });

  it('dates inside objects are ISO 8601; null and undefined inside objects are skipped', () => {
    expect(serializeQuery({ range: { gt: new Date(0), lt: undefined, eq: null } })).toBe(
      '?range%5Bgt%5D=1970-01-01T00%3A00%3A00.000Z',
    );
  });

  it('an empty object sends nothing; scalars beside it are unchanged', () => {
    expect(serializeQuery({ customer: {}, limit: 5, idAny: ['x', 'y'] })).toBe('?limit=5&idAny=x&idAny=y');
  });

  it('reaches the server as bracketed keys on GET /v2/call', async () => {
    server.route('GET', '/v2/call', { body: { results: [] } });
    const { api } = client();
    await api.call.listV2({ customer: { number: '+1555' }, score: { gte: '4' }, limit: 10 });
    expect(server.requests[0]?.query, 'decoded by the server').toEqual({
      'customer[number]': '+1555',
      'score[gte]': '4',
      limit: '10',
    });
  });
});

describe('binary responses', () => {
  it('resolves a recording as a Blob with its bytes intact', async () => {
    const bytes = new Uint8Array([0, 255, 128, 1, 0xc3, 0x28]); // 0xc3 0x28 is not valid UTF-8
    server.route('GET', '/call/c1/mono-recording', {
      headers: { 'content-type': 'audio/wav' },
      body: Buffer.from(bytes),
    });
    const { api } = client();
    const recording = await api.call.monoRecording<Blob>('c1');
    expect(recording, 'a Blob, not text').toBeInstanceOf(Blob);
    expect(recording.type, 'content type kept').toBe('audio/wav');
    expect([...new Uint8Array(await recording.arrayBuffer())], 'bytes unchanged').toEqual([...bytes]);
  });

  it('keeps parsing JSON and text content types as before', async () => {
    server.route('GET', '/call/c1/call-logs', {
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: 'line 1\nline 2',
    });
    server.route('GET', '/call/c1', { headers: { 'content-type': 'application/problem+json' }, body: '{"id":"c1"}' });
    const { api } = client();
    await expect(api.call.logs('c1'), 'text stays text').resolves.toBe('line 1\nline 2');
    await expect(api.call.get('c1'), '+json is JSON').resolves.toEqual({ id: 'c1' });
  });

  it('refuses a success that declares JSON but is not JSON, and keeps a JSON string value', async () => {
    server.route('GET', '/call/c1', {
      headers: { 'content-type': 'application/json' },
      body: '<html>proxy login</html>',
    });
    server.route('GET', '/call/c2', { headers: { 'content-type': 'application/json' }, body: '"just a string"' });
    server.route('GET', '/call/c3', {
      status: 502,
      headers: { 'content-type': 'application/json' },
      body: 'Bad gateway',
    });
    const { api } = client({ retries: 0 });
    const error = await rejection(api.call.get('c1'));
    expect(isAnswerError(error), 'an AnswerError, not the HTML handed over as the answer').toBe(true);
    expect((error as AnswerError).problem).toBe('unreadable');
    expect((error as AnswerError).status).toBe(200);
    expect((error as AnswerError).body, 'the text kept for logs').toBe('<html>proxy login</html>');
    await expect(api.call.get('c2'), 'a JSON string is JSON').resolves.toBe('just a string');
    const failed = await rejection(api.call.get('c3'));
    expect(isApiError(failed), 'an error status stays an ApiError').toBe(true);
    expect((failed as ApiError).body, 'its text body kept').toBe('Bad gateway');
  });

  it('puts a binary error body in ApiError.body as a Blob', async () => {
    server.route('GET', '/call/c1/pcap', {
      status: 404,
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.from([1, 2]),
    });
    const { api } = client({ retries: 0 });
    const error = await rejection(api.call.pcap('c1'));
    expect(isApiError(error)).toBe(true);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).body, 'binary body').toBeInstanceOf(Blob);
  });
});

describe('client', () => {
  it('sends client and per-call headers, and raw requests for routes outside the table', async () => {
    server.route('GET', '/some/new/route', { body: { ok: true } });
    const { api } = client({ headers: { 'x-trace': 'client' } });
    await expect(
      api.request('GET', '/some/new/route', { query: { a: 1 } }, { headers: { 'x-call': 'yes' } }),
    ).resolves.toEqual({ ok: true });
    const [request] = server.requests;
    expect(request?.headers['x-trace'], 'client header').toBe('client');
    expect(request?.headers['x-call'], 'call header').toBe('yes');
    expect(request?.query).toEqual({ a: '1' });
  });

  it('binds one table alone (what a tree-shaken import uses)', async () => {
    server.route('GET', '/assistant/a%2Fb', { body: { id: 'a/b' } });
    const assistants = bindRoutes(createRequester({ token: 'k', baseUrl: `${server.url}/` }), assistantRoutes);
    await expect(assistants.get('a/b')).resolves.toEqual({ id: 'a/b' });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer k');
  });

  it('serialises queries: skips null/undefined, ISO dates, repeated keys', () => {
    expect(serializeQuery({ a: 1, b: null, c: undefined, d: true, e: ['x', 'y z'], f: new Date(0) })).toBe(
      '?a=1&d=true&e=x&e=y+z&f=1970-01-01T00%3A00%3A00.000Z',
    );
    expect(serializeQuery({})).toBe('');
    expect(serializeQuery(undefined)).toBe('');
  });
});

describe('nothing at import or creation', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('imports and creates a client without fetching or starting timers, and defaults the base URL', async () => {
    vi.useFakeTimers();
    const fetchSpy = vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ id: 'a' })));
    vi.stubGlobal('fetch', fetchSpy);
    vi.resetModules();
    const fresh = await import('../../../../widget/src/api/index.ts');
    const api = fresh.createApiClient({ token: 'k' });
    expect(fetchSpy, 'no request at import or creation').not.toHaveBeenCalled();
    expect(vi.getTimerCount(), 'no timers at import or creation').toBe(0);

    // The global fetch is read at call time, so a stub installed after import is used.
    await api.assistant.get('a');
    expect(String(fetchSpy.mock.calls[0]?.[0]), 'default base URL').toBe(`${DEFAULT_API_BASE_URL}/assistant/a`);
    expect(DEFAULT_API_BASE_URL).toBe('https://api.vapi.ai');
    expect(vi.getTimerCount(), 'timeout timer cleared after the response').toBe(0);
  });
});

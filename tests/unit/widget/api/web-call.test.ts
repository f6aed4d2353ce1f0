import { describe, expect, it } from 'vitest';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { createWebCall } from '../../../../widget/src/api/web-call.ts';
import { ApiError, isApiError } from '../../../../widget/src/api/errors/api-error.ts';
import { isNetworkError, NetworkError } from '../../../../widget/src/api/errors/network-error.ts';
import { isRequestError } from '../../../../widget/src/api/errors/request-error.ts';
import { type AnswerError, isAnswerError } from '../../../../widget/src/api/errors/answer-error.ts';

const server = loopbackForFile();

const call = { id: 'call-1', webCallUrl: 'https://rooms.daily.co/abc', artifactPlan: { videoRecordingEnabled: false } };

describe('createWebCall', () => {
  it('POSTs the target to /call/web with the bearer token and JSON content type', async () => {
    server.route('POST', '/call/web', { status: 201, body: call });
    const result = await createWebCall(
      { baseUrl: server.url + '/', token: 'pk-123' },
      { assistantId: 'asst-1', assistantOverrides: { variableValues: { name: 'Ada' } }, squad: undefined },
    );
    expect(result, 'returns the parsed call').toEqual(call);
    const [request] = server.requests;
    expect(server.requests, 'exactly one request').toHaveLength(1);
    expect(request?.method).toBe('POST');
    expect(request?.path, 'trailing slash of baseUrl is not doubled').toBe('/call/web');
    expect(request?.headers.authorization).toBe('Bearer pk-123');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.json, 'undefined fields are omitted').toEqual({
      assistantId: 'asst-1',
      assistantOverrides: { variableValues: { name: 'Ada' } },
    });
  });

  it.each([
    ['message string', { message: 'Invalid assistant' }, 'Invalid assistant'],
    [
      'message array',
      { message: ['assistantId must be a UUID', 'squad is bad'] },
      'assistantId must be a UUID; squad is bad',
    ],
    ['error field', { error: 'Unauthorized' }, 'Unauthorized'],
    ['plain text', 'gateway exploded', 'HTTP 400 Bad Request'],
  ])('throws ApiError with the platform message (%s)', async (_label, body, message) => {
    server.route('POST', '/call/web', { status: 400, body });
    const error = await createWebCall({ baseUrl: server.url, token: 't' }, { assistantId: 'a' }).catch(
      (e: unknown) => e,
    );
    expect(isApiError(error), 'an ApiError').toBe(true);
    expect(isRequestError(error), 'also a RequestError').toBe(true);
    const apiError = error as ApiError;
    expect(apiError).toBeInstanceOf(ApiError);
    expect(apiError.message).toBe(message);
    expect(apiError.status).toBe(400);
    expect(apiError.method).toBe('POST');
    expect(apiError.path).toBe('/call/web');
    expect(apiError.body, 'parsed body kept').toEqual(body);
  });

  it('throws AnswerError (invalid), not ApiError, when a 2xx body lacks id or webCallUrl', async () => {
    server.route('POST', '/call/web', { status: 201, body: { id: 'x' } });
    const error = await createWebCall({ baseUrl: server.url, token: 't' }, { assistantId: 'a' }).catch(
      (e: unknown) => e,
    );
    expect(isApiError(error), 'a 2xx is no error answer').toBe(false);
    expect(isAnswerError(error), `an AnswerError, got ${String(error)}`).toBe(true);
    expect([(error as AnswerError).status, (error as AnswerError).problem], 'status and problem').toEqual([
      201,
      'invalid',
    ]);
  });

  it('throws NetworkError when the connection fails', async () => {
    server.route('POST', '/call/web', { destroy: true });
    const error = await createWebCall({ baseUrl: server.url, token: 't' }, { assistantId: 'a' }).catch(
      (e: unknown) => e,
    );
    expect(isNetworkError(error), `a NetworkError, got ${String(error)}`).toBe(true);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause, 'fetch error kept as cause').toBeInstanceOf(Error);
  });

  it('rethrows the abort error, unwrapped, when the caller aborts', async () => {
    server.route('POST', '/call/web', { delayMs: 5_000, body: call });
    const controller = new AbortController();
    const pending = createWebCall({ baseUrl: server.url, token: 't', signal: controller.signal }, { assistantId: 'a' });
    await server.waitForRequest((r) => r.path === '/call/web');
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isRequestError(error), 'not wrapped in a client error').toBe(false);
    expect((error as Error).name, 'the abort error itself').toBe('AbortError');
  });

  it('uses the injected fetch, called without a receiver', async () => {
    const seen: { url: string; init: RequestInit | undefined; self: unknown }[] = [];
    const fakeFetch = function (this: unknown, url: string | URL | Request, init?: RequestInit) {
      seen.push({ url: String(url), init, self: this });
      return Promise.resolve(Response.json(call, { status: 201 }));
    } as typeof fetch;
    const result = await createWebCall(
      { baseUrl: 'https://api.test', token: 'k', fetch: fakeFetch },
      { workflowId: 'w' },
    );
    expect(result.id).toBe('call-1');
    expect(seen[0]?.url).toBe('https://api.test/call/web');
    expect(seen[0]?.self, 'fetch is not invoked as a method of the options object').toBeUndefined();
    expect(seen[0]?.init?.body).toBe('{"workflowId":"w"}');
  });
});

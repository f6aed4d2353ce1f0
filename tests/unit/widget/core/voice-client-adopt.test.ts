/**
 * `VoiceClient.start(target, { request })`: the core adopts a `POST /call/web` that left before
 * the engine was loaded (sent with `requestWebCall`, as a loader does at the click). It sends no
 * second POST, reports the same stages, and maps the adopted request's failures exactly as when
 * it sends the request itself.
 */
import { describe, expect, it } from 'vitest';
import { requestWebCall } from '../../../../widget/src/api/web-call.ts';
import { deferred } from '../../../fixtures/fake-call.ts';
import { type LoopbackResponse } from '../../../../fixtures/loopback-server.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { PUBLIC_KEY, SUCCESS_PROGRESS, makeClient, webCall } from './harness.ts';

const server = loopbackForFile();

/** A fetch that fails the test if the core ever sends a request itself. */
const forbiddenFetch: typeof fetch = () => Promise.reject(new Error('the core sent a request of its own'));

function send(target = { assistantId: 'a' }, signal?: AbortSignal) {
  return requestWebCall({ baseUrl: server.url, token: PUBLIC_KEY, signal }, target);
}

describe('VoiceClient.start adopts an in-flight request', () => {
  it('the request leaves before the engine is loaded; the core sends no second POST', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const request = send();
    // The POST has reached the provider before any client exists (as when the loader sends it).
    await server.waitForRequest((r) => r.path === '/call/web');
    const { client, events, factory } = makeClient(server, { fetch: forbiddenFetch });
    const result = await client.start({ assistantId: 'a' }, { request });
    expect(result, 'resolves with the adopted web call').toEqual(webCall());
    expect(server.requestsTo('POST', '/call/web'), 'exactly one POST /call/web').toHaveLength(1);
    expect(events.progress(), 'the same stages as a start that sends its own request').toEqual(SUCCESS_PROGRESS);
    expect(client.getSnapshot(), 'active with the adopted call id').toMatchObject({
      state: 'active',
      callId: 'call-1',
    });
    expect(factory.last.joins, 'joins the adopted room').toEqual([{ url: webCall().webCallUrl }]);
    await client.stop();
  });

  it('adopts a request whose answer came before start()', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall({ id: 'early' }) });
    const request = send();
    await request;
    const { client } = makeClient(server, { fetch: forbiddenFetch });
    expect(await client.start({ assistantId: 'a' }, { request }), 'the early answer').toMatchObject({ id: 'early' });
    await client.stop();
  });

  const failures: [string, LoopbackResponse][] = [
    ['400 with the platform message', { status: 400, body: { message: 'assistantId must be a UUID' } }],
    ['401', { status: 401, body: { message: 'Invalid Key' } }],
    ['500 as text', { status: 500, body: 'upstream exploded' }],
    ['a 2xx body without webCallUrl', { status: 201, body: { id: 'x' } }],
    ['a dropped connection', { destroy: true }],
  ];
  it.each(failures)('maps %s exactly as an own request', async (_label, answer) => {
    server.route('POST', '/call/web', answer);
    const own = makeClient(server);
    await own.client.start({ assistantId: 'a' });
    const adopted = makeClient(server, { fetch: forbiddenFetch });
    await adopted.client.start({ assistantId: 'a' }, { request: send() });
    const summary = ({ events }: typeof own) => ({
      progress: events.progress(),
      failed: events.of('call-start-failed').map((f) => f.stage),
      errors: events.of('error').map((e) => ({
        type: e.type,
        stage: e.stage,
        status: e.status,
        message: e.message,
        cause: (e.cause as Error).name,
      })),
    });
    expect(summary(own).errors, 'the own request failed').toHaveLength(1);
    expect(summary(adopted), 'same progress, stage, type, status, message and cause').toEqual(summary(own));
    expect(adopted.client.getSnapshot(), 'idle, ready again').toMatchObject({
      state: 'idle',
      error: { type: summary(own).errors[0]!.type },
    });
    expect(server.requestsTo('POST', '/call/web'), 'one POST per start').toHaveLength(2);
  });

  it('stop() during the adopted request cancels the start at once, without waiting for the answer', async () => {
    const answer = deferred<LoopbackResponse>();
    server.route('POST', '/call/web', () => answer.promise);
    const { client, events, factory } = makeClient(server, { fetch: forbiddenFetch });
    const started = client.start({ assistantId: 'a' }, { request: send() });
    await server.waitForRequest((r) => r.path === '/call/web');
    await client.stop();
    expect(await started, 'start resolves null before the provider answered').toBeNull();
    expect(events.progress().slice(-1), 'the stage reports cancelled').toEqual(['web-call-creation:failed']);
    expect(events.of('call-start-progress').at(-1)?.reason, 'reason').toBe('cancelled');
    expect(events.of('error'), 'no error').toHaveLength(0);
    answer.resolve({ status: 201, body: webCall() });
    await new Promise((resolve) => setImmediate(resolve));
    expect(factory.calls, 'no call object for a cancelled start').toHaveLength(0);
    expect(client.getSnapshot().state, 'still idle').toBe('idle');
  });

  it('a request the caller aborted is a network-error', async () => {
    server.route('POST', '/call/web', () => new Promise<LoopbackResponse>(() => {}));
    const controller = new AbortController();
    const request = send({ assistantId: 'a' }, controller.signal);
    await server.waitForRequest((r) => r.path === '/call/web');
    controller.abort();
    const { client, events } = makeClient(server, { fetch: forbiddenFetch });
    expect(await client.start({ assistantId: 'a' }, { request }), 'fails').toBeNull();
    expect(
      events.of('error').map((e) => [e.type, e.stage]),
      'network-error in web-call-creation',
    ).toEqual([['network-error', 'web-call-creation']]);
  });

  it('an adopted request that is never used is still handled: no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { client } = makeClient(server, { fetch: forbiddenFetch });
      const rejected = Promise.reject(new TypeError('Failed to fetch'));
      await expect(client.start({}, { request: rejected }), 'validation still throws').rejects.toMatchObject({
        type: 'validation-error',
      });
      server.route('POST', '/call/web', { status: 201, body: webCall() });
      const running = client.start({ assistantId: 'a' });
      const second = Promise.reject(new TypeError('Failed to fetch'));
      expect(await client.start({ assistantId: 'a' }, { request: second }), 'already started').toBeNull();
      await running;
      await client.stop();
      // Unhandled rejections are reported after a macrotask turn.
      await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled, 'no unhandled rejection').toEqual([]);
  });
});

/**
 * `VoiceClient.start(target, { microphone })`: the core adopts a microphone request made at the
 * click (`startNow` asks `getUserMedia` beside `POST /call/web`), so the permission runs in
 * parallel with the request instead of after the engine and the card have started. It asks no
 * second time, reports the same stages, maps a refusal as its own request's, and never leaves the
 * microphone open, also when the start does not use the request.
 */
import { describe, expect, it } from 'vitest';
import { deferred, FakeTrack, namedError } from '../../../fixtures/fake-call.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { SUCCESS_PROGRESS, makeClient, until, webCall } from './harness.ts';

const server = loopbackForFile();

/** What `getUserMedia` resolves with: a stream of `tracks`. */
const stream = (...tracks: FakeTrack[]) => ({ getTracks: () => tracks });

describe('VoiceClient.start adopts a microphone request in flight', () => {
  it('asks no second time, reports the same stages, and stops the granted track', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const track = new FakeTrack();
    const { client, events, platform, factory } = makeClient(server);
    const result = await client.start({ assistantId: 'a' }, { microphone: Promise.resolve(stream(track)) });
    expect(result, 'joined').toEqual(webCall());
    expect(
      { asked: platform.micRequests, adopted: platform.micAdopted },
      'the pending request adopted, none of its own',
    ).toEqual({ asked: 0, adopted: 1 });
    expect(track.readyState, 'the early track is stopped (the call engine opens its own)').toBe('ended');
    expect(events.progress(), 'the same stages as a start that asks itself').toEqual(SUCCESS_PROGRESS);
    expect(factory.last.joins, 'joined the room').toHaveLength(1);
    await client.stop();
  });

  it('joins only once the adopted permission is granted', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const permission = deferred<ReturnType<typeof stream>>();
    const { client, events, factory } = makeClient(server);
    const started = client.start({ assistantId: 'a' }, { microphone: permission.promise });
    await server.waitForRequest((r) => r.path === '/call/web');
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(
      factory.calls.flatMap((call) => call.joins),
      'no join while the permission is pending',
    ).toEqual([]);
    expect(events.progress().at(-1), 'waiting in mobile-permissions').toBe('mobile-permissions:started');
    permission.resolve(stream(new FakeTrack()));
    expect(await started, 'then joined').toEqual(webCall());
    await client.stop();
  });

  it('a refused early request gives the same error as a refusal of its own, and the client can start again', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const own = makeClient(server);
    own.platform.denyMicrophone('NotAllowedError');
    await own.client.start({ assistantId: 'a' });
    const early = makeClient(server);
    const refused = Promise.reject(namedError('NotAllowedError', 'NotAllowedError: fake'));
    expect(await early.client.start({ assistantId: 'a' }, { microphone: refused }), 'fails').toBeNull();
    const summary = ({ events }: typeof own) =>
      events.of('error').map((e) => ({ type: e.type, stage: e.stage, message: e.message }));
    expect(summary(own), 'the own refusal').toEqual([
      { type: 'mic-permission-denied', stage: 'mobile-permissions', message: expect.any(String) },
    ]);
    expect(summary(early), 'same type, stage and message').toEqual(summary(own));
    expect(
      await early.client.start({ assistantId: 'a' }),
      'usable again: the next start asks itself and joins',
    ).toEqual(webCall());
    expect(early.platform.micRequests, 'asked itself the second time').toBe(1);
    await early.client.stop();
  });

  it('a start that does not use it (no target, already started) still stops its tracks', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const { client } = makeClient(server);
    const unused = new FakeTrack();
    await expect(
      client.start({}, { microphone: Promise.resolve(stream(unused)) }),
      'validation throws',
    ).rejects.toMatchObject({ type: 'validation-error' });
    const running = client.start({ assistantId: 'a' });
    const second = new FakeTrack();
    expect(
      await client.start({ assistantId: 'a' }, { microphone: Promise.resolve(stream(second)) }),
      'already started',
    ).toBeNull();
    await running;
    await new Promise((resolve) => setImmediate(resolve));
    expect([unused.readyState, second.readyState], 'both stopped').toEqual(['ended', 'ended']);
    await client.stop();
  });

  it('the call machine loads beside the permission: load() as soon as the call object exists, the join after both', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const permission = deferred<ReturnType<typeof stream>>();
    const load = deferred();
    const { client, factory } = makeClient(server);
    factory.configure = (call) => {
      call.loadResult = () => load.promise;
    };
    const started = client.start({ assistantId: 'a' }, { microphone: permission.promise });
    await until(() => factory.calls.length === 1, 'the call object');
    expect(factory.last.loads, 'loading while the permission is pending').toBe(1);
    permission.resolve(stream(new FakeTrack()));
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(factory.last.joins, 'the join waits for the load').toEqual([]);
    load.resolve();
    expect(await started, 'joined').toEqual(webCall());
    expect(factory.last.joins, 'once').toHaveLength(1);
    await client.stop();
  });

  it('a failed load is left to the join (which loads by itself and reports what fails)', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const { client, factory, events } = makeClient(server);
    factory.configure = (call) => {
      call.loadResult = () => Promise.reject(new Error('Failed to load call object bundle'));
    };
    expect(await client.start({ assistantId: 'a' }), 'still joined').toEqual(webCall());
    expect(events.of('error'), 'no error of its own').toEqual([]);
    await client.stop();
  });
});

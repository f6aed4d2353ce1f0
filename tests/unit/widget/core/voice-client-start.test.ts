import { describe, expect, it, vi } from 'vitest';
import { VoiceClient } from '../../../../widget/src/core/voice-client.ts';
import { isVoiceError } from '../../../../widget/src/core/errors/voice-error.ts';
import type { CallTarget } from '../../../../widget/src/core/types.ts';
import { FakeCallFactory, FakePlatform, FakeTrack, namedError } from '../../../fixtures/fake-call.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { PUBLIC_KEY, SUCCESS_PROGRESS, record, until, expectCallsReleased, makeClient, webCall } from './harness.ts';

const server = loopbackForFile(() => vi.restoreAllMocks());

function provide(body: unknown = webCall(), status = 201) {
  server.route('POST', '/call/web', { status, body });
}

describe('VoiceClient.start: the request', () => {
  const targets: [string, CallTarget][] = [
    ['assistant', { assistant: { model: { provider: 'openai' }, firstMessage: 'Hi' } }],
    ['assistantId', { assistantId: 'asst-1', assistantOverrides: { variableValues: { name: 'Ann' } } }],
    ['squad', { squad: { members: [{ assistantId: 'a' }] } }],
    ['squadId', { squadId: 'squad-1' }],
    ['workflow', { workflow: { nodes: [] }, workflowOverrides: { variableValues: { x: 1 } } }],
    ['workflowId', { workflowId: 'wf-1' }],
  ];
  for (const [kind, target] of targets) {
    it(`POSTs /call/web with the bearer key and the ${kind} target as the body`, async () => {
      provide();
      const { client } = makeClient(server);
      const result = await client.start(target);
      expect(result, 'start resolves with the web call').toEqual(webCall());
      expect(server.requests, 'exactly one request').toHaveLength(1);
      const request = server.requests[0]!;
      expect(request.method, 'method').toBe('POST');
      expect(request.path, 'path').toBe('/call/web');
      expect(request.headers.authorization, 'bearer header').toBe(`Bearer ${PUBLIC_KEY}`);
      expect(request.headers['content-type'], 'content type').toMatch(/^application\/json/);
      expect(request.json, 'body is the target as given').toEqual(target);
      await client.stop();
    });
  }

  it('uses the platform default base URL when none is given', async () => {
    const seen: string[] = [];
    const fetchSpy: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response(JSON.stringify(webCall()), { status: 201, headers: { 'content-type': 'application/json' } });
    };
    const client = new VoiceClient({
      publicKey: 'pk',
      callFactory: new FakeCallFactory(),
      platform: new FakePlatform(),
      fetch: fetchSpy,
    });
    await client.start({ assistantId: 'a' });
    expect(seen, 'the default API base URL').toEqual(['https://api.vapi.ai/call/web']);
    await client.stop();
  });
});

describe('VoiceClient.start: stages', () => {
  it('reports started and completed with a duration for every stage, then success', async () => {
    provide();
    const { client, events, factory, platform } = makeClient(server);
    const states: string[] = [];
    client.subscribe(() => states.push(client.getSnapshot().state));
    const result = await client.start({ assistantId: 'asst-1' });
    expect(result?.id, 'web call returned').toBe('call-1');
    expect(events.progress(), 'stage sequence').toEqual(SUCCESS_PROGRESS);
    for (const p of events.of('call-start-progress')) {
      expect(typeof p.timestamp, `${p.stage} timestamp`).toBe('number');
      if (p.status === 'completed') expect(p.duration, `${p.stage} duration`).toBeGreaterThanOrEqual(0);
    }
    const [success] = events.of('call-start-success');
    expect(success?.callId, 'success carries the call id').toBe('call-1');
    expect(success?.totalDuration, 'total duration').toBeGreaterThanOrEqual(0);
    expect(events.of('state-change'), 'state transitions').toEqual(['starting', 'active']);
    expect(client.state, 'active after start').toBe('active');
    expect(client.getSnapshot(), 'snapshot after start').toMatchObject({
      state: 'active',
      callId: 'call-1',
      stage: null,
      error: null,
    });
    expect(states.at(-1), 'subscribers saw the final state').toBe('active');

    const call = factory.last;
    expect(call.options, 'no video for a non-video voice').toEqual({ video: false, camera: false });
    expect(call.joins, 'joined the web call URL').toEqual([{ url: 'https://example.daily.co/room-1' }]);
    expect(call.observerIntervals, 'audio level observer every 100 ms').toEqual([100]);
    expect(call.inputSettings, 'noise cancellation on the microphone').toEqual([
      { audio: { processor: { type: 'noise-cancellation' } } },
    ]);
    expect(call.recordings, 'no recording unless enabled').toEqual([]);
    expect(platform.micRequests, 'microphone asked for explicitly').toBe(1);
    expect(
      platform.micTracks.every((t) => t.readyState === 'ended'),
      'the permission probe track is released',
    ).toBe(true);
    expect(events.of('error'), 'no error').toEqual([]);
    await client.stop();
  });

  it('asks for remote video only when the voice provider is a video one', async () => {
    provide(webCall({ assistant: { voice: { provider: 'tavus' } } }));
    const { client, factory } = makeClient(server, { video: true });
    await client.start({ assistantId: 'a' });
    expect(factory.last.options, 'video for tavus').toEqual({ video: true, camera: false });
    await client.stop();
  });

  it('without a meeting token, starts a 1280x720 default-layout recording when the artifact plan enables video recording', async () => {
    provide(webCall({ artifactPlan: { videoRecordingEnabled: true } }));
    const { client, factory, events } = makeClient(server);
    await client.start({ assistantId: 'a' });
    expect(factory.last.recordings, 'recording options (spec §9: 1280 by 720, default layout)').toEqual([
      { width: 1280, height: 720, backgroundColor: '#FF1F2D3D', layout: { preset: 'default' } },
    ]);
    expect(events.progress(), 'recording-started begins after setup').toContain('video-recording-started:started');
    factory.last.emit('recording-started', undefined);
    const done = events
      .of('call-start-progress')
      .find((p) => p.stage === 'video-recording-started' && p.status === 'completed');
    expect(done?.metadata?.delaySeconds, 'delay reported in seconds').toBeGreaterThanOrEqual(0);
    await client.stop();
    expect(factory.last.recordingStops, 'recording stopped when the call leaves').toBe(1);
  });

  it('waits 1 s on mobile devices before joining, and not on desktop', async () => {
    provide();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { client, platform, events } = makeClient(server);
      platform.mobile = true;
      const started = client.start({ assistantId: 'a' });
      // vi.waitFor would advance the fake clock; poll on real macrotasks instead.
      await until(() => events.progress().includes('mobile-permissions:started'), 'the mobile-permissions stage');
      expect(events.progress(), 'no join before the wait ends').not.toContain('daily-call-join:started');
      await vi.advanceTimersByTimeAsync(999);
      expect(events.progress(), 'still waiting at 999 ms').not.toContain('mobile-permissions:completed');
      await vi.advanceTimersByTimeAsync(1);
      expect(await started, 'started after the wait').not.toBeNull();
      await client.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for the microphone and starts the mobile wait at the start, beside POST /call/web: a slow answer leaves nothing to wait after it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { client, platform, events, factory } = makeClient(server);
      platform.mobile = true;
      let answer: (response: Response) => void = () => {};
      const request = new Promise<Response>((resolve) => (answer = resolve));
      const started = client.start({ assistantId: 'a' }, { request });
      await until(() => platform.micRequests === 1, 'the microphone request');
      expect(events.progress(), 'asked while POST /call/web is still in flight').not.toContain(
        'web-call-creation:completed',
      );
      // The POST takes longer than the mobile wait …
      await vi.advanceTimersByTimeAsync(1000);
      answer(new Response(JSON.stringify(webCall()), { status: 201, headers: { 'content-type': 'application/json' } }));
      // … so the join follows the answer without another second.
      await until(() => factory.calls.length === 1 && factory.last.joins.length === 1, 'the join');
      expect(events.progress().slice(0, 8), 'every stage still reports in its place').toEqual(
        SUCCESS_PROGRESS.slice(0, 8),
      );
      expect(await started, 'started').not.toBeNull();
      await client.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('VoiceClient.start: validation and already-started', () => {
  it('throws and emits a validation error without a target', async () => {
    const { client, events } = makeClient(server);
    const thrown = await client.start({}).catch((error: unknown) => error);
    expect(isVoiceError(thrown, 'validation-error'), 'a validation VoiceError is thrown').toBe(true);
    expect((thrown as Error).message, "the spec's exact message").toBe(
      'Assistant or Squad or Workflow must be provided.',
    );
    const [emitted] = events.of('error');
    expect(emitted, 'the same error is emitted').toBe(thrown);
    expect(emitted?.stage, 'stage input-validation').toBe('input-validation');
    expect(server.requests, 'no request').toHaveLength(0);
    expect(client.state, 'still idle').toBe('idle');
  });

  it('ignores a second start while starting or active, with an already-started progress', async () => {
    provide();
    const { client, events, factory } = makeClient(server);
    const first = client.start({ assistantId: 'a' });
    expect(await client.start({ assistantId: 'a' }), 'second start while starting').toBeNull();
    await first;
    expect(await client.start({ assistantId: 'a' }), 'third start while active').toBeNull();
    const rejected = events.of('call-start-progress').filter((p) => p.reason === 'already-started');
    expect(rejected, 'two already-started reports').toHaveLength(2);
    expect(rejected[0], 'failed validation progress').toMatchObject({ stage: 'input-validation', status: 'failed' });
    expect(server.requests, 'one request only').toHaveLength(1);
    expect(factory.calls, 'one call object only').toHaveLength(1);
    expect(client.state, 'the first call is untouched').toBe('active');
    await client.stop();
  });
});

describe('VoiceClient.start: failures', () => {
  async function expectFailure(
    setup: (ctx: ReturnType<typeof makeClient>) => void,
    expected: { stage: string; type: string; status?: number; message?: string | RegExp },
  ) {
    const ctx = makeClient(server);
    setup(ctx);
    const { client, events, factory, platform } = ctx;
    const result = await client.start({ assistantId: 'a' });
    expect(result, 'start resolves null').toBeNull();
    expect(events.progress().at(-1), 'the stage reports failed').toBe(`${expected.stage}:failed`);
    const [failed] = events.of('call-start-failed');
    expect(failed?.stage, 'call-start-failed names the stage').toBe(expected.stage);
    const errors = events.of('error');
    expect(errors, 'exactly one error event').toHaveLength(1);
    const error = errors[0]!;
    expect(failed?.error, 'the same error in both events').toBe(error);
    expect(error.type, 'error type').toBe(expected.type);
    expect(error.stage, 'error stage').toBe(expected.stage);
    if (expected.status !== undefined) expect(error.status, 'HTTP status').toBe(expected.status);
    if (expected.message) expect(error.message, 'error message').toMatch(expected.message);
    expect(events.names().indexOf('call-start-failed'), 'call-start-failed before error').toBeLessThan(
      events.names().indexOf('error'),
    );
    expect(events.of('call-start'), 'no call-start').toHaveLength(0);
    expect(events.of('call-end'), 'no call-end for a call that never joined').toHaveLength(0);
    expect(client.getSnapshot(), 'idle with the error').toMatchObject({ state: 'idle', stage: null, error });
    expectCallsReleased(factory.calls);
    expect(
      platform.micTracks.every((t) => t.readyState === 'ended'),
      'microphone tracks ended',
    ).toBe(true);
    expect(platform.pageHideHandlers.size, 'page-hide listener removed').toBe(0);
    return ctx;
  }

  // Each row: the test's name, the platform's answer, and the status and message the failure carries.
  it.each<[string, number, Record<string, string>, string]>([
    [
      'maps an API error to api-error with the status and the platform message',
      400,
      { message: 'assistantId must be a UUID', error: 'Bad Request' },
      'assistantId must be a UUID',
    ],
    ['maps a 401 to api-error 401', 401, { message: 'Invalid Key' }, 'Invalid Key'],
  ])('%s', async (_name, status, body, message) => {
    server.route('POST', '/call/web', { status, body });
    await expectFailure(() => {}, { stage: 'web-call-creation', type: 'api-error', status, message });
  });

  it('maps a dropped connection to network-error', async () => {
    server.route('POST', '/call/web', { destroy: true });
    await expectFailure(() => {}, { stage: 'web-call-creation', type: 'network-error' });
  });

  it('maps a throwing call factory to daily-call-object-creation-error', async () => {
    provide();
    await expectFailure(
      (ctx) => (ctx.factory.createError = new Error('Duplicate DailyIframe instances are not allowed')),
      {
        stage: 'daily-call-object-creation',
        type: 'daily-call-object-creation-error',
        message: /Duplicate DailyIframe/,
      },
    );
  });

  it("a microphone refused while POST /call/web fails reports the request's failure (the refusal is not left unhandled)", async () => {
    provide({ message: 'Invalid Key' }, 401);
    const { platform } = await expectFailure((ctx) => ctx.platform.denyMicrophone('NotAllowedError'), {
      stage: 'web-call-creation',
      type: 'api-error',
      status: 401,
    });
    expect(platform.micRequests, 'asked beside the request').toBe(1);
  });

  const micCases: [string, string][] = [
    ['NotAllowedError', 'mic-permission-denied'],
    ['NotFoundError', 'mic-not-found'],
    ['OverconstrainedError', 'mic-not-found'],
    ['SecurityError', 'mic-blocked'],
    ['NotReadableError', 'mic-blocked'],
  ];
  for (const [name, type] of micCases) {
    it(`maps a microphone ${name} to ${type}, before any join`, async () => {
      provide();
      const { factory } = await expectFailure((ctx) => ctx.platform.denyMicrophone(name), {
        stage: 'mobile-permissions',
        type,
      });
      expect(factory.last.joins, 'never joined').toHaveLength(0);
    });
  }

  it('maps a NotAllowedError caused by a permissions policy to mic-blocked', async () => {
    provide();
    await expectFailure(
      (ctx) =>
        (ctx.platform.microphone = () =>
          Promise.reject(namedError('NotAllowedError', 'Permission denied by permissions policy'))),
      { stage: 'mobile-permissions', type: 'mic-blocked', message: /^The microphone cannot be used on this page\./ },
    );
  });

  it('maps a join rejection to daily-call-join-error', async () => {
    provide();
    await expectFailure(
      (ctx) => {
        ctx.factory.configure = (call) => {
          call.joinResult = () => Promise.reject(new Error('Failed to load call object bundle'));
        };
      },
      { stage: 'daily-call-join', type: 'daily-call-join-error', message: 'Failed to load call object bundle' },
    );
  });

  it('recovers for another start after a failure with no listeners at all', async () => {
    server.route(
      'POST',
      '/call/web',
      { status: 500, body: { message: 'boom' } },
      { status: 201, body: webCall({ id: 'call-2' }) },
    );
    const factory = new FakeCallFactory();
    const client = new VoiceClient({
      publicKey: PUBLIC_KEY,
      apiBaseUrl: server.url,
      callFactory: factory,
      platform: new FakePlatform(),
    });
    expect(await client.start({ assistantId: 'a' }), 'the failed start resolves null and does not throw').toBeNull();
    expect(client.getSnapshot().error?.type, 'the error is in the snapshot').toBe('api-error');
    const events = record(client);
    expect((await client.start({ assistantId: 'a' }))?.id, 'the next start succeeds').toBe('call-2');
    expect(client.getSnapshot().error, 'error cleared by the new start').toBeNull();
    expect(events.of('call-start-success'), 'success reported').toHaveLength(1);
    await client.stop();
  });

  it('lets an error listener start again at once', async () => {
    server.route('POST', '/call/web', { status: 503, body: { message: 'busy' } }, { status: 201, body: webCall() });
    const { client } = makeClient(server);
    let retry: Promise<unknown> | undefined;
    client.on('error', () => {
      retry ??= client.start({ assistantId: 'a' });
    });
    expect(await client.start({ assistantId: 'a' }), 'first start fails').toBeNull();
    expect(await retry, 'the retry from the listener succeeds').toEqual(webCall());
    await client.stop();
  });
});

describe('VoiceClient.start: nonfatal stage failures', () => {
  it('reports a recording setup failure and still starts', async () => {
    provide(webCall({ artifactPlan: { videoRecordingEnabled: true } }));
    const { client, events, factory } = makeClient(server);
    factory.configure = (call) => (call.recordingError = new Error('recording not allowed'));
    expect(await client.start({ assistantId: 'a' }), 'started').not.toBeNull();
    expect(events.progress(), 'failed progress').toContain('video-recording-setup:failed');
    expect(
      events.of('error').map((e) => [e.type, e.stage]),
      'nonfatal error',
    ).toEqual([['video-recording-setup-error', 'video-recording-setup']]);
    expect(events.of('call-start-failed'), 'not a start failure').toHaveLength(0);
    expect(client.state).toBe('active');
    await client.stop();
    // As @vapi-ai/web: the platform asked for a recording, which may have started anyway.
    expect(factory.last.recordingStops, 'the recording is stopped on leaving').toBe(1);
  });

  it('reports an audio observer failure and still starts', async () => {
    provide();
    const { client, events, factory } = makeClient(server);
    factory.configure = (call) => (call.observerError = new Error('interval too small'));
    expect(await client.start({ assistantId: 'a' }), 'started').not.toBeNull();
    expect(events.progress(), 'failed progress').toContain('audio-observer-setup:failed');
    expect(
      events.of('error').map((e) => e.type),
      'nonfatal error',
    ).toEqual(['audio-observer-setup-error']);
    expect(client.state).toBe('active');
    await client.stop();
  });

  it('reports a noise-cancellation failure that arrives later, and keeps the call', async () => {
    provide();
    const { client, events, factory } = makeClient(server);
    factory.configure = (call) =>
      (call.inputSettingsResult = () => Promise.reject(new Error('KrispInitError: Canceled')));
    expect(await client.start({ assistantId: 'a' }), 'started').not.toBeNull();
    await vi.waitFor(() =>
      expect(
        events.of('error').map((e) => e.type),
        'reported',
      ).toEqual(['audio-processing-setup-error']),
    );
    expect(client.state, 'the call goes on').toBe('active');
    await client.stop();
  });
});

describe('VoiceClient.start: a microphone track from a late permission', () => {
  it('ends the probe track of a successful start right away (the call engine opens its own)', async () => {
    provide();
    const { client, platform } = makeClient(server);
    const track = new FakeTrack();
    platform.microphone = async () => [track];
    await client.start({ assistantId: 'a' });
    expect(track.readyState, 'probe track ended right away').toBe('ended');
    await client.stop();
  });

  it('ends the track when the permission resolves after the start has ended elsewhere (stopped while the prompt was open)', async () => {
    provide();
    const { client, platform, events, factory } = makeClient(server);
    const track = new FakeTrack();
    let grant: (tracks: FakeTrack[]) => void = () => {};
    platform.microphone = () => new Promise((resolve) => (grant = resolve));
    const started = client.start({ assistantId: 'a' });
    await until(() => platform.micRequests === 1);
    // The failure elsewhere: the visitor hangs up (or the page hides) while the browser still asks.
    await client.stop();
    expect(client.state, 'idle while the prompt is still open').toBe('idle');
    grant([track]);
    expect(await started, 'the start resolves null').toBeNull();
    await until(() => track.readyState === 'ended', 'the late track is ended, not left recording');
    // The prompt opens at the start, beside the POST: whichever stage was running reports the cancellation.
    expect(events.progress().at(-1), 'the stage reports the cancellation').toMatch(/:failed$/);
    expect(
      factory.calls.flatMap((call) => call.joins),
      'never joined',
    ).toHaveLength(0);
  });

  it('maps a permission error thrown as a non-Error value (a plain object, as some browsers and polyfills reject with)', async () => {
    provide();
    const { client, platform, events } = makeClient(server);
    const denial = { name: 'NotAllowedError', message: 'Permission denied' };
    platform.microphone = () => Promise.reject(denial);
    await client.start({ assistantId: 'a' });
    const [error] = events.of('error');
    expect(denial instanceof Error, 'the rejection is not an Error').toBe(false);
    expect(error?.type, 'classified by its name').toBe('mic-permission-denied');
    expect(error?.message, "human message first, then the browser's").toBe(
      'Microphone access was denied. Permission denied',
    );
  });

  it('maps a permission failure thrown as a bare string', async () => {
    provide();
    const { client, platform, events } = makeClient(server);
    platform.microphone = () => Promise.reject('the microphone is in use');
    await client.start({ assistantId: 'a' });
    const [error] = events.of('error');
    expect(error?.type, 'no name to go by: blocked').toBe('mic-blocked');
    expect(error?.message).toBe('The microphone cannot be used on this page. the microphone is in use');
  });
});

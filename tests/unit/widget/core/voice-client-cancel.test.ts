import { describe, expect, it, vi } from 'vitest';
import type { StartStage } from '../../../../widget/src/core/types.ts';
import { FakeTrack, deferred, flush } from '../../../fixtures/fake-call.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { until, expectCallsReleased, makeClient, webCall } from './harness.ts';

const server = loopbackForFile(() => vi.useRealTimers());

type Ctx = ReturnType<typeof makeClient>;

/** What must hold after a start was cancelled by stop() (the caller has called it). */
async function expectCancelled(ctx: Ctx, started: Promise<unknown>, opts: { joinedBefore: boolean }) {
  const { client, events, factory, platform } = ctx;
  expect(await started, 'start resolves null').toBeNull();
  await flush();
  expect(events.of('call-start'), 'no call-start').toHaveLength(0);
  expect(events.of('call-start-success'), 'no success').toHaveLength(0);
  expect(events.of('call-start-failed'), 'a cancel is not a failure').toHaveLength(0);
  expect(events.of('error'), 'no error').toHaveLength(0);
  expect(client.state, 'idle').toBe('idle');
  expect(client.getSnapshot(), 'snapshot reset').toMatchObject({ state: 'idle', stage: null, error: null });
  expect(events.of('call-start-progress').at(-1), 'a cancelled progress closes the stage').toMatchObject({
    status: 'failed',
    reason: 'cancelled',
  });
  expectCallsReleased(factory.calls);
  for (const call of factory.calls) {
    if (!opts.joinedBefore) expect(call.joins, 'no join after stop').toHaveLength(0);
    // Nothing the call does afterwards reaches the client.
    await call.startAssistantAudio();
    call.receive({ type: 'transcript', transcript: 'late' });
  }
  expect(events.of('call-start'), 'still no call-start').toHaveLength(0);
  expect(
    events.of('message').filter((m) => m.type === 'transcript'),
    'no late message',
  ).toHaveLength(0);
  expect(platform.players, 'no audio player').toHaveLength(0);
  expect(
    platform.micTracks.every((t) => t.readyState === 'ended'),
    'every microphone track ended',
  ).toBe(true);
  expect(platform.pageHideHandlers.size, 'page-hide listener removed').toBe(0);
  if (!opts.joinedBefore) expect(events.of('call-end'), 'no call-end for a call that never joined').toHaveLength(0);
}

/** Stops synchronously when `stage` reports started (so the stage's work never runs or is cut). */
function stopAt(ctx: Ctx, stage: StartStage): () => void {
  const handler = (p: { stage: string; status: string }) => {
    if (p.stage === stage && p.status === 'started') void ctx.client.stop();
  };
  ctx.client.on('call-start-progress', handler);
  return () => ctx.client.off('call-start-progress', handler);
}

describe('VoiceClient.stop() during start', () => {
  const beforeJoin: StartStage[] = [
    'initialization',
    'web-call-creation',
    'daily-call-object-creation',
    'mobile-permissions',
    'daily-call-join',
  ];
  for (const stage of beforeJoin) {
    it(`cancels at the start of ${stage}`, async () => {
      server.route('POST', '/call/web', { status: 201, body: webCall() });
      const ctx = makeClient(server);
      stopAt(ctx, stage);
      const started = ctx.client.start({ assistantId: 'a' });
      await expectCancelled(ctx, started, { joinedBefore: false });
      // The microphone is asked for at the start, beside the POST: once from `initialization` on.
      expect(ctx.platform.micRequests, 'microphone asked for once, never after the stop').toBe(
        stage === 'initialization' ? 0 : 1,
      );
    });
  }

  const afterJoin: StartStage[] = ['video-recording-setup', 'audio-observer-setup', 'audio-processing-setup'];
  for (const stage of afterJoin) {
    it(`cancels at the start of ${stage} (after join: the call leaves with call-end)`, async () => {
      server.route('POST', '/call/web', {
        status: 201,
        body: webCall({ artifactPlan: { videoRecordingEnabled: true } }),
      });
      const ctx = makeClient(server);
      stopAt(ctx, stage);
      const started = ctx.client.start({ assistantId: 'a' });
      await expectCancelled(ctx, started, { joinedBefore: true });
      expect(ctx.events.of('call-end'), 'the joined call ended once').toHaveLength(1);
      expect(ctx.events.of('message'), 'with one ended message').toHaveLength(1);
    });
  }

  it('cancels while POST /call/web is in flight (the request is aborted)', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall(), delayMs: 60_000 });
    const ctx = makeClient(server);
    const started = ctx.client.start({ assistantId: 'a' });
    await server.waitForRequest((r) => r.path === '/call/web');
    await ctx.client.stop();
    await expectCancelled(ctx, started, { joinedBefore: false });
    expect(ctx.factory.calls, 'no call object').toHaveLength(0);
  });

  it('cancels while the microphone prompt is open, and ends the track granted afterwards', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const ctx = makeClient(server);
    const prompt = deferred<FakeTrack[]>();
    ctx.platform.microphone = () => prompt.promise;
    const started = ctx.client.start({ assistantId: 'a' });
    await until(() => ctx.platform.micRequests === 1, 'microphone prompt');
    await ctx.client.stop();
    const late = new FakeTrack();
    prompt.resolve([late]);
    await expectCancelled(ctx, started, { joinedBefore: false });
    expect(late.readyState, 'the late-granted track is ended').toBe('ended');
  });

  it('cancels during the mobile wait and clears its timer', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    // Fake timers from the start (the wait begins beside the POST), so only the client's own timers are counted.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const ctx = makeClient(server);
    ctx.platform.mobile = true;
    const started = ctx.client.start({ assistantId: 'a' });
    await until(() => ctx.events.progress().includes('mobile-permissions:started'), 'the mobile-permissions stage');
    const pending = vi.getTimerCount();
    expect(pending, 'the mobile wait is pending').toBeGreaterThanOrEqual(1);
    await ctx.client.stop();
    await expectCancelled(ctx, started, { joinedBefore: false });
    expect(vi.getTimerCount(), 'the wait timer is cleared').toBe(pending - 1);
  });

  it('cancels while joining: the join is abandoned and the call object destroyed', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const ctx = makeClient(server);
    const join = deferred();
    ctx.factory.configure = (call) => (call.joinResult = () => join.promise);
    const started = ctx.client.start({ assistantId: 'a' });
    await until(() => ctx.factory.calls[0]?.joins.length === 1, 'joining');
    await ctx.client.stop();
    join.resolve();
    await expectCancelled(ctx, started, { joinedBefore: true });
    expect(ctx.events.of('call-end'), 'never joined, so no call-end').toHaveLength(0);
  });

  it('the same client starts again right after a cancelled start', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const ctx = makeClient(server);
    const remove = stopAt(ctx, 'daily-call-join');
    expect(await ctx.client.start({ assistantId: 'a' }), 'cancelled').toBeNull();
    remove();
    expect(await ctx.client.start({ assistantId: 'a' }), 'the next start succeeds').not.toBeNull();
    expect(ctx.factory.calls[0]?.destroyed, 'the cancelled call object was destroyed first').toBe(true);
    expect(ctx.client.state).toBe('active');
    await ctx.client.stop();
  });
});

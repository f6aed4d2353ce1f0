import { describe, expect, it, vi } from 'vitest';
import { VoiceClient } from '../../../../widget/src/core/voice-client.ts';
import { ASSISTANT_ID, FakeCallFactory, FakePlatform, flush } from '../../../fixtures/fake-call.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { EVENT_NAMES, PUBLIC_KEY, webCall } from './harness.ts';

const CYCLES = 200;

const server = loopbackForFile(() => vi.useRealTimers());

/** Live timers of this process (Node's active `Timeout` handles). */
function liveTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

/** One full call: start, audio plays, the assistant speaks (speech timer armed), then the call stops. */
async function cycle(client: VoiceClient, factory: FakeCallFactory, i: number): Promise<void> {
  const result = await client.start({ assistantId: `a-${i}` });
  expect(result, `cycle ${i} started`).not.toBeNull();
  const call = factory.last;
  await call.startAssistantAudio();
  call.levels({ [ASSISTANT_ID]: 0.5 });
  call.receive({ type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: `hi ${i}` });
  await client.stop();
  expect(call.listenerCount(), `cycle ${i}: no listener left on the call object`).toBe(0);
  expect(call.destroyed, `cycle ${i}: call object destroyed`).toBe(true);
  expect(
    call.localTracks.every((t) => t.readyState === 'ended'),
    `cycle ${i}: tracks ended`,
  ).toBe(true);
}

describe(`VoiceClient: ${CYCLES} start/stop cycles`, () => {
  it('leave no timer, listener, player or page-hide handler behind (fake timers, in-process fetch)', async () => {
    const factory = new FakeCallFactory();
    const platform = new FakePlatform();
    const fetchStub: typeof fetch = async () =>
      new Response(JSON.stringify(webCall()), { status: 201, headers: { 'content-type': 'application/json' } });
    const client = new VoiceClient({ publicKey: PUBLIC_KEY, callFactory: factory, platform, fetch: fetchStub });
    const counts = { start: 0, end: 0, speechStart: 0 };
    client.on('call-start', () => counts.start++);
    client.on('call-end', () => counts.end++);
    client.on('speech-start', () => counts.speechStart++);
    const subscriber = vi.fn();
    const unsubscribe = client.subscribe(subscriber);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });

    for (let i = 0; i < CYCLES; i++) {
      await cycle(client, factory, i);
      expect(vi.getTimerCount(), `cycle ${i}: no pending timer`).toBe(0);
      expect(platform.pageHideHandlers.size, `cycle ${i}: no page-hide handler`).toBe(0);
      // Every other cycle, a start cancelled midway as well.
      if (i % 2) {
        const cancelled = client.start({ assistantId: 'x' });
        await client.stop();
        expect(await cancelled, `cycle ${i}: cancelled start`).toBeNull();
        await flush();
        expect(vi.getTimerCount(), `cycle ${i}: no timer after a cancel`).toBe(0);
      }
    }
    expect(counts, 'one call-start, call-end and speech-start per call').toEqual({
      start: CYCLES,
      end: CYCLES,
      speechStart: CYCLES,
    });
    expect(
      platform.players.every((p) => p.stopped),
      'every player released',
    ).toBe(true);
    expect(platform.players, 'one player per call').toHaveLength(CYCLES);
    unsubscribe();
    expect(client.state, 'idle at the end').toBe('idle');
  });

  it('keep Node timers flat and reuse one listener set over a real loopback provider', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const factory = new FakeCallFactory();
    const platform = new FakePlatform();
    const client = new VoiceClient({ publicKey: PUBLIC_KEY, apiBaseUrl: server.url, callFactory: factory, platform });
    const handlers = EVENT_NAMES.map((event) => {
      const handler = vi.fn();
      client.on(event, handler);
      return [event, handler] as const;
    });
    const half = CYCLES / 2;
    for (let i = 0; i < half; i++) await cycle(client, factory, i);
    await new Promise((resolve) => setImmediate(resolve));
    const timersAtHalf = liveTimers();
    for (let i = half; i < CYCLES; i++) await cycle(client, factory, i);
    await new Promise((resolve) => setImmediate(resolve));
    expect(liveTimers(), 'no growth in live timers between cycle 100 and 200').toBeLessThanOrEqual(timersAtHalf);
    expect(
      factory.calls.reduce((n, c) => n + c.listenerCount(), 0),
      'no listener on any call object',
    ).toBe(0);
    expect(platform.pageHideHandlers.size, 'no page-hide handler').toBe(0);
    expect(server.requests, 'one POST per cycle').toHaveLength(CYCLES);
    const callStart = handlers.find(([event]) => event === 'call-start')?.[1];
    expect(callStart, 'the same handler saw every call').toHaveBeenCalledTimes(CYCLES);
  });
});

/**
 * Shared set-up of the VoiceClient tests: a loopback provider, the fake call factory and platform,
 * and an event recorder.
 */
import { expect } from 'vitest';
import { VoiceClient, type VoiceClientOptions } from '../../../../widget/src/core/voice-client.ts';
import type { VoiceClientEvents, WebCall } from '../../../../widget/src/core/types.ts';
import { START_STAGES } from '../../../../widget/src/core/start-stages.ts';
import { CLIENT_EVENTS } from '../../../../widget/src/core/client-events.ts';
import { FakeCallFactory, FakePlatform, type FakeCall } from '../../../fixtures/fake-call.ts';
import type { LoopbackServer } from '../../../../fixtures/loopback-server.ts';

/** The public key the tests use. */
export const PUBLIC_KEY = 'pk-test-core';

/** Every event name of the client (the core's one list). */
export const EVENT_NAMES: readonly (keyof VoiceClientEvents)[] = CLIENT_EVENTS;

/** A web call as the provider returns it. */
export function webCall(overrides: Partial<WebCall> = {}): WebCall {
  return { id: 'call-1', webCallUrl: 'https://example.daily.co/room-1', orgId: 'org-1', ...overrides };
}

/** One recorded event. */
export type Recorded = {
  [K in keyof VoiceClientEvents]: { event: K; payload: VoiceClientEvents[K] };
}[keyof VoiceClientEvents];

/** Records every event of `client` in order. */
export function record(client: VoiceClient) {
  const log: Recorded[] = [];
  for (const event of EVENT_NAMES) {
    client.on(event, (payload: unknown) => log.push({ event, payload } as Recorded));
  }
  return {
    log,
    /** Payloads of one event, in order. */
    of<K extends keyof VoiceClientEvents>(event: K): VoiceClientEvents[K][] {
      return log.filter((r) => r.event === event).map((r) => r.payload as VoiceClientEvents[K]);
    },
    /** `stage:status` of every progress event, in order. */
    progress(): string[] {
      return this.of('call-start-progress').map((p) => `${p.stage}:${p.status}`);
    },
    names(): string[] {
      return log.map((r) => r.event);
    },
  };
}

/** A client wired to the fakes and the loopback provider. */
export function makeClient(server: LoopbackServer, options: Partial<VoiceClientOptions> = {}) {
  const factory = new FakeCallFactory();
  const platform = new FakePlatform();
  const client = new VoiceClient({
    publicKey: PUBLIC_KEY,
    apiBaseUrl: server.url,
    callFactory: factory,
    platform,
    ...options,
  });
  return { client, factory, platform, events: record(client) };
}

/** Every stage of a successful start without a recording (`video-recording-started` only follows one), in order, as `stage:status`. */
export const SUCCESS_PROGRESS = START_STAGES.filter((stage) => stage !== 'video-recording-started').flatMap((stage) => [
  `${stage}:started`,
  `${stage}:completed`,
]);

/** Waits on real macrotasks (never faked by vi.useFakeTimers) until `condition` holds. */
export async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  for (let i = 0; i < 2000 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve));
  if (!condition()) throw new Error(`timed out waiting for: ${what}`);
}

/** A started call (`POST /call/web` answered 201) whose assistant audio plays. */
export async function startPlaying(server: LoopbackServer) {
  server.route('POST', '/call/web', { status: 201, body: webCall() });
  const ctx = makeClient(server);
  expect(await ctx.client.start({ assistantId: 'asst-1' }), 'started').not.toBeNull();
  const call = ctx.factory.last;
  await call.startAssistantAudio();
  return { ...ctx, call, player: ctx.platform.players[0]! };
}

/** Checks that every call object was destroyed, lost its listeners and ended its microphone tracks. */
export function expectCallsReleased(calls: Iterable<FakeCall>) {
  for (const call of calls) {
    expect(call.destroyed, 'call object destroyed').toBe(true);
    expect(call.listenerCount(), 'no listener left on the call object').toBe(0);
    expect(
      call.localTracks.every((t) => t.readyState === 'ended'),
      'call microphone tracks ended',
    ).toBe(true);
  }
}

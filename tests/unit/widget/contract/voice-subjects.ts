/**
 * Every implementation of the voice engine port the project runs, each with a driver that brings
 * a start to a scripted outcome: the REAL `VoiceClient` (through its ports: the scripted Daily call
 * object of tests/fixtures/fake-call.ts as the `CallFactory`, the fake platform, the loopback
 * provider for `POST /call/web`), the UI tests' `FakeVoiceClient`, and the /widget gallery's
 * scripted client (site/lib/card-states.ts).
 */
import { VoiceClient } from '../../../../widget/src/core/voice-client.ts';
import type { VoiceClientPort } from '../../../../widget/src/conversation/engine-port.ts';
import { FakeCallFactory, FakePlatform, deferred } from '../../../fixtures/fake-call.ts';
import type { LoopbackServer } from '../../../../fixtures/loopback-server.ts';
import { createScriptedEngines, type CardState } from '../../../../site/lib/card-states.ts';
import { FakeVoiceClient } from '../element/fake-voice-engine.ts';
import { until } from './trace.ts';

/** How the start in flight ends: connected, held in `daily-call-join`, or failed. */
export type VoiceOutcome = 'connect' | 'hang' | { fail: 'mic-permission-denied' } | { fail: 'api-error'; status: number };

/** One implementation, ready for one scenario. */
export interface VoiceSubject {
  readonly client: VoiceClientPort;
  /** Brings the start in flight to the outcome (connected, held, failed). */
  advance(): Promise<void>;
  /** Waits until what the last action set going is over (a call object destroyed, a timer run). */
  settle(): Promise<void>;
}

/** Creates an implementation for one outcome. */
export type VoiceMaker = (outcome: VoiceOutcome) => VoiceSubject;

const settled = (client: VoiceClientPort) => async () => {
  await until(() => client.getSnapshot().state !== 'ending');
  // A few more tasks: anything late (an event after idle) would show in the trace.
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** The real client, over the loopback provider and a scripted Daily call object. */
export function realVoice(server: LoopbackServer): VoiceMaker {
  return (outcome) => {
    const failure = typeof outcome === 'object' ? outcome : null;
    server.route(
      'POST',
      '/call/web',
      failure?.fail === 'api-error'
        ? { status: failure.status, body: { message: `HTTP ${failure.status}` } }
        : { status: 201, body: { id: 'call-1', webCallUrl: 'https://example.daily.co/room-1' } },
    );
    const factory = new FakeCallFactory();
    const platform = new FakePlatform();
    if (failure?.fail === 'mic-permission-denied') platform.denyMicrophone('NotAllowedError');
    if (outcome === 'hang') {
      // The join waits until the call object is destroyed (Daily rejects a join cut by destroy()).
      factory.configure = (call) => {
        const held = deferred();
        call.joinResult = () => held.promise;
        const destroy = call.destroy.bind(call);
        call.destroy = () => (held.reject(new Error('destroyed during join')), destroy());
      };
    }
    const client = new VoiceClient({ publicKey: 'pk-contract', apiBaseUrl: server.url, callFactory: factory, platform });
    return {
      client,
      advance: () =>
        outcome === 'hang'
          ? until(() => factory.calls[0]?.joins.length === 1)
          : until(() => client.getSnapshot().state !== 'starting'),
      settle: settled(client),
    };
  };
}

/** The UI tests' fake, driven by its levers. */
export const fakeVoice: VoiceMaker = (outcome) => {
  const client = new FakeVoiceClient({ publicKey: 'pk-contract' });
  return {
    client,
    advance: async () => {
      await Promise.resolve();
      if (outcome === 'connect') client.connect();
      else if (outcome === 'hang') client.update({ stage: 'daily-call-join' });
      else client.fail(outcome.fail, outcome.fail === 'api-error' ? { status: outcome.status } : {});
    },
    settle: settled(client),
  };
};

/** The /widget gallery's scripted client, given the card state that plays the outcome. */
export const scriptedVoice: VoiceMaker = (outcome) => {
  const state: CardState = {
    id: 'contract',
    title: 'contract',
    mode: 'voice',
    action: 'open',
    voice:
      outcome === 'connect'
        ? { snapshot: { state: 'active' } }
        : outcome === 'hang'
          ? { snapshot: { state: 'starting', stage: 'daily-call-join' } }
          : { fail: outcome.fail === 'api-error' ? { type: 'api-error', status: outcome.status } : { type: outcome.fail } },
  };
  const client = new (createScriptedEngines(state).engine.VoiceClient)({ publicKey: 'pk-contract' });
  return {
    client,
    advance: () => until(() => client.getSnapshot().state !== 'starting' || client.getSnapshot().stage === 'daily-call-join'),
    settle: settled(client),
  };
};

/** The fakes held to the real client, by name. */
export const VOICE_FAKES: Readonly<Record<string, VoiceMaker>> = {
  'FakeVoiceClient (tests/unit/widget/element/fake-voice-engine.ts)': fakeVoice,
  'scripted voice client (site/lib/card-states.ts, the /widget gallery)': scriptedVoice,
};

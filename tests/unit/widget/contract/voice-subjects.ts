/**
 * Every implementation of the voice engine port the project runs, each with a driver that brings
 * a start to a scripted outcome: the REAL `VoiceClient` (through its ports: the scripted Daily call
 * object of tests/fixtures/fake-call.ts as the `CallFactory`, the fake platform, the loopback
 * provider for `POST /call/web`), and the one scripted voice client of
 * `@ringwise/voice-widget/testing` twice: driven by hand through its levers as the UI tests drive
 * it (`FakeVoiceClient`), and playing a script as the /widget gallery and app authors do
 * (`createScriptedEngines`). Both come through the package entry, as an app imports them.
 */
import { VoiceClient } from '../../../../widget/src/core/voice-client.ts';
import type { VoiceClientPort } from '../../../../widget/src/conversation/engine-port.ts';
import { FakeCallFactory, FakePlatform, deferred, namedError } from '../../../fixtures/fake-call.ts';
import type { LoopbackServer } from '../../../../fixtures/loopback-server.ts';
import { createScriptedEngines, type EngineScript, type ScriptedVoiceClient } from '@ringwise/voice-widget/testing';
import { FakeVoiceClient } from '../element/fake-voice-engine.ts';
import { until } from './trace.ts';

/** How the start in flight ends: connected, held in `daily-call-join`, or failed. */
export type VoiceOutcome =
  'connect' | 'hang' | { fail: 'mic-permission-denied' } | { fail: 'api-error'; status: number };

/** One implementation, ready for one scenario. */
export interface VoiceSubject {
  readonly client: VoiceClientPort;
  /** Brings the start in flight to the outcome (connected, held, failed). */
  advance(): Promise<void>;
  /** Waits until what the last action set going is over (a call object destroyed, a timer run). */
  settle(): Promise<void>;
  /** The audio device is gone (unplugged): the call cannot open it. */
  unplug(deviceId: string): void;
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
    const unplugged = new Set<string>();
    if (failure?.fail === 'mic-permission-denied') platform.denyMicrophone('NotAllowedError');
    factory.configure = (call) => {
      // Daily's setInputDevicesAsync rejects for a microphone that is gone.
      call.inputDeviceResult = (id) =>
        unplugged.has(id) ? Promise.reject(namedError('NotFoundError', `no device ${id}`)) : Promise.resolve();
      if (outcome !== 'hang') return;
      // The join waits until the call object is destroyed (Daily rejects a join cut by destroy()).
      const held = deferred();
      call.joinResult = () => held.promise;
      const destroy = call.destroy.bind(call);
      call.destroy = () => (held.reject(new Error('destroyed during join')), destroy());
    };
    const client = new VoiceClient({
      publicKey: 'pk-contract',
      apiBaseUrl: server.url,
      callFactory: factory,
      platform,
    });
    return {
      client,
      advance: async () => {
        if (outcome === 'hang') return until(() => factory.calls[0]?.joins.length === 1);
        await until(() => client.getSnapshot().state !== 'starting');
        // A connected call plays the assistant (a player the speaker choice applies to).
        if (client.getSnapshot().state === 'active') await factory.last.startAssistantAudio();
      },
      settle: settled(client),
      unplug: (deviceId) => {
        unplugged.add(deviceId);
        platform.missingSinks.push(deviceId);
      },
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
    unplug: (deviceId) => client.unplug(deviceId),
  };
};

/** The scripted engines' client, given the script that plays the outcome. */
export const scriptedVoice: VoiceMaker = (outcome) => {
  const script: EngineScript = {
    voice:
      outcome === 'connect'
        ? { snapshot: { state: 'active' } }
        : outcome === 'hang'
          ? { snapshot: { state: 'starting', stage: 'daily-call-join' } }
          : {
              fail:
                outcome.fail === 'api-error' ? { type: 'api-error', status: outcome.status } : { type: outcome.fail },
            },
  };
  const client = new (createScriptedEngines(script).engine.VoiceClient)({
    publicKey: 'pk-contract',
  }) as ScriptedVoiceClient;
  return {
    client,
    advance: () =>
      until(() => client.getSnapshot().state !== 'starting' || client.getSnapshot().stage === 'daily-call-join'),
    settle: settled(client),
    unplug: (deviceId) => client.unplug(deviceId),
  };
};

/** The fakes held to the real client, by name. */
export const VOICE_FAKES: Readonly<Record<string, VoiceMaker>> = {
  'the scripted voice client driven by hand (FakeVoiceClient, the UI tests)': fakeVoice,
  'the scripted voice client playing a script (createScriptedEngines: the /widget gallery, app tests)': scriptedVoice,
};

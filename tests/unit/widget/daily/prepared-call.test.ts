/**
 * The call object made ahead of a call (issue 20: `CallFactory.prepare`, from a warm start's
 * `VoiceClient.preload()`): daily-js's set-up runs before the click, and the call takes that
 * object instead of making one between the web call's answer and the join. One per page; made
 * for other sources, it is replaced; never taken, it is destroyed with its client.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createDailyCallFactory, dropSpare, loadSpare } from '../../../../widget/src/daily/index.ts';
import type { CallFactory, CreateCallOptions } from '../../../../widget/src/core/call-port.ts';
import { VoiceClient } from '../../../../widget/src/core/voice-client.ts';
import { FakeCall, FakePlatform } from '../../../fixtures/fake-call.ts';
import { FakeDaily } from '../../../fixtures/fake-daily-js.ts';

afterEach(() => dropSpare());

const AUDIO_ONLY = { video: false, camera: false };

describe('a call object made ahead of the call', () => {
  it('is made by prepare (no request: daily-js loads its call machine at load()) and taken by the next call for the same sources', () => {
    const daily = new FakeDaily();
    const factory = createDailyCallFactory(undefined, daily);
    factory.prepare!({ camera: false });
    expect(daily.calls, 'made ahead').toHaveLength(1);
    expect(
      daily.wire.map(([what]) => what),
      'nothing but its creation',
    ).toEqual(['createCallObject']);
    factory.prepare!({ camera: false });
    expect(daily.calls, 'one at a time').toHaveLength(1);
    const call = factory.createCall(AUDIO_ONLY);
    expect(daily.calls, 'taken, not made again').toHaveLength(1);
    expect(call.engine, 'the one made ahead').toBe(daily.calls[0]);
    factory.createCall(AUDIO_ONLY);
    expect(daily.calls, 'the next call makes its own').toHaveLength(2);
  });

  it('made for other sources (a camera, another microphone) is replaced: the new one is made beside it while it is destroyed', () => {
    const daily = new FakeDaily();
    const factory = createDailyCallFactory(undefined, daily);
    factory.prepare!({ camera: false });
    const call = factory.createCall({ video: false, camera: true, microphone: 'mic-2' });
    expect(daily.calls, 'a new one').toHaveLength(2);
    expect(call.engine).toBe(daily.calls[1]);
    expect(daily.created[1], 'with the call’s sources, allowed beside the spare').toEqual({
      audioSource: 'mic-2',
      videoSource: true,
      dailyConfig: { avoidEval: true },
      allowMultipleCallInstances: true,
    });
    expect(daily.calls[0]!.destroyed, 'the spare destroyed').toBe(true);
  });

  it('is never taken by another factory (other config), and a prepare that daily-js refuses leaves no spare', () => {
    const daily = new FakeDaily();
    createDailyCallFactory(undefined, daily).prepare!({ camera: false });
    const other = createDailyCallFactory({ bundlePathOverride: 'https://cdn.example/daily' }, daily);
    other.createCall(AUDIO_ONLY);
    expect(daily.created[1]?.dailyConfig, 'its own config').toEqual({
      avoidEval: true,
      bundlePathOverride: 'https://cdn.example/daily',
    });
    expect(daily.calls[0]!.destroyed, 'the other factory’s spare destroyed').toBe(true);
    const refused = new FakeDaily();
    refused.createError = new Error('Duplicate DailyIframe instances are not allowed');
    const factory = createDailyCallFactory(undefined, refused);
    expect(() => factory.prepare!({ camera: false }), 'never throws').not.toThrow();
    refused.createError = null;
    factory.createCall(AUDIO_ONLY);
    expect(refused.created[0], 'made at the call, as without a spare').toEqual({
      audioSource: true,
      videoSource: false,
      dailyConfig: { avoidEval: true },
    });
  });

  it('never taken, is destroyed by dispose (the client destroyed: the element left the page)', () => {
    const daily = new FakeDaily();
    const factory = createDailyCallFactory(undefined, daily);
    factory.prepare!({ camera: false });
    createDailyCallFactory(undefined, daily).dispose!();
    expect(daily.calls[0]!.destroyed, 'not another factory’s to destroy').toBe(false);
    factory.dispose!();
    expect(daily.calls[0]!.destroyed, 'destroyed').toBe(true);
  });
});

describe('loadSpare: the call machine loaded at the click (issue 20)', () => {
  const loads = (daily: FakeDaily) => daily.wire.filter(([what]) => what === 'load').length;

  it('starts the load on the object made ahead, once; the call that takes it gets that load, daily-js is not asked again', async () => {
    const daily = new FakeDaily();
    const factory = createDailyCallFactory(undefined, daily);
    expect(loadSpare(), 'no object made ahead: nothing to load').toBe(false);
    factory.prepare!({ camera: false });
    expect(loadSpare(), 'loading').toBe(true);
    expect(loadSpare(), 'asked again: still the one load').toBe(true);
    expect(loads(daily), 'daily-js asked once').toBe(1);
    const call = factory.createCall(AUDIO_ONLY);
    await call.load!();
    expect(
      loads(daily),
      'the call’s load() is the one started at the click (a second would cancel it and fetch again)',
    ).toBe(1);
    await factory.createCall(AUDIO_ONLY).load!();
    expect(loads(daily), 'the next call, made at its start, loads its own').toBe(2);
  });

  it('an object made for other sources is not taken, and the call loads its own machine', async () => {
    const daily = new FakeDaily();
    const factory = createDailyCallFactory(undefined, daily);
    factory.prepare!({ camera: false });
    loadSpare();
    await factory.createCall({ video: false, camera: true }).load!();
    expect(loads(daily), 'the spare’s load and the call’s own').toBe(2);
    expect(daily.calls[0]!.destroyed, 'the spare destroyed').toBe(true);
  });

  it('a load that fails is the call’s load failing (the join retries it), never an unhandled rejection', async () => {
    const daily = new FakeDaily();
    const factory = createDailyCallFactory(undefined, daily);
    factory.prepare!({ camera: false });
    daily.calls[0]!.loadError = new Error('call machine blocked');
    loadSpare();
    await expect(factory.createCall(AUDIO_ONLY).load!()).rejects.toThrow('call machine blocked');
  });
});

describe('VoiceClient.preload', () => {
  it('has the factory make the next call’s object (no camera, the chosen microphone) and disposes of it on destroy', async () => {
    const prepared: Omit<CreateCallOptions, 'video'>[] = [];
    let disposed = 0;
    const factory: CallFactory = {
      createCall: (options) => new FakeCall(options),
      prepare: (options) => prepared.push(options),
      dispose: () => disposed++,
    };
    const client = new VoiceClient({ publicKey: 'pk', callFactory: factory, platform: new FakePlatform() });
    await client.preload();
    await client.setInputDevice('mic-2');
    await client.preload();
    expect(prepared, 'asked ahead of each click').toEqual([{ camera: false }, { camera: false, microphone: 'mic-2' }]);
    client.destroy();
    await Promise.resolve();
    expect(disposed, 'disposed with the client').toBe(1);
  });
});

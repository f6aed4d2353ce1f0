/**
 * Audio devices in a call: the microphone switch reaches the call object and keeps mute (also
 * through the real Daily adapter over the fake daily-js), a chosen microphone opens the next call,
 * the speaker routes every player of the assistant (those created later too).
 */
import { describe, expect, it, vi } from 'vitest';
import { VoiceClient } from '../../../../widget/src/core/voice-client.ts';
import { createDailyCallFactory } from '../../../../widget/src/daily/index.ts';
import { FakePlatform, FakeTrack, namedError } from '../../../fixtures/fake-call.ts';
import { FakeDaily } from '../../../fixtures/fake-daily-js.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { makeClient, PUBLIC_KEY, webCall } from './harness.ts';

const server = loopbackForFile(() => vi.restoreAllMocks());

async function active() {
  server.route('POST', '/call/web', { status: 201, body: webCall() });
  const ctx = makeClient(server);
  expect(await ctx.client.start({ assistantId: 'asst-1' }), 'the call started').not.toBeNull();
  return { ...ctx, call: ctx.factory.last };
}

describe('VoiceClient: the microphone', () => {
  it('a switch reaches the call object at once and keeps mute, even where the engine reopens the microphone', async () => {
    const { client, call } = await active();
    call.switchUnmutes = true;
    client.setMuted(true);
    await client.setInputDevice('usb-headset');
    expect(call.inputDevices, 'the call object switched').toEqual(['usb-headset']);
    expect(call.localAudio(), 'still muted').toBe(false);
    expect(client.isMuted(), 'the snapshot agrees').toBe(true);
    expect(await client.getInputDevice(), 'the call reports it').toBe('usb-headset');
    client.setMuted(false);
    await client.setInputDevice('laptop');
    expect(call.localAudio(), 'an open microphone stays open').toBe(true);
  });

  it('a device that cannot be opened rejects and leaves the call and mute as they were', async () => {
    const { client, call } = await active();
    call.switchUnmutes = true;
    client.setMuted(true);
    call.inputDeviceResult = () => Promise.reject(namedError('NotFoundError', 'gone'));
    await expect(client.setInputDevice('gone'), 'rejects').rejects.toThrow('gone');
    expect(call.localAudio(), 'still muted').toBe(false);
    expect(client.getSnapshot().state, 'the call goes on').toBe('active');
  });

  it('a microphone chosen before or during a call opens the next call', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const { client, factory } = makeClient(server);
    await client.setInputDevice('mic-before');
    expect(await client.getInputDevice(), 'known before the call').toBe('mic-before');
    await client.start({ assistantId: 'asst-1' });
    expect(factory.last.options.microphone, 'the first call').toBe('mic-before');
    await client.setInputDevice('mic-during');
    await client.stop();
    await client.start({ assistantId: 'asst-1' });
    expect(factory.last.options.microphone, 'the next call').toBe('mic-during');
    expect(factory.calls[0]!.options.microphone, 'without a choice nothing is named').toBe('mic-before');
  });
});

describe('VoiceClient: the speaker', () => {
  it('routes the assistant’s players to the chosen output, those created later too', async () => {
    const { client, call, platform } = await active();
    await call.startAssistantAudio();
    await client.setOutputDevice('speakers-2');
    expect(
      platform.players.map((p) => p.sinkId),
      'the playing one',
    ).toEqual(['speakers-2']);
    await call.startAssistantAudio(new FakeTrack('audio'));
    expect(
      platform.players.map((p) => p.sinkId),
      'a later one',
    ).toEqual(['speakers-2', 'speakers-2']);
  });

  it('an output that is gone rejects (the panel says so)', async () => {
    const { client, call, platform } = await active();
    await call.startAssistantAudio();
    platform.missingSinks = ['hdmi'];
    await expect(client.setOutputDevice('hdmi'), 'rejects').rejects.toThrow('no output device hdmi');
  });
});

describe('VoiceClient over the Daily adapter and the fake daily-js', () => {
  it('the switch reaches daily-js (setInputDevicesAsync) and mute is re-applied after it', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const daily = new FakeDaily();
    const client = new VoiceClient({
      publicKey: PUBLIC_KEY,
      apiBaseUrl: server.url,
      callFactory: createDailyCallFactory({}, daily),
      platform: new FakePlatform(),
    });
    await client.setInputDevice('mic-a');
    await client.start({ assistantId: 'asst-1' });
    const call = daily.last;
    expect(daily.created[0]?.audioSource, 'Daily opens the chosen microphone').toBe('mic-a');
    call.switchUnmutes = true;
    client.setMuted(true);
    await client.setInputDevice('mic-b');
    const tail = daily.wire.slice(daily.wire.findIndex(([m]) => m === 'setInputDevicesAsync'));
    expect(tail, 'the switch, then mute again').toEqual([
      ['setInputDevicesAsync', { audioDeviceId: 'mic-b' }],
      ['setLocalAudio', false],
    ]);
    expect(call.localAudio(), 'muted in daily-js').toBe(false);
    expect(await client.getInputDevice(), 'read back from getInputDevices').toBe('mic-b');
    await client.stop();
  });
});

/**
 * The Daily adapter against a typed fake of the daily-js surface it uses: call-object options,
 * event translation into the core's terms, track subscription, and teardown.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CallObjectEvents } from '../../../../widget/src/core/call-port.ts';
import { VIDEO_RECORDING } from '../../../../widget/src/core/constants.ts';
import { createDailyCallFactory, dailyEvents, type DailyLike } from '../../../../widget/src/daily/index.ts';
import { FakeTrack } from '../../../fixtures/fake-call.ts';
import { FakeDaily, participant } from '../../../fixtures/fake-daily-js.ts';

const AUDIO_ONLY = { video: false, camera: false };

/** Records every core event of an adapted call. */
function recordCore(call: ReturnType<ReturnType<typeof createDailyCallFactory>['createCall']>) {
  const log: [keyof CallObjectEvents, unknown][] = [];
  // The adapter's own table: every core event it emits (the compiler holds it to CallObjectEvents).
  const events = Object.keys(dailyEvents(false)) as (keyof CallObjectEvents)[];
  for (const event of events) call.on(event, (payload: unknown) => log.push([event, payload]));
  return log;
}

describe('createDailyCallFactory', () => {
  it('creates call objects with mic on, camera only for a video recording, and avoidEval true', () => {
    const daily = new FakeDaily();
    createDailyCallFactory(undefined, daily).createCall(AUDIO_ONLY);
    createDailyCallFactory(undefined, daily).createCall({ video: false, camera: true });
    createDailyCallFactory(undefined, daily, { audioSource: 'mic-2', videoSource: false }).createCall({
      video: false,
      camera: true,
    });
    expect(daily.created, 'call object options').toEqual([
      { audioSource: true, videoSource: false, dailyConfig: { avoidEval: true } },
      { audioSource: true, videoSource: true, dailyConfig: { avoidEval: true } },
      { audioSource: 'mic-2', videoSource: false, dailyConfig: { avoidEval: true } },
    ]);
  });

  it('passes bundlePathOverride and other dailyConfig through; avoidEval can be turned off explicitly', () => {
    const daily = new FakeDaily();
    createDailyCallFactory(
      { bundlePathOverride: 'https://cdn.example/daily', micAudioMode: 'speech' },
      daily,
    ).createCall(AUDIO_ONLY);
    createDailyCallFactory({ avoidEval: false }, daily).createCall(AUDIO_ONLY);
    expect(
      daily.created.map((o) => o?.dailyConfig),
      'dailyConfig',
    ).toEqual([
      { avoidEval: true, bundlePathOverride: 'https://cdn.example/daily', micAudioMode: 'speech' },
      { avoidEval: false },
    ]);
  });

  it('load() asks daily-js to load its call machine before the room is known (nothing else)', async () => {
    const daily = new FakeDaily();
    await createDailyCallFactory({}, daily).createCall(AUDIO_ONLY).load!();
    expect(
      daily.wire.filter(([method]) => method === 'load' || method === 'join'),
      'a load, no join',
    ).toEqual([['load']]);
  });

  it('joins with the URL, the meeting token when there is one, explicit subscriptions', async () => {
    const daily = new FakeDaily();
    await createDailyCallFactory({}, daily).createCall(AUDIO_ONLY).join({ url: 'https://x.daily.co/a' });
    await createDailyCallFactory({}, daily)
      .createCall(AUDIO_ONLY)
      .join({ url: 'https://x.daily.co/b', token: 'tok-1' });
    expect(
      daily.wire.filter(([method]) => method === 'join'),
      'join options (a token key only when there is a token)',
    ).toEqual([
      ['join', { url: 'https://x.daily.co/a', subscribeToTracksAutomatically: false }],
      ['join', { url: 'https://x.daily.co/b', token: 'tok-1', subscribeToTracksAutomatically: false }],
    ]);
  });

  it('subscribes remote participants to audio, those already in the room too (video only when asked)', async () => {
    const daily = new FakeDaily();
    const audioOnly = createDailyCallFactory({}, daily).createCall(AUDIO_ONLY);
    const dailyCall = daily.calls[0]!;
    dailyCall.room = { local: participant('me', true), early: participant('early') };
    await audioOnly.join({ url: 'https://x.daily.co/r' });
    dailyCall.fire('participant-joined', { participant: participant('late') });
    dailyCall.fire('participant-joined', { participant: participant('me-again', true) });
    expect(
      dailyCall.wire.filter(([m]) => m === 'updateParticipant'),
      'subscriptions',
    ).toEqual([
      ['updateParticipant', 'early', { setSubscribedTracks: { audio: true, video: false } }],
      ['updateParticipant', 'late', { setSubscribedTracks: { audio: true, video: false } }],
    ]);
    const before = daily.wire.length;

    createDailyCallFactory({}, daily).createCall({ video: true, camera: false });
    daily.calls[1]!.fire('participant-joined', { participant: participant('avatar') });
    expect(
      daily.wire.slice(before).filter(([m]) => m === 'updateParticipant'),
      'video for a video voice',
    ).toEqual([['updateParticipant', 'avatar', { setSubscribedTracks: { audio: true, video: true } }]]);
  });

  it('passes remote video tracks on only when video was asked for', () => {
    const daily = new FakeDaily();
    const audioOnly = recordCore(createDailyCallFactory({}, daily).createCall(AUDIO_ONLY));
    const withVideo = recordCore(createDailyCallFactory({}, daily).createCall({ video: true, camera: false }));
    const video = new FakeTrack('video') as unknown as MediaStreamTrack;
    for (const dailyCall of daily.calls) {
      dailyCall.fire('track-started', { participant: participant('avatar'), track: video, type: 'video' });
      dailyCall.fire('track-stopped', { participant: participant('avatar'), track: video, type: 'video' });
      dailyCall.fire('track-started', { participant: participant('avatar'), track: video, type: 'screenVideo' });
    }
    expect(audioOnly, 'no video event without video').toEqual([]);
    const avatar = { id: 'avatar', local: false, userName: 'Vapi Speaker' };
    expect(withVideo, 'video track events with video').toEqual([
      ['track-started', { participant: avatar, track: video }],
      ['track-stopped', { participant: avatar, track: video }],
    ]);
  });

  it('keeps the last network estimate for parts that load after it (the quality indicator)', () => {
    const daily = new FakeDaily();
    const call = createDailyCallFactory({}, daily).createCall(AUDIO_ONLY);
    expect(call.networkQuality!(), 'none yet').toBeNull();
    const estimate = (networkState: string) =>
      daily.calls[0]!.fire('network-quality-change', { networkState, networkStateReasons: [], stats: {} } as never);
    estimate('warning');
    estimate('bad');
    expect(call.networkQuality!(), 'the last one, with no listener').toBe('bad');
  });

  it('translates daily-js events into the core events', () => {
    const daily = new FakeDaily();
    const call = createDailyCallFactory({}, daily).createCall(AUDIO_ONLY);
    const log = recordCore(call);
    const dailyCall = daily.calls[0]!;
    const track = new FakeTrack('audio') as unknown as MediaStreamTrack;
    dailyCall.fire('track-started', { participant: participant('bot', false, 'Bot'), track, type: 'audio' });
    dailyCall.fire('track-started', { participant: participant('bot'), track, type: 'screenAudio' });
    dailyCall.fire('track-stopped', { participant: null, track, type: 'audio' });
    dailyCall.fire('participant-left', { participant: participant('bot') });
    dailyCall.fire('app-message', { data: '{"type":"transcript"}', fromId: 'bot' });
    dailyCall.fire('remote-participants-audio-level', { participantsAudioLevel: { bot: 0.2 } });
    dailyCall.fire('network-connection', { type: 'signaling', event: 'interrupted' });
    dailyCall.fire('network-connection', { type: 'sfu', event: 'connected' });
    dailyCall.fire('network-connection', { type: 'sfu', event: 'something-else' });
    dailyCall.fire('nonfatal-error', { type: 'audio-processor-error', errorMsg: 'krisp' });
    const ejected = {
      errorMsg: 'Meeting has ended',
      error: { type: 'ejected', localizedMsg: 'x', details: {} },
    } as const;
    dailyCall.fire('error', ejected);
    dailyCall.fire('camera-error', {
      errorMsg: { errorMsg: 'denied', audioOk: false },
      error: { type: 'permissions', msg: 'denied', blockedBy: 'user', blockedMedia: ['audio'] },
    });
    dailyCall.fire('network-quality-change', { networkState: 'warning', networkStateReasons: [], stats: {} } as never);
    dailyCall.fire('participant-updated', { participant: participant('bot') });
    dailyCall.fire('local-audio-level', { audioLevel: 0.4 });
    dailyCall.fire('recording-started', { local: true });
    dailyCall.fire('recording-stopped', { instanceId: 'r1' } as never);
    dailyCall.fire('recording-stats', {} as never);
    dailyCall.fire('recording-upload-completed', {} as never);
    dailyCall.fire('recording-error', { errorMsg: 'no recording rights' });
    dailyCall.fire('joining-meeting', {});
    dailyCall.fire('left-meeting', {});
    const raw = (event: string, payload: object) => ({ action: event, callClientId: 'c1', ...payload });
    expect(log, 'core events').toEqual([
      ['track-started', { participant: { id: 'bot', local: false, userName: 'Bot' }, track }],
      ['track-stopped', { participant: null, track }],
      ['participant-left', { participant: { id: 'bot', local: false, userName: 'Vapi Speaker' } }],
      ['app-message', { data: '{"type":"transcript"}', fromId: 'bot' }],
      ['remote-participants-audio-level', { levels: { bot: 0.2 } }],
      [
        'network-connection',
        {
          state: 'interrupted',
          type: 'signaling',
          raw: raw('network-connection', { type: 'signaling', event: 'interrupted' }),
        },
      ],
      [
        'network-connection',
        { state: 'connected', type: 'sfu', raw: raw('network-connection', { type: 'sfu', event: 'connected' }) },
      ],
      [
        'network-connection',
        {
          state: 'something-else',
          type: 'sfu',
          raw: raw('network-connection', { type: 'sfu', event: 'something-else' }),
        },
      ],
      [
        'nonfatal-error',
        {
          type: 'audio-processor-error',
          message: 'krisp',
          raw: raw('nonfatal-error', { type: 'audio-processor-error', errorMsg: 'krisp' }),
        },
      ],
      ['error', { message: 'Meeting has ended', type: 'ejected', raw: raw('error', ejected) }],
      ['camera-error', expect.objectContaining({ message: 'denied', type: 'permissions' })],
      ['network-quality-change', expect.objectContaining({ state: 'warning' })],
      [
        'participant-updated',
        expect.objectContaining({ participant: { id: 'bot', local: false, userName: 'Vapi Speaker' } }),
      ],
      ['local-audio-level', { level: 0.4 }],
      ['recording-started', { raw: raw('recording-started', { local: true }) }],
      ['recording-stopped', { raw: raw('recording-stopped', { instanceId: 'r1' }) }],
      ['recording-stats', { raw: raw('recording-stats', {}) }],
      ['recording-upload-completed', { raw: raw('recording-upload-completed', {}) }],
      [
        'recording-error',
        { message: 'no recording rights', raw: raw('recording-error', { errorMsg: 'no recording rights' }) },
      ],
      ['joining-meeting', undefined],
      ['left-meeting', undefined],
    ]);
    expect(
      Object.keys(dailyEvents(false)).filter((event) => !log.some(([seen]) => seen === event)),
      "every event of the adapter's table is fired and checked here",
    ).toEqual([]);
  });

  it('forwards commands in daily-js terms', async () => {
    const daily = new FakeDaily();
    const call = createDailyCallFactory({}, daily).createCall(AUDIO_ONLY);
    const dailyCall = daily.calls[0]!;
    await call.join({ url: 'https://x.daily.co/r' });
    daily.wire.length = 0;
    call.sendAppMessage('playable');
    call.setLocalAudio(false);
    expect(call.localAudio(), 'local audio').toBe(false);
    await call.startRemoteParticipantsAudioLevelObserver(100);
    await call.startLocalAudioLevelObserver(100);
    call.startRecording({ ...VIDEO_RECORDING });
    call.stopRecording();
    await call.updateInputSettings({ audio: { processor: { type: 'noise-cancellation' } } });
    expect(call.engine, 'the daily call object, for adapters that hand it out').toBe(dailyCall);
    expect(daily.wire, 'daily-js calls').toEqual([
      ['sendAppMessage', 'playable'],
      ['setLocalAudio', false],
      ['startRemoteParticipantsAudioLevelObserver', 100],
      ['startLocalAudioLevelObserver', 100],
      ['startRecording', { width: 1280, height: 720, backgroundColor: '#FF1F2D3D', layout: { preset: 'default' } }],
      ['stopRecording'],
      ['updateInputSettings', { audio: { processor: { type: 'noise-cancellation' } } }],
    ]);
  });

  it('destroy() destroys the daily call and removes every listener, even when destroy rejects', async () => {
    const daily = new FakeDaily();
    const call = createDailyCallFactory({}, daily).createCall(AUDIO_ONLY);
    const dailyCall = daily.calls[0]!;
    const handler = vi.fn();
    call.on('left-meeting', handler);
    expect(dailyCall.listenerCount(), 'listeners while alive').toBeGreaterThan(0);
    await call.destroy();
    expect(dailyCall.destroyed, 'destroyed').toBe(true);
    expect(dailyCall.listenerCount(), 'no daily listener left').toBe(0);
    dailyCall.fire('left-meeting', {});
    expect(handler, 'no core event after destroy').not.toHaveBeenCalled();

    const failing = createDailyCallFactory({}, daily).createCall(AUDIO_ONLY);
    const failingDaily = daily.calls[1]!;
    failingDaily.destroy = () => Promise.reject(new Error('already destroyed'));
    await expect(failing.destroy(), 'the rejection surfaces').rejects.toThrow('already destroyed');
    expect(failingDaily.listenerCount(), 'listeners removed anyway').toBe(0);
  });

  it('the real daily-js default export satisfies the adapter surface', async () => {
    const { default: Daily } = await import('@daily-co/daily-js');
    const real: DailyLike = Daily;
    expect(typeof real.createCallObject, 'createCallObject').toBe('function');
  });
});

describe('the adapter: microphone devices', () => {
  it('a chosen microphone opens the call (audioSource: its id); a switch is setInputDevicesAsync; getInputDevice reads Daily’s mic', async () => {
    const daily = new FakeDaily();
    const call = createDailyCallFactory(undefined, daily).createCall({ ...AUDIO_ONLY, microphone: 'mic-1' });
    expect(daily.created[0]?.audioSource, 'opened with the chosen one').toBe('mic-1');
    expect(await call.getInputDevice(), 'read back').toBe('mic-1');
    await call.setInputDevice('mic-2');
    expect(
      daily.wire.filter(([m]) => m === 'setInputDevicesAsync'),
      'the switch',
    ).toEqual([['setInputDevicesAsync', { audioDeviceId: 'mic-2' }]]);
    expect(await call.getInputDevice(), 'the new one').toBe('mic-2');
  });

  it('getInputDevice is null while Daily knows no microphone ({}), and a failing switch rejects', async () => {
    const daily = new FakeDaily();
    const call = createDailyCallFactory(undefined, daily).createCall(AUDIO_ONLY);
    expect(await call.getInputDevice(), 'none yet').toBeNull();
    daily.last.inputDevicesResult = () => Promise.reject(new Error('NotFoundError'));
    await expect(call.setInputDevice('gone'), 'rejects').rejects.toThrow('NotFoundError');
  });
});

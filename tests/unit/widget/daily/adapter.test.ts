/**
 * The Daily adapter against a typed fake of the daily-js surface it uses: call-object options,
 * event translation into the core's terms, track subscription, and teardown.
 */
import type {
  DailyCallOptions,
  DailyEvent,
  DailyEventObject,
  DailyFactoryOptions,
  DailyInputSettings,
  DailyParticipant,
  DailyParticipantUpdateOptions,
  DailyParticipantsObject,
  DailyStreamingOptions,
} from '@daily-co/daily-js';
import { describe, expect, it, vi } from 'vitest';
import type { CallObjectEvents } from '../../../../widget/src/core/call-port.ts';
import { VIDEO_RECORDING } from '../../../../widget/src/core/constants.ts';
import { createDailyCallFactory, type DailyCallLike, type DailyLike } from '../../../../widget/src/daily/index.ts';
import { FakeTrack } from '../../../fixtures/fake-call.ts';

type AnyHandler = (event: never) => void;

/** A participant with the fields the adapter reads. */
function participant(id: string, local = false, name = 'Assistant'): DailyParticipant {
  const partial: Partial<DailyParticipant> = { session_id: id, local, user_name: name, user_id: id };
  return partial as DailyParticipant;
}

/** Typed fake of a daily-js call object. */
class FakeDailyCall implements DailyCallLike {
  readonly handlers = new Map<DailyEvent, Set<AnyHandler>>();
  readonly joins: (DailyCallOptions | undefined)[] = [];
  readonly updates: [string, DailyParticipantUpdateOptions][] = [];
  readonly sent: string[] = [];
  readonly recordings: (DailyStreamingOptions<'recording', 'start'> | undefined)[] = [];
  readonly inputSettings: DailyInputSettings[] = [];
  readonly observerIntervals: (number | undefined)[] = [];
  audio = true;
  destroyed = false;
  recordingStops = 0;
  room: DailyParticipantsObject = { local: participant('me', true, 'me') };

  async join(properties?: DailyCallOptions) {
    this.joins.push(properties);
    return this.room;
  }
  async leave() {}
  async destroy() {
    this.destroyed = true;
  }
  on<T extends DailyEvent>(event: T, handler: (event: DailyEventObject<T>) => void) {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler as AnyHandler);
    return this;
  }
  off<T extends DailyEvent>(event: T, handler: (event: DailyEventObject<T>) => void) {
    this.handlers.get(event)?.delete(handler as AnyHandler);
    return this;
  }
  /** Fires a daily-js event. */
  fire<T extends DailyEvent>(event: T, payload: Omit<DailyEventObject<T>, 'action' | 'callClientId'>) {
    const full = { action: event, callClientId: 'c1', ...payload } as DailyEventObject<T>;
    for (const handler of [...(this.handlers.get(event) ?? [])]) (handler as (e: DailyEventObject<T>) => void)(full);
  }
  listenerCount() {
    let n = 0;
    for (const set of this.handlers.values()) n += set.size;
    return n;
  }
  sendAppMessage(data: string) {
    this.sent.push(data);
    return this;
  }
  setLocalAudio(enabled: boolean) {
    this.audio = enabled;
    return this;
  }
  localAudio() {
    return this.audio;
  }
  async startRemoteParticipantsAudioLevelObserver(interval?: number) {
    this.observerIntervals.push(interval);
  }
  startRecording(options?: DailyStreamingOptions<'recording', 'start'>) {
    this.recordings.push(options);
  }
  stopRecording() {
    this.recordingStops++;
  }
  async updateInputSettings(inputSettings: DailyInputSettings) {
    this.inputSettings.push(inputSettings);
    return { inputSettings };
  }
  updateParticipant(sessionId: string, updates: DailyParticipantUpdateOptions) {
    this.updates.push([sessionId, updates]);
    return this;
  }
  participants() {
    return this.room;
  }
}

/** Typed fake of daily-js's default export. */
class FakeDaily implements DailyLike {
  readonly created: (DailyFactoryOptions | undefined)[] = [];
  readonly calls: FakeDailyCall[] = [];
  createCallObject(properties?: DailyFactoryOptions) {
    this.created.push(properties);
    const call = new FakeDailyCall();
    this.calls.push(call);
    return call;
  }
}

/** Records every core event of an adapted call. */
function recordCore(call: ReturnType<ReturnType<typeof createDailyCallFactory>['createCall']>) {
  const log: [keyof CallObjectEvents, unknown][] = [];
  const events: (keyof CallObjectEvents)[] = [
    'track-started',
    'track-stopped',
    'participant-left',
    'left-meeting',
    'error',
    'nonfatal-error',
    'app-message',
    'remote-participants-audio-level',
    'network-connection',
    'recording-started',
    'recording-error',
  ];
  for (const event of events) call.on(event, (payload: unknown) => log.push([event, payload]));
  return log;
}

describe('createDailyCallFactory', () => {
  it('creates call objects with mic on, camera off, explicit subscriptions and avoidEval true', () => {
    const daily = new FakeDaily();
    createDailyCallFactory(undefined, daily).createCall({ video: false });
    expect(daily.created, 'call object options').toEqual([
      { audioSource: true, videoSource: false, subscribeToTracksAutomatically: false, dailyConfig: { avoidEval: true } },
    ]);
  });

  it('passes bundlePathOverride and other dailyConfig through; avoidEval can be turned off explicitly', () => {
    const daily = new FakeDaily();
    createDailyCallFactory({ bundlePathOverride: 'https://cdn.example/daily', micAudioMode: 'speech' }, daily).createCall({ video: false });
    createDailyCallFactory({ avoidEval: false }, daily).createCall({ video: false });
    expect(daily.created.map((o) => o?.dailyConfig), 'dailyConfig').toEqual([
      { avoidEval: true, bundlePathOverride: 'https://cdn.example/daily', micAudioMode: 'speech' },
      { avoidEval: false },
    ]);
  });

  it('joins with the URL only and subscribes remote participants to audio (video only when asked)', async () => {
    const daily = new FakeDaily();
    const audioOnly = createDailyCallFactory({}, daily).createCall({ video: false });
    const dailyCall = daily.calls[0]!;
    dailyCall.room = { local: participant('me', true), early: participant('early') };
    await audioOnly.join({ url: 'https://x.daily.co/r' });
    expect(dailyCall.joins, 'join options').toEqual([{ url: 'https://x.daily.co/r' }]);
    dailyCall.fire('joined-meeting', { participants: dailyCall.room });
    dailyCall.fire('participant-joined', { participant: participant('late') });
    dailyCall.fire('participant-joined', { participant: participant('me-again', true) });
    expect(dailyCall.updates, 'subscriptions').toEqual([
      ['early', { setSubscribedTracks: { audio: true, video: false } }],
      ['late', { setSubscribedTracks: { audio: true, video: false } }],
    ]);

    createDailyCallFactory({}, daily).createCall({ video: true });
    daily.calls[1]!.fire('participant-joined', { participant: participant('avatar') });
    expect(daily.calls[1]!.updates, 'video for a video voice').toEqual([['avatar', { setSubscribedTracks: { audio: true, video: true } }]]);
  });

  it('passes remote video tracks on only when video was asked for', () => {
    const daily = new FakeDaily();
    const audioOnly = recordCore(createDailyCallFactory({}, daily).createCall({ video: false }));
    const withVideo = recordCore(createDailyCallFactory({}, daily).createCall({ video: true }));
    const video = new FakeTrack('video') as unknown as MediaStreamTrack;
    for (const dailyCall of daily.calls) {
      dailyCall.fire('track-started', { participant: participant('avatar'), track: video, type: 'video' });
      dailyCall.fire('track-stopped', { participant: participant('avatar'), track: video, type: 'video' });
      dailyCall.fire('track-started', { participant: participant('avatar'), track: video, type: 'screenVideo' });
    }
    expect(audioOnly, 'no video event without video').toEqual([]);
    const avatar = { id: 'avatar', local: false, userName: 'Assistant' };
    expect(withVideo, 'video track events with video').toEqual([
      ['track-started', { participant: avatar, track: video }],
      ['track-stopped', { participant: avatar, track: video }],
    ]);
  });

  it('translates daily-js events into the core events', () => {
    const daily = new FakeDaily();
    const call = createDailyCallFactory({}, daily).createCall({ video: false });
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
    dailyCall.fire('error', { errorMsg: 'Meeting has ended', error: { type: 'ejected', localizedMsg: 'x', details: {} } });
    dailyCall.fire('recording-started', { local: true });
    dailyCall.fire('recording-error', { errorMsg: 'no recording rights' });
    dailyCall.fire('left-meeting', {});
    expect(log, 'core events').toEqual([
      ['track-started', { participant: { id: 'bot', local: false, userName: 'Bot' }, track }],
      ['track-stopped', { participant: null, track }],
      ['participant-left', { participant: { id: 'bot', local: false, userName: 'Assistant' } }],
      ['app-message', { data: '{"type":"transcript"}', fromId: 'bot' }],
      ['remote-participants-audio-level', { levels: { bot: 0.2 } }],
      ['network-connection', { state: 'interrupted' }],
      ['network-connection', { state: 'connected' }],
      ['nonfatal-error', { type: 'audio-processor-error', message: 'krisp' }],
      ['error', { message: 'Meeting has ended', type: 'ejected' }],
      ['recording-started', undefined],
      ['recording-error', { message: 'no recording rights' }],
      ['left-meeting', undefined],
    ]);
  });

  it('forwards commands in daily-js terms', async () => {
    const daily = new FakeDaily();
    const call = createDailyCallFactory({}, daily).createCall({ video: false });
    const dailyCall = daily.calls[0]!;
    call.sendAppMessage('playable');
    call.setLocalAudio(false);
    expect(call.localAudio(), 'local audio').toBe(false);
    await call.startRemoteParticipantsAudioLevelObserver(100);
    call.startRecording({ ...VIDEO_RECORDING });
    call.stopRecording();
    await call.updateInputSettings({ audio: { processor: { type: 'noise-cancellation' } } });
    expect(dailyCall.sent, 'app message').toEqual(['playable']);
    expect(dailyCall.observerIntervals, 'observer').toEqual([100]);
    expect(dailyCall.recordings, 'recording').toEqual([{ width: 1280, height: 720, layout: { preset: 'default' } }]);
    expect(dailyCall.recordingStops, 'stop recording').toBe(1);
    expect(dailyCall.inputSettings, 'noise cancellation').toEqual([{ audio: { processor: { type: 'noise-cancellation' } } }]);
  });

  it('destroy() destroys the daily call and removes every listener, even when destroy rejects', async () => {
    const daily = new FakeDaily();
    const call = createDailyCallFactory({}, daily).createCall({ video: false });
    const dailyCall = daily.calls[0]!;
    const handler = vi.fn();
    call.on('left-meeting', handler);
    expect(dailyCall.listenerCount(), 'listeners while alive').toBeGreaterThan(0);
    await call.destroy();
    expect(dailyCall.destroyed, 'destroyed').toBe(true);
    expect(dailyCall.listenerCount(), 'no daily listener left').toBe(0);
    dailyCall.fire('left-meeting', {});
    expect(handler, 'no core event after destroy').not.toHaveBeenCalled();

    const failing = createDailyCallFactory({}, daily).createCall({ video: false });
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

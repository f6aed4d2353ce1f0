/**
 * The platform protocol as `@vapi-ai/web` 2.7.1 speaks it (issue 21, item 1): the meeting token
 * at join, the camera and the first message of a video-recorded call, the `listening` signal, the
 * engine's media / network / recording events passed on typed, blocked autoplay, the playback
 * volume; and (issue 22) `roomDeleteOnUserLeaveEnabled` and `reconnect`.
 */
import { describe, expect, it, vi } from 'vitest';
import type { WebCall } from '../../../../widget/src/core/types.ts';
import { isVoiceError } from '../../../../widget/src/core/errors/voice-error.ts';
import { VoiceClient } from '../../../../widget/src/core/voice-client.ts';
import { ASSISTANT_ID, FakeCallFactory, FakePlatform, FakeTrack, flush } from '../../../fixtures/fake-call.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { makeClient, webCall } from './harness.ts';

const server = loopbackForFile(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const RECORDED = { artifactPlan: { videoRecordingEnabled: true } };

async function active(body: WebCall = webCall(), options: Parameters<typeof makeClient>[1] = {}) {
  server.route('POST', '/call/web', { status: 201, body });
  const ctx = makeClient(server, options);
  expect(await ctx.client.start({ assistantId: 'asst-1' }), 'the call started').not.toBeNull();
  return { ...ctx, call: ctx.factory.last };
}

describe('VoiceClient: joining', () => {
  it("joins with the platform's meeting token when it sends one, and without a token key otherwise", async () => {
    const withToken = await active(webCall({ transport: { callToken: 'meeting-token-1' } }));
    expect(withToken.call.joins, 'the token is passed to the join').toEqual([
      { url: webCall().webCallUrl, token: 'meeting-token-1' },
    ]);
    await withToken.client.stop();
    const without = await active();
    expect(without.call.joins[0], 'no token').toEqual({ url: webCall().webCallUrl, token: undefined });
    await without.client.stop();
  });

  it('sends roomDeleteOnUserLeaveEnabled in the POST /call/web body after the target, as @vapi-ai/web does', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const { client } = makeClient(server);
    await client.start(
      { assistantId: 'asst-1', assistantOverrides: { variableValues: { a: 1 } } },
      { roomDeleteOnUserLeaveEnabled: false },
    );
    expect(server.requests[0]?.text, 'body, byte for byte').toBe(
      '{"assistantId":"asst-1","assistantOverrides":{"variableValues":{"a":1}},"roomDeleteOnUserLeaveEnabled":false}',
    );
    await client.stop();
    await client.start({ assistantId: 'asst-1' });
    expect(server.requests[1]?.text, 'omitted when not given').toBe('{"assistantId":"asst-1"}');
    await client.stop();
  });
});

describe('VoiceClient: a video-recorded call', () => {
  it('turns the camera on only when the platform records the call on video', async () => {
    const recorded = await active(webCall(RECORDED));
    expect(recorded.call.options, 'camera on for the recording').toEqual({ video: false, camera: true });
    await recorded.client.stop();
    const plain = await active();
    expect(plain.call.options, 'camera off otherwise').toEqual({ video: false, camera: false });
    await plain.client.stop();
  });

  it('with a meeting token: starts no recording itself, and says the first message on recording-started with the delay from the join', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const { client, call, events } = await active(webCall({ ...RECORDED, transport: { callToken: 't' } }));
    expect(call.recordings, 'the token starts the recording: the client does not').toEqual([]);
    await call.startAssistantAudio();
    expect(call.messages(), 'no first message before the recording runs').toEqual(['playable']);
    vi.setSystemTime(1_002_500);
    call.emit('recording-started', undefined);
    call.emit('recording-started', undefined);
    expect(call.messages(), 'say-first-message once, 2.5 s after the join').toEqual([
      'playable',
      { type: 'control', control: 'say-first-message', videoRecordingStartDelaySeconds: 2.5 },
    ]);
    await client.stop();
    expect(call.recordingStops, 'stopped on leaving (a token recording does not stop by itself)').toBe(1);
  });

  it('a recording that starts during the join gets its first message once joined', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall({ ...RECORDED, transport: { callToken: 't' } }) });
    const { client, factory } = makeClient(server);
    factory.configure = (call) => {
      call.joinResult = async () => call.emit('recording-started', undefined);
    };
    await client.start({ assistantId: 'a' });
    expect(factory.last.messages(), 'sent after the join').toEqual([
      { type: 'control', control: 'say-first-message', videoRecordingStartDelaySeconds: expect.any(Number) },
    ]);
    await client.stop();
  });
});

describe('VoiceClient: listening', () => {
  it("fires listening and call-start on the platform's listening signal, even while autoplay is blocked", async () => {
    const { client, call, events, platform } = await active();
    const listening = vi.fn();
    client.on('listening', listening);
    platform.autoplayBlocked = true;
    await call.startAssistantAudio();
    expect(events.of('call-start'), 'no call-start: nothing plays yet').toHaveLength(0);
    call.receive('listening');
    expect(listening, 'listening event').toHaveBeenCalledTimes(1);
    expect(events.of('call-start'), 'call-start on listening').toHaveLength(1);
    platform.autoplayBlocked = false;
    await client.resumeAudio();
    expect(events.of('call-start'), 'once per call').toHaveLength(1);
    await client.stop();
  });
});

describe('VoiceClient: media, network and recording events', () => {
  it('passes the engine events on, typed', async () => {
    const { client, call } = await active();
    const log: [string, unknown][] = [];
    for (const event of [
      'camera-error',
      'network-quality-change',
      'network-connection',
      'participant-updated',
      'recording-started',
      'recording-stopped',
      'recording-stats',
      'recording-upload-completed',
      'recording-error',
      'call-engine-error',
    ] as const) {
      client.on(event, (payload: unknown) => log.push([event, payload]));
    }
    const bot = { id: ASSISTANT_ID, local: false, userName: 'Vapi Speaker' };
    call.emit('camera-error', { message: 'denied', type: 'permissions', raw: { x: 1 } });
    call.emit('network-quality-change', { state: 'warning' });
    call.emit('network-connection', { state: 'interrupted', type: 'sfu' });
    call.emit('participant-updated', { participant: bot });
    call.emit('recording-started', { raw: { layout: 'default' } });
    call.emit('recording-stopped', undefined);
    call.emit('recording-stats', undefined);
    call.emit('recording-upload-completed', undefined);
    call.emit('recording-error', { message: 'quota' });
    call.emit('error', { message: 'Meeting has ended', type: 'ejected' });
    expect(log, 'every event, in order').toEqual([
      ['camera-error', { message: 'denied', type: 'permissions', raw: { x: 1 } }],
      ['network-quality-change', { state: 'warning' }],
      ['network-connection', { state: 'interrupted', type: 'sfu' }],
      ['participant-updated', { participant: bot }],
      ['recording-started', { raw: { layout: 'default' } }],
      ['recording-stopped', {}],
      ['recording-stats', {}],
      ['recording-upload-completed', {}],
      ['recording-error', { message: 'quota' }],
      ['call-engine-error', { message: 'Meeting has ended', type: 'ejected' }],
    ]);
    await client.stop();
  });

  it('reports the microphone level when something listens, observing it after the noise cancellation settles', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    // Not the harness's client: its recorder listens to every event, the latency figures too
    // (which need the level).
    const factory0 = new FakeCallFactory();
    const platform0 = new FakePlatform();
    const plain = new VoiceClient({
      publicKey: 'pk',
      apiBaseUrl: server.url,
      callFactory: factory0,
      platform: platform0,
    });
    await plain.start({ assistantId: 'a' });
    await flush();
    const intervals = factory0.last.localObserverIntervals;
    expect(intervals, 'no observer without a listener (it costs an AudioContext)').toEqual([]);
    await plain.stop();

    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const { client, factory } = makeClient(server);
    const levels: number[] = [];
    client.on('local-volume-level', (level) => levels.push(level));
    await client.start({ assistantId: 'a' });
    await flush();
    expect(factory.last.localObserverIntervals, 'observer started every 100 ms').toEqual([100]);
    factory.last.emit('local-audio-level', { level: 0.3 });
    expect(levels, 'local-volume-level').toEqual([0.3]);
    await client.stop();
  });

  it('emits audio with the player when the assistant plays, video with the track (video option), audio-start-failed when autoplay is blocked', async () => {
    const { client, call, platform } = await active(webCall({ assistant: { voice: { provider: 'tavus' } } }), {
      video: true,
    });
    const audio = vi.fn();
    const video = vi.fn();
    const failed = vi.fn();
    client.on('audio', audio).on('video', video).on('audio-start-failed', failed);
    platform.autoplayBlocked = true;
    await call.startAssistantAudio();
    expect(failed, 'audio-start-failed with the NotAllowedError').toHaveBeenCalledWith(
      expect.objectContaining({ name: 'NotAllowedError' }),
    );
    expect(client.getSnapshot().audioBlocked, "the card's 'tap to hear' state").toBe(true);
    expect(audio, 'no audio event before it plays').not.toHaveBeenCalled();
    platform.autoplayBlocked = false;
    await client.resumeAudio();
    expect(audio, 'audio with the player once it plays').toHaveBeenCalledWith(platform.players[0]);
    expect(client.getSnapshot().audioBlocked, 'unblocked').toBe(false);
    const track = new FakeTrack('video');
    call.emit('track-started', { participant: { id: ASSISTANT_ID, local: false }, track });
    expect(video, 'video with the track').toHaveBeenCalledWith(track);
    await client.stop();
  });
});

describe('VoiceClient.setVolume', () => {
  it('is remembered, clamped, applied to the players and to those created later', async () => {
    const { client, call, platform } = await active();
    client.setVolume(Number.NaN);
    client.setVolume(0.4);
    await call.startAssistantAudio();
    expect(platform.players[0]?.volumes, 'applied at creation').toEqual([0.4]);
    client.setVolume(3);
    expect(platform.players[0]?.volumes, 'clamped, applied live').toEqual([0.4, 1]);
    await client.stop();
  });
});

describe('VoiceClient.reconnect', () => {
  it('joins the given call without POST /call/web, with its token, reporting reconnect-initialization then the stages', async () => {
    const { client, factory, events } = makeClient(server);
    const joined = await client.reconnect(webCall({ id: 'call-9', transport: { callToken: 'tok' } }));
    expect(joined, 'joined').toBe(true);
    expect(server.requests, 'no request').toEqual([]);
    expect(factory.last.joins, 'join with url and token').toEqual([{ url: webCall().webCallUrl, token: 'tok' }]);
    expect(events.progress().slice(0, 3), 'stages').toEqual([
      'reconnect-initialization:started',
      'reconnect-initialization:completed',
      'daily-call-object-creation:started',
    ]);
    expect(events.of('call-start-progress')[0]?.metadata, 'the web call in the metadata').toEqual({
      webCall: webCall({ id: 'call-9', transport: { callToken: 'tok' } }),
    });
    expect(events.of('call-start-success'), 'success').toEqual([
      { callId: 'call-9', totalDuration: expect.any(Number) },
    ]);
    expect(client.getSnapshot().callId, 'call id').toBe('call-9');
    expect(client.state).toBe('active');
    await client.stop();
  });

  it('has the guards of @vapi-ai/web: not during a call, not without webCallUrl', async () => {
    const { client } = await active();
    await expect(client.reconnect(webCall()), 'during a call').rejects.toThrow(
      'Cannot reconnect while a call is already in progress. Call stop() first.',
    );
    await client.stop();
    const error = await client.reconnect({ id: 'x' } as WebCall).catch((e: unknown) => e);
    expect(isVoiceError(error, 'validation-error') && error.message, 'without webCallUrl').toBe(
      'webCallUrl is required for reconnection.',
    );
  });

  it('reports a failed join as a start does and resolves false', async () => {
    const { client, factory, events } = makeClient(server);
    factory.configure = (call) => (call.joinResult = () => Promise.reject(new Error('room expired')));
    expect(await client.reconnect(webCall()), 'not joined').toBe(false);
    expect(
      events.of('call-start-failed').map((e) => [e.stage, e.error.type, e.error.message]),
      'failure',
    ).toEqual([['daily-call-join', 'daily-call-join-error', 'room expired']]);
    expect(client.state, 'idle again').toBe('idle');
  });
});

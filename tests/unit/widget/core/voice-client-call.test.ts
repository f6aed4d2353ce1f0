import { describe, expect, it, vi } from 'vitest';
import { SPEECH_END_DELAY_MS } from '../../../../widget/src/core/constants.ts';
import type { WebCall } from '../../../../widget/src/core/types.ts';
import { ASSISTANT_ID, FakeTrack, deferred, flush } from '../../../fixtures/fake-call.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { makeClient, until, webCall } from './harness.ts';

const server = loopbackForFile(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A started client on the fakes. */
async function active(body: WebCall = webCall()) {
  server.route('POST', '/call/web', { status: 201, body });
  const ctx = makeClient(server);
  const result = await ctx.client.start({ assistantId: 'asst-1' });
  expect(result, 'the call started').not.toBeNull();
  return { ...ctx, call: ctx.factory.last };
}

describe('VoiceClient: the assistant audio', () => {
  it('on the assistant track playing: call-start and a playable message, and no say-first-message without a recording', async () => {
    const { client, call, events, platform } = await active();
    expect(events.of('call-start'), 'no call-start before audio plays').toHaveLength(0);
    const track = await call.startAssistantAudio();
    expect(
      platform.players.map((p) => p.track),
      'a player for the track',
    ).toEqual([track]);
    expect(platform.players[0]?.playing, 'playing').toBe(true);
    expect(events.of('call-start'), 'call-start once').toHaveLength(1);
    expect(call.messages(), 'exact messages sent').toEqual(['playable']);
    await client.stop();
    expect(platform.players[0]?.stopped, 'player released at cleanup').toBe(true);
  });

  it('ignores local tracks and video tracks for playback', async () => {
    const { client, call, events, platform } = await active();
    call.emit('track-started', { participant: { id: 'me', local: true }, track: new FakeTrack('audio') });
    call.emit('track-started', { participant: { id: ASSISTANT_ID, local: false }, track: new FakeTrack('video') });
    await flush();
    expect(platform.players, 'no player').toHaveLength(0);
    expect(events.of('call-start'), 'no call-start').toHaveLength(0);
    await client.stop();
  });

  it('with video recording, says the first message once the recording started, with its delay', async () => {
    const { client, call, events } = await active(webCall({ artifactPlan: { videoRecordingEnabled: true } }));
    await call.startAssistantAudio();
    expect(call.messages(), 'only playable until the recording starts').toEqual(['playable']);
    expect(events.of('call-start'), 'the call has started').toHaveLength(1);
    call.emit('recording-started', undefined);
    const messages = call.messages();
    expect(messages, 'say-first-message after recording-started').toHaveLength(2);
    const control = messages[1] as { type: string; control: string; videoRecordingStartDelaySeconds: number };
    expect(control.type).toBe('control');
    expect(control.control).toBe('say-first-message');
    expect(control.videoRecordingStartDelaySeconds, 'delay in seconds').toBeGreaterThanOrEqual(0);
    await client.stop();
  });

  it('with video recording that fails to start, passes the error on and does not say the first message', async () => {
    const { client, call, events } = await active(webCall({ artifactPlan: { videoRecordingEnabled: true } }));
    const errors: unknown[] = [];
    client.on('recording-error', (e) => errors.push(e));
    await call.startAssistantAudio();
    call.emit('recording-error', { message: 'recording quota exceeded' });
    expect(errors, 'the recording error, typed').toEqual([{ message: 'recording quota exceeded' }]);
    expect(events.of('error'), 'not a call error').toEqual([]);
    expect(call.messages(), 'as @vapi-ai/web: no first message without a recording').toEqual(['playable']);
    await client.stop();
  });

  it('reports blocked autoplay in the snapshot and resumes from a gesture', async () => {
    const { client, call, events, platform } = await active();
    platform.autoplayBlocked = true;
    await call.startAssistantAudio();
    expect(client.getSnapshot().audioBlocked, 'audio blocked').toBe(true);
    expect(events.of('call-start'), 'not started while silent').toHaveLength(0);
    expect(call.sent, 'nothing sent while blocked').toEqual([]);
    platform.autoplayBlocked = false;
    await client.resumeAudio();
    expect(client.getSnapshot().audioBlocked, 'unblocked').toBe(false);
    expect(events.of('call-start'), 'call-start after resuming').toHaveLength(1);
    expect(call.messages()[0], 'playable after resuming').toBe('playable');
    await client.stop();
  });

  it('stops the player when the track stops or the participant leaves', async () => {
    const { client, call, platform } = await active();
    const first = await call.startAssistantAudio();
    call.emit('track-stopped', { participant: { id: ASSISTANT_ID, local: false }, track: first });
    expect(platform.players[0]?.stopped, 'stopped with its track').toBe(true);
    await call.startAssistantAudio();
    call.emit('participant-left', { participant: { id: ASSISTANT_ID, local: false } });
    expect(platform.players[1]?.stopped, 'stopped when the participant left').toBe(true);
    await client.stop();
  });
});

describe('VoiceClient: speaking and volume', () => {
  it('speech-start above 0.01, speech-end 1000 ms after the level drops, volume = level / 0.15 capped at 1', async () => {
    const { client, call, events } = await active();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    call.levels({ [ASSISTANT_ID]: 0.01 });
    expect(events.of('speech-start'), 'not above the threshold at exactly 0.01').toHaveLength(0);
    expect(events.of('volume-level').at(-1), 'volume 0.01 / 0.15').toBeCloseTo(0.01 / 0.15, 10);
    call.levels({ [ASSISTANT_ID]: 0.006, other: 0.005 });
    expect(events.of('speech-start'), 'the summed level counts').toHaveLength(1);
    expect(client.getSnapshot().speaking, 'speaking in the snapshot').toBe(true);
    call.levels({ [ASSISTANT_ID]: 0.3 });
    expect(events.of('volume-level').at(-1), 'volume capped at 1').toBe(1);
    expect(client.getSnapshot().volume, 'volume in the snapshot').toBe(1);
    expect(events.of('speech-start'), 'no second speech-start while speaking').toHaveLength(1);
    call.levels({ [ASSISTANT_ID]: 0 });
    vi.advanceTimersByTime(SPEECH_END_DELAY_MS - 1);
    expect(events.of('speech-end'), 'not yet at 999 ms').toHaveLength(0);
    call.levels({ [ASSISTANT_ID]: 0.02 });
    vi.advanceTimersByTime(SPEECH_END_DELAY_MS - 1);
    expect(events.of('speech-end'), 'a new loud sample restarts the delay').toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(events.of('speech-end'), 'speech-end 1000 ms after the last loud sample').toHaveLength(1);
    expect(client.getSnapshot().speaking, 'not speaking').toBe(false);
    expect(vi.getTimerCount(), 'no timer left').toBe(0);
    await client.stop();
  });

  it('clears the speech-end timer at cleanup', async () => {
    const { client, call, events } = await active();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    call.levels({ [ASSISTANT_ID]: 0.5 });
    expect(vi.getTimerCount(), 'speech timer pending').toBe(1);
    await client.stop();
    expect(vi.getTimerCount(), 'timer cleared').toBe(0);
    expect(client.getSnapshot(), 'snapshot reset').toMatchObject({ speaking: false, volume: 0, state: 'idle' });
    vi.advanceTimersByTime(5000);
    expect(events.of('speech-end'), 'no late speech-end').toHaveLength(0);
  });
});

describe('VoiceClient: app messages', () => {
  it('emits JSON app messages as message events and only logs unparseable ones', async () => {
    const { client, call, events } = await active();
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const transcript = { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hello!' };
    call.receive(transcript);
    call.receive('listening');
    call.receive('{not json');
    expect(events.of('message'), 'only the JSON message').toEqual([transcript]);
    expect(log, 'the unparseable one is logged (listening is a signal, not a message)').toHaveBeenCalledTimes(1);
    expect(events.of('error'), 'no error for an unparseable message').toHaveLength(0);
    await client.stop();
  });

  it('ends the call on a status-update ended, without a second ended message', async () => {
    const { client, call, events } = await active();
    const ended = { type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' };
    call.receive(ended);
    expect(events.of('message'), 'the platform ended message only').toEqual([ended]);
    expect(events.of('call-end'), 'call-end').toHaveLength(1);
    await client.stop();
    expect(client.state, 'idle').toBe('idle');
    expect(call.destroyed, 'call object destroyed').toBe(true);
  });
});

describe('VoiceClient: leaving', () => {
  it('on leave: call-end, exactly one customer-ended-call status-update, recording stopped, cleanup', async () => {
    const { client, call, events, platform } = await active(webCall({ artifactPlan: { videoRecordingEnabled: true } }));
    await call.startAssistantAudio();
    await call.leave();
    expect(events.of('call-end'), 'call-end once').toHaveLength(1);
    expect(events.of('message'), 'exactly one ended message').toEqual([
      { type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' },
    ]);
    expect(events.names().indexOf('call-end'), 'call-end before the message').toBeLessThan(
      events.names().indexOf('message'),
    );
    expect(call.recordingStops, 'recording stopped').toBe(1);
    expect(client.state, 'ending until the call object is destroyed').toBe('ending');
    await client.stop();
    expect(client.state, 'idle after cleanup').toBe('idle');
    expect(call.destroyed, 'destroyed').toBe(true);
    expect(call.listenerCount(), 'no listener left').toBe(0);
    expect(platform.pageHideHandlers.size, 'page-hide listener removed').toBe(0);
    expect(
      platform.players.every((p) => p.stopped),
      'players released',
    ).toBe(true);
    await client.stop();
    expect(events.of('call-end'), 'a second stop emits nothing').toHaveLength(1);
    expect(events.of('message'), 'still one ended message').toHaveLength(1);
  });

  it('a start while the last call is ending waits for its destroy, and the old cleanup leaves the new call alone', async () => {
    const { client, call, factory, events } = await active();
    const hold = deferred();
    const destroy = call.destroy.bind(call);
    call.destroy = async () => {
      await hold.promise;
      return destroy();
    };
    call.levels({ [ASSISTANT_ID]: 0.5 });
    const stopping = client.stop();
    expect(client.getSnapshot(), 'ending, everything else reset').toMatchObject({
      state: 'ending',
      speaking: false,
      volume: 0,
    });
    const next = client.start({ assistantId: 'asst-2' });
    await until(
      () => events.progress().filter((p) => p === 'daily-call-object-creation:started').length === 2,
      'second creation stage',
    );
    expect(factory.calls, 'no second call object while the first is being destroyed').toHaveLength(1);
    hold.resolve();
    expect(await next, 'the second start succeeds').not.toBeNull();
    await stopping;
    expect(factory.calls, 'then the second call object').toHaveLength(2);
    expect(client.state, 'the first cleanup did not reset the new call').toBe('active');
    await client.stop();
  });

  it('stop() on an active call: call-end and the ended message once, state ending then idle', async () => {
    const { client, call, events } = await active();
    await client.stop();
    expect(events.of('state-change'), 'states').toEqual(['starting', 'active', 'ending', 'idle']);
    expect(events.of('call-end'), 'call-end').toHaveLength(1);
    expect(events.of('message'), 'one ended message').toHaveLength(1);
    expect(
      call.localTracks.every((t) => t.readyState === 'ended'),
      'microphone ended',
    ).toBe(true);
  });

  it('end() asks the platform to end the call, then stops', async () => {
    const { client, call } = await active();
    await client.end();
    expect(call.messages(), 'end-call sent').toEqual([{ type: 'end-call' }]);
    expect(call.destroyed, 'stopped').toBe(true);
    expect(client.state).toBe('idle');
  });

  it('a fatal call error ends the call with meeting-ended and its reason', async () => {
    const { client, call, events } = await active();
    call.emit('error', { message: 'Meeting has ended', type: 'ejected' });
    const [error] = events.of('error');
    expect(error?.type, 'meeting-ended').toBe('meeting-ended');
    expect(error?.reason, 'reason').toBe('ejected');
    expect(error?.message, 'message').toBe('Meeting has ended');
    expect(events.of('call-end'), 'call-end').toHaveLength(1);
    await client.stop();
    expect(client.getSnapshot(), 'idle with the error').toMatchObject({ state: 'idle', error });
  });

  it('page unload ends the call; the listener exists only during a call', async () => {
    const { client, call, platform } = await active();
    expect(platform.pageHideHandlers.size, 'registered at start').toBe(1);
    platform.pageHide();
    expect(call.messages(), 'end-call sent on unload').toEqual([{ type: 'end-call' }]);
    await client.stop();
    expect(call.destroyed, 'call destroyed').toBe(true);
    expect(platform.pageHideHandlers.size, 'removed at cleanup').toBe(0);
  });

  it('a kept room (roomDeleteOnUserLeaveEnabled: false) is only left on unload, never ended: the next page rejoins it', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const { client, factory, platform } = makeClient(server);
    expect(
      await client.start({ assistantId: 'asst-1' }, { roomDeleteOnUserLeaveEnabled: false }),
      'started',
    ).not.toBeNull();
    const call = factory.last;
    platform.pageHide();
    await until(() => client.getSnapshot().state === 'idle');
    expect(call.messages(), 'no end-call: the assistant waits for the rejoin').toEqual([]);
    expect(call.destroyed, 'this page left the room').toBe(true);
  });
});

describe('VoiceClient: controls', () => {
  it('send() and say() send the exact JSON messages', async () => {
    const { client, call } = await active();
    client.send({ type: 'add-message', message: { role: 'system', content: 'x' } });
    client.say('Goodbye', true);
    client.say('Hold on', false, true, true);
    expect(call.messages(), 'messages').toEqual([
      { type: 'add-message', message: { role: 'system', content: 'x' } },
      {
        type: 'say',
        message: 'Goodbye',
        endCallAfterSpoken: true,
        interruptionsEnabled: false,
        interruptAssistantEnabled: false,
      },
      {
        type: 'say',
        message: 'Hold on',
        endCallAfterSpoken: false,
        interruptionsEnabled: true,
        interruptAssistantEnabled: true,
      },
    ]);
    await client.stop();
    client.say('after the call');
    expect(call.sent, 'nothing sent without a call').toHaveLength(3);
  });

  it('setMuted() toggles the microphone and the snapshot; reset after the call', async () => {
    const { client, call } = await active();
    const before = client.getSnapshot();
    expect(client.getSnapshot(), 'same snapshot object while nothing changes').toBe(before);
    client.setMuted(true);
    expect(call.localAudioCalls, 'microphone off').toEqual([false]);
    expect(client.isMuted(), 'muted').toBe(true);
    expect(client.getSnapshot(), 'a new snapshot').not.toBe(before);
    expect(client.getSnapshot().muted).toBe(true);
    client.setMuted(false);
    expect(client.isMuted(), 'unmuted').toBe(false);
    client.setMuted(true);
    await client.stop();
    expect(client.isMuted(), 'not muted after the call').toBe(false);
    client.setMuted(true);
    expect(client.isMuted(), 'no-op without a call').toBe(false);
  });

  it('on a nonfatal audio-processor-error: processor off, microphone re-enabled', async () => {
    const { client, call } = await active();
    call.emit('nonfatal-error', { type: 'audio-processor-error', message: 'krisp failed' });
    await flush();
    expect(call.inputSettings.at(-1), 'processor none').toEqual({ audio: { processor: { type: 'none' } } });
    expect(call.localAudioCalls, 'local audio re-enabled').toEqual([true]);
    call.emit('nonfatal-error', { type: 'input-settings-error', message: 'other' });
    await flush();
    expect(call.inputSettings, 'other nonfatal errors change nothing').toHaveLength(2);
    await client.stop();
  });

  it('network interruptions show as reconnecting, then active again', async () => {
    const { client, call, events } = await active();
    call.emit('network-connection', { state: 'interrupted' });
    expect(client.state, 'reconnecting').toBe('reconnecting');
    call.emit('network-connection', { state: 'connected' });
    expect(client.state, 'active again').toBe('active');
    expect(events.of('state-change'), 'transitions').toEqual(['starting', 'active', 'reconnecting', 'active']);
    await client.stop();
  });

  it('destroy() is idempotent, ends the call and drops every listener and subscriber', async () => {
    const { client, call, events } = await active();
    const subscriber = vi.fn();
    client.subscribe(subscriber);
    client.destroy();
    client.destroy();
    expect(events.of('call-end'), 'call-end once').toHaveLength(1);
    await vi.waitFor(() => expect(call.destroyed, 'call destroyed').toBe(true));
    const calls = subscriber.mock.calls.length;
    expect(await client.start({ assistantId: 'a' }), 'inert after destroy').toBeNull();
    expect(subscriber.mock.calls.length, 'subscribers dropped').toBe(calls);
  });

  it('subscribe() returns an unsubscriber; the snapshot is the same object until a change', async () => {
    const { client } = await active();
    const listener = vi.fn();
    const unsubscribe = client.subscribe(listener);
    const snapshot = client.getSnapshot();
    client.setMuted(false);
    expect(listener, 'no change, no notification').not.toHaveBeenCalled();
    expect(client.getSnapshot(), 'same object').toBe(snapshot);
    client.setMuted(true);
    expect(listener, 'notified once').toHaveBeenCalledTimes(1);
    unsubscribe();
    client.setMuted(false);
    expect(listener, 'not after unsubscribing').toHaveBeenCalledTimes(1);
    await client.stop();
  });
});

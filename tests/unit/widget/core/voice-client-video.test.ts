/**
 * The assistant's video: `VoiceClientOptions.video` (default false). Only with it, and only for a
 * video voice provider, does the core ask the call engine for video and put the remote video
 * track in `snapshot.videoTrack` (null otherwise and after the call). The audio path is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { VIDEO_VOICE_PROVIDERS } from '../../../../widget/src/core/constants.ts';
import type { VoiceClientOptions } from '../../../../widget/src/core/voice-client.ts';
import { ASSISTANT_ID, FakeTrack, flush } from '../../../fixtures/fake-call.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { makeClient, webCall } from './harness.ts';

const server = loopbackForFile();

const VIDEO_PROVIDER = VIDEO_VOICE_PROVIDERS[0]!;
const assistant = { id: ASSISTANT_ID, local: false, userName: 'Assistant' };

/** A started call whose assistant uses `provider`. */
async function started(provider: string, options: Partial<VoiceClientOptions> = {}) {
  server.route('POST', '/call/web', { status: 201, body: webCall({ assistant: { voice: { provider } } }) });
  const ctx = makeClient(server, options);
  expect(await ctx.client.start({ assistantId: 'a' }), 'started').not.toBeNull();
  return { ...ctx, call: ctx.factory.last };
}

describe('VoiceClient: the assistant video', () => {
  it('is off by default: no video asked for, even from a video provider, and a video track is ignored', async () => {
    const { client, call, platform } = await started(VIDEO_PROVIDER);
    expect(call.options, 'the call engine is not asked for video').toEqual({ video: false, camera: false });
    call.emit('track-started', { participant: assistant, track: new FakeTrack('video') });
    await call.startAssistantAudio();
    expect(client.getSnapshot().videoTrack, 'no video track').toBeNull();
    expect(
      platform.players.map((p) => p.track.kind),
      'audio plays as before',
    ).toEqual(['audio']);
    await client.stop();
  });

  it('is not asked for when the provider renders no video, even with video: true', async () => {
    const { client, call } = await started('11labs', { video: true });
    expect(call.options, 'no video').toEqual({ video: false, camera: false });
    call.emit('track-started', { participant: assistant, track: new FakeTrack('video') });
    expect(client.getSnapshot().videoTrack, 'ignored').toBeNull();
    await client.stop();
  });

  it('with video: true and a video provider, holds the remote video track until it stops, and audio still plays', async () => {
    const { client, call, platform } = await started(VIDEO_PROVIDER, { video: true });
    expect(call.options, 'video asked for').toEqual({ video: true, camera: false });
    const seen: unknown[] = [];
    client.subscribe(() => seen.push(client.getSnapshot().videoTrack));
    call.emit('track-started', { participant: { id: 'me', local: true }, track: new FakeTrack('video') });
    expect(client.getSnapshot().videoTrack, 'a local video track is never shown').toBeNull();
    const video = new FakeTrack('video');
    call.emit('track-started', { participant: assistant, track: video });
    expect(client.getSnapshot().videoTrack, 'the assistant video track').toBe(video);
    expect(seen, 'subscribers told').toContain(video);
    await call.startAssistantAudio();
    expect(
      platform.players.map((p) => p.track.kind),
      'only audio gets a player',
    ).toEqual(['audio']);
    expect(client.getSnapshot().videoTrack, 'audio does not replace the video').toBe(video);

    call.emit('track-stopped', { participant: assistant, track: new FakeTrack('video') });
    expect(client.getSnapshot().videoTrack, 'another track stopping changes nothing').toBe(video);
    call.emit('track-stopped', { participant: assistant, track: video });
    expect(client.getSnapshot().videoTrack, 'null once it stopped').toBeNull();

    const again = new FakeTrack('video');
    call.emit('track-started', { participant: assistant, track: again });
    expect(client.getSnapshot().videoTrack, 'a restarted track shows again').toBe(again);
    call.emit('participant-left', { participant: assistant });
    expect(client.getSnapshot().videoTrack, 'null when the assistant left').toBeNull();

    call.emit('track-started', { participant: assistant, track: again });
    await client.stop();
    expect(client.getSnapshot().videoTrack, 'null after the call').toBeNull();
  });

  it('is null after a call the platform ends, and the next call starts without it', async () => {
    const { client, call } = await started(VIDEO_PROVIDER, { video: true });
    call.emit('track-started', { participant: assistant, track: new FakeTrack('video') });
    call.receive({ type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' });
    await flush();
    expect(client.getSnapshot(), 'idle or ending, without video').toMatchObject({ videoTrack: null });
    server.route('POST', '/call/web', { status: 201, body: webCall({ id: 'call-2' }) });
    await client.start({ assistantId: 'a' });
    expect(client.getSnapshot(), 'second call, no video').toMatchObject({ callId: 'call-2', videoTrack: null });
    await client.stop();
  });
});

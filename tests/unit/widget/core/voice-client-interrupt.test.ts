/**
 * Issue 37 (1), the core's half of Stop: `setAssistantMuted(true)` mutes the assistant's players in
 * the caller's own frame (no await between the call and the mute) and tells the platform with its
 * documented control message (`mute-assistant`); the visitor's next words (a user transcript, or
 * the platform's `user-interrupted`) unmute both. Over the fake call through the real ports.
 */
import { describe, expect, it, vi } from 'vitest';
import { ASSISTANT_ID, FakeTrack } from '../../../fixtures/fake-call.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { makeClient, startPlaying, webCall } from './harness.ts';

const server = loopbackForFile(() => {
  vi.restoreAllMocks();
});

const MUTE = { type: 'control', control: 'mute-assistant' };
const UNMUTE = { type: 'control', control: 'unmute-assistant' };

/** A call whose assistant audio plays. */
async function speaking() {
  const speakingCall = await startPlaying(server);
  speakingCall.call.levels({ [ASSISTANT_ID]: 0.5 });
  return speakingCall;
}

describe('VoiceClient.setAssistantMuted: the Stop control', () => {
  it('mutes the playing assistant in the same frame and sends mute-assistant, once', async () => {
    const { client, call, player } = await speaking();
    client.setAssistantMuted(true);
    // No await since the call: the player is silent in the frame of the click.
    expect(player.muted, 'muted at once').toBe(true);
    expect(
      call.messages().filter((m) => typeof m === 'object'),
      'the platform told',
    ).toEqual([MUTE]);
    client.setAssistantMuted(true);
    expect(
      call.messages().filter((m) => typeof m === 'object'),
      'not twice',
    ).toEqual([MUTE]);
    await client.stop();
  });

  it('a player made while muted (the track restarts) starts muted', async () => {
    const { client, call, platform } = await speaking();
    client.setAssistantMuted(true);
    await call.startAssistantAudio(new FakeTrack('audio'));
    expect(platform.players.at(-1)?.muted, 'the new player is muted too').toBe(true);
    await client.stop();
  });

  it('the visitor’s next words unmute it: a user transcript, or the platform’s user-interrupted', async () => {
    const { client, call, player } = await speaking();
    client.setAssistantMuted(true);
    call.receive({ type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: 'and then' });
    expect(player.muted, 'the assistant’s own words do not unmute it').toBe(true);
    call.receive({ type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'wait' });
    expect(player.muted, 'unmuted by the visitor’s words').toBe(false);
    expect(
      call.messages().filter((m) => typeof m === 'object'),
      'and the platform told',
    ).toEqual([MUTE, UNMUTE]);
    client.setAssistantMuted(true);
    call.receive({ type: 'user-interrupted' });
    expect(player.muted, 'unmuted by user-interrupted').toBe(false);
    expect(
      call.messages().filter((m) => typeof m === 'object'),
      'mute, unmute twice',
    ).toEqual([MUTE, UNMUTE, MUTE, UNMUTE]);
    await client.stop();
  });

  it('without a joined call: nothing is sent and nothing throws', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const { client, factory } = makeClient(server);
    expect(() => client.setAssistantMuted(true), 'no call').not.toThrow();
    expect(factory.calls, 'no call object').toHaveLength(0);
  });
});

/**
 * Issue 37 (5): the last sentence finishes. When the platform ends the call (`status-update`
 * `ended`) while the assistant is still heard, its audio keeps playing until its speech ends, and
 * only then does the call end (the card says "ended" when the state leaves `active`).
 */
import { describe, expect, it, vi } from 'vitest';
import { FINAL_WORDS_MAX_MS, SPEECH_END_DELAY_MS } from '../../../../widget/src/core/constants.ts';
import { ASSISTANT_ID } from '../../../fixtures/fake-call.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { makeClient, startPlaying, webCall } from './harness.ts';

const server = loopbackForFile(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A started call whose assistant audio plays, with fake timers from then on. */
async function playing() {
  const playingCall = await startPlaying(server);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return playingCall;
}

const ENDED = { type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' };

describe('VoiceClient: the assistant ends the call', () => {
  it('while it speaks: its audio plays until its speech ends, then the call ends', async () => {
    const { client, call, player, events } = await playing();
    call.levels({ [ASSISTANT_ID]: 0.4 });
    call.receive(ENDED);
    expect(events.of('message').at(-1), 'the ended status is passed on at once').toMatchObject(ENDED);
    expect(client.getSnapshot().state, 'still in the call while the last words play').toBe('active');
    expect(player.stopped, 'the player still plays').toBe(false);
    // The sentence goes on: the end waits for it.
    vi.advanceTimersByTime(SPEECH_END_DELAY_MS - 1);
    call.levels({ [ASSISTANT_ID]: 0.3 });
    vi.advanceTimersByTime(SPEECH_END_DELAY_MS - 1);
    expect(client.getSnapshot().state, 'still speaking').toBe('active');
    vi.advanceTimersByTime(1);
    expect(events.of('speech-end'), 'the speech ended').toHaveLength(1);
    expect(client.getSnapshot().state, 'then the call ends').not.toBe('active');
    expect(player.stopped, 'and the player is released').toBe(true);
    expect(
      events.of('message').filter((m) => m.type === 'status-update' && m.status === 'ended'),
      'one ended status, not a second',
    ).toHaveLength(1);
  });

  it('while it is silent: the call ends at once', async () => {
    const { client, call, player } = await playing();
    call.receive(ENDED);
    expect(client.getSnapshot().state, 'ended at once').not.toBe('active');
    expect(player.stopped, 'player released').toBe(true);
  });

  it('a sentence that never ends is cut after FINAL_WORDS_MAX_MS', async () => {
    const { client, call } = await playing();
    call.levels({ [ASSISTANT_ID]: 0.4 });
    call.receive(ENDED);
    for (let t = 0; t < FINAL_WORDS_MAX_MS - 100; t += 100) {
      vi.advanceTimersByTime(100);
      call.levels({ [ASSISTANT_ID]: 0.4 });
    }
    expect(client.getSnapshot().state, 'still playing').toBe('active');
    vi.advanceTimersByTime(100);
    expect(client.getSnapshot().state, 'ended at the cap').not.toBe('active');
  });

  it('hanging up meanwhile ends the call at once and leaves no timer behind', async () => {
    const { client, call } = await playing();
    call.levels({ [ASSISTANT_ID]: 0.4 });
    call.receive(ENDED);
    const stopped = client.stop();
    expect(client.getSnapshot().state, 'ended by the visitor').not.toBe('active');
    expect(vi.getTimerCount(), 'no speech or final-words timer left').toBe(0);
    vi.useRealTimers();
    await stopped;
  });
});

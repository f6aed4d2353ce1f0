// @vitest-environment happy-dom
/**
 * Issue 37 (1) in the card: while the assistant speaks, a Stop control beside the status; a click
 * mutes its audio in the same frame (the player itself, before any await), sends the platform's
 * `mute-assistant`, marks the turn (what was heard stays, the rest greyed as not heard) and sends
 * `ringwise-interrupt`. Speaking over it (the platform's `user-interrupted`) marks it the same way;
 * in push-to-talk, pressing the talk button while it speaks stops it. Driven by the REAL voice
 * engine over the fake call factory and platform (through their ports).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { ASSISTANT_ID, FakeCallFactory, FakePlatform } from '../../../fixtures/fake-call.ts';
import { frame, getByRole, isHidden, queryByRole } from '../element/dom-helpers.ts';
import { mountOnRealEngine, until } from './real-engine.ts';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const MUTE = { type: 'control', control: 'mute-assistant' };

/** A voice call (transcript shown) on the real engine, up, with the assistant's audio playing and speaking. */
async function speakingCall(attributes: Record<string, string> = {}) {
  const factory = new FakeCallFactory();
  const platform = new FakePlatform();
  const shown = { 'public-key': 'pk-1', 'assistant-id': 'asst-1', mode: 'voice', transcript: '', ...attributes };
  const mounted = await mountOnRealEngine(shown, factory, platform);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const body = JSON.stringify({ id: 'call-1', webCallUrl: 'https://x.daily.co/r' });
      return new Response(body, { status: 201 });
    }),
  );
  const { shadow, el } = mounted;
  const interrupts: unknown[] = [];
  el.addEventListener('ringwise-interrupt', (e) => interrupts.push((e as CustomEvent).detail));
  mounted.launcher().click();
  await until(shadow, () => queryByRole(shadow, 'button', EN_LABELS.stop) !== null && factory.calls.length > 0);
  const call = factory.last;
  await until(shadow, () => !!shadow.querySelector('[part=stop]'));
  await call.startAssistantAudio();
  call.receive({ type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: 'Our prices start' });
  call.levels({ [ASSISTANT_ID]: 0.5 });
  await frame();
  await frame();
  const stop = () => shadow.querySelector<HTMLButtonElement>('[part=stop]')!;
  const sentControls = () => call.messages().filter((m) => typeof m === 'object');
  return { ...mounted, call, platform, stop, interrupts, sentControls };
}

describe('the Stop control', () => {
  it('shows while it speaks; a click silences it in the same frame, tells the platform, marks the turn', async () => {
    const { shadow, stop, platform, interrupts, sentControls, call } = await speakingCall();
    expect(isHidden(stop()), 'shown while it speaks').toBe(false);
    expect(getByRole(shadow, 'button', EN_LABELS.stopAssistant), 'a named button').toBe(stop());
    stop().click();
    expect(platform.players[0]?.muted, 'muted in the click’s own frame').toBe(true);
    expect(sentControls(), 'the platform told: mute-assistant').toEqual([MUTE]);
    expect(interrupts, 'ringwise-interrupt, no content').toEqual([{ by: 'stop' }]);
    expect(shadow.activeElement, 'focus stays in the card').toBe(shadow.querySelector('[part=card]'));
    await frame();
    expect(isHidden(stop()), 'gone once used').toBe(true);
    call.receive({
      type: 'transcript',
      role: 'assistant',
      transcriptType: 'final',
      transcript: 'Our prices start at 20 euros a month.',
    });
    await frame();
    const turn = shadow.querySelector('[part=turn][data-role=assistant]')!;
    expect(turn.querySelector('[part=interrupted]')?.textContent, 'marked').toBe(EN_LABELS.interrupted);
    expect(turn.querySelector('[part=unheard]')?.textContent, 'the rest, not heard').toBe(
      `${EN_LABELS.notHeard} at 20 euros a month.`,
    );
    const kept = (shadow.host as HTMLElement & { view: { conversation: { text: string }[] } }).view.conversation;
    expect(
      kept.map((t) => t.text),
      'the transcript holds what was heard',
    ).toEqual(['Our prices start']);
  });

  it('speaking over the assistant (the platform’s user-interrupted) marks its turn the same way', async () => {
    const { shadow, call, interrupts } = await speakingCall();
    call.receive({ type: 'user-interrupted' });
    const final = 'Our prices start at 20.';
    call.receive({ type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: final });
    await frame();
    expect(interrupts, 'ringwise-interrupt by voice').toEqual([{ by: 'voice' }]);
    expect(shadow.querySelector('[part=unheard]')?.textContent, 'the rest, not heard').toBe(
      `${EN_LABELS.notHeard} at 20.`,
    );
  });

  it('push-to-talk: pressing the talk button while the assistant speaks stops it', async () => {
    const { shadow, sentControls, interrupts, platform } = await speakingCall({ input: 'push-to-talk' });
    const talk = getByRole(shadow, 'button', EN_LABELS.holdToTalk);
    talk.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true }));
    expect(platform.players[0]?.muted, 'muted at once').toBe(true);
    expect(sentControls(), 'mute-assistant').toEqual([MUTE]);
    expect(interrupts, 'by the visitor').toEqual([{ by: 'stop' }]);
  });
});

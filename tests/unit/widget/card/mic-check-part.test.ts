/**
 * The sound check's part of the card (issue 37, item 2), with the sampler replaced through its
 * parameter: the check runs once "Listening…" shows, not for a microphone that passed before on
 * this site; a silent verdict shows the sentence with its actions (Type instead only in hybrid);
 * a good one remembers the device and clears it.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CallNotice, NoticeAction } from '../../../../widget/src/card/call-notice.ts';
import type { CardFrame } from '../../../../widget/src/card/frame.ts';
import { micCheck } from '../../../../widget/src/card/mic-check-part.ts';
import { MIC_CHECKED_KEY, type MicVerdict } from '../../../../widget/src/conversation/mic-check.ts';
import { EN_CARD_LABELS, EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { EN_LAUNCHER_LABELS } from '../../../../widget/src/i18n/labels.ts';
import { FakeTrack } from '../../../fixtures/fake-call.ts';

/** A notice that records what it shows. */
function recordingNotice() {
  const state = { key: null as string | null, text: '', actions: [] as readonly NoticeAction[] };
  const notice: CallNotice = {
    show: (key, text, actions) => Object.assign(state, { key, text, actions }),
    hide: (key) => void ((key === undefined || key === state.key) && Object.assign(state, { key: null, actions: [] })),
    get shown() {
      return state.key;
    },
    destroy() {},
  };
  return { notice, state };
}

/** A frame of a live call that is listening (only what the check reads). */
function listening(mode: 'voice' | 'hybrid', live = true): CardFrame {
  const view = { phase: live ? 'active' : 'idle', speaking: false, muted: false, conversation: [] };
  // The card's labels, as the card's frame has them: the English of this file's texts is its own.
  return { live, mode, labels: { ...EN_LAUNCHER_LABELS, ...EN_CARD_LABELS }, view } as unknown as CardFrame;
}

function setup(mode: 'voice' | 'hybrid', stored: Record<string, string> = {}) {
  const items = new Map(Object.entries(stored));
  const storage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
  const { notice, state } = recordingNotice();
  const verdicts: MicVerdict[] = [];
  const check = vi.fn(() => Promise.resolve(verdicts.shift() ?? 'sound'));
  const reported: string[] = [];
  const typeInstead = vi.fn();
  const part = micCheck(
    {
      microphone: () => ({ track: new FakeTrack('audio'), device: Promise.resolve('usb-1') }),
      storage,
      notice,
      typeInstead,
      report: (verdict) => reported.push(verdict),
    },
    check,
  );
  return { part, state, verdicts, check, reported, items, typeInstead };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the sound check in the card', () => {
  it('silent: the sentence with Try again and, in hybrid, Type instead', async () => {
    const { part, state, verdicts, check, reported, typeInstead } = setup('hybrid');
    verdicts.push('silent');
    part.render(listening('hybrid'));
    await settle();
    expect(check).toHaveBeenCalledTimes(1);
    expect(state.text).toBe(EN_LABELS.micSilent);
    expect(state.actions.map((a) => a.label)).toEqual([EN_LABELS.retry, EN_LABELS.typeInstead]);
    expect(reported).toEqual(['silent']);
    state.actions[1]!.run();
    expect(typeInstead).toHaveBeenCalledTimes(1);
    part.destroy();
  });

  it('muted while it listened: no sentence (the zeros were the Mute, not the microphone)', async () => {
    const { part, state, check, reported } = setup('hybrid');
    let answer!: (verdict: MicVerdict) => void;
    check.mockImplementationOnce(() => new Promise<MicVerdict>((resolve) => (answer = resolve)));
    part.render(listening('hybrid'));
    await settle();
    const muted = listening('hybrid');
    (muted.view as { muted: boolean }).muted = true;
    part.render(muted);
    answer('silent');
    await settle();
    expect(check).toHaveBeenCalledTimes(1);
    expect(state.key, 'no sentence').toBeNull();
    expect(reported, 'nothing reported').toEqual([]);
    part.destroy();
  });

  it('voice: Try again only; a good try clears it and remembers the microphone', async () => {
    const { part, state, verdicts, reported, items } = setup('voice');
    verdicts.push('silent', 'sound');
    part.render(listening('voice'));
    await settle();
    expect(state.actions.map((a) => a.label)).toEqual([EN_LABELS.retry]);
    state.actions[0]!.run();
    await settle();
    expect(state.key, 'cleared').toBeNull();
    expect(reported).toEqual(['silent', 'sound']);
    expect(JSON.parse(items.get(MIC_CHECKED_KEY)!)).toEqual(['usb-1']);
    part.destroy();
  });

  it('a microphone that gave sound here before is not checked before the call', async () => {
    const { part, check } = setup('voice', { [MIC_CHECKED_KEY]: '["usb-1"]' });
    part.render(listening('voice'));
    await settle();
    expect(check).not.toHaveBeenCalled();
    part.destroy();
  });

  it('the call ending hides the sentence', async () => {
    const { part, state, verdicts } = setup('voice');
    verdicts.push('silent');
    part.render(listening('voice'));
    await settle();
    expect(state.key).toBe('mic');
    part.render(listening('voice', false));
    expect(state.key).toBeNull();
    part.destroy();
  });
});

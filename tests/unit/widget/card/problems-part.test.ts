/**
 * The failure texts' own file (issue 35: the card's bytes): the card asks for it with the first
 * failure only, holds that drawing until it is in (no generic text first), draws each failure with
 * its own texts under the locale's and the page's labels, and, when the file cannot be loaded,
 * still says the failure (the generic one, whose English the card keeps), asking again at the next.
 */
import { describe, expect, it } from 'vitest';
import type { CardHost } from '../../../../widget/src/ports/card-port.ts';
import { problemsPart } from '../../../../widget/src/card/problems-part.ts';
import * as problemsFile from '../../../../widget/src/card/problems-file.ts';
import { describeProblem } from '../../../../widget/src/conversation/status.ts';
import { IDLE_VIEW, type CallProblem, type CallView } from '../../../../widget/src/conversation/view.ts';
import { EN_CARD_BASE_LABELS } from '../../../../widget/src/i18n/card-labels.ts';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { EN_LAUNCHER_LABELS, type VoiceLabels } from '../../../../widget/src/i18n/labels.ts';

/** The card's labels as its file has them: no failure texts. */
const CARD = { ...EN_LAUNCHER_LABELS, ...EN_CARD_BASE_LABELS } as VoiceLabels;

const failed = (problem: Partial<CallProblem>): CallView => ({
  ...IDLE_VIEW,
  problem: { type: 'mic-permission-denied', message: 'denied', source: 'call', ...problem } as CallProblem,
});

/** A part over a loader whose `problems` file resolves or rejects as `answers` say, in order. */
function setup(answers: ('load' | 'fail')[]) {
  const loads: string[] = [];
  let renders = 0;
  const host = {
    load: (name: string) => {
      loads.push(name);
      return answers.shift() === 'fail'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve(problemsFile);
    },
  } as unknown as CardHost;
  const part = problemsPart(host, () => renders++);
  return { part, loads, renders: () => renders };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the failure texts’ file', () => {
  it('is not asked for without a failure: the drawing goes on with the card’s labels', () => {
    const { part, loads } = setup(['load']);
    expect(part.drawing(IDLE_VIEW, CARD)?.labels).toBe(CARD);
    expect(loads).toEqual([]);
  });

  it('holds the first failure’s drawing until the file is in, then draws its own texts (the page’s on top)', async () => {
    const { part, loads, renders } = setup(['load']);
    const view = failed({});
    expect(part.drawing(view, CARD), 'held while the file loads').toBeNull();
    expect(part.drawing(view, CARD), 'still held, one load').toBeNull();
    expect(loads).toEqual(['problems']);
    await settle();
    expect(renders(), 'drawn again when it is in').toBe(1);
    const drawing = part.drawing(view, { ...CARD, fixMicDenied: 'Page’s own fix' })!;
    const info = drawing.explain(view.problem!, drawing.labels);
    expect(info).toEqual({
      title: EN_LABELS.titleMic,
      text: EN_LABELS.errorMicDenied,
      fix: 'Page’s own fix',
      retry: true,
    });
  });

  it('a file that cannot load: the failure is still said (the generic one), and the next failure asks again', async () => {
    const { part, loads, renders } = setup(['fail', 'load']);
    const call = failed({});
    expect(part.drawing(call, CARD)).toBeNull();
    await settle();
    expect(renders()).toBe(1);
    const drawing = part.drawing(call, CARD)!;
    expect(drawing.explain(call.problem!, drawing.labels)).toEqual({
      title: 'The call could not connect',
      text: 'Something went wrong while connecting.',
      fix: '',
      retry: true,
    });
    const busy = failed({ type: 'api-error', status: 503 });
    expect(part.drawing(busy, CARD), 'a new failure: asked again').toBeNull();
    expect(loads).toEqual(['problems', 'problems']);
    await settle();
    const later = part.drawing(busy, CARD)!;
    expect(later.explain(busy.problem!, later.labels).title).toBe(EN_LABELS.titleService);
  });

  it('a widget file that did not load, or the network: explained by the card itself, at once, as the file would', () => {
    const { part, loads } = setup(['fail']);
    const offline = { reason: 'offline', file: 'voice-widget-engine.js', url: 'u', status: 0, help: '' } as const;
    for (const problem of [
      { type: 'network-error' },
      { type: 'engine-load-failed' },
      { type: 'daily-call-join-error', load: offline },
      { type: 'daily-call-join-error', load: { ...offline, reason: 'csp' } },
    ] as Partial<CallProblem>[]) {
      const view = failed(problem);
      const drawing = part.drawing(view, CARD);
      expect(drawing, `${problem.type}: not held`).not.toBeNull();
      expect(drawing!.explain(view.problem!, drawing!.labels), problem.type).toEqual(
        describeProblem(view.problem!, EN_LABELS),
      );
    }
    expect(loads, 'the failure texts are not asked for').toEqual([]);
  });

  it('the generic failure of a chat message says the message was not sent', async () => {
    const { part } = setup(['fail']);
    const chat = failed({ type: 'timeout-error', source: 'chat' });
    part.drawing(chat, CARD);
    await settle();
    const drawing = part.drawing(chat, CARD)!;
    expect(drawing.explain(chat.problem!, drawing.labels)).toMatchObject({
      title: 'Message not sent',
      text: 'Something went wrong while sending your message.',
    });
  });
});

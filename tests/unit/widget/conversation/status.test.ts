/**
 * The status line and the failure explanations shared by the card and the site's hero
 * (status.ts): what is shown, what is announced, and how each failure is explained.
 */
import { describe, expect, test } from 'vitest';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { describeProblem, formatDuration, stageLabel, statusLine } from '../../../../widget/src/conversation/status.ts';
import { IDLE_VIEW, type CallProblem, type CallView } from '../../../../widget/src/conversation/view.ts';
import type { LoadFailure } from '../../../../widget/src/conversation/load-failure.ts';

const view = (patch: Partial<CallView>): CallView => ({ ...IDLE_VIEW, ...patch });

describe('statusLine', () => {
  test.each([
    ['idle', {}, '', '', 'idle'],
    ['loading', { phase: 'loading' }, 'Connecting…', 'Connecting…', 'connecting'],
    [
      'a stage',
      { phase: 'starting', stage: 'daily-call-join' },
      'Connecting: joining the call…',
      'Connecting…',
      'connecting',
    ],
    ['active', { phase: 'active' }, 'Listening…', 'Listening…', 'live'],
    ['speaking', { phase: 'active', speaking: true }, EN_LABELS.speaking, 'Listening…', 'speaking'],
    [
      'muted (even while speaking)',
      { phase: 'active', muted: true, speaking: true },
      EN_LABELS.muted,
      EN_LABELS.muted,
      'muted',
    ],
    ['reconnecting', { phase: 'reconnecting' }, 'Reconnecting…', 'Reconnecting…', 'warning'],
    ['ending', { phase: 'ending' }, 'Ending the call…', 'Ending the call…', 'ended'],
    ['a reply on its way', { chat: 'streaming' }, 'Typing…', '', 'speaking'],
    ['ended', { ended: true, duration: 134 }, 'Call ended · 2:14', 'Call ended · 2:14', 'ended'],
    [
      'a problem',
      { problem: { type: 'network-error', message: 'x' } },
      EN_LABELS.errorNetwork,
      `${EN_LABELS.errorNetwork} ${EN_LABELS.fixNetwork}`,
      'error',
    ],
  ] as const)('%s', (_, patch, text, announcement, tone) => {
    expect(statusLine(view(patch as Partial<CallView>), EN_LABELS), 'line').toEqual({ text, announcement, tone });
  });

  test('speaking starts and stops without changing what is announced', () => {
    const listening = statusLine(view({ phase: 'active' }), EN_LABELS).announcement;
    expect(statusLine(view({ phase: 'active', speaking: true }), EN_LABELS).announcement, 'same announcement').toBe(
      listening,
    );
  });

  test('push-to-talk: the chip says whether the visitor is heard (held: talking; not: hold to talk)', () => {
    expect(statusLine(view({ phase: 'active', muted: false }), EN_LABELS, true, 'held'), 'held').toEqual({
      text: 'Talking…',
      announcement: 'Talking…',
      tone: 'live',
    });
    expect(
      statusLine(view({ phase: 'active', muted: true, speaking: true }), EN_LABELS, true, 'released'),
      'released',
    ).toEqual({
      text: 'Hold the button to talk',
      announcement: 'Hold the button to talk',
      tone: 'muted',
    });
    expect(statusLine(view({ phase: 'starting' }), EN_LABELS, true, 'released').tone, 'only in a call').toBe(
      'connecting',
    );
  });
});

describe('describeProblem', () => {
  const problem = (type: CallProblem['type'], extra: Partial<CallProblem> = {}): CallProblem => ({
    type,
    message: 'technical',
    ...extra,
  });

  test.each([
    [problem('not-configured'), EN_LABELS.titleSetup, EN_LABELS.errorNotConfigured, EN_LABELS.fixSetup, false],
    [problem('no-target'), EN_LABELS.titleSetup, EN_LABELS.errorNoTarget, EN_LABELS.fixSetup, false],
    [problem('invalid-overrides'), EN_LABELS.titleSetup, EN_LABELS.errorOverrides, EN_LABELS.fixOverrides, false],
    [problem('validation-error'), EN_LABELS.titleSetup, EN_LABELS.errorNoTarget, EN_LABELS.fixSetup, false],
    [problem('engine-load-failed'), EN_LABELS.titleLoad, EN_LABELS.errorEngine, EN_LABELS.fixEngine, true],
    [
      problem('api-error', { status: 403 }),
      EN_LABELS.titleSetup,
      EN_LABELS.errorUnauthorized,
      EN_LABELS.fixSetup,
      false,
    ],
    [
      problem('api-error', { status: 400 }),
      EN_LABELS.titleSetup,
      'The assistant service answered with an error (400).',
      EN_LABELS.fixSetup,
      false,
    ],
    [
      problem('api-error', { status: 503 }),
      EN_LABELS.titleService,
      'The assistant service answered with an error (503).',
      EN_LABELS.fixBusy,
      true,
    ],
    [
      problem('meeting-ended', { reason: 'silence-timed-out' }),
      EN_LABELS.titleEnded,
      'The call ended unexpectedly (silence-timed-out).',
      '',
      true,
    ],
    [problem('daily-call-object-creation-error'), EN_LABELS.titleCall, EN_LABELS.errorCall, '', true],
    [problem('daily-call-join-error', { source: 'chat' }), EN_LABELS.titleChat, EN_LABELS.errorChat, '', true],
    // Issue 23: no answer in time, and a 2xx answer that cannot be read, each in its own words, with 'Try again'.
    [
      problem('timeout-error', { source: 'chat' }),
      'No answer',
      'The assistant service did not answer in time.',
      EN_LABELS.fixBusy,
      true,
    ],
    [
      problem('answer-error', { source: 'chat' }),
      'Unreadable answer',
      'The assistant service sent an answer that could not be read.',
      EN_LABELS.fixBusy,
      true,
    ],
    [
      problem('answer-error', { status: 201 }),
      'Unreadable answer',
      'The assistant service sent an answer that could not be read.',
      EN_LABELS.fixBusy,
      true,
    ],
  ])('%o', (given, title, text, fix, retry) => {
    expect(describeProblem(given, EN_LABELS), 'explanation').toEqual({ title, text, fix, retry });
  });
});

test('stageLabel and formatDuration', () => {
  expect(stageLabel('audio-processing-setup', EN_LABELS), 'stage').toBe(EN_LABELS.stageAudioProcessingSetup);
  expect(stageLabel(null, EN_LABELS), 'no stage').toBe('');
  expect([formatDuration(0), formatDuration(59.6), formatDuration(134), formatDuration(3723)], 'm:ss, h:mm:ss').toEqual(
    ['0:00', '1:00', '2:14', '1:02:03'],
  );
});

describe('describeProblem: a widget file that did not load', () => {
  const load = (reason: LoadFailure['reason'], status = 0): LoadFailure => ({
    file: 'voice-widget-daily.js',
    url: 'https://cdn.example/w/voice-widget-daily.js',
    reason,
    status,
    help: 'the owner’s fix',
  });
  const explain = (failure: LoadFailure, type: CallProblem['type'] = 'engine-load-failed') =>
    describeProblem({ type, message: 'technical', load: failure }, EN_LABELS);

  test.each([load('csp'), load('not-found', 404), load('http', 503), load('invalid', 200), load('unreachable')])(
    'visitors read one plain sentence and Try again, never the file, its address or the owner’s fix: %o',
    (failure) => {
      const info = explain(failure);
      expect(info, 'title, one sentence, no fix line, retry').toEqual({
        title: EN_LABELS.titleLoad,
        text: EN_LABELS.errorEngine,
        fix: '',
        retry: true,
      });
      expect(JSON.stringify(info), 'no jargon').not.toMatch(/voice-widget|https:|Site owner|script-src|404|503/);
    },
  );

  test('offline: the sentence says what to do', () => {
    expect(explain(load('offline')), 'check the connection').toEqual({
      title: EN_LABELS.titleLoad,
      text: EN_LABELS.fixNetwork,
      fix: '',
      retry: true,
    });
  });

  test("the daily file's failure under the core's error type is explained the same way", () => {
    expect(explain(load('csp'), 'daily-call-object-creation-error').text).toBe(explain(load('csp')).text);
  });

  test('without a failure, a load error keeps the general wording', () => {
    expect(describeProblem({ type: 'engine-load-failed', message: 'x' }, EN_LABELS).text).toBe(EN_LABELS.errorEngine);
  });
});

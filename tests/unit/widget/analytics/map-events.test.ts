import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_EVENTS,
  createAnalyticsMapper,
  type AnalyticsEvent,
} from '../../../../widget/src/analytics/map-events.ts';

/** A mapper on a clock the test moves. */
function setup(content = false) {
  let time = 1_000_000;
  const mapper = createAnalyticsMapper({ content, now: () => time });
  const all: AnalyticsEvent[] = [];
  const fire = (event: string, detail: unknown = null) => {
    const out = mapper.map(event, detail);
    all.push(...out);
    return out;
  };
  return { mapper, fire, all, tick: (ms: number) => (time += ms), flush: () => (all.push(...mapper.flush()), all) };
}

const ENDED = (endedReason: string) => ({ type: 'status-update', status: 'ended', endedReason });

describe('createAnalyticsMapper: each event with exactly its documented fields', () => {
  it('open, call start, consent: their name and exactly their fields', () => {
    const { fire } = setup();
    expect(fire('open'), 'open').toEqual([{ name: 'ringwise_open', fields: {} }]);
    expect(fire('call-start'), 'call start').toEqual([{ name: 'ringwise_call_start', fields: {} }]);
    expect(
      fire('consent', { decision: 'accepted', version: 'abc', stored: true }),
      'consent: the decision only',
    ).toEqual([{ name: 'ringwise_consent', fields: { decision: 'accepted' } }]);
  });

  it('interrupt: who stopped the assistant, and nothing of what was said (issue 37)', () => {
    const { fire } = setup(true);
    expect(fire('interrupt', { by: 'stop', text: 'secret' }), 'the Stop control').toEqual([
      { name: 'ringwise_interrupt', fields: { by: 'stop' } },
    ]);
    expect(fire('interrupt', { by: 'voice' }), 'spoken over').toEqual([
      { name: 'ringwise_interrupt', fields: { by: 'voice' } },
    ]);
  });

  it('quality: its level and reason, nothing else even with content on (issue 37)', () => {
    const { fire } = setup(true);
    expect(fire('quality', { level: 'bad', reason: 'microphone', device: 'USB mic' })).toEqual([
      { name: 'ringwise_quality', fields: { level: 'bad', reason: 'microphone' } },
    ]);
  });

  it('call end: whole seconds from the start, held until flush (its reason arrives just after)', () => {
    const { fire, tick, mapper } = setup();
    fire('call-start');
    tick(61_600);
    expect(fire('call-end'), 'held').toEqual([]);
    fire('message', ENDED('customer-ended-call'));
    expect(mapper.flush(), 'the visitor hung up').toEqual([
      { name: 'ringwise_call_end', fields: { duration_s: 62, ended_by: 'visitor' } },
    ]);
    expect(mapper.flush(), 'flushed once').toEqual([]);
  });

  it('call end: the latency the visitor heard, from the call’s last latency figures, only what was measured', () => {
    const { fire, flush } = setup();
    fire('call-start');
    const figures = { firstAudioMs: 1234, turnLatencyP50Ms: 710, turnLatencyP95Ms: 900, turnsMs: [640, 900, 710] };
    fire('latency', { ...figures, turnLatencyP50Ms: null, turnLatencyP95Ms: null, final: false });
    fire('latency', { ...figures, final: true });
    fire('call-end');
    fire('call-start');
    fire('latency', { firstAudioMs: null, turnLatencyP50Ms: null, turnLatencyP95Ms: null, turnsMs: [], final: true });
    fire('call-end');
    const ends = flush().filter((e) => e.name === 'ringwise_call_end');
    expect(ends.map((e) => e.fields)).toEqual([
      { duration_s: 0, ended_by: 'visitor', first_audio_ms: 1234, turn_latency_p50_ms: 710, turn_latency_p95_ms: 900 },
      { duration_s: 0, ended_by: 'visitor' },
    ]);
  });

  it('ended_by: the assistant, the platform, an error, or this page when nothing says', () => {
    const run = (before: [string, unknown][], after: [string, unknown][]) => {
      const { fire, flush, tick } = setup();
      fire('call-start');
      tick(5_000);
      for (const [e, d] of before) fire(e, d);
      fire('call-end');
      for (const [e, d] of after) fire(e, d);
      return flush()
        .filter((e) => e.name === 'ringwise_call_end')
        .map((e) => e.fields);
    };
    expect(run([['message', ENDED('assistant-ended-call')]], []), 'the platform said it first').toEqual([
      { duration_s: 5, ended_by: 'assistant' },
    ]);
    expect(run([['message', ENDED('silence-timed-out')]], []), 'a timeout').toEqual([
      { duration_s: 5, ended_by: 'platform' },
    ]);
    expect(
      run(
        [],
        [
          ['message', ENDED('customer-ended-call')],
          ['error', { type: 'meeting-ended', message: 'ejected' }],
        ],
      ),
      'a fatal error wins',
    ).toEqual([{ duration_s: 5, ended_by: 'error' }]);
    expect(run([], []), 'no reason').toEqual([{ duration_s: 5, ended_by: 'visitor' }]);
  });

  it('a second call flushes a held end first and times itself from its own start', () => {
    const { fire, tick } = setup();
    fire('call-start');
    tick(3_000);
    fire('call-end');
    tick(10_000);
    expect(
      fire('call-start').map((e) => [e.name, e.fields]),
      'the held end, then the start',
    ).toEqual([
      ['ringwise_call_end', { duration_s: 3, ended_by: 'visitor' }],
      ['ringwise_call_start', {}],
    ]);
  });

  it('chat message: a running count and never the text', () => {
    const { fire, all } = setup();
    fire('chat-request', { input: 'my name is Jane, jane@example.com' });
    fire('chat-request', { input: 'second' });
    expect(all, 'counts only').toEqual([
      { name: 'ringwise_chat_message', fields: { count: 1 } },
      { name: 'ringwise_chat_message', fields: { count: 2 } },
    ]);
    expect(JSON.stringify(all), 'no text anywhere').not.toMatch(/Jane|example|second/);
  });

  it('error: the stable cause, never the message; feedback: the rating, never the comment', () => {
    const { fire, all } = setup();
    fire('error', Object.assign(new Error('Permission denied by jane'), { type: 'mic-permission-denied' }));
    fire('error', { name: 'TypeError', message: 'x' });
    fire('error', null);
    fire('feedback', { rating: 'up', comment: 'Jane here, call me', messageId: 'm1', callId: 'c1' });
    fire('feedback', { rating: 4 });
    expect(all, 'exact fields').toEqual([
      { name: 'ringwise_error', fields: { cause: 'mic-permission-denied' } },
      { name: 'ringwise_error', fields: { cause: 'TypeError' } },
      { name: 'ringwise_error', fields: { cause: 'unknown' } },
      { name: 'ringwise_feedback', fields: { rating: 'up' } },
      { name: 'ringwise_feedback', fields: { rating: 4 } },
    ]);
  });

  it('with content (analytics-content): text, error message and comment are added, nothing else', () => {
    const { fire, all } = setup(true);
    fire('chat-request', { input: 'hello' });
    fire('error', { type: 'network-error', message: 'offline' });
    fire('feedback', { rating: 'down', comment: 'too slow' });
    fire('feedback', { rating: 'up' });
    expect(all, 'the opted-in fields').toEqual([
      { name: 'ringwise_chat_message', fields: { count: 1, text: 'hello' } },
      { name: 'ringwise_error', fields: { cause: 'network-error', message: 'offline' } },
      { name: 'ringwise_feedback', fields: { rating: 'down', comment: 'too slow' } },
      { name: 'ringwise_feedback', fields: { rating: 'up' } },
    ]);
  });

  it('the other DOM events make no analytics event', () => {
    const { fire } = setup();
    for (const e of [
      'speech-start',
      'volume-level',
      'state-change',
      'chat-delta',
      'chat-reply',
      'dismiss',
      'call-start-progress',
      'tool-call',
      'message',
    ]) {
      expect(fire(e, { transcript: 'secret' }), e).toEqual([]);
    }
  });

  it('ANALYTICS_EVENTS lists every name the mapper makes', () => {
    const { fire, flush } = setup();
    for (const [e, d] of [
      ['open'],
      ['call-start'],
      ['call-end'],
      ['chat-request', { input: '' }],
      ['error', {}],
      ['feedback', { rating: 1 }],
      ['consent', { decision: 'declined' }],
      ['interrupt', { by: 'stop' }],
      ['quality', { level: 'good', reason: 'network' }],
    ] as [string, unknown?][])
      fire(e, d);
    expect(new Set(flush().map((e) => e.name)), 'every name').toEqual(new Set(ANALYTICS_EVENTS));
  });
});

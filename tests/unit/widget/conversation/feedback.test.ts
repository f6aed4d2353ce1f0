/** Feedback settings, the event's detail and the POST to feedback-url (issue 26, item 3). */
import { expect, test } from 'vitest';
import { feedbackDetail, parseFeedbackMode, postFeedback } from '../../../../widget/src/conversation/feedback.ts';

test('the feedback attribute: four modes, end by default and for anything unknown', () => {
  expect(['message', 'END', ' both ', 'none'].map(parseFeedbackMode), 'known').toEqual([
    'message',
    'end',
    'both',
    'none',
  ]);
  expect([null, '', 'stars'].map(parseFeedbackMode), 'default').toEqual(['end', 'end', 'end']);
});

test('a detail carries the ids it knows and a trimmed comment, nothing empty', () => {
  expect(feedbackDetail(-1, { messageId: '7', callId: null, sessionId: 's-1' }), 'thumb').toEqual({
    rating: -1,
    messageId: '7',
    sessionId: 's-1',
  });
  expect(feedbackDetail(4, { callId: 'c-1' }, '  Great  '), 'rating').toEqual({
    rating: 4,
    comment: 'Great',
    callId: 'c-1',
  });
  expect(feedbackDetail(2, {}, '   '), 'empty comment left out').toEqual({ rating: 2 });
});

test('the POST: JSON, keepalive, no cookies; a failure is returned, never thrown', async () => {
  const seen: { url: string; init: RequestInit }[] = [];
  const ok = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(null, { status: 204 });
  }) as unknown as typeof fetch;
  expect(await postFeedback('https://owner.example/feedback', { rating: 5, callId: 'c' }, ok), 'delivered').toBeNull();
  expect(seen[0], 'the request').toEqual({
    url: 'https://owner.example/feedback',
    init: {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: '{"rating":5,"callId":"c"}',
    },
  });
  const down = (async () => {
    throw new TypeError('Failed to fetch');
  }) as unknown as typeof fetch;
  expect((await postFeedback('https://owner.example/f', { rating: 1 }, down))?.message, 'network failure').toBe(
    'Failed to fetch',
  );
  const refused = (async () => new Response('no', { status: 500 })) as unknown as typeof fetch;
  expect((await postFeedback('https://owner.example/f', { rating: 1 }, refused))?.message, 'HTTP error').toBe(
    'feedback-url answered HTTP 500',
  );
});

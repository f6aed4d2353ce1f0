/**
 * The "Email me a copy" payload (issue 38, conversation/transcript-request.ts): the turns as heard
 * with their speakers and times, the latest 200 at most, the page without its query, and the
 * address check the form uses.
 */
import { expect, test } from 'vitest';
import {
  isEmailAddress,
  MAX_REQUEST_TURNS,
  MAX_TURN_CHARS,
  sendTranscriptRequest,
  transcriptRequest,
} from '../../../../widget/src/conversation/transcript-request.ts';
import type { TranscriptTurn } from '../../../../widget/src/conversation/transcript.ts';

const WORDS = { assistant: 'Ada', locale: 'de' };
const turn = (text: string, extra: Partial<TranscriptTurn> = {}): TranscriptTurn => ({
  speaker: 'visitor',
  name: 'You',
  text,
  ...extra,
});

test('the payload: address trimmed, speakers, names, times and cut marks as heard; the page without query', () => {
  const turns = [
    turn('Hi', { at: '2026-11-28T08:00:00.000Z' }),
    turn('Hello, how can I', { speaker: 'assistant', name: 'Ada', interrupted: true }),
  ];
  expect(
    transcriptRequest(
      ' ada@example.com ',
      turns,
      WORDS,
      { origin: 'https://shop.example', pathname: '/a' },
      'Asia/Tokyo',
    ),
  ).toEqual({
    email: 'ada@example.com',
    assistant: 'Ada',
    locale: 'de',
    pageUrl: 'https://shop.example/a',
    timeZone: 'Asia/Tokyo',
    transcript: [
      { speaker: 'visitor', name: 'You', text: 'Hi', at: '2026-11-28T08:00:00.000Z' },
      { speaker: 'assistant', name: 'Ada', text: 'Hello, how can I', interrupted: true },
    ],
  });
  // A page that is no web page (a file:, an about:blank frame) names none.
  expect(transcriptRequest('a@b.co', [], WORDS, { origin: 'null', pathname: '/x' })).not.toHaveProperty('pageUrl');
});

test("the visitor's time zone: the browser's by default, none when unknown or longer than the server takes", () => {
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  expect(browser).toBeTruthy();
  expect(transcriptRequest('a@b.co', [], WORDS).timeZone).toBe(browser);
  expect(transcriptRequest('a@b.co', [], WORDS, undefined, 'America/Argentina/Buenos_Aires').timeZone).toBe(
    'America/Argentina/Buenos_Aires',
  );
  expect(transcriptRequest('a@b.co', [], WORDS, undefined, '')).not.toHaveProperty('timeZone');
  expect(transcriptRequest('a@b.co', [], WORDS, undefined, `Europe/${'B'.repeat(58)}`)).not.toHaveProperty('timeZone');
});

test('a long conversation sends its latest turns and cuts an overlong text (the server refuses more)', () => {
  const turns = Array.from({ length: MAX_REQUEST_TURNS + 5 }, (_, i) => turn(`turn ${i}`));
  const sent = transcriptRequest('a@b.co', turns, WORDS).transcript;
  expect(sent).toHaveLength(MAX_REQUEST_TURNS);
  expect(sent[0]!.text).toBe('turn 5');
  expect(transcriptRequest('a@b.co', [turn('x'.repeat(MAX_TURN_CHARS + 9))], WORDS).transcript[0]!.text).toHaveLength(
    MAX_TURN_CHARS,
  );
});

test('the address check', () => {
  for (const good of ['ada@example.com', 'a.b+c@sub.example.co.uk']) expect(isEmailAddress(good), good).toBe(true);
  for (const bad of ['', 'ada', 'ada@example', 'ada@@example.com', 'a b@example.com', '<a@b.co>', 'a@b.co\n']) {
    expect(isEmailAddress(bad), JSON.stringify(bad)).toBe(false);
  }
  expect(isEmailAddress(`${'a'.repeat(250)}@b.co`)).toBe(false);
});

test('sending: a 2xx is true; another status or no network is false, never a throw', async () => {
  const request = transcriptRequest('a@b.co', [turn('Hi')], WORDS);
  const seen: RequestInit[] = [];
  const answer = (status: number) =>
    (async (_url: unknown, init?: RequestInit) => {
      seen.push(init!);
      return new Response(null, { status });
    }) as typeof fetch;
  expect(await sendTranscriptRequest('https://o.example/t', request, answer(202))).toBe(true);
  expect(JSON.parse(String(seen[0]!.body))).toEqual(request);
  expect(seen[0]!.credentials).toBe('omit');
  expect(await sendTranscriptRequest('https://o.example/t', request, answer(429))).toBe(false);
  const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
  expect(await sendTranscriptRequest('https://o.example/t', request, offline)).toBe(false);
});

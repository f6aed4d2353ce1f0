/**
 * The transcript the visitor takes away (issue 38, conversation/transcript.ts): times, speakers'
 * names, only what was heard of a cut turn, and Markdown that a visitor's text cannot inject into.
 */
import { expect, test } from 'vitest';
// A CommonMark parser (astro's own, through its Markdown pipeline) reads what we write.
import { micromark } from 'micromark';
import {
  escapeMarkdown,
  transcriptMarkdown,
  transcriptText,
  transcriptTurns,
  type TranscriptWords,
} from '../../../../widget/src/conversation/transcript.ts';
import type { Turn } from '../../../../widget/src/conversation/view.ts';
import { fileName } from '../../../../widget/src/card/record/transcript-actions.ts';

const T0 = Date.UTC(2026, 10, 28, 14, 2, 3);
const WORDS: TranscriptWords = {
  assistant: 'Ada',
  you: 'You',
  title: 'Conversation with Ada',
  interrupted: 'Interrupted',
  locale: 'en-GB',
  timeZone: 'UTC',
};
const turn = (id: number, role: Turn['role'], text: string, extra: Partial<Turn> = {}): Turn => ({
  id,
  role,
  text,
  partial: '',
  via: 'voice',
  at: T0 + id * 1000,
  ...extra,
});

test('each turn with its time (the words’ zone and language) and its speaker’s name; nothing-heard turns left out', () => {
  const turns = [
    turn(0, 'assistant', 'Hello, how can I help?'),
    turn(1, 'user', 'My boiler is off.'),
    turn(2, 'assistant', '', { partial: 'Let me' }), // still arriving: not heard as a whole yet
  ];
  expect(transcriptText(transcriptTurns(turns, WORDS), WORDS)).toBe(
    'Conversation with Ada\n\n[14:02:03] Ada: Hello, how can I help?\n[14:02:04] You: My boiler is off.\n',
  );
  const de = { ...WORDS, locale: 'de-DE', timeZone: 'Europe/Berlin', you: 'Sie' };
  expect(transcriptText(transcriptTurns(turns.slice(1, 2), de), de)).toContain('[15:02:04] Sie: My boiler');
});

test('a turn cut by Stop or barge-in holds only what was heard, marked; a kept turn without a time has none', () => {
  const turns = [
    turn(0, 'assistant', 'Our engineers can come on', { unheard: 'Tuesday or Wednesday morning.' }),
    turn(1, 'user', 'Tuesday.', { at: undefined }),
  ];
  const heard = transcriptTurns(turns, WORDS);
  expect(heard).toEqual([
    {
      at: '2026-11-28T14:02:03.000Z',
      speaker: 'assistant',
      name: 'Ada',
      text: 'Our engineers can come on',
      interrupted: true,
    },
    { speaker: 'visitor', name: 'You', text: 'Tuesday.' },
  ]);
  const text = transcriptText(heard, WORDS);
  expect(text).not.toContain('Wednesday');
  expect(text).toContain('[14:02:03] Ada: Our engineers can come on (Interrupted)\nYou: Tuesday.');
  expect(transcriptMarkdown(heard, WORDS)).not.toContain('Wednesday');
});

test('Markdown: names in bold with the time, lines of a turn as hard breaks in one paragraph', () => {
  const md = transcriptMarkdown(transcriptTurns([turn(0, 'user', 'line one\n\n   line two')], WORDS), WORDS);
  expect(md).toBe('# Conversation with Ada\n\n**You** · 14\\:02\\:03\\\nline one\\\nline two\n');
});

test('Markdown: a visitor’s text cannot become markup (headings, links, HTML, entities, lists, tables, code)', () => {
  const evil = [
    '# Heading',
    '[click](https://evil.example) ![x](y)',
    '<script>alert(1)</script> &amp; &#60;',
    '- item',
    '1. item',
    '| a | b |',
    '    indented code',
    '```fence',
    '**bold** _em_ `code` ~~del~~',
    '> quote',
  ].join('\n');
  const md = escapeMarkdown(evil);
  // Every ASCII punctuation character is escaped: none is left bare for a parser to act on.
  expect(md.replace(/\\[!-/:-@[-`{-~]/g, '').replace(/\\\n/g, '\n')).not.toMatch(/[!-/:-@[-`{-~]/);
  expect(md).not.toMatch(/^ /m);
  expect(md.split('\\\n')[0]).toBe('\\# Heading');
  expect(md).toContain('\\<script\\>');
  expect(md).toContain('\\&amp\\;');
  // Read by a real CommonMark parser: one paragraph of text, the visitor's characters as typed.
  const html = micromark(transcriptMarkdown(transcriptTurns([turn(0, 'user', evil)], WORDS), WORDS));
  expect(html.match(/<\/?[a-z0-9]+/g)?.filter((tag) => !/^<\/?(h1|p|strong|br)$/.test(tag))).toEqual([]);
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp; &amp;#60;');
  expect(html).toContain('[click](https://evil.example)');
  // A speaker's name is escaped too (an owner's `title` attribute).
  const words = { ...WORDS, assistant: '*Ada*' };
  expect(transcriptMarkdown(transcriptTurns([turn(0, 'assistant', 'hi')], words), words)).toContain('**\\*Ada\\***');
});

test('the downloaded file is named by the assistant and the time, safe for any file system', () => {
  const when = new Date(2026, 10, 28, 9, 5);
  expect(fileName('Ada / Support: "24h"', when, 'md')).toBe('conversation-ada-support-24h-2026-11-28-0905.md');
  expect(fileName('***', when, 'txt')).toBe('conversation-2026-11-28-0905.txt');
});

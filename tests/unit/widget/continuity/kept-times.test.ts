/**
 * Turns carried to the next page keep their time (issue 38): the entry stores `at`, the next page
 * restores it, and the transcript files show it; entries written before (no `at`) still load, and
 * a time that is no date drops the time, not the turn.
 */
import { expect, test } from 'vitest';
import { entryOf } from '../../../../widget/src/continuity/entry.ts';
import { readConversation, writeConversation, type StorageSource } from '../../../../widget/src/continuity/store.ts';
import { ConversationController } from '../../../../widget/src/conversation/controller.ts';
import type { RequestHelpers } from '../../../../widget/src/conversation/conversation-events.ts';
import { transcriptText, transcriptTurns } from '../../../../widget/src/conversation/transcript.ts';
import { createFakeChatEngine } from '../element/fake-chat-engine.ts';
import { createFakeEngine } from '../element/fake-voice-engine.ts';

const AT = Date.UTC(2026, 10, 28, 8, 0, 5);
const WORDS = {
  assistant: 'Ada',
  you: 'You',
  title: 'T',
  interrupted: 'Interrupted',
  locale: 'en-GB',
  timeZone: 'UTC',
};

function memory(): StorageSource {
  const map = new Map<string, string>();
  const store = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
  return () => store;
}

test('the entry keeps each turn’s time; older entries without one load as before; a bad time drops only the time', () => {
  const source = {
    getSnapshot: () => ({
      conversation: [
        { role: 'user' as const, text: 'Hi', via: 'text' as const, at: AT },
        { role: 'assistant' as const, text: 'Hello', via: 'text' as const, at: 0 },
      ],
    }),
    sessionId: () => null,
  };
  const entry = entryOf(source, undefined, false, 'https://site.example/a', AT + 1000)!;
  expect(entry.turns).toStrictEqual([
    { role: 'user', text: 'Hi', via: 'text', at: AT },
    { role: 'assistant', text: 'Hello', via: 'text', at: 0 },
  ]);
  const storage = memory();
  writeConversation(storage, 'k', entry);
  expect(readConversation(storage, 'k', AT + 2000)!.turns, 'no time: none read back').toStrictEqual([
    { role: 'user', text: 'Hi', via: 'text', at: AT },
    { role: 'assistant', text: 'Hello', via: 'text' },
  ]);
  // An entry as an older page wrote it, and one with times that are no dates.
  storage().setItem(
    'k',
    JSON.stringify({
      v: 1,
      updatedAt: AT,
      page: 'https://site.example/a',
      turns: [
        { role: 'user', text: 'old', via: 'text' },
        { role: 'user', text: 'string', via: 'text', at: String(AT) },
        { role: 'user', text: 'huge', via: 'text', at: 1e300 },
      ],
    }),
  );
  expect(readConversation(storage, 'k', AT + 2000)!.turns).toEqual([
    { role: 'user', text: 'old', via: 'text' },
    { role: 'user', text: 'string', via: 'text' },
    { role: 'user', text: 'huge', via: 'text' },
  ]);
});

test('restored on the next page, the turn’s time reaches the transcript file', () => {
  const controller = new ConversationController({
    loadEngine: createFakeEngine().load,
    loadChatEngine: createFakeChatEngine().load,
    publicKey: 'pk',
    requests: {} as RequestHelpers,
  });
  controller.restore(
    [
      { role: 'user', text: 'Hi', via: 'text', at: AT },
      { role: 'assistant', text: 'Old page', via: 'text' },
    ],
    null,
  );
  const turns = transcriptTurns(controller.getSnapshot().conversation, WORDS);
  expect(transcriptText(turns, WORDS)).toBe('T\n\n[08:00:05] You: Hi\nAda: Old page\n');
});

/**
 * What a tab keeps of a conversation (continuity/store.ts): a hashed entry name that never
 * contains the public key, time limits, malformed entries dropped, blocked storage tolerated.
 */
import { expect, test } from 'vitest';
import {
  CALL_KEEP_MS,
  CONVERSATION_KEEP_MS,
  SAVED_TURN_LIMIT,
  conversationKey,
  forgetConversation,
  readConversation,
  savedCallOf,
  webCallOf,
  writeConversation,
  type StorageSource,
} from '../../../../widget/src/continuity/store.ts';

const PUBLIC_KEY = 'pk-0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';

function memory(): { map: Map<string, string>; storage: StorageSource } {
  const map = new Map<string, string>();
  const store = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
  return { map, storage: () => store };
}

test('the entry name is a digest of key, API URL and target: never the key itself, distinct per target', async () => {
  const a = await conversationKey(PUBLIC_KEY, 'https://api.example', { assistantId: 'a1' });
  expect(a, 'prefix + 32 hex digits').toMatch(/^ringwise-conversation:[0-9a-f]{32}$/);
  expect(a, 'no trace of the key').not.toContain(PUBLIC_KEY.slice(3, 11));
  expect(await conversationKey(PUBLIC_KEY, 'https://api.example', { assistantId: 'a1' }), 'stable').toBe(a);
  expect(await conversationKey(PUBLIC_KEY, 'https://api.example', { assistantId: 'a2' }), 'another assistant').not.toBe(
    a,
  );
  expect(await conversationKey('pk-other', 'https://api.example', { assistantId: 'a1' }), 'another key').not.toBe(a);
  expect(
    await conversationKey(PUBLIC_KEY, 'https://api.example', { squadId: 'a1' }),
    'a squad with the same id',
  ).not.toBe(await conversationKey(PUBLIC_KEY, 'https://api.example', { workflowId: 'other' }));
});

test('written and read back; the stored text holds no public key', async () => {
  const { map, storage } = memory();
  const key = (await conversationKey(PUBLIC_KEY, '', { assistantId: 'a1' }))!;
  const now = 1_000_000;
  const call = savedCallOf(
    { id: 'call-1', webCallUrl: 'https://room.example/r1', artifactPlan: { videoRecordingEnabled: false } },
    now - 5000,
    now,
  );
  expect(
    writeConversation(storage, key, {
      updatedAt: now,
      turns: [{ role: 'user', text: 'Hi', via: 'text' }],
      sessionId: 's1',
      call,
      page: 'https://site.example/a',
    }),
    'stored',
  ).toBe(true);
  expect([...map.values()].join(''), 'no key in the value').not.toContain(PUBLIC_KEY);
  expect([...map.keys()].join(''), 'no key in the name').not.toContain(PUBLIC_KEY);
  const read = readConversation(storage, key, now + 1000);
  expect(read, 'everything back').toEqual({
    v: 1,
    updatedAt: now,
    turns: [{ role: 'user', text: 'Hi', via: 'text' }],
    sessionId: 's1',
    call,
    page: 'https://site.example/a',
  });
  expect(webCallOf(read!.call!), 'what reconnect reads').toEqual({
    id: 'call-1',
    webCallUrl: 'https://room.example/r1',
    artifactPlan: { videoRecordingEnabled: false },
  });
});

test('time limits: the call is dropped after CALL_KEEP_MS, the whole entry after CONVERSATION_KEEP_MS', () => {
  const { map, storage } = memory();
  const now = 5_000_000;
  const call = savedCallOf({ id: 'c', webCallUrl: 'https://room.example/r' }, now - 1000, now);
  writeConversation(storage, 'k', {
    updatedAt: now,
    turns: [{ role: 'assistant', text: 'Hello', via: 'voice' }],
    call,
  });
  expect(readConversation(storage, 'k', now + CALL_KEEP_MS)?.call, 'still in time').toEqual(call);
  const late = readConversation(storage, 'k', now + CALL_KEEP_MS + 1);
  expect(late?.call, 'call too old to rejoin').toBeUndefined();
  expect(late?.turns, 'the turns stay').toHaveLength(1);
  expect(readConversation(storage, 'k', now + CONVERSATION_KEEP_MS + 1), 'expired entry').toBeNull();
  expect(map.has('k'), 'and removed').toBe(false);
});

test('malformed entries are removed; bad turns skipped; at most SAVED_TURN_LIMIT turns kept', () => {
  const { map, storage } = memory();
  map.set('bad', '{not json');
  expect(readConversation(storage, 'bad'), 'unreadable').toBeNull();
  expect(map.has('bad'), 'removed').toBe(false);
  map.set('old', JSON.stringify({ v: 0, updatedAt: Date.now(), turns: [] }));
  expect(readConversation(storage, 'old'), 'another version').toBeNull();
  map.set(
    'mixed',
    JSON.stringify({
      v: 1,
      updatedAt: Date.now(),
      turns: [
        { role: 'user', text: 'ok', via: 'text' },
        { role: 'x', text: 'no', via: 'text' },
        null,
        { role: 'user', text: '', via: 'voice' },
      ],
      call: { id: 1 },
    }),
  );
  const mixed = readConversation(storage, 'mixed');
  expect(mixed?.turns, 'only the good turn').toEqual([{ role: 'user', text: 'ok', via: 'text' }]);
  expect(mixed?.call, 'a malformed call is no call').toBeUndefined();
  const many = Array.from({ length: SAVED_TURN_LIMIT + 5 }, (_, i) => ({
    role: 'user' as const,
    text: `t${i}`,
    via: 'text' as const,
  }));
  writeConversation(storage, 'many', { updatedAt: Date.now(), turns: many });
  const kept = readConversation(storage, 'many')!.turns;
  expect(kept.length, 'limited').toBe(SAVED_TURN_LIMIT);
  expect(kept[0]!.text, 'the newest kept').toBe('t5');
});

test('storage that throws: nothing kept, nothing thrown', () => {
  const blocked: StorageSource = () => {
    throw new DOMException('blocked', 'SecurityError');
  };
  expect(writeConversation(blocked, 'k', { updatedAt: 1, turns: [] }), 'not stored').toBe(false);
  expect(readConversation(blocked, 'k'), 'nothing read').toBeNull();
  expect(() => forgetConversation(blocked, 'k'), 'forget is quiet').not.toThrow();
});

/** The chat so far, handed to a call (chat-into-call.ts). */
import { expect, test } from 'vitest';
import { HANDOFF_TURN_LIMIT, chatTurnsForCall } from '../../../../widget/src/conversation/chat-into-call.ts';

test('turns become add-message messages in order; empty ones skipped; only the latest HANDOFF_TURN_LIMIT', () => {
  expect(
    chatTurnsForCall([
      { role: 'user', text: 'Do you open on Sundays?' },
      { role: 'assistant', text: '' },
      { role: 'assistant', text: 'No, Monday to Saturday.' },
    ]),
  ).toEqual([
    { role: 'user', content: 'Do you open on Sundays?' },
    { role: 'assistant', content: 'No, Monday to Saturday.' },
  ]);
  const many = Array.from({ length: HANDOFF_TURN_LIMIT + 3 }, (_, i) => ({ role: 'user' as const, text: `m${i}` }));
  const messages = chatTurnsForCall(many);
  expect(messages.length, 'limited').toBe(HANDOFF_TURN_LIMIT);
  expect(messages[0]!.content, 'the latest kept').toBe('m3');
});

/** The unread badge's count: answers while closed, cleared by opening, reset with the conversation. */
import { describe, expect, it } from 'vitest';
import { UnreadCounter } from '../../../../widget/src/conversation/unread.ts';
import type { Turn } from '../../../../widget/src/conversation/view.ts';

let id = 0;
const turn = (role: Turn['role'], text: string, partial = ''): Turn => ({
  id: ++id,
  role,
  text,
  partial,
  via: 'voice',
});

describe('UnreadCounter', () => {
  it('counts the assistant’s finished answers while closed, and clears when opened', () => {
    const unread = new UnreadCounter();
    const log = [turn('assistant', 'Hi!')];
    expect(unread.update(log, true), 'seen while open').toBe(0);
    log.push(turn('user', 'question'));
    expect(unread.update(log, false), 'the visitor’s own turns do not count').toBe(0);
    log.push(turn('assistant', '', 'Streaming'));
    expect(unread.update(log, false), 'a streaming answer counts when done').toBe(0);
    log[2] = { ...log[2]!, text: 'Streamed', partial: '' };
    log.push(turn('assistant', 'And more'));
    expect(unread.update(log, false), 'two answers while closed').toBe(2);
    expect(unread.update(log, true), 'opening clears').toBe(0);
    expect(unread.update(log, false), 'closed again, nothing new').toBe(0);
  });

  it('a new conversation (fewer turns) starts from zero', () => {
    const unread = new UnreadCounter();
    unread.update([turn('assistant', 'a'), turn('assistant', 'b')], true);
    expect(unread.update([], false), 'cleared').toBe(0);
    expect(unread.update([turn('assistant', 'new')], false), 'the new one counts').toBe(1);
  });
});

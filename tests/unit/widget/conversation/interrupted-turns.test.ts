/**
 * Issue 37 (1): a turn the visitor cut keeps as `text` only what was heard; the rest the platform
 * still reports for it goes to `unheard` (shown greyed, never kept or exported).
 */
import { describe, expect, it } from 'vitest';
import { cutChange, cutTurn } from '../../../../widget/src/conversation/turn-cuts.ts';
import { transcriptChange } from '../../../../widget/src/conversation/turns.ts';
import type { Turn } from '../../../../widget/src/conversation/view.ts';

const said = (role: 'user' | 'assistant', transcript: string, final = false) => ({
  type: 'transcript',
  role,
  transcriptType: final ? 'final' : 'partial',
  transcript,
});

/** Applies a transcript to the turns as the controller does with the cutting installed (its hook first). */
function apply(turns: Turn[], message: ReturnType<typeof said>): Turn[] {
  const cut = cutChange(turns, message);
  const change = cut === undefined ? transcriptChange(turns, message) : cut;
  if (!change) return turns;
  if ('last' in change) return [...turns.slice(0, -1), change.last];
  return [...turns, { ...change.add, id: turns.length + 1 }];
}

describe('cutting the assistant’s turn', () => {
  it('what was said before the cut stays as heard; the rest of that sentence and later ones are unheard', () => {
    let turns: Turn[] = [{ id: 1, role: 'assistant', text: 'Hello.', partial: 'Our prices start', via: 'voice' }];
    turns = cutTurn(turns)!;
    expect(turns[0], 'cut').toMatchObject({ text: 'Hello. Our prices start', partial: '', unheard: '' });
    turns = apply(turns, said('assistant', 'Our prices start at 20 euros'));
    expect(turns[0]?.unheard, 'a partial after the cut is not shown').toBe('');
    turns = apply(turns, said('assistant', 'Our prices start at 20 euros a month.', true));
    expect(turns[0], 'the final: its heard start stripped').toMatchObject({
      text: 'Hello. Our prices start',
      unheard: 'at 20 euros a month.',
    });
    turns = apply(turns, said('assistant', 'Anything else?', true));
    expect(turns[0]?.unheard, 'a later sentence of that turn: unheard too').toBe('at 20 euros a month. Anything else?');
    expect(turns[0]?.text, 'the kept text never grows after the cut').toBe('Hello. Our prices start');
    turns = apply(turns, said('user', 'Stop, thanks.', true));
    turns = apply(turns, said('assistant', 'Sure.', true));
    expect(turns.at(-1), 'the next assistant turn is whole again').toMatchObject({ text: 'Sure.' });
    expect(turns.at(-1)?.unheard, 'not cut').toBeUndefined();
  });

  it('only the assistant’s spoken turn in progress can be cut, once', () => {
    const user: Turn = { id: 1, role: 'user', text: 'Hi', partial: '', via: 'voice' };
    const typed: Turn = { id: 2, role: 'assistant', text: 'Hi', partial: '', via: 'text' };
    expect(cutTurn([user]), 'a visitor’s turn').toBeNull();
    expect(cutTurn([typed]), 'a chat reply').toBeNull();
    expect(cutTurn([]), 'nothing').toBeNull();
    const cut = cutTurn([{ id: 3, role: 'assistant', text: 'Hi', partial: '', via: 'voice' }])!;
    expect(cutTurn(cut), 'cut already').toBeNull();
  });
});

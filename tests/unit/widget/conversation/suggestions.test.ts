/** Conversation starters and `suggest_replies` options (issue 26, item 2). */
import { expect, test } from 'vitest';
import {
  parseSuggestions,
  suggestReplyOptions,
  SUGGESTION_MAX_LENGTH,
} from '../../../../widget/src/conversation/suggestions.ts';

test('the attribute: a JSON array or texts separated by |, tidied, at most four', () => {
  expect(parseSuggestions('["Prices?", " Opening hours ", "", "Prices?"]').options, 'JSON').toEqual([
    'Prices?',
    'Opening hours',
  ]);
  expect(
    parseSuggestions('Prices?| Opening hours |Book a visit|Where are you?|Fifth').options,
    'pipes, four kept',
  ).toEqual(['Prices?', 'Opening hours', 'Book a visit', 'Where are you?']);
  expect(parseSuggestions(null).options, 'absent').toEqual([]);
  expect(parseSuggestions('x'.repeat(500)).options[0]!.length, 'cut').toBe(SUGGESTION_MAX_LENGTH);
});

test('a value that looks like JSON but is not an array of strings shows nothing and says why', () => {
  for (const value of ['["a", "b"', '[1, 2]', '[{"text": "a"}]']) {
    const setting = parseSuggestions(value);
    expect(setting.options, `nothing shown for ${value}`).toEqual([]);
    expect(setting.error, `explained for ${value}`).toMatch(/JSON array of strings or texts separated by "\|"/);
  }
});

test('suggest_replies arguments: { options: string[] }, else null', () => {
  expect(suggestReplyOptions({ options: ['Yes', 'No', 7, 'Later'] }), 'strings kept').toEqual(['Yes', 'No', 'Later']);
  for (const args of [null, {}, { options: 'Yes' }, { options: [] }, { options: [' '] }]) {
    expect(suggestReplyOptions(args), `refused: ${JSON.stringify(args)}`).toBeNull();
  }
});

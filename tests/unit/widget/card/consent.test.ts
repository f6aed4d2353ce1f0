/** The consent text's link syntax (consent.ts): `[text](https://…)` only, never HTML. */
import { expect, test } from 'vitest';
import { parseConsent } from '../../../../widget/src/card/consent.ts';

test('https links become pieces, everything else stays literal text', () => {
  expect(
    parseConsent('Read [our policy](https://acme.example/p?a=1) and [terms](https://acme.example/t).'),
    'two links',
  ).toEqual([
    'Read ',
    { text: 'our policy', href: 'https://acme.example/p?a=1' },
    ' and ',
    { text: 'terms', href: 'https://acme.example/t' },
    '.',
  ]);
  for (const text of [
    '[x](http://a.example)',
    '[x](javascript:alert(1))',
    '[x](data:text/html,hi)',
    '[x](/relative)',
    '<b>bold</b> [x](not a url)',
  ]) {
    expect(parseConsent(text), `kept as text: ${text}`).toEqual([text]);
  }
  expect(parseConsent(''), 'empty').toEqual([]);
});

/** The README prints the `suggest_replies` definition owners copy into their assistant: it must be the one the card reads. */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { SUGGEST_REPLIES_FUNCTION } from '../../../../widget/src/conversation/suggestions.ts';

test('the README shows the suggest_replies function the widget implements', () => {
  const readme = readFileSync(new URL('../../../../widget/README.md', import.meta.url), 'utf8');
  const marker = '<!-- suggest-replies-function';
  const block = readme.slice(readme.indexOf(marker)).match(/```json\n([\s\S]*?)\n```/)?.[1];
  expect(block, 'the JSON block after the marker').toBeTruthy();
  const printed = JSON.parse(block!) as { type: string; function: unknown };
  expect(printed.type, 'a function tool').toBe('function');
  expect(printed.function, 'the same definition').toEqual(JSON.parse(JSON.stringify(SUGGEST_REPLIES_FUNCTION)));
});

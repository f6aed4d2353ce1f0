/** The summary the contact modal is prefilled with after the assistant's hand-over (issue 26, item 4). */
import { expect, test } from 'vitest';
import { handoffSummary, SUMMARY_MAX, SUMMARY_TURN_MAX } from '../../../site/lib/handoff-summary.ts';
import { validateContact } from '../../../site/lib/contact.ts';

test('keeps the latest turns that fit, says older ones were left out, and stays a valid message', () => {
  const turns = Array.from({ length: 40 }, (_, i) => ({
    role: i % 2 ? ('assistant' as const) : ('user' as const),
    text: `Turn ${i} ${'word '.repeat(30)}`,
  }));
  const summary = handoffSummary(turns);
  expect(summary.length, 'short').toBeLessThanOrEqual(SUMMARY_MAX);
  expect(summary.split('\n')[1], 'older turns left out').toBe('…');
  expect(summary.endsWith(`Assistant: Turn 39 ${'word '.repeat(30).trim()}`), 'the latest turn is there').toBe(true);
  const checked = validateContact({
    name: 'Ann',
    businessName: 'Lee',
    email: 'a@lee.com',
    additionalInfo: summary,
    honeypot: '',
  });
  expect(checked.ok, 'the database accepts it as the message').toBe(true);
});

test('cuts a long turn, drops control characters and Markdown marks', () => {
  const summary = handoffSummary([{ role: 'assistant', text: `**Hi**\u0007 ${'x'.repeat(1000)}` }]);
  const line = summary.split('\n')[1]!;
  expect(line.startsWith('Assistant: Hi x'), 'marks and control characters gone').toBe(true);
  expect([...line.slice('Assistant: '.length)].length, 'cut with an ellipsis').toBe(SUMMARY_TURN_MAX);
  expect(line.endsWith('…'), 'ellipsis').toBe(true);
  expect(handoffSummary([]), 'no turns, no summary').toBe('');
});

test('keeps a list as lines and a link as "text (address)" (issue 36, item 9)', () => {
  const summary = handoffSummary([
    {
      role: 'assistant',
      text: 'Our **plans**:\n\n- Starter, see [pricing](https://ringwise.example/p_1)\n* Pro\n2. Call [https://x.example](https://x.example)',
    },
  ]);
  expect(summary.split('\n').slice(1), 'one line per item, links readable').toEqual([
    'Assistant: Our plans:',
    '- Starter, see pricing (https://ringwise.example/p_1)',
    '- Pro',
    '2. Call https://x.example',
  ]);
});

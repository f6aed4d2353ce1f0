import { describe, expect, it } from 'vitest';
import { guideSchema } from '../../../site/lib/guide-schema.ts';
import { sortGuides } from '../../../site/lib/guides.ts';

const valid = {
  title: 'AI Receptionist: A Front Desk That Never Misses a Call',
  description: 'What an AI receptionist does, how it compares with a human front desk, and how to set one up.',
  question: 'What is an AI receptionist?',
  quickAnswer: 'An AI receptionist is a virtual front desk that answers your business phone 24 hours a day.',
  updated: new Date('2026-11-01'),
};

/** "field: message" for each issue, as Astro prints them. */
function problems(data: unknown): string[] {
  const result = guideSchema.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('guide front matter schema', () => {
  it('accepts a complete front matter and applies the defaults', () => {
    const result = guideSchema.safeParse(valid);
    expect(result.success, `valid front matter: ${problems(valid).join('; ')}`).toBe(true);
    expect(result.data?.order, 'order defaults to 100').toBe(100);
    expect(result.data?.pricingComparison, 'pricingComparison defaults to false').toBe(false);
  });

  it('accepts the date as YAML gives it (a Date) or as a YYYY-MM-DD string', () => {
    expect(guideSchema.parse({ ...valid, updated: '2026-11-01' }).updated.toISOString(), 'string date').toBe(
      '2026-11-01T00:00:00.000Z',
    );
  });

  it('names every missing field', () => {
    expect(problems({}), 'all required fields reported').toEqual([
      'title: missing; add the page title',
      'description: missing; add a meta description',
      'question: missing; add the question the quick answer answers',
      'quickAnswer: missing; add the quick answer shown at the top of the page',
      'updated: missing or not a date; write the review date as YYYY-MM-DD',
    ]);
  });

  it('names fields of the wrong type or length', () => {
    expect(
      problems({
        ...valid,
        title: 42,
        description: 'too short',
        order: 'first',
        pricingComparison: 'yes',
        updated: 'soon',
      }),
      'each wrong field with its rule',
    ).toEqual([
      'title: must be text (the page title), got number',
      'description: too short: at least 50 characters',
      'order: must be a whole number (list position)',
      'pricingComparison: must be true or false',
      'updated: missing or not a date; write the review date as YYYY-MM-DD',
    ]);
    expect(problems({ ...valid, quickAnswer: 'x'.repeat(601) }), 'quick answer limit').toEqual([
      'quickAnswer: too long: at most 600 characters',
    ]);
  });

  it('reports unknown (misspelt) fields by name, together with the other problems', () => {
    const { quickAnswer: _omitted, ...rest } = valid;
    expect(problems({ ...rest, quickanswer: 'typo' }), 'missing + unknown field').toEqual([
      'quickAnswer: missing; add the quick answer shown at the top of the page',
      'quickanswer: unknown front-matter field: check the spelling (fields: site/lib/guide-schema.ts)',
    ]);
  });
});

describe('sortGuides', () => {
  it('orders by `order`, then by title, without mutating the input', () => {
    const input = [
      { id: 'c', data: { order: 2, title: 'Beta' } },
      { id: 'a', data: { order: 100, title: 'Alpha' } },
      { id: 'b', data: { order: 2, title: 'Alpha' } },
    ];
    expect(
      sortGuides(input).map((g) => g.id),
      'sorted ids',
    ).toEqual(['b', 'c', 'a']);
    expect(
      input.map((g) => g.id),
      'input untouched',
    ).toEqual(['c', 'a', 'b']);
  });
});

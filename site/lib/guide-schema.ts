/**
 * Front matter of a guide (content/guides/*.md): the zod schema the guides collection validates,
 * with a description and an editor-friendly error message for every field. Kept apart from
 * content.config.ts so it can be unit tested without Astro's virtual modules.
 */
import { z } from 'astro/zod';

/**
 * Error option for a required text field: says whether the field is missing or of the wrong type.
 * (Astro prints each message after the field's name.)
 */
function text(what: string) {
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined ? `missing; add ${what}` : `must be text (${what}), got ${typeof issue.input}`,
  };
}

/** Length limits with messages that give the limit and the unit. */
const atLeast = (n: number) => ({ error: `too short: at least ${n} characters` });
const atMost = (n: number) => ({ error: `too long: at most ${n} characters` });

/** The front-matter fields of a guide, each described. */
const guideFields = {
  title: z
    .string(text('the page title'))
    .min(10, atLeast(10))
    .max(70, atMost(70))
    .describe('Page heading (h1) and the first part of the browser title. 10–70 characters.'),
  description: z
    .string(text('a meta description'))
    .min(50, atLeast(50))
    .max(160, atMost(160))
    .describe('Meta description for search results and link previews. 50–160 characters.'),
  question: z
    .string(text('the question the quick answer answers'))
    .min(10, atLeast(10))
    .describe(
      'The question the quick answer box answers, e.g. "What is an AI receptionist?". Used in the FAQ structured data.',
    ),
  quickAnswer: z
    .string(text('the quick answer shown at the top of the page'))
    .min(40, atLeast(40))
    .max(600, atMost(600))
    .describe(
      'Short, direct answer shown in the highlighted box at the top of the page. 40–600 characters, plain text.',
    ),
  listTitle: z
    .string(text('a short label for guide lists'))
    .max(40, atMost(40))
    .optional()
    .describe('Shorter label for the guide in the footer list. Defaults to the title.'),
  order: z
    .number({ error: 'must be a whole number (list position)' })
    .int({ error: 'must be a whole number (list position)' })
    .min(0, { error: 'must be 0 or more' })
    .default(100)
    .describe('Position in guide lists, lowest first; ties sort by title. Default 100.'),
  pricingComparison: z
    .boolean({ error: 'must be true or false' })
    .default(false)
    .describe(
      'Show the pricing comparison table (our plan vs a human answering service vs full-time staff) after the quick answer.',
    ),
  updated: z.coerce
    .date({ error: 'missing or not a date; write the review date as YYYY-MM-DD' })
    .describe(
      'Date the guide was last reviewed (YYYY-MM-DD). Shown on the page and used as the article’s modified date.',
    ),
};

/** Front matter of one guide page: the fields above, and no others. */
export const guideSchema = z
  .object(guideFields)
  .loose()
  // Unknown fields are errors named after the field, so a misspelt field does not pass silently.
  // `when` makes this run alongside the field checks, so one build reports every problem.
  .superRefine(
    (data, ctx) => {
      for (const key of Object.keys(data)) {
        if (!Object.hasOwn(guideFields, key)) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'unknown front-matter field: check the spelling (fields: site/lib/guide-schema.ts)',
          });
        }
      }
    },
    { when: () => true },
  );

/** Validated front matter of a guide. */
export type GuideData = z.infer<typeof guideSchema>;

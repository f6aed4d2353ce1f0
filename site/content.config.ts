/**
 * Content collections. Guides are Markdown files in `content/guides/`; each file becomes the page
 * `/qa/<file name>`, a sitemap entry and an item in the footer's guide list, with no code change.
 *
 * Every front-matter field is described below (`.describe()` also feeds editor tooling). When a
 * file's front matter does not match, the build stops with an error naming the file and the field.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** Front matter of one guide page. */
export const guideSchema = z
  .object({
    title: z
      .string()
      .min(10)
      .max(70)
      .describe('Page heading (h1) and the first part of the browser title. 10–70 characters.'),
    description: z
      .string()
      .min(50)
      .max(160)
      .describe('Meta description for search results and link previews. 50–160 characters.'),
    question: z
      .string()
      .min(10)
      .describe('The question the quick answer box answers, e.g. "What is an AI receptionist?". Used in the FAQ structured data.'),
    quickAnswer: z
      .string()
      .min(40)
      .max(600)
      .describe('Short, direct answer shown in the highlighted box at the top of the page. 40–600 characters, plain text.'),
    listTitle: z
      .string()
      .max(40)
      .optional()
      .describe('Shorter label for the guide in the footer list. Defaults to the title.'),
    order: z
      .number()
      .int()
      .min(0)
      .default(100)
      .describe('Position in guide lists, lowest first; ties sort by title. Default 100.'),
    pricingComparison: z
      .boolean()
      .default(false)
      .describe('Show the pricing comparison table (our plan vs a human answering service vs full-time staff) after the quick answer.'),
    updated: z
      .coerce.date()
      .describe('Date the guide was last reviewed (YYYY-MM-DD). Shown on the page and used as the article’s modified date.'),
  })
  .strict();

/** Validated front matter of a guide. */
export type GuideData = z.infer<typeof guideSchema>;

const guides = defineCollection({
  // The glob is relative to the project root, not to site/: content lives apart from code.
  loader: glob({ pattern: '*.md', base: './content/guides' }),
  schema: guideSchema,
});

export const collections = { guides };

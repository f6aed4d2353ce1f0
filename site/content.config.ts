/**
 * Content collections. Guides are Markdown files in `content/guides/`; each file becomes the page
 * `/qa/<file name>`, a sitemap entry and an item in the footer's guide list, with no code change.
 *
 * Every front-matter field is described in `lib/guide-schema.ts` (`.describe()`). When a
 * file's front matter does not match, the build stops with an error naming the file and the field.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { guideSchema } from './lib/guide-schema.ts';

const guides = defineCollection({
  // The glob is relative to the project root, not to site/: content lives apart from code.
  loader: glob({ pattern: '*.md', base: './content/guides' }),
  schema: guideSchema,
});

export const collections = { guides };

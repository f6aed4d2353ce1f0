/**
 * Editors' workflow, end to end: a Markdown file added to a temporary copy of content/guides/
 * becomes a page, a sitemap entry, a footer link and an entry of the /qa index in a real `astro build`; a file with broken
 * front matter fails that build with a message naming the file and the field. The builds run
 * in a temporary copy of the project (node_modules linked per entry), so dist/ and Astro's
 * caches of the working tree are never touched.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { buildCopy, copyProject, serveBuild } from './site-build.ts';

const SITE_URL = 'https://guides-test.example';
const SLUG = 'missed-call-text-back';

const NEW_GUIDE = `---
title: 'Missed-Call Text-Back: Rescue Every Lost Caller'
description: 'How an automatic text to every missed caller wins back leads that would otherwise call a competitor, and what the message should say.'
question: 'What is missed-call text-back?'
quickAnswer: 'Missed-call text-back sends an automatic SMS to anyone whose call you could not answer, inviting them to reply, book online or take a call back, so the lead stays with you.'
listTitle: 'Missed-call text-back'
order: 50
updated: 2026-10-15
---

When a call goes unanswered, a text sent within seconds keeps the conversation going.

## Why it works

- Callers see an immediate response.
- Replies land in the same inbox as your other leads.

Ready to try it? [Get in contact](/#contact) or go back to the [home page](/).
`;

const BROKEN_GUIDE = `---
title: 'Broken guide for the schema test'
description: 'This guide has front matter that does not match the schema, so the build must fail.'
question: 'Does the build catch mistakes?'
quickanswer: 'The field name is misspelt, so the real quickAnswer field is missing.'
order: first
updated: 2026-10-15
---

Body.
`;

let project = '';

/** Runs `astro build` in the copy; returns exit status and combined output. */
function build(outDir: string): { status: number | null; output: string } {
  return buildCopy(project, outDir, SITE_URL);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  project = copyProject('guides-build-');
});

test.afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

test('a new Markdown guide becomes a page, a sitemap entry, a footer link and an index entry', async ({ page }) => {
  test.setTimeout(240_000);
  writeFileSync(join(project, 'content', 'guides', `${SLUG}.md`), NEW_GUIDE);
  const out = join(project, 'out-valid');
  const { status, output } = build(out);
  expect(status, `astro build with the new guide succeeds:\n${output.slice(-3000)}`).toBe(0);

  expect(existsSync(join(out, 'qa', SLUG, 'index.html')), `dist/qa/${SLUG}/index.html is built`).toBe(true);
  const sitemapIndex = readFileSync(join(out, 'sitemap-index.xml'), 'utf8');
  const chunk = /<loc>[^<]*\/([^/<]+\.xml)<\/loc>/.exec(sitemapIndex)?.[1];
  expect(chunk, 'sitemap index names a sitemap file').toBeTruthy();
  expect(readFileSync(join(out, chunk!), 'utf8'), 'sitemap lists the new guide').toContain(
    `<loc>${SITE_URL}/qa/${SLUG}</loc>`,
  );

  await serveBuild(out, async (base) => {
    const response = await page.goto(`${base}/qa/${SLUG}`);
    expect(response?.status(), 'new guide served').toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), 'page title from front matter').toHaveText(
      'Missed-Call Text-Back: Rescue Every Lost Caller',
    );
    await expect(
      page.getByRole('complementary', { name: 'Quick answer' }),
      'quick answer from front matter',
    ).toContainText('Missed-call text-back sends an automatic SMS');
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Why it works' }),
      'Markdown body rendered',
    ).toBeVisible();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href'), 'canonical on the configured site').toBe(
      `${SITE_URL}/qa/${SLUG}`,
    );

    await page.goto(`${base}/`);
    const footerGuides = page.getByRole('contentinfo').getByRole('navigation', { name: 'Guides' });
    await expect(
      footerGuides.getByRole('link', { name: 'Missed-call text-back' }),
      'listed in the footer by its listTitle',
    ).toHaveAttribute('href', `/qa/${SLUG}`);
    await expect(
      footerGuides.getByRole('link'),
      'the five guides plus the new one (six: the bound), and "All guides"',
    ).toHaveCount(7);

    await page.goto(`${base}/qa`);
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Missed-Call Text-Back: Rescue Every Lost Caller' }),
      "listed in the guides' index",
    ).toHaveAttribute('href', `/qa/${SLUG}`);
  });
});

test('broken front matter fails the build, naming the file and the field', () => {
  test.setTimeout(240_000);
  const file = join(project, 'content', 'guides', 'broken-guide.md');
  writeFileSync(file, BROKEN_GUIDE);
  const { status, output } = build(join(project, 'out-broken'));
  rmSync(file);
  expect(status, 'astro build exits non-zero').not.toBe(0);
  expect(output, 'the message names the file').toContain('content/guides/broken-guide.md');
  expect(output, 'the message names the missing field').toMatch(/quickAnswer: missing/);
  expect(output, 'the message names the misspelt field').toMatch(/quickanswer: unknown front-matter field/);
  expect(output, 'the message names the field of the wrong type').toMatch(/order: must be a whole number/);
  expect(existsSync(join(project, 'out-broken', 'index.html')), 'no pages are written').toBe(false);
});

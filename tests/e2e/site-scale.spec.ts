/**
 * The site scales with its content (issue 25, item 11): with a few hundred guides, no page links
 * them all. Two real `astro build`s in a temporary copy of the project, one with 30 and one with
 * 300 guides generated from one of ours, side by side: every page both builds share (the landing,
 * /widget, the 404, a guide, the index's first page) is the same size within a small bound, where
 * linking every guide made each one grow by about 190 bytes a guide (the issue measured a guide
 * page 37.6 → 75.7 KB with 205). The index lists every guide exactly once across its pages, and a
 * visitor pages through it.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { GUIDES_PER_INDEX_PAGE, RELATED_GUIDES_LIMIT } from '../../site/lib/guides.ts';
import { buildCopy, copyProject, serveBuild } from './site-build.ts';

const SITE_URL = 'https://scale-test.example';
const FEW = 30;
const MANY = 300;
/** The pages both builds have, whose size must not follow the number of guides. */
const SHARED_PAGES = ['index.html', 'widget/index.html', '404.html', 'qa/ai-receptionist/index.html', 'qa/index.html'];
/**
 * Bytes a shared page may differ by between the builds: the index's page links (at most seven
 * numbers) and dates that differ in length. Far below one guide link per guide (~190 B × 270).
 */
const ALLOWED_DIFFERENCE = 1_000;

let project = '';

/** Writes `count` guides made from ai-receptionist.md into the copy, newer than ours, with titles of one length. */
function generateGuides(count: number): string[] {
  const dir = join(project, 'content', 'guides');
  for (const file of readdirSync(dir)) if (file.startsWith('generated-')) rmSync(join(dir, file));
  const source = readFileSync(join(dir, 'ai-receptionist.md'), 'utf8');
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = String(i).padStart(4, '0');
    const id = `generated-${n}`;
    const day = new Date(Date.UTC(2027, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const text = source
      .replace(/^title: .*$/m, `title: 'Generated guide ${n}: an AI front desk'`)
      .replace(/^listTitle: .*$/m, `listTitle: 'Generated ${n}'`)
      .replace(/^order: .*$/m, `order: 200`)
      .replace(/^updated: .*$/m, `updated: ${day}`);
    writeFileSync(join(dir, `${id}.md`), text);
    ids.push(id);
  }
  return ids;
}

/** Builds the copy with `count` generated guides into `out-<count>`; returns the folder. */
function buildWith(count: number): string {
  generateGuides(count);
  const out = join(project, `out-${count}`);
  const { status, output } = buildCopy(project, out, SITE_URL);
  expect(status, `astro build with ${count} generated guides succeeds:\n${output.slice(-3000)}`).toBe(0);
  return out;
}

/** Guide ids linked (`/qa/<id>`) in the part of a built page that `part` matches. */
function guideLinks(file: string, part: RegExp): string[] {
  const html = part.exec(readFileSync(file, 'utf8'))?.[0] ?? '';
  return [...html.matchAll(/href="\/qa\/([a-z0-9-]+)"/g)].map((m) => m[1]!).filter((id) => id !== 'page');
}
const MAIN = /<main[\s\S]*<\/main>/;
const RELATED = /<nav[^>]*aria-labelledby="related-title"[\s\S]*?<\/nav>/;

test.describe.configure({ mode: 'serial' });

let few = '';
let many = '';

test.beforeAll(() => {
  project = copyProject('guides-scale-');
});

test.afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

test(`a page's size does not grow with the number of guides (${FEW} vs ${MANY})`, () => {
  test.setTimeout(600_000);
  few = buildWith(FEW);
  many = buildWith(MANY);
  const rows = SHARED_PAGES.map((page) => ({
    page,
    few: statSync(join(few, page)).size,
    many: statSync(join(many, page)).size,
  }));
  const table = rows
    .map((r) => `${r.page}: ${r.few} B with ${FEW + 5} guides, ${r.many} B with ${MANY + 5}`)
    .join('\n');
  for (const row of rows) {
    expect(Math.abs(row.many - row.few), `${row.page} grows with the guides:\n${table}`).toBeLessThanOrEqual(
      ALLOWED_DIFFERENCE,
    );
  }
  const related = guideLinks(join(many, 'qa', 'ai-receptionist', 'index.html'), RELATED);
  expect(related.length, `a guide's "More guides" links ${RELATED_GUIDES_LIMIT} others (${related.join(', ')})`).toBe(
    RELATED_GUIDES_LIMIT,
  );
});

test('the index lists every guide once across its pages, and a visitor pages through it', async ({ page }) => {
  test.setTimeout(120_000);
  expect(many, 'built by the test before').toBeTruthy();
  const pages = Math.ceil((MANY + 5) / GUIDES_PER_INDEX_PAGE);
  const files = [
    join(many, 'qa', 'index.html'),
    ...Array.from({ length: pages - 1 }, (_, i) => join(many, 'qa', 'page', String(i + 2), 'index.html')),
  ];
  const listed = files.flatMap((file) => {
    const ids = guideLinks(file, MAIN);
    expect(ids.length, `${file}: a page's worth or the rest`).toBeLessThanOrEqual(GUIDES_PER_INDEX_PAGE);
    return ids;
  });
  const all = readdirSync(join(project, 'content', 'guides')).map((f) => f.replace(/\.md$/, ''));
  expect([...listed].sort(), 'every guide exactly once').toEqual([...all].sort());

  await serveBuild(many, async (base) => {
    await page.goto(`${base}/qa`);
    const pager = page.getByRole('navigation', { name: 'Pages of guides' });
    await expect(pager.getByRole('link', { name: 'Page 1', exact: true }), 'the first page is current').toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(pager.getByRole('link'), 'a bounded pager: 1, 2, …, last, and Next').toHaveCount(4);
    await pager.getByRole('link', { name: 'Next page' }).click();
    await expect(page, 'page 2').toHaveURL(`${base}/qa/page/2`);
    await expect(page.getByRole('heading', { level: 1 }), 'says which page').toContainText(`Page 2 of ${pages}`);
    await expect(pager.getByRole('link', { name: 'Page 2', exact: true }), 'page 2 is current').toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Guides' }).first(),
      'the header knows the part of the site',
    ).toHaveAttribute('aria-current', 'true');
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      'axe on /qa/page/2',
    ).toEqual([]);
    await pager.getByRole('link', { name: `Page ${pages}`, exact: true }).click();
    await expect(pager.getByRole('link', { name: 'Next page' }), 'no next page on the last').toHaveCount(0);
    await expect(
      page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading') }),
      'the rest',
    ).toHaveCount((MANY + 5) % GUIDES_PER_INDEX_PAGE || GUIDES_PER_INDEX_PAGE);
  });
});

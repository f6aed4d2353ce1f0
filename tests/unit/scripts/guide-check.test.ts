/**
 * The guides' front matter is checked before any build step (scripts/lib/guide-check.ts): each
 * problem is one sentence with the file's own line and column, taken from the parser's mark.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkGuides, checkGuideSource, formatProblem } from '../../../scripts/lib/guide-check.ts';

const GOOD = [
  "title: 'AI Phone Calls: How They Work'",
  "description: 'How AI phone calls work, what an AI voice agent can handle for a small business.'",
  "question: 'What is an AI phone call?'",
  "quickAnswer: 'An AI phone call is a live phone conversation handled by a voice agent instead of a person.'",
  'order: 1',
  'updated: 2026-11-01',
];
const guide = (fields: string[]) => `---\n${fields.join('\n')}\n---\n\nBody text.\n`;
const lines = (file: string, source: string) => checkGuideSource(file, source).map(formatProblem);

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'guide-check-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('guide front matter, checked before the build', () => {
  it('a valid guide has no problem', () => {
    expect(lines('g.md', guide(GOOD))).toEqual([]);
  });

  it('a YAML typo on line 2 is reported at line 2, at the column the parser marks', () => {
    const typo = guide(['title: AI Phone Calls: How They Work', ...GOOD.slice(1)]);
    const [problem, ...rest] = checkGuideSource('content/guides/typo.md', typo);
    expect(rest, 'one sentence').toEqual([]);
    // "title: AI Phone Calls" — the second ': ' starts at column 21; js-yaml marks the space after it.
    expect([problem?.line, problem?.column]).toEqual([2, 22]);
    expect(formatProblem(problem!)).toBe(
      'content/guides/typo.md:2:22: the front matter is not valid YAML (bad indentation of a mapping entry): ' +
        "put the value in quotes ('…') when it contains ': ', and start every field at the left margin.",
    );
  });

  it('an apostrophe written twice inside quotes is not an open quote', () => {
    const source = guide([
      "title: 'The caller''s side: AI phone calls'",
      ...GOOD.slice(1, 4),
      'order: [1',
      'updated: 2026-11-01',
    ]);
    expect(lines('g.md', source)).toEqual([
      'g.md:7:1: the front matter is not valid YAML (missed comma between flow collection entries): ' +
        'close the [ or { of this value and separate its items with commas.',
    ]);
  });

  it('counts lines the file has before the opening --- (a blank first line)', () => {
    const typo = `\n${guide(['title: AI Phone Calls: How They Work', ...GOOD.slice(1)])}`;
    expect(checkGuideSource('g.md', typo).map((p) => [p.line, p.column])).toEqual([[3, 22]]);
  });

  it('schema problems name the field at its own line; a missing field points at the front matter', () => {
    const source = guide([...GOOD.slice(0, 4), 'order: first', 'updated: 2026-11-01', 'titel: x']);
    expect(lines('g.md', source)).toEqual([
      'g.md:6:1: front-matter field "order": must be a whole number (list position).',
      'g.md:8:1: front-matter field "titel": unknown front-matter field: check the spelling (fields: site/lib/guide-schema.ts).',
    ]);
    expect(lines('g.md', guide(GOOD.filter((l) => !l.startsWith('question'))))).toEqual([
      'g.md:1:1: front-matter field "question": missing; add the question the quick answer answers.',
    ]);
  });

  it('several broken guides: one sentence each, in file order, with the right places', () => {
    const dir = join(scratch, 'content', 'guides');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a-unclosed.md'), guide(["title: 'AI Phone Calls", ...GOOD.slice(1)]));
    writeFileSync(join(dir, 'b-fine.md'), guide(GOOD));
    writeFileSync(join(dir, 'c-list.md'), guide([...GOOD.slice(0, 4), 'order: [1', 'updated: 2026-11-01']));
    writeFileSync(join(dir, 'd-duplicate.md'), guide([...GOOD, 'order: 2']));
    writeFileSync(join(dir, 'e-short.md'), guide(['title: Short', ...GOOD.slice(1)]));
    writeFileSync(join(dir, 'notes.txt'), 'not a guide: ignored');
    const found = checkGuides(dir, scratch).map(formatProblem);
    expect(found).toEqual([
      // The quote left open on line 2 ends at the next field's quote; js-yaml notices on line 4.
      'content/guides/a-unclosed.md:4:9: the front matter is not valid YAML (can not read a block mapping entry; ' +
        "a multiline key may not be an implicit key): line 2 opens a ' quote that it does not close: close it on that line.",
      expect.stringMatching(
        /^content\/guides\/c-list\.md:7:1: the front matter is not valid YAML \(missed comma between flow collection entries\): close the \[/,
      ),
      expect.stringMatching(
        /^content\/guides\/d-duplicate\.md:8:1: the front matter is not valid YAML \(duplicated mapping key\): remove the second copy/,
      ),
      'content/guides/e-short.md:2:1: front-matter field "title": too short: at least 10 characters.',
    ]);
    for (const line of found) expect(line.split('\n'), 'one line each').toHaveLength(1);
  });

  it('the repository’s own guides pass', () => {
    expect(
      checkGuides(join(import.meta.dirname, '../../../content/guides'), join(import.meta.dirname, '../../..')),
    ).toEqual([]);
  });
});

describe('the parser the check imports', () => {
  it('is a declared dependency, pinned to the version Astro itself parses front matter with', () => {
    const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, string>>;
    const ours = read(join(ROOT, 'package.json'));
    const astro = read(join(ROOT, 'node_modules/astro/package.json'));
    const name = '@astrojs/internal-helpers';
    expect(ours.devDependencies?.[name], `${name} in package.json's devDependencies`).toBeDefined();
    expect(ours.devDependencies?.[name]).toBe(astro.dependencies?.[name]);
  });
});

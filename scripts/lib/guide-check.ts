/**
 * Checks the guides' front matter (content/guides/*.md) before any build step, so a typo is one
 * sentence per problem in a second instead of a js-yaml stack trace after the whole build. Parses
 * with the same function Astro's content layer uses (@astrojs/internal-helpers' parseFrontmatter,
 * js-yaml underneath; pinned as our own devDependency at the version Astro uses), validates
 * with the collection's own schema (site/lib/guide-schema.ts), and
 * turns the parser's mark (0-based, relative to the text after the opening `---`) into the file's
 * line and column, so the editor jumps to the right place.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseFrontmatter } from '@astrojs/internal-helpers/frontmatter';
import { guideSchema } from '../../site/lib/guide-schema.ts';

/** One problem: where (1-based, as editors count) and one sentence. */
export interface ContentProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** `file:line:column: message` — the form editors and terminals make clickable. */
export function formatProblem(problem: ContentProblem): string {
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.message}`;
}

/** What to change for the YAML errors a hand-edited front matter typically has. */
const YAML_HINTS: ReadonlyArray<[RegExp, string]> = [
  [
    /bad indentation of a mapping entry/,
    "put the value in quotes ('…') when it contains ': ', and start every field at the left margin",
  ],
  [/quoted scalar/, "close the quote this value opens (inside '…' write an apostrophe as '')"],
  [/duplicated mapping key/, 'remove the second copy of this field'],
  [/flow collection|missed comma/, 'close the [ or { of this value and separate its items with commas'],
  [
    /multiline key|implicit key|block mapping entry/,
    "write each field on one line as name: value (quote a value with ': ' in it)",
  ],
  [/tab/, 'indent with spaces, not tabs'],
];

/** The YAMLException js-yaml throws: a reason and a 0-based mark. */
interface YamlError {
  name: string;
  reason?: string;
  mark?: { line: number; column: number };
}

function isYamlError(error: unknown): error is YamlError {
  return error instanceof Error && error.name === 'YAMLException';
}

/** Line (0-based) and column where the YAML text starts in the file: right after the opening `---`. */
function yamlOrigin(source: string): { line: number; column: number } {
  const open = /^\uFEFF?\s*?(?:---|\+\+\+)/.exec(source) ?? /(?:^|\n)(?:---|\+\+\+)/.exec(source);
  const end = open ? open.index + open[0].length : 0;
  const before = source.slice(0, end);
  const line = before.split('\n').length - 1;
  return { line, column: end - (before.lastIndexOf('\n') + 1) };
}

/**
 * The 1-based line before `beforeLine` (1-based) whose value opens a quote it does not close: a
 * parser only notices that lines later, where the quoted text ends at the next field's quote.
 */
function unclosedQuoteLine(
  source: string,
  fromLine: number,
  beforeLine: number,
): { line: number; quote: string } | null {
  const lines = source.split('\n');
  for (let index = beforeLine - 1; index >= fromLine; index--) {
    const value = /^[A-Za-z_][\w-]*\s*:\s*(['"])(.*)$/.exec(lines[index - 1] ?? '');
    if (!value) continue;
    const [, quote = '', rest = ''] = value;
    // Inside '…' an apostrophe is written ''; the quote is closed when the rest ends with one lone quote.
    const body = quote === "'" ? rest.replaceAll("''", '') : rest.replace(/\\./g, '');
    if (!body.trimEnd().endsWith(quote)) return { line: index, quote };
  }
  return null;
}

/** 1-based line of `field:` at the left margin of the front matter, or of the opening `---`. */
function fieldLine(source: string, field: string): number {
  const lines = source.split('\n');
  const closing = lines.findIndex((text, index) => index > 0 && /^(?:---|\+\+\+)\s*$/.test(text));
  const end = closing === -1 ? lines.length : closing;
  const key = new RegExp(`^['"]?${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?\\s*:`);
  const at = lines.slice(0, end).findIndex((text) => key.test(text));
  return at === -1 ? 1 : at + 1;
}

/** The problems of one guide's source (`file` is how they name it). */
export function checkGuideSource(file: string, source: string): ContentProblem[] {
  let data: Record<string, unknown>;
  try {
    data = parseFrontmatter(source).frontmatter;
  } catch (error) {
    if (!isYamlError(error) || !error.mark) throw error;
    const origin = yamlOrigin(source);
    const { line, column } = error.mark;
    const reason = error.reason ?? 'not valid YAML';
    const fileLine = origin.line + line + 1;
    const open = unclosedQuoteLine(source, origin.line + 2, fileLine);
    const hint = open
      ? `line ${open.line} opens a ${open.quote} quote that it does not close: close it on that line`
      : (YAML_HINTS.find(([pattern]) => pattern.test(reason))?.[1] ??
        "fix the YAML there (quote text that contains ': ' or ' #')");
    return [
      {
        file,
        line: fileLine,
        column: (line === 0 ? origin.column : 0) + column + 1,
        message: `the front matter is not valid YAML (${reason}): ${hint}.`,
      },
    ];
  }
  const result = guideSchema.safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    // The schema's messages are written to follow the field's name, as Astro prints them.
    const message = `front-matter field "${field}": ${issue.message.replace(/\.$/, '')}.`;
    return { file, line: field ? fieldLine(source, field) : 1, column: 1, message };
  });
}

/** Problems of every `*.md` in `dir`, files in name order; paths relative to `root`. */
export function checkGuides(dir: string, root: string): ContentProblem[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith('.md'))
      .sort();
  } catch {
    return [];
  }
  return names.flatMap((name) =>
    checkGuideSource(relative(root, join(dir, name)), readFileSync(join(dir, name), 'utf8')),
  );
}

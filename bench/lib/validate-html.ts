/**
 * HTML validity of the built pages with html-validate (its Node API), configured from
 * `html-validate:recommended` plus the adjustments below, each one for a reason in what Astro or
 * React emit rather than in what we write:
 * - `void-style: off` — React's server renderer writes void elements self-closed (`<input/>`,
 *   `<img/>`), Astro writes them bare (`<meta>`); both are valid HTML, only the style differs.
 * - `no-inline-style: off` — React islands render `style="…"` for computed values (e.g. a volume
 *   ring's size); inline styles are valid HTML.
 * - `attr-case: off` — React 19's server renderer keeps React's camelCase names for some
 *   attributes (`noValidate`, `inputMode`, `autoComplete`); HTML attribute names are
 *   case-insensitive, so this is style, not validity.
 * - `attribute-boolean-style: off` — React writes boolean attributes as `required=""`, Astro as
 *   bare `required`; both are valid.
 * - `valid-id: relaxed` — React's `useId()` makes ids like `_r9R_0_-email`, valid in HTML (any
 *   non-empty string without whitespace); relaxed mode still rejects empty ids and whitespace.
 * And one stricter than recommended: `missing-doctype: error` (every page starts `<!DOCTYPE html>`).
 * The configuration is static (no .htmlvalidate.json lookup), so a stray config file cannot
 * weaken the gate.
 */
import { readFileSync } from 'node:fs';
import { HtmlValidate, StaticConfigLoader, type ConfigData } from 'html-validate';
import type { BuiltPage } from './html.ts';

/** The validator configuration the gate uses (exported so the rule adjustments are visible). */
export const HTML_VALIDATE_CONFIG: ConfigData = {
  root: true,
  extends: ['html-validate:recommended'],
  rules: {
    'void-style': 'off',
    'no-inline-style': 'off',
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    'valid-id': ['error', { relaxed: true }],
    'missing-doctype': 'error',
  },
};

/** One validation message. */
export interface HtmlProblem {
  /** Page, relative to dist/. */
  page: string;
  line: number;
  column: number;
  ruleId: string;
  message: string;
}

/** Validates every page; returns every error and warning (empty when all pages are valid). */
export async function validatePages(
  pages: BuiltPage[],
  config: ConfigData = HTML_VALIDATE_CONFIG,
): Promise<HtmlProblem[]> {
  const validator = new HtmlValidate(new StaticConfigLoader(config));
  const problems: HtmlProblem[] = [];
  for (const page of pages) {
    const report = await validator.validateString(readFileSync(page.file, 'utf8'), page.relPath);
    for (const result of report.results) {
      for (const m of result.messages) {
        problems.push({ page: page.relPath, line: m.line, column: m.column, ruleId: m.ruleId, message: m.message });
      }
    }
  }
  return problems;
}

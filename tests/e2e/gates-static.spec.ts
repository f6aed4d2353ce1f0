/**
 * Quality gates on the built site (dist/, built by `npm run test:e2e` with the test environment)
 * and the widget build (widget/dist/). Deterministic, file-based checks: every failure names the
 * file or route, its value and its limit.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_ENV } from '../../fixtures/e2e-env.ts';
import { closeParser, listPages } from '../../bench/lib/html.ts';
import { findBrokenLinks } from '../../bench/lib/links.ts';
import { DIST, ROOT, WIDGET_DIST, requiredRoutes } from '../../bench/lib/paths.ts';
import { forbiddenValues, scanForSecrets } from '../../bench/lib/secrets.ts';
import { formatKB, gzipBytes } from '../../bench/lib/size.ts';
import { validatePages } from '../../bench/lib/validate-html.ts';
import { analyzeSite, ModuleGraph } from '../../bench/site-js.ts';
import { GUIDE_ISLANDS, SIZE_BUDGETS } from '../../bench/budgets.ts';

/**
 * DESIGN.md: landing page JS before any interaction, gzip, React included (owned by bench/budgets.ts): 85 KB,
 * the widget's loader aside (its own budget). Met again since round 4's fifth stop (83.5 KB): the contact form's
 * dialog loads on intent or at the first open (site/islands/ContactModal.tsx), not with the page.
 */
const LANDING_EAGER_BUDGET = SIZE_BUDGETS.landingJs;

test.afterAll(async () => {
  await closeParser();
});

test('every required route is built', () => {
  const built = new Set(listPages(DIST).map((p) => p.route));
  const missing = requiredRoutes().filter((r) => !built.has(r));
  expect(missing, `routes with no built page in dist/ (built: ${[...built].join(', ')})`).toEqual([]);
});

test('every built page is valid HTML (html-validate:recommended)', async () => {
  const problems = await validatePages(listPages(DIST));
  const lines = problems.map((p) => `${p.page}:${p.line}:${p.column} ${p.ruleId}: ${p.message}`);
  expect(lines, 'html-validate messages').toEqual([]);
});

test('no broken internal links or anchors', () => {
  const broken = findBrokenLinks(DIST, [E2E_ENV.PUBLIC_SITE_URL]);
  expect(
    broken.map((b) => `${b.source}: ${b.ref} (${b.reason})`),
    'broken references',
  ).toEqual([]);
});

test('no secrets in dist/ or widget/dist/', () => {
  const forbidden = forbiddenValues(
    ['.env', '.env.local', '.env.production', '.env.production.local'].map((f) => join(ROOT, f)),
    process.env,
  );
  const { files, findings } = scanForSecrets([DIST, WIDGET_DIST], forbidden, ROOT);
  expect(files, 'the scan read the built files').toBeGreaterThan(0);
  expect(
    findings.map((f) => `${f.file}: ${f.kind} (${f.excerpt})`),
    'secrets found in built output',
  ).toEqual([]);
});

test(`landing page JavaScript before interaction ≤ ${formatKB(LANDING_EAGER_BUDGET)} gzip`, async () => {
  const [home] = await analyzeSite(DIST, (r) => r === '/');
  expect(home, 'dist/index.html exists').toBeDefined();
  expect(home!.missing, `index.html references scripts missing from dist/`).toEqual([]);
  // The floating widget's loader (every page carries it, issue 22) has its own budget and gate
  // (≤ 5 KB in DESIGN.md; tests/unit/widget/size.test.ts); the landing's own JavaScript is held
  // to its budget without it. With it the page takes both budgets' bytes.
  const loader = home!.eager.files.find((file) => file.endsWith('/widget/voice-widget.js'));
  const gzip = home!.eager.sizes.gzip - (loader ? gzipBytes(readFileSync(join(DIST, loader))) : 0);
  expect(
    gzip,
    `index.html: eager JS ${formatKB(gzip)} gzip (${home!.eager.files.length} files + ${home!.eager.inlineScripts} inline) exceeds the budget ${formatKB(LANDING_EAGER_BUDGET)}: ${home!.eager.files.join(', ')}`,
  ).toBeLessThanOrEqual(LANDING_EAGER_BUDGET);
});

test("guide pages and the guides' index ship only the Header island and its modules, and the widget loader", async () => {
  const guides = await analyzeSite(DIST, (r) => r === '/qa' || r.startsWith('/qa/'));
  expect(guides.length, 'at least one guide page is built').toBeGreaterThan(0);
  const graph = new ModuleGraph(DIST);
  for (const guide of guides) {
    const names = guide.islands.map((i) => i.name);
    expect(names, `${guide.page}: islands`).toEqual(GUIDE_ISLANDS);
    const header = guide.islands.flatMap((i) => i.urls.map((u) => new URL(u, 'http://site/').pathname));
    const allowed = await graph.closure(header);
    // DESIGN.md: a guide page's JavaScript is the header island and the widget loader (the floating widget).
    const extra = guide.all.files.filter((f) => !allowed.has(f) && !f.endsWith('/widget/voice-widget.js'));
    expect(
      extra,
      `${guide.page}: JS beyond the Header island (${formatKB(guide.all.sizes.gzip)} gzip in total, limit: the Header island's ${allowed.size} modules only)`,
    ).toEqual([]);
  }
});

test('the widget build exists for the widget gates', () => {
  expect(existsSync(WIDGET_DIST), 'widget/dist/ is built by `npm run build -w widget`').toBe(true);
});

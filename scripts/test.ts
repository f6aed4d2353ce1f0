/**
 * `npm test`: every test. First it makes sure a Chromium exists (installing Debian's when it may),
 * because the unit tests include browser tests too (tests/unit/widget/api/browser.test.ts): on a
 * fresh machine they must find one, never skip (Firefox ESR and WebKitGTK too, for the engines' smoke subset,
 * tests/e2e/engines-smoke.spec.ts). Then the type check (`npm run check`), the lint
 * (`npm run lint`) and the formatting check (`npm run format:check`), unit and database tests
 * (vitest), then the browser tests (Playwright) against a fresh production build.
 */
import { spawnSync } from 'node:child_process';

const steps: Array<[label: string, args: string[]]> = [
  ['a Chromium, Firefox ESR and WebKit for the browser tests', ['exec', '--', 'node', 'scripts/ensure-browser.ts']],
  // Types first: vitest and Playwright strip types without checking them (a test's cast that no
  // longer type-checks passed CI once).
  ['types (astro check, tsc at the root and in widget/)', ['run', 'check']],
  // The rules that need the type checker (floating promises, type-only imports): eslint.config.mjs.
  ['lint (ESLint with type information)', ['run', 'lint']],
  // Prettier owns the layout (.prettierrc): a file it would change fails here; `npm run format` fixes it.
  ['formatting (Prettier)', ['run', 'format:check']],
  ['unit and database tests', ['run', 'test:unit']],
  ['browser tests on the built site', ['run', 'test:e2e']],
];

for (const [label, args] of steps) {
  console.log(`\n▶ ${label}: npm ${args.join(' ')}`);
  const result = spawnSync('npm', args, { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed (npm ${args.join(' ')} exited ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ all tests passed');

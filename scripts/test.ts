/**
 * `npm test`: every test, in the order that fails fastest — unit and database tests (vitest),
 * then the browser tests (Playwright) against a fresh production build.
 */
import { spawnSync } from 'node:child_process';

const steps: Array<[label: string, args: string[]]> = [
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

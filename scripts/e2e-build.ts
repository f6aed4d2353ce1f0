/**
 * Builds the widget and the site for the browser tests: the same production build as `npm start`,
 * with the voice platform pointed at the loopback provider fixture (tests/fixtures) instead of
 * the real platform, which is out of reach from these machines. First it checks that the tests'
 * two ports are free, so a taken one is one sentence naming its variable before the build.
 */
import { spawnSync } from 'node:child_process';
import { assertPortsFree } from '../shared/ports.ts';

let env: Record<string, string> = {};
try {
  // Imported here: an E2E_PORT that is not a port is one sentence too, not a stack trace.
  const { E2E_ENV, E2E_PORT, PROVIDER_PORT } = await import('../fixtures/e2e-env.ts');
  env = { ...E2E_ENV };
  await assertPortsFree(
    [
      { variable: 'E2E_PORT', port: E2E_PORT, host: 'localhost' },
      { variable: 'PROVIDER_PORT', port: PROVIDER_PORT, host: '127.0.0.1' },
    ],
    'npm run test:e2e',
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const result = spawnSync('npm', ['run', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1' },
});
process.exit(result.status ?? 1);

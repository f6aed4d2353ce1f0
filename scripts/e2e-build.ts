/**
 * Builds the widget and the site for the browser tests: the same production build as `npm start`,
 * with the voice platform pointed at the loopback provider fixture (tests/fixtures) instead of
 * the real platform, which is out of reach from these machines.
 */
import { spawnSync } from 'node:child_process';
import { E2E_ENV } from '../fixtures/e2e-env.ts';

const result = spawnSync('npm', ['run', 'build'], {
  stdio: 'inherit',
  env: { ...process.env, ...E2E_ENV, ASTRO_TELEMETRY_DISABLED: '1' },
});
process.exit(result.status ?? 1);

/**
 * What the bench's run (bench/run.ts) asks of the machine: the Chromium version it samples with,
 * and the builds it times.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { findBrowser } from '../../scripts/browser.ts';
import { E2E_ENV } from '../../fixtures/e2e-env.ts';
import { ROOT } from './paths.ts';
import { progress } from './progress.ts';

/** The Chromium the benches use, as `--version` says it (its path when that fails), or null when there is none. */
export function chromiumVersion(): string | null {
  const path = findBrowser();
  if (!path) return null;
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8' })
      .trim()
      .replace(/^Chromium\s+/i, '');
  } catch {
    return path;
  }
}

/** Runs a build command, returns its duration in seconds, or throws with its exit status. */
export function timedBuild(label: string, command: string, args: string[]): number {
  progress(`build: ${label} …`);
  const t0 = performance.now();
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, ...E2E_ENV, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  const seconds = (performance.now() - t0) / 1000;
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`${label} failed (exit ${result.status ?? result.signal})`);
  }
  progress(`build: ${label} done in ${seconds.toFixed(1)} s`);
  return seconds;
}

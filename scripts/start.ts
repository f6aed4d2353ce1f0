/**
 * `npm start`: checks that the server's port is free (one sentence naming PORT when it is not,
 * before the build rather than after it), builds the widget and the site, then runs the server.
 */
import { spawnSync } from 'node:child_process';
import { hostFrom, loadEnv, portFrom, PROJECT_ROOT } from '../shared/config.ts';
import { assertPortsFree } from '../shared/ports.ts';

try {
  const env = loadEnv();
  await assertPortsFree([{ variable: 'PORT', port: portFrom(env), host: hostFrom(env) }], 'npm start');
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// In the checkout, wherever this was started from.
const build = spawnSync('npm', ['run', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
if (build.status !== 0) process.exit(build.status ?? 1);
await import('../server/index.ts');

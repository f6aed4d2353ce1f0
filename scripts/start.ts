/**
 * `npm start` (`npm start -- --rebuild` builds even when nothing changed): checks the whole
 * configuration and the port before any build step, builds only when the sources, content or
 * build-time configuration changed (staged beside dist/ and swapped in on success; one build at a
 * time per checkout), then runs the server. A failed build keeps serving the last good one, with
 * one line per problem; only without any good build does it exit non-zero. See
 * scripts/lib/start-flow.ts.
 */
import { join } from 'node:path';
import { hostFrom, loadEnv, PROJECT_ROOT, type Env } from '../shared/config.ts';
import { assertPortsFree } from '../shared/ports.ts';
import { siteBuild } from './lib/site-build.ts';
import { parseStartArgs, prepareStart } from './lib/start-flow.ts';

let env: Env;
let rebuild: boolean;
try {
  ({ rebuild } = parseStartArgs(process.argv.slice(2)));
  env = loadEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// In the checkout, wherever this was started from.
const ready = await prepareStart({
  root: PROJECT_ROOT,
  distDir: join(PROJECT_ROOT, 'dist'),
  env,
  force: rebuild,
  checkPorts: (settings) => assertPortsFree([{ variable: 'PORT', port: settings.port, host: hostFrom(env) }], 'npm start'),
  build: siteBuild(PROJECT_ROOT),
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
if (!ready) process.exit(1);
await import('../server/index.ts');

/**
 * `npm start` (`-- --rebuild` builds even when nothing changed; `-- --build-only` is the deploy
 * step: builds beside the running server for the next start, and serves nothing): checks the whole
 * configuration and the port before any build step, builds only when the sources, content or
 * build-time configuration changed (staged beside dist/ and swapped in on success; one build at a
 * time per checkout), then runs the server. A failed build keeps serving the last good one, with
 * one line per problem; only without any good build does it exit non-zero. See
 * scripts/lib/start-flow.ts.
 */
import { join } from 'node:path';
import { hostFrom, loadEnv, PROJECT_ROOT, type Env } from '../shared/config.ts';
import { assertPortsFree } from '../shared/ports.ts';
import { parseStartArgs, prepareStart } from './lib/start-flow.ts';

let env: Env;
let args: ReturnType<typeof parseStartArgs>;
try {
  args = parseStartArgs(process.argv.slice(2));
  env = loadEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// In the checkout, wherever this was started from.
const verdict = await prepareStart({
  root: PROJECT_ROOT,
  distDir: join(PROJECT_ROOT, 'dist'),
  env,
  force: args.rebuild,
  buildOnly: args.buildOnly,
  checkPorts: (settings) =>
    assertPortsFree([{ variable: 'PORT', port: settings.port, host: hostFrom(env) }], 'npm start'),
  // Loaded only when a build is needed: the guides' check pulls in YAML and zod (≈ 1 s on a busy machine).
  build: async (outDir) => (await import('./lib/site-build.ts')).siteBuild(PROJECT_ROOT)(outDir),
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
if (verdict !== 'serve') process.exit(verdict === 'done' ? 0 : 1);
await import('../server/index.ts');

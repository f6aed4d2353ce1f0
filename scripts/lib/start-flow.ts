/**
 * What `npm start` does before it runs the server (scripts/start.ts is its entry):
 * 1. every configuration check — the build's variables and every server setting — and the port,
 *    before any build step, so a mistake is one sentence in a second;
 * 2. the build, only when the inputs changed (or `--rebuild`), staged and swapped in on success;
 * 3. after a failed build, the last good build is served with one loud line per problem; without
 *    one, nothing is served and the start fails.
 * The build and the port check come in as functions, so the order is tested with a fake build.
 */
import { basePathFrom, siteUrlFrom, type Env } from '../../shared/config.ts';
import { readStartSettings, type StartSettings } from '../../server/start-settings.ts';
import { buildInputsHash } from './build-inputs.ts';
import type { LockHost } from './build-lock.ts';
import { ensureBuild, NoGoodBuildError, readStamp, type BuildResult } from './staged-build.ts';

/** What {@link prepareStart} works with. */
export interface StartOptions {
  /** The checkout's root (its inputs are hashed). */
  root: string;
  /** The served build folder (the checkout's dist/). */
  distDir: string;
  env: Env;
  /** `npm start -- --rebuild`. */
  force: boolean;
  /** Fails with one sentence when the server's port is taken. */
  checkPorts(settings: StartSettings): Promise<void>;
  /** Builds into a staging folder. */
  build(outDir: string): Promise<BuildResult>;
  log(line: string): void;
  error(line: string): void;
  lockHost?: LockHost;
}

/** Reads `npm start`'s arguments: only `--rebuild`. Throws one sentence for anything else. */
export function parseStartArgs(args: readonly string[]): { rebuild: boolean } {
  const unknown = args.filter((arg) => arg !== '--rebuild');
  if (unknown.length) throw new Error(`npm start: unknown argument ${unknown.join(' ')} (the one option is \`npm start -- --rebuild\`, which builds even when nothing changed).`);
  return { rebuild: args.includes('--rebuild') };
}

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** Checks, then builds when needed; resolves true when the server may start on dist/, false when it must not. */
export async function prepareStart(options: StartOptions): Promise<boolean> {
  const { env, log, error } = options;
  try {
    siteUrlFrom(env);
    basePathFrom(env);
    await options.checkPorts(readStartSettings(env));
  } catch (problem) {
    error((problem as Error).message);
    return false;
  }
  const hash = buildInputsHash(options.root, env);
  const before = readStamp(options.distDir);
  const reason = options.force
    ? 'as asked (--rebuild)'
    : before
      ? 'the sources, content or build-time configuration changed since dist/ was built'
      : 'dist/ has no record of what it was built from';
  try {
    const outcome = await ensureBuild({
      distDir: options.distDir,
      hash,
      force: options.force,
      log,
      lockHost: options.lockHost,
      build: (outDir) => {
        log(`Building the site: ${reason}.`);
        return options.build(outDir);
      },
    });
    if (outcome.kind === 'unchanged') {
      log(`dist/ was built from these sources and this configuration (${when(outcome.stamp.builtAt)}): serving it without building (\`npm start -- --rebuild\` builds anyway).`);
    } else if (outcome.kind === 'built') {
      log('Built: dist/ replaced by the new build.');
    } else {
      for (const problem of outcome.problems) error(`✖ ${problem}`);
      const built = outcome.lastGood ? ` (built ${when(outcome.lastGood.builtAt)})` : '';
      error(`✖ The build failed, so the site was not updated: serving the last good build in dist/${built}. Fix the above, then restart.`);
    }
    return true;
  } catch (problem) {
    if (!(problem instanceof NoGoodBuildError)) throw problem;
    for (const line of problem.problems) error(`✖ ${line}`);
    error('✖ The server did not start: the build failed and dist/ holds no earlier good build to serve. Fix the above, then run `npm start` again.');
    return false;
  }
}

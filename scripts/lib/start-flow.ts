/**
 * What `npm start` does before it runs the server (scripts/start.ts is its entry):
 * 1. every configuration check — the build's variables and every server setting — and the port,
 *    before any build step, so a mistake is one sentence in a second;
 * 2. the build, only when the inputs changed (or `--rebuild`), staged and swapped in on success;
 * 3. after a failed build, the last good build is served with one loud line per problem; without
 *    one, nothing is served and the start fails.
 * With `--build-only` (the deploy step) it checks and builds while the running server goes on
 * serving dist/, leaving the build in dist.next/ for the restart that follows, and never serves.
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
  /** `npm start -- --build-only`: build for the next start, do not serve (the port is the running server's). */
  buildOnly?: boolean;
  /** Fails with one sentence when the server's port is taken. */
  checkPorts(settings: StartSettings): Promise<void>;
  /** Builds into a staging folder. */
  build(outDir: string): Promise<BuildResult>;
  log(line: string): void;
  error(line: string): void;
  lockHost?: LockHost;
}

/** `npm start`'s options. */
const OPTIONS = ['--rebuild', '--build-only'];

/** Reads `npm start`'s arguments: `--rebuild`, `--build-only`. Throws one sentence for anything else. */
export function parseStartArgs(args: readonly string[]): { rebuild: boolean; buildOnly: boolean } {
  const unknown = args.filter((arg) => !OPTIONS.includes(arg));
  if (unknown.length) {
    throw new Error(
      `npm start: unknown argument ${unknown.join(' ')} (options: \`--rebuild\` builds even when nothing changed, ` +
        `\`--build-only\` builds for the next start without serving).`,
    );
  }
  return { rebuild: args.includes('--rebuild'), buildOnly: args.includes('--build-only') };
}

/** What `npm start` does next: run the server on dist/, end successfully (--build-only), or exit 1. */
export type StartVerdict = 'serve' | 'done' | 'fail';

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** Checks, then builds when needed; says whether the server may start on dist/. */
export async function prepareStart(options: StartOptions): Promise<StartVerdict> {
  const { env, log, error, buildOnly = false } = options;
  try {
    siteUrlFrom(env);
    basePathFrom(env);
    const settings = readStartSettings(env);
    if (!buildOnly) await options.checkPorts(settings);
  } catch (problem) {
    error((problem as Error).message);
    return 'fail';
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
      install: !buildOnly,
      log,
      lockHost: options.lockHost,
      build: (outDir) => {
        log(`Building the site: ${reason}.`);
        return options.build(outDir);
      },
    });
    if (outcome.kind === 'unchanged') {
      log(
        `dist/ was built from these sources and this configuration (${when(outcome.stamp.builtAt)}): ` +
          'serving it without building (`npm start -- --rebuild` builds anyway).',
      );
      if (buildOnly) log('Nothing to build: the next start serves dist/ as it is.');
    } else if (outcome.kind === 'built') {
      log('Built: dist/ replaced by the new build.');
    } else if (outcome.kind === 'installed') {
      log(
        `Moved in the build prepared by \`npm start -- --build-only\` (${when(outcome.stamp.builtAt)}): ` +
          'serving it without building.',
      );
    } else if (outcome.kind === 'deploying') {
      const built = outcome.lastGood ? ` (built ${when(outcome.lastGood.builtAt)})` : '';
      log(
        `The deploy step (\`npm start -- --build-only\`, process ${outcome.pid}) is building: ` +
          `serving the last good build in dist/${built} now instead of waiting. Restart once it has finished.`,
      );
    } else if (outcome.kind === 'prepared') {
      log(
        'Built into dist.next/; the server still serves dist/. ' +
          'Restart it (e.g. `systemctl restart ringwise`) to serve the new build.',
      );
    } else {
      for (const problem of outcome.problems) error(`✖ ${problem}`);
      const built = outcome.lastGood ? ` (built ${when(outcome.lastGood.builtAt)})` : '';
      if (buildOnly) {
        error(
          `✖ The build failed: nothing was prepared, and the next start serves dist/ as it is${built}. ` +
            'Fix the above, then run it again.',
        );
        return 'fail';
      }
      error(
        `✖ The build failed, so the site was not updated: serving the last good build in dist/${built}. ` +
          'Fix the above, then restart.',
      );
    }
    return buildOnly ? 'done' : 'serve';
  } catch (problem) {
    if (!(problem instanceof NoGoodBuildError)) throw problem;
    for (const line of problem.problems) error(`✖ ${line}`);
    error(
      '✖ The server did not start: the build failed and dist/ holds no earlier good build to serve. ' +
        'Fix the above, then run `npm start` again.',
    );
    return 'fail';
  }
}

/**
 * `npm start`'s build step: builds only when the inputs changed, never in place, and never takes
 * the site down for a failed build.
 *
 * - The hash of the build's inputs (scripts/lib/build-inputs.ts) is stored with the build, in
 *   `dist/.build-inputs.json` (a dotfile: the server never serves it). Equal hash: nothing to do.
 * - Otherwise the build goes into a staging folder beside dist/ (`dist.staging-<pid>`) and
 *   replaces dist/ only when it succeeded; a failed build leaves dist/ as it was.
 * - Two starts in one checkout take turns (scripts/lib/build-lock.ts); the second, once it has
 *   the lock, finds the hash the first stored and builds nothing.
 * - A finished build (one with its build-manifest.json) is a good build: after a failure the
 *   caller serves it and says why it was not replaced.
 * - The deploy step (`npm start -- --build-only`) builds while the running server keeps serving
 *   dist/ untouched, and leaves the build beside it as `dist.next/`; the restart that follows
 *   finds it built from its inputs and moves it in (two renames) instead of building.
 * - A restart while the deploy step is still building (a crash, a reboot) does not wait for it:
 *   it serves the last good build at once and says so; the restart after the deploy moves it in.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { BUILD_MANIFEST_FILE } from '../../shared/build-manifest.ts';
import { lockHolder, withBuildLock, type LockHost } from './build-lock.ts';

/** The stamp's file name in dist/. */
export const STAMP_FILE = '.build-inputs.json';

/** What is stored with a build: the hash of its inputs and when it was made. */
export interface BuildStamp {
  hash: string;
  builtAt: string;
}

/** What a build attempt reports: success, or the problems (one sentence each, with file:line:column where known). */
export type BuildResult = { ok: true } | { ok: false; problems: string[] };

/** How {@link ensureBuild} ended. */
export type BuildOutcome =
  | { kind: 'unchanged'; stamp: BuildStamp }
  | { kind: 'built'; stamp: BuildStamp }
  /** A build prepared by the deploy step (dist.next/) was moved in. */
  | { kind: 'installed'; stamp: BuildStamp }
  /** `install: false`: the new build waits in dist.next/ for the next start. */
  | { kind: 'prepared'; stamp: BuildStamp }
  /** The deploy step (process `pid`) is building: dist/ is served as it is, without waiting. */
  | { kind: 'deploying'; pid: number; lastGood: BuildStamp | null }
  /** The build failed; dist/ still holds the last good build, served as it is. */
  | { kind: 'failed'; problems: string[]; lastGood: BuildStamp | null };

/** The build failed and there is no good build to serve. */
export class NoGoodBuildError extends Error {
  /** The build's problems, one sentence each. */
  readonly problems: string[];
  constructor(problems: string[]) {
    super('The build failed and dist/ holds no earlier good build to serve.');
    this.problems = problems;
  }
}

/** Options of {@link ensureBuild}. */
export interface EnsureBuildOptions {
  /** The served build folder (the checkout's dist/). */
  distDir: string;
  /** Hash of the current inputs. */
  hash: string;
  /** Build even when the hash matches (`npm start -- --rebuild`). */
  force: boolean;
  /**
   * Whether a new build replaces dist/ (`npm start`), or waits beside it in dist.next/ for the
   * next start (`npm start -- --build-only`, the deploy step, while the server keeps serving).
   * @default true
   */
  install?: boolean;
  /** Builds the site into `outDir` (an empty folder that does not exist yet). */
  build(outDir: string): Promise<BuildResult>;
  /** Progress lines. */
  log(line: string): void;
  /** The lock's process and time source (tests pass their own). */
  lockHost?: LockHost;
}

/** The stamp of the build in `distDir`, or null when it has none (or an unreadable one). */
export function readStamp(distDir: string): BuildStamp | null {
  try {
    const stamp = JSON.parse(readFileSync(join(distDir, STAMP_FILE), 'utf8')) as Partial<BuildStamp>;
    return typeof stamp.hash === 'string' && typeof stamp.builtAt === 'string'
      ? { hash: stamp.hash, builtAt: stamp.builtAt }
      : null;
  } catch {
    return null;
  }
}

/** Whether `distDir` holds a finished build (the manifest is the build's last file). */
export function hasGoodBuild(distDir: string): boolean {
  return existsSync(join(distDir, BUILD_MANIFEST_FILE));
}

/** Replaces `distDir` by `staging`: two renames, so dist/ is never a half-written folder. */
function swapIn(staging: string, distDir: string): void {
  const previous = join(dirname(distDir), `${basename(distDir)}.previous-${process.pid}`);
  rmSync(previous, { recursive: true, force: true });
  const hadOne = existsSync(distDir);
  if (hadOne) renameSync(distDir, previous);
  try {
    renameSync(staging, distDir);
  } catch (error) {
    if (hadOne) renameSync(previous, distDir);
    throw error;
  }
  rmSync(previous, { recursive: true, force: true });
}

/**
 * Makes dist/ a build of the current inputs when it can: see the module comment.
 * @throws NoGoodBuildError when the build failed and dist/ has no good build.
 */
export async function ensureBuild(options: EnsureBuildOptions): Promise<BuildOutcome> {
  const { distDir, hash, force, log } = options;
  const install = options.install ?? true;
  const next = join(dirname(distDir), `${basename(distDir)}.next`);
  const matching = (dir: string) => {
    const stamp = readStamp(dir);
    return !force && stamp?.hash === hash && hasGoodBuild(dir) ? stamp : null;
  };
  const before = matching(distDir);
  if (before) return { kind: 'unchanged', stamp: before };
  if (!install && matching(next)) return { kind: 'prepared', stamp: matching(next)! };

  const lockFile = join(dirname(distDir), `${basename(distDir)}.lock`);
  // The deploy's build takes minutes; a server restarted meanwhile serves what it has (not --rebuild).
  const holder = install && !force && hasGoodBuild(distDir) ? lockHolder(lockFile, options.lockHost) : null;
  if (holder?.purpose === 'deploy') return { kind: 'deploying', pid: holder.pid, lastGood: readStamp(distDir) };
  return withBuildLock(
    lockFile,
    async (): Promise<BuildOutcome> => {
      // Another start may have built these very inputs while this one waited.
      const meanwhile = matching(distDir);
      if (meanwhile) return { kind: 'unchanged', stamp: meanwhile };
      const prepared = matching(next);
      if (prepared && install) {
        swapIn(next, distDir);
        return { kind: 'installed', stamp: prepared };
      }
      if (prepared) return { kind: 'prepared', stamp: prepared };
      const staging = join(dirname(distDir), `${basename(distDir)}.staging-${process.pid}`);
      rmSync(staging, { recursive: true, force: true });
      let result: BuildResult;
      try {
        result = await options.build(staging);
        if (result.ok && !hasGoodBuild(staging))
          result = { ok: false, problems: [`The build finished without writing ${BUILD_MANIFEST_FILE}.`] };
      } catch (error) {
        result = { ok: false, problems: [(error as Error).message] };
      }
      if (!result.ok) {
        rmSync(staging, { recursive: true, force: true });
        if (!hasGoodBuild(distDir)) throw new NoGoodBuildError(result.problems);
        return { kind: 'failed', problems: result.problems, lastGood: readStamp(distDir) };
      }
      const stamp: BuildStamp = { hash, builtAt: new Date().toISOString() };
      writeFileSync(join(staging, STAMP_FILE), JSON.stringify(stamp) + '\n');
      if (!install) {
        rmSync(next, { recursive: true, force: true });
        renameSync(staging, next);
        return { kind: 'prepared', stamp };
      }
      swapIn(staging, distDir);
      // A build prepared earlier for other inputs is stale now.
      rmSync(next, { recursive: true, force: true });
      return { kind: 'built', stamp };
    },
    (pid) => log(`Another npm start (process ${pid}) is building this checkout; waiting for it, then using its build.`),
    options.lockHost,
    install ? 'start' : 'deploy',
  );
}

/**
 * `npm start`'s build step (scripts/lib/staged-build.ts) with a tiny fake build in place of Astro's
 * (what is under test is the caching, the staging and the lock, not the site): it builds only
 * when the inputs' hash changed, builds beside dist/ and swaps on success, keeps the last good
 * build after a failure, and two starts at once build once.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ensureBuild,
  NoGoodBuildError,
  readStamp,
  type BuildResult,
  type EnsureBuildOptions,
} from '../../../scripts/lib/staged-build.ts';
import { withBuildLock, type LockHost } from '../../../scripts/lib/build-lock.ts';

let root = '';
let dist = '';
let builds: string[] = [];
let lines: string[] = [];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'staged-build-'));
  dist = join(root, 'dist');
  builds = [];
  lines = [];
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A build that writes a page saying `version` and the manifest, as a finished Astro build does. */
function fakeBuild(version: string, fail?: string): (outDir: string) => Promise<BuildResult> {
  return async (outDir) => {
    builds.push(version);
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'index.html'), version);
    if (fail) return { ok: false, problems: [fail] };
    writeFileSync(join(outDir, 'build-manifest.json'), '{}');
    return { ok: true };
  };
}

const run = (hash: string, build: EnsureBuildOptions['build'], extra: Partial<EnsureBuildOptions> = {}) =>
  ensureBuild({ distDir: dist, hash, force: false, build, log: (line) => lines.push(line), ...extra });
const page = () => readFileSync(join(dist, 'index.html'), 'utf8');
/** Folders beside dist/ (staging or previous copies left behind would show here). */
const siblings = () => readdirSync(root).sort();

describe('build only what changed', () => {
  it('builds once, serves the same inputs without building, and builds again for new inputs or --rebuild', async () => {
    expect((await run('a', fakeBuild('v1'))).kind).toBe('built');
    expect(readStamp(dist)?.hash, 'the hash is stored with the build').toBe('a');
    expect((await run('a', fakeBuild('v2'))).kind, 'same inputs').toBe('unchanged');
    expect(page()).toBe('v1');
    expect((await run('b', fakeBuild('v3'))).kind, 'changed inputs').toBe('built');
    expect((await run('b', fakeBuild('v4'), { force: true })).kind, '--rebuild').toBe('built');
    expect([builds, page()]).toEqual([['v1', 'v3', 'v4'], 'v4']);
    expect(siblings(), 'no staging or previous folder left').toEqual(['dist']);
  });

  it('a dist/ without a stamp (built by `npm run build`) is rebuilt, not trusted', async () => {
    mkdirSync(dist);
    writeFileSync(join(dist, 'build-manifest.json'), '{}');
    expect((await run('a', fakeBuild('v1'))).kind).toBe('built');
  });
});

describe('atomic builds', () => {
  it('builds into a staging folder: dist/ is the old build until the new one has finished', async () => {
    await run('a', fakeBuild('v1'));
    let seenDuring = '';
    await run('b', async (outDir) => {
      expect(outDir, 'not dist/ itself').not.toBe(dist);
      await fakeBuild('v2')(outDir);
      seenDuring = page();
      return { ok: true };
    });
    expect([seenDuring, page()]).toEqual(['v1', 'v2']);
  });

  it('a failed build keeps the last good build and reports its problems', async () => {
    await run('a', fakeBuild('v1'));
    const outcome = await run('b', fakeBuild('v2', 'content/guides/x.md:2:22: bad.'));
    expect(outcome).toEqual({
      kind: 'failed',
      problems: ['content/guides/x.md:2:22: bad.'],
      lastGood: readStamp(dist),
    });
    expect([page(), readStamp(dist)?.hash, siblings()], 'dist/ untouched, staging removed').toEqual([
      'v1',
      'a',
      ['dist'],
    ]);
    // The next start tries again (the stamp still names the old inputs).
    expect((await run('b', fakeBuild('v3'))).kind).toBe('built');
  });

  it('a build that throws, or ends without its manifest, is a failure too', async () => {
    await run('a', fakeBuild('v1'));
    const threw = await run('b', async () => {
      throw new Error('astro exited 1');
    });
    expect(threw).toMatchObject({ kind: 'failed', problems: ['astro exited 1'] });
    const partial = await run('b', async (outDir) => {
      mkdirSync(outDir);
      writeFileSync(join(outDir, 'index.html'), 'half');
      return { ok: true };
    });
    expect(partial).toMatchObject({
      kind: 'failed',
      problems: ['The build finished without writing build-manifest.json.'],
    });
    expect(page()).toBe('v1');
  });

  it('with no good build to fall back on, a failure throws (npm start then exits non-zero)', async () => {
    const failure = run('a', fakeBuild('v1', 'site/pages/index.astro:3:1: Unexpected token.'));
    await expect(failure).rejects.toBeInstanceOf(NoGoodBuildError);
    await expect(failure).rejects.toMatchObject({ problems: ['site/pages/index.astro:3:1: Unexpected token.'] });
    expect(siblings(), 'nothing left behind').toEqual([]);
  });
});

describe('two starts in one checkout', () => {
  /** Waits by yielding to the event loop (no clock), so the test is steps, not time. */
  const host: LockHost = { isAlive: () => true, wait: () => new Promise((done) => setImmediate(done)) };

  /** A build of `version` that holds on (keeping the lock) until the test calls `release`. */
  function heldBuild(version: string) {
    let release!: () => void;
    const gate = new Promise<void>((done) => (release = done));
    const build = async (outDir: string) => {
      await gate;
      return fakeBuild(version)(outDir);
    };
    return { build, release: () => release() };
  }

  it('build once: the second waits for the lock, then finds the first one’s build', async () => {
    const held = heldBuild('first');
    const first = run('a', held.build, { lockHost: host });
    // The first holds the lock once its build has started.
    while (builds.length === 0 && !existsSync(join(root, 'dist.lock'))) await new Promise((done) => setImmediate(done));
    const second = run('a', fakeBuild('second'), { lockHost: host });
    for (let i = 0; i < 20; i++) await new Promise((done) => setImmediate(done));
    expect(lines, 'the second says whom it waits for').toEqual([
      expect.stringMatching(/^Another npm start \(process \d+\) is building this checkout; waiting/),
    ]);
    held.release();
    expect([(await first).kind, (await second).kind]).toEqual(['built', 'unchanged']);
    expect([builds, page(), siblings()]).toEqual([['first'], 'first', ['dist']]);
  });

  it('a restart while the deploy step builds serves the last good build at once, and moves the new one in after', async () => {
    await run('a', fakeBuild('v1'));
    const held = heldBuild('v2');
    const deploy = run('b', held.build, { lockHost: host, install: false });
    while (!existsSync(join(root, 'dist.lock'))) await new Promise((done) => setImmediate(done));
    const restart = await run('b', fakeBuild('restart'), { lockHost: host });
    expect(restart).toMatchObject({ kind: 'deploying', pid: process.pid, lastGood: { hash: 'a' } });
    expect([builds, page(), lines], 'no build, no wait: v1 is served').toEqual([['v1'], 'v1', []]);
    held.release();
    expect((await deploy).kind).toBe('prepared');
    expect((await run('b', fakeBuild('never'), { lockHost: host })).kind, 'the next restart').toBe('installed');
    expect([builds, page()]).toEqual([['v1', 'v2'], 'v2']);
  });

  it('a start holding the lock still makes a restart wait (it is about to serve that build)', async () => {
    await run('a', fakeBuild('v1'));
    writeFileSync(join(root, 'dist.lock'), JSON.stringify({ pid: 4242, token: 't', purpose: 'start' }));
    let alive = true;
    const ending: LockHost = { isAlive: () => alive, wait: () => new Promise((done) => setImmediate(done)) };
    const restart = run('b', fakeBuild('v2'), { lockHost: ending });
    for (let i = 0; i < 10; i++) await new Promise((done) => setImmediate(done));
    expect(lines, 'it waits').toEqual([expect.stringMatching(/^Another npm start \(process 4242\)/)]);
    alive = false;
    expect((await restart).kind).toBe('built');
  });

  it('a lock left by a process that no longer runs is taken over', async () => {
    writeFileSync(join(root, 'dist.lock'), JSON.stringify({ pid: 999_999_999, token: 'gone' }));
    const gone: LockHost = { isAlive: (pid) => pid !== 999_999_999, wait: host.wait };
    expect((await run('a', fakeBuild('v1'), { lockHost: gone })).kind).toBe('built');
    expect([lines, existsSync(join(root, 'dist.lock'))], 'no wait, lock released').toEqual([[], false]);
  });

  it('the lock is released when the work throws', async () => {
    const lock = join(root, 'x.lock');
    await expect(
      withBuildLock(
        lock,
        async () => Promise.reject(new Error('boom')),
        () => {},
        host,
      ),
    ).rejects.toThrow('boom');
    expect(existsSync(lock)).toBe(false);
  });
});

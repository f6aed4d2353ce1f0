/**
 * Builds of the site in a temporary copy of the project, for specs that change its content (a new
 * guide, a broken one, a few hundred generated ones): the copy's node_modules entries are symlinks,
 * so dist/ and Astro's caches of the working tree are never touched. Also serves such a build.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStaticHandler } from '../../server/static.ts';

/** The repository's root. */
export const ROOT = join(import.meta.dirname, '..', '..');

/** Copies what a site build reads into a fresh directory named `prefix…`; node_modules entries are symlinked. */
export function copyProject(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of ['site', 'content', 'public', 'shared', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
    cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  }
  // The site may import the widget workspace by path.
  symlinkSync(join(ROOT, 'widget'), join(dir, 'widget'), 'dir');
  // Link each package, but keep node_modules/.astro and .vite (Astro's and Vite's caches) private.
  mkdirSync(join(dir, 'node_modules'));
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === '.astro' || entry === '.vite') continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(dir, 'node_modules', entry));
  }
  return dir;
}

/** Runs `astro build` in the copy `project` into `outDir` for `siteUrl`; returns exit status and combined output. */
export function buildCopy(
  project: string,
  outDir: string,
  siteUrl: string,
  env: Record<string, string> = {},
): { status: number | null; output: string } {
  const result = spawnSync(
    process.execPath,
    [join(project, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--outDir', outDir],
    {
      cwd: project,
      encoding: 'utf8',
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        PUBLIC_SITE_URL: siteUrl,
        NO_COLOR: '1',
        FORCE_COLOR: '0',
        ...env,
      },
    },
  );
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/** Serves the built folder `dir` on a free loopback port while `use` runs, with the site's own static handler. */
export async function serveBuild<T>(dir: string, use: (base: string) => Promise<T>): Promise<T> {
  const server = createServer((req, res) => void createStaticHandler(dir)(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

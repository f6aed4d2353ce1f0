/**
 * What a build of the site depends on, hashed: `npm start` builds only when this hash differs from
 * the one stored with dist/ (scripts/lib/staged-build.ts), so a restart of an unchanged checkout
 * serves at once. The inputs are every file the build reads (the site's sources, the content, the
 * public files, the shared modules, the widget's sources and build script, the build's
 * configuration files and the lockfile), the variables the build bakes into the pages (every
 * `PUBLIC_*` one, which Vite exposes to the pages as import.meta.env, and BASE_PATH), and the Node
 * version. Server-only variables (PORT, DATABASE_URL, …) are read at run time and change nothing.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../../shared/config.ts';

/** Folders the build reads, below the checkout's root. */
export const BUILD_INPUT_DIRS = ['site', 'content', 'public', 'shared', 'widget'] as const;

/** Files at the checkout's root the build reads (its configuration and the exact packages). */
export const BUILD_INPUT_FILES = ['astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'] as const;

/** Folders never read as inputs: packages (the lockfile stands for them) and build outputs. */
const SKIPPED = new Set(['node_modules', 'dist', '.astro']);

/** Bump when what is hashed changes, so a stored hash of the old kind never matches. */
const FORMAT = 'ringwise-build-inputs/1';

/** Whether the build bakes `name` into the output: Astro's public prefix, and the base path. */
export function isBuildTimeVariable(name: string): boolean {
  return name.startsWith('PUBLIC_') || name === 'BASE_PATH';
}

/** The build-time variables of `env` that are set (blank counts as unset, as the build reads them). */
export function buildTimeConfig(env: Env): Record<string, string> {
  const config: Record<string, string> = {};
  for (const name of Object.keys(env).filter(isBuildTimeVariable).sort()) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') config[name] = value;
  }
  return config;
}

/** Every file below `dir` (relative to `root`, `/`-separated), skipping {@link SKIPPED} folders. */
function filesBelow(root: string, dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : filesBelow(root, path);
    return entry.isFile() || entry.isSymbolicLink() ? [path] : [];
  });
}

/** The input files of the checkout at `root`, sorted. */
export function buildInputFiles(root: string): string[] {
  return [...BUILD_INPUT_DIRS.flatMap((dir) => filesBelow(root, dir)), ...BUILD_INPUT_FILES].sort();
}

/** sha256 (hex) of the build's inputs in the checkout at `root` with configuration `env`. */
export function buildInputsHash(root: string, env: Env, nodeVersion: string = process.version): string {
  const hash = createHash('sha256').update(`${FORMAT}\nnode ${nodeVersion}\n`);
  for (const file of buildInputFiles(root)) {
    let content: Buffer | null;
    try {
      content = readFileSync(join(root, file));
    } catch {
      content = null; // A missing root file (no lockfile yet) hashes as missing, not as empty.
    }
    hash.update(`${file}\0${content ? createHash('sha256').update(content).digest('hex') : '-'}\n`);
  }
  for (const [name, value] of Object.entries(buildTimeConfig(env)))
    hash.update(`env ${name}=${JSON.stringify(value)}\n`);
  return hash.digest('hex');
}

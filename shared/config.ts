/**
 * The one configuration reader of the build (astro.config.mjs), the server (server/index.ts) and
 * the command-line tools (`npm run submissions`): the variables of `.env` in the checkout, then the
 * process environment on top (a variable set in the environment wins over `.env`, even when it is
 * empty). Every default the parts share (the port, the host, the site URL, the data folder) is
 * written here and nowhere else.
 */
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

/** The checkout's root folder (where package.json and `.env` are). */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The file the configuration is read from, in the checkout's root. */
export const ENV_FILE = '.env';

/** `npm start`'s port when PORT is unset. */
export const DEFAULT_PORT = 4321;

/** `npm start`'s host when HOST is unset (loopback: a reverse proxy or your browser in front). */
export const DEFAULT_HOST = 'localhost';

/** The site's public URL when PUBLIC_SITE_URL is unset: `npm start` on this machine. */
export const DEFAULT_SITE_URL = `http://localhost:${DEFAULT_PORT}`;

/** The data folder's name below a checkout, used by a normal user (and by earlier versions as root). */
export const CHECKOUT_DATA_DIR = '.data/postgres';

/** Where root keeps the data folders of its checkouts (reachable by PostgreSQL's system user). */
export const ROOT_DATA_PARENT = '/var/lib/ringwise';

/** Variables by name; a missing name is unset. */
export type Env = Readonly<Record<string, string | undefined>>;

/** The variables of `.env` in `root` ({} when there is none). Throws one sentence when it cannot be read. */
export function readEnvFile(root: string = PROJECT_ROOT): Record<string, string> {
  const file = join(root, ENV_FILE);
  if (!existsSync(file)) return {};
  try {
    return parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch (error) {
    throw new Error(`${file} cannot be read (${(error as Error).message}): fix it or remove it.`, { cause: error });
  }
}

/** The configuration's variables: `.env`, then the environment on top. */
export function loadEnv(root: string = PROJECT_ROOT, environment: Env = process.env): Env {
  const merged: Record<string, string | undefined> = { ...readEnvFile(root) };
  for (const [name, value] of Object.entries(environment)) if (value !== undefined) merged[name] = value;
  return merged;
}

/**
 * Copies the variables of `.env` that the environment does not set into `environment` (the
 * build's process.env, so Vite's `import.meta.env` and every integration see the same values as
 * the server). Returns their names.
 */
export function applyEnvFile(
  root: string = PROJECT_ROOT,
  environment: Record<string, string | undefined> = process.env,
): string[] {
  const applied: string[] = [];
  for (const [name, value] of Object.entries(readEnvFile(root))) {
    if (environment[name] !== undefined) continue;
    environment[name] = value;
    applied.push(name);
  }
  return applied;
}

/** Trimmed value of `name`, or undefined when unset or blank. */
export function envValue(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** A TCP port from `name` (PORT, E2E_PORT, …), or `fallback` when unset. Throws one sentence when it is not one. */
export function portFrom(env: Env, name = 'PORT', fallback = DEFAULT_PORT): number {
  const raw = envValue(env, name);
  if (raw === undefined) return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535)
    throw new Error(`${name} must be a port number from 1 to 65535, not ${JSON.stringify(raw)}.`);
  return port;
}

/** The host the server listens on (HOST). */
export function hostFrom(env: Env): string {
  return envValue(env, 'HOST') ?? DEFAULT_HOST;
}

/**
 * The site's public URL (PUBLIC_SITE_URL): an http(s) origin, written without a path (a sub-path
 * is BASE_PATH). Throws one sentence for anything else.
 */
export function siteUrlFrom(env: Env): string {
  const raw = envValue(env, 'PUBLIC_SITE_URL') ?? DEFAULT_SITE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_SITE_URL: ${JSON.stringify(raw)} is not a URL (write it like https://www.example.com).`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  ) {
    throw new Error(`PUBLIC_SITE_URL: ${JSON.stringify(raw)} must be an http(s) origin like https://www.example.com.`);
  }
  if (url.pathname !== '/') {
    throw new Error(
      `PUBLIC_SITE_URL: ${JSON.stringify(raw)} has a path; write the origin (${url.origin}) and the path as BASE_PATH=${url.pathname.replace(/\/$/, '')}.`,
    );
  }
  return url.origin;
}

/**
 * The sub-path the site is served under (BASE_PATH, Astro's `base`): `/` by default, else
 * `/segment[/segment…]` without a trailing slash. Throws one sentence for anything else.
 */
export function basePathFrom(env: Env): string {
  const raw = envValue(env, 'BASE_PATH');
  if (raw === undefined || raw === '/') return '/';
  const path = '/' + raw.replace(/^\/+|\/+$/g, '');
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(path) || path.split('/').some((s) => s === '.' || s === '..')) {
    throw new Error(`BASE_PATH: ${JSON.stringify(raw)} is not a URL path (write it like /voice or /tools/voice).`);
  }
  return path;
}

/** Where the data folder came from, for the line the server prints at start. */
export type DataDirSource = 'DATA_DIR' | 'checkout' | 'root-default' | 'user-default';

/** The embedded database's data folder and why it is that one. */
export interface DataDirChoice {
  /** Absolute path. */
  path: string;
  source: DataDirSource;
  /** One sentence for the start-up line: why this folder. */
  reason: string;
}

/** Facts about this process {@link dataDirFrom} decides by (injectable for tests). */
export interface DataDirHost {
  isRoot: boolean;
  home: string;
}

function currentHost(): DataDirHost {
  return { isRoot: process.getuid?.() === 0, home: homedir() };
}

/** A folder name for the checkout at `root`: its name and a short hash of its real path (two checkouts never share one). */
export function checkoutSlug(root: string): string {
  let real = resolve(root);
  try {
    real = realpathSync(real);
  } catch {
    // A checkout that does not exist yet (tests): its name is enough.
  }
  const name =
    basename(real)
      .replace(/[^A-Za-z0-9._-]/g, '-')
      .replace(/^[.-]+/, '') || 'checkout';
  return `${name}-${createHash('sha256').update(real).digest('hex').slice(0, 8)}`;
}

function hasEntries(folder: string): boolean {
  try {
    return readdirSync(folder).length > 0;
  } catch {
    return false;
  }
}

function writable(folder: string): boolean {
  try {
    accessSync(folder, constants.W_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The embedded database's data folder: DATA_DIR when set (relative to the checkout); else the
 * checkout's `.data/postgres` when it already holds data (nothing moves under an existing install);
 * else, as root, `/var/lib/ringwise/<checkout>-<hash>/postgres` — PostgreSQL runs as an unprivileged
 * system user, which cannot enter a checkout in a 0700 home such as /root, so its folder lives
 * where that user can reach it, without loosening the home's permissions; else (a normal user, as
 * whom PostgreSQL runs too) `.data/postgres` in the checkout, or, when the checkout is not writable,
 * `~/.local/state/ringwise/<checkout>-<hash>/postgres`.
 */
export function dataDirFrom(env: Env, root: string = PROJECT_ROOT, host: DataDirHost = currentHost()): DataDirChoice {
  const configured = envValue(env, 'DATA_DIR');
  if (configured) {
    return {
      path: isAbsolute(configured) ? resolve(configured) : resolve(root, configured),
      source: 'DATA_DIR',
      reason: 'set by DATA_DIR',
    };
  }
  const inCheckout = resolve(root, CHECKOUT_DATA_DIR);
  if (hasEntries(inCheckout))
    return { path: inCheckout, source: 'checkout', reason: 'the checkout’s data folder (it already holds data)' };
  if (host.isRoot) {
    return {
      path: join(ROOT_DATA_PARENT, checkoutSlug(root), 'postgres'),
      source: 'root-default',
      reason:
        'the default as root: outside the checkout, where PostgreSQL’s system user can reach it; DATA_DIR overrides it',
    };
  }
  if (writable(root))
    return {
      path: inCheckout,
      source: 'checkout',
      reason: 'the default: in the checkout (gitignored); DATA_DIR overrides it',
    };
  const state = envValue(env, 'XDG_STATE_HOME') ?? join(host.home, '.local', 'state');
  return {
    path: join(state, 'ringwise', checkoutSlug(root), 'postgres'),
    source: 'user-default',
    reason: 'the default when the checkout is not writable; DATA_DIR overrides it',
  };
}

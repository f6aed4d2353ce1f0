/**
 * Which operating-system user runs PostgreSQL. PostgreSQL refuses to run as root, so when the
 * server runs as root (CI, containers) the cluster runs as an unprivileged system user instead:
 * `POSTGRES_OS_USER` (default `postgres`), created with `useradd --system` when it does not exist
 * yet. As any other user, PostgreSQL simply runs as that same user.
 */
import { execFileSync, spawnSync } from 'node:child_process';

/** The system user the cluster runs as when the server runs as root. @default 'postgres' */
export const DEFAULT_POSTGRES_OS_USER = 'postgres';

/** A user to switch to for PostgreSQL's processes. */
export interface RunAs {
  name: string;
  uid: number;
  gid: number;
}

function idOf(name: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(
      execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    );
    const gid = Number(
      execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    );
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

/** True when this process runs as root (never on Windows, which has no uid). */
export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/** Whether `runAs` can run the program (`--version`); the reason when not. */
export function canRun(program: string, runAs: RunAs): { ok: true } | { ok: false; reason: string } {
  const probe = spawnSync(program, ['--version'], { uid: runAs.uid, gid: runAs.gid, encoding: 'utf8' });
  return probe.error || probe.status !== 0
    ? { ok: false, reason: probe.error?.message ?? probe.stderr.trim() }
    : { ok: true };
}

/**
 * The user PostgreSQL's processes must switch to: null when this process is not root (they run as
 * this user). As root: the configured system user, created when missing (one line says so).
 */
export function postgresRunAs(log: (line: string) => void = console.log): RunAs | null {
  if (!isRoot()) return null;
  const name = process.env.POSTGRES_OS_USER?.trim() || DEFAULT_POSTGRES_OS_USER;
  if (!/^[a-z_][a-z0-9_-]*$/i.test(name))
    throw new Error(`POSTGRES_OS_USER must be a user name, not ${JSON.stringify(name)}.`);
  let ids = idOf(name);
  if (!ids) {
    try {
      execFileSync(
        'useradd',
        [
          '--system',
          '--user-group',
          '--no-create-home',
          '--home-dir',
          '/nonexistent',
          '--shell',
          '/usr/sbin/nologin',
          name,
        ],
        {
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
    } catch (error) {
      throw new Error(
        `PostgreSQL refuses to run as root and the system user ${name} does not exist; creating it with useradd failed ` +
          `(${(error as Error).message.trim()}): create it yourself, set POSTGRES_OS_USER to an existing user, or run as a non-root user.`,
      );
    }
    ids = idOf(name);
    if (!ids) throw new Error(`Created the system user ${name}, but \`id ${name}\` does not find it.`);
    log(`Created the system user ${name} to run PostgreSQL (PostgreSQL refuses to run as root).`);
  }
  if (ids.uid === 0)
    throw new Error(
      `POSTGRES_OS_USER (${name}) is root, and PostgreSQL refuses to run as root: choose an unprivileged user.`,
    );
  return { name, ...ids };
}

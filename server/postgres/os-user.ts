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
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

/** True when this process runs as root (never on Windows, which has no uid). */
export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/**
 * The user PostgreSQL's processes must switch to: null when this process is not root (they run as
 * this user). As root: the configured system user, created when missing (one line says so), and
 * checked to be able to run `postgresBin`, because that fails in a way PostgreSQL reports badly
 * (a checkout under /root, mode 0700, is the usual cause).
 */
export function postgresRunAs(postgresBin: string, log: (line: string) => void = console.log): RunAs | null {
  if (!isRoot()) return null;
  const name = process.env.POSTGRES_OS_USER?.trim() || DEFAULT_POSTGRES_OS_USER;
  if (!/^[a-z_][a-z0-9_-]*$/i.test(name)) throw new Error(`POSTGRES_OS_USER must be a user name, not ${JSON.stringify(name)}.`);
  let ids = idOf(name);
  if (!ids) {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', name], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
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
  if (ids.uid === 0) throw new Error(`POSTGRES_OS_USER (${name}) is root, and PostgreSQL refuses to run as root: choose an unprivileged user.`);
  const probe = spawnSync(postgresBin, ['--version'], { uid: ids.uid, gid: ids.gid, encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `PostgreSQL runs as the system user ${name} (it refuses to run as root), and ${name} cannot run ${postgresBin} ` +
        `(${probe.error?.message ?? probe.stderr.trim()}): put the checkout where ${name} can read it (not under a 0700 folder such as /root), or run as a non-root user.`,
    );
  }
  return { name, ...ids };
}

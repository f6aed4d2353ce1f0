/**
 * Whether the process a `postmaster.pid` names is really the PostgreSQL of that data folder.
 * After a reboot or a container restart the pid in a stale lock file may belong to any other
 * process (PID reuse); "is it alive?" alone then keeps the folder locked for ever, and advice to
 * `kill -INT <pid>` would stop an unrelated program. The process is asked what it is: its command
 * line (a `postgres`, not another program), its working directory (a postmaster changes into
 * its data folder), else its `-D` argument or PGDATA, from /proc on Linux and `ps` elsewhere. A process we
 * cannot inspect counts as a postmaster of the folder (the safe side: wait, never delete).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { rename, unlink, link, readFile } from 'node:fs/promises';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { isAlive, readPostmasterLock } from './data-dir.ts';

/** What a process is, as far as it can be read: its arguments, working directory and PGDATA. */
export interface ProcessFacts {
  argv: string[] | null;
  cwd: string | null;
  pgdata: string | null;
}

function readOrNull<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/** The facts of a live process `pid` (each null when the system does not tell). */
export function processFacts(pid: number): ProcessFacts {
  if (process.platform === 'linux') {
    const argv = readOrNull(() => readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').filter(Boolean));
    const cwd = readOrNull(() => readlinkSync(`/proc/${pid}/cwd`));
    const environ = readOrNull(() => readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0'));
    const pgdata = environ?.find((entry) => entry.startsWith('PGDATA='))?.slice('PGDATA='.length) ?? null;
    return { argv, cwd, pgdata };
  }
  // Elsewhere `ps` gives the command line, split on spaces (a data folder path with spaces then
  // does not match, which makes the process count as unknown below, never as foreign).
  const command = readOrNull(() =>
    execFileSync('ps', ['-p', String(pid), '-o', 'command='], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim(),
  );
  return { argv: command ? command.split(/\s+/) : null, cwd: null, pgdata: null };
}

/**
 * Whether `facts` describe a postmaster of `clusterDir`: 'yes', 'no' (another program, or a
 * PostgreSQL of another folder), or 'unknown' when nothing could be read.
 */
export function postmasterVerdict(facts: ProcessFacts, clusterDir: string): 'yes' | 'no' | 'unknown' {
  const target = resolve(clusterDir);
  const same = (path: string) => (resolve(path) === target ? 'yes' : 'no');
  // A postmaster keeps its command line; its children rewrite theirs to "postgres: …".
  const program = facts.argv?.[0] === undefined ? null : basename(facts.argv[0]);
  if (program !== null && program !== 'postgres' && program !== 'postmaster') return 'no';
  // A postmaster changes into its data folder: the surest sign.
  if (facts.cwd) return same(facts.cwd);
  if (!facts.argv) return 'unknown';
  const d = facts.argv.indexOf('-D');
  const dataArg =
    d >= 0 ? facts.argv[d + 1] : facts.argv.find((a) => a.startsWith('--pgdata='))?.slice('--pgdata='.length);
  if (dataArg && isAbsolute(dataArg)) return same(dataArg);
  if (!dataArg && facts.pgdata && isAbsolute(facts.pgdata)) return same(facts.pgdata);
  return 'unknown';
}

/** Whether `pid` is alive and (as far as can be told) a postmaster of `clusterDir`. */
export function isPostmasterOf(pid: number, clusterDir: string): boolean {
  if (!isAlive(pid)) return false;
  return postmasterVerdict(processFacts(pid), clusterDir) !== 'no';
}

/** A short description of a process for log lines: its command, else "pid N". */
function describe(pid: number): string {
  const argv = processFacts(pid).argv;
  return argv && argv.length > 0 ? `pid ${pid}, now \`${argv.join(' ').slice(0, 80)}\`` : `pid ${pid}`;
}

/**
 * Removes `postmaster.pid` when it names no PostgreSQL of this folder (its process is gone or is
 * something else), so PostgreSQL, which checks only that the pid is alive, starts instead of
 * refusing. The file is moved aside and re-read first: if a PostgreSQL starting at that moment
 * wrote its own, it is put back. Returns a line for the log when a file was removed.
 */
export async function removeStaleLock(clusterDir: string): Promise<string | null> {
  const lock = await readPostmasterLock(clusterDir);
  if (!lock || isPostmasterOf(lock.pid, clusterDir)) return null;
  const alive = isAlive(lock.pid);
  if (!alive) return null; // PostgreSQL itself removes a lock whose process is gone.
  const file = join(clusterDir, 'postmaster.pid');
  const aside = `${file}.stale-${process.pid}`;
  try {
    await rename(file, aside);
  } catch {
    return null; // gone meanwhile
  }
  const moved = await readFile(aside, 'utf8').catch(() => '');
  if (Number(moved.split('\n')[0]) !== lock.pid) {
    await link(aside, file).catch(() => {});
    await unlink(aside).catch(() => {});
    return null;
  }
  await unlink(aside);
  return `Removed a stale ${file}: it names ${describe(lock.pid)}, which is not a PostgreSQL of this data folder (the pid was reused after its PostgreSQL stopped).`;
}

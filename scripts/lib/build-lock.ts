/**
 * One build at a time per checkout: `npm start`s started at once (two ports, a crash loop and a
 * deploy) take turns through a lock file created exclusively (O_EXCL) that holds the builder's
 * process id. A lock whose process no longer runs (a build killed half-way) is taken over; the
 * waiting start says once whom it waits for. The lock also says what the build is for, so a
 * restart can see that the deploy step holds it and serve the last good build instead of waiting.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Why a build holds the lock: a start that will serve it, or the deploy step (`--build-only`). */
export type LockPurpose = 'start' | 'deploy';

/** What the lock file holds: the holder's pid, a token only it knows, and what it builds for. */
interface LockContent {
  pid: number;
  token: string;
  /** Missing in a lock written before this field existed: a start. */
  purpose?: LockPurpose;
}

/** How the lock looks at processes and time (the real ones by default). */
export interface LockHost {
  /** Whether process `pid` still runs. */
  isAlive(pid: number): boolean;
  /** Waits between two attempts. */
  wait(): Promise<void>;
}

/** A lock file left empty this long (a holder killed between creating and writing it) is stale. */
const EMPTY_STALE_MS = 10_000;

const realHost: LockHost = {
  isAlive(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: it runs, as another user.
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
  wait: () => sleep(200),
};

function readLock(file: string): LockContent | null | 'empty' {
  try {
    const text = readFileSync(file, 'utf8');
    if (text.trim() === '') return 'empty';
    const parsed = JSON.parse(text) as Partial<LockContent>;
    if (typeof parsed.pid !== 'number' || typeof parsed.token !== 'string') return 'empty';
    return { pid: parsed.pid, token: parsed.token, purpose: parsed.purpose === 'deploy' ? 'deploy' : 'start' };
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : 'empty';
  }
}

/** Takes the lock or returns false when another live process holds it (a stale lock is removed first). */
function tryTake(
  file: string,
  mine: LockContent,
  host: LockHost,
): { taken: true } | { taken: false; holder: number | null } {
  try {
    const fd = openSync(file, 'wx', 0o644);
    try {
      writeSync(fd, JSON.stringify(mine));
    } finally {
      closeSync(fd);
    }
    return { taken: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const held = readLock(file);
  if (held === null) return { taken: false, holder: null }; // Released meanwhile: try again at once.
  if (held === 'empty') {
    let age = 0;
    try {
      age = Date.now() - statSync(file).mtimeMs;
    } catch {
      return { taken: false, holder: null };
    }
    if (age > EMPTY_STALE_MS) unlinkSync(file);
    return { taken: false, holder: null };
  }
  if (!host.isAlive(held.pid)) {
    // Its builder is gone: remove it, unless another start has replaced it meanwhile.
    const again = readLock(file);
    if (again !== null && again !== 'empty' && again.token === held.token) unlinkSync(file);
    return { taken: false, holder: null };
  }
  return { taken: false, holder: held.pid };
}

/** The live process holding the lock `file` and what it builds for, or null when none does. */
export function lockHolder(file: string, host: LockHost = realHost): { pid: number; purpose: LockPurpose } | null {
  const held = readLock(file);
  if (held === null || held === 'empty' || !host.isAlive(held.pid)) return null;
  return { pid: held.pid, purpose: held.purpose ?? 'start' };
}

/**
 * Runs `work` holding the lock `file`; waits while another live process holds it (calling
 * `onWait(pid)` once). The lock is released when `work` settles, whatever it does.
 */
export async function withBuildLock<T>(
  file: string,
  work: () => Promise<T>,
  onWait: (pid: number) => void,
  host: LockHost = realHost,
  purpose: LockPurpose = 'start',
): Promise<T> {
  const mine: LockContent = { pid: process.pid, token: randomUUID(), purpose };
  let told = false;
  for (;;) {
    const attempt = tryTake(file, mine, host);
    if (attempt.taken) break;
    if (attempt.holder !== null && !told) {
      onWait(attempt.holder);
      told = true;
    }
    await host.wait();
  }
  try {
    return await work();
  } finally {
    const held = readLock(file);
    if (held !== null && held !== 'empty' && held.token === mine.token) unlinkSync(file);
  }
}

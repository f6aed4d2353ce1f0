/**
 * Who may take a data folder: the state its lock describes (free, or a running PostgreSQL and
 * its owner), and the wait for a previous owner's PostgreSQL to stop, which refuses with one
 * sentence ({@link DataDirInUseError}) when a live server holds the folder. A lock whose pid is
 * gone, or now names another program (PID reuse), counts as free.
 */
import {
  dataDirLayout,
  isAlive,
  readOwner,
  readPostmasterLock,
  type DataDirLayout,
  type OwnerRecord,
} from './data-dir.ts';
import { DataDirInUseError } from './data-dir-in-use-error.ts';
import { isPostmasterOf } from './postmaster-process.ts';

/** How long to wait for a previous owner's PostgreSQL to stop, or a starting one to get an owner. */
export const HANDOVER_WAIT_MS = 60_000;

/** What a data folder's lock says. */
export type DataDirState =
  | { state: 'free' }
  | {
      state: 'running';
      postmasterPid: number;
      port: number;
      /** PostgreSQL's own status line: starting, ready, stopping. */
      status: string;
      /** The owner record of this postmaster; null while a starting process has not written it. */
      owner: (OwnerRecord & { alive: boolean }) | null;
    };

/** Reads the lock of a data folder without changing anything. */
export async function inspectDataDir(dataDir: string): Promise<DataDirState> {
  const layout = dataDirLayout(dataDir);
  const lock = await readPostmasterLock(layout.cluster);
  // A pid that is gone, or now belongs to another program (PID reuse), is a stale lock.
  if (!lock || !isPostmasterOf(lock.pid, layout.cluster)) return { state: 'free' };
  const record = await readOwner(layout);
  const owner = record && record.postmasterPid === lock.pid ? { ...record, alive: isAlive(record.pid) } : null;
  return { state: 'running', postmasterPid: lock.pid, port: lock.port, status: lock.status, owner };
}

function inUseMessage(layout: DataDirLayout, owner: OwnerRecord): string {
  const who =
    owner.kind === 'server' ? `another server (pid ${owner.pid})` : `\`npm run submissions\` (pid ${owner.pid})`;
  return `The data folder ${layout.root} is in use by ${who}: stop it, or set DATA_DIR to another folder.`;
}

/** What a start waits for, in words: a reading CLI, a stopping server, or an ownerless PostgreSQL. */
export function waitingMessage(postmasterPid: number, owner: (OwnerRecord & { alive: boolean }) | null): string {
  if (owner?.alive && owner.kind === 'reader')
    return `Waiting for \`npm run submissions\` (pid ${owner.pid}) to finish reading the data folder…`;
  if (owner?.alive) return `Waiting for the server that is stopping (pid ${owner.pid}) to release the data folder…`;
  return `Waiting for the PostgreSQL of a previous run (pid ${postmasterPid}) to stop…`;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Waits until nobody runs PostgreSQL on the folder, or throws {@link DataDirInUseError} when a
 * live server owns it. A PostgreSQL that is stopping, whose owner died (its keeper is stopping
 * it), that is still starting without an owner record, or that `npm run submissions` started for
 * a read (it stops when the read ends), is waited for, up to {@link HANDOVER_WAIT_MS}.
 */
export async function waitUntilFree(dataDir: string, log: (line: string) => void = () => {}): Promise<void> {
  const layout = dataDirLayout(dataDir);
  const deadline = Date.now() + HANDOVER_WAIT_MS;
  let said = false;
  for (;;) {
    const state = await inspectDataDir(dataDir);
    if (state.state === 'free') return;
    const owner = state.owner;
    if (owner?.alive && owner.kind === 'server' && state.status !== 'stopping')
      throw new DataDirInUseError(inUseMessage(layout, owner), owner.pid);
    if (Date.now() > deadline) {
      if (owner?.alive) throw new DataDirInUseError(inUseMessage(layout, owner), owner.pid);
      throw new DataDirInUseError(
        `The data folder ${layout.root} is held by PostgreSQL (pid ${state.postmasterPid}) that no running server owns: ` +
          `stop it (kill -INT ${state.postmasterPid}) or set DATA_DIR to another folder.`,
        null,
      );
    }
    if (!said) {
      said = true;
      log(waitingMessage(state.postmasterPid, owner));
    }
    await sleep(100);
  }
}

/**
 * Starts and stops the embedded PostgreSQL 17 of a data folder, safely shared between processes.
 *
 * The one lock is PostgreSQL's own `postmaster.pid` (created exclusively by the postmaster before
 * it touches anything). Before this module touches the folder it reads that lock: a folder whose
 * PostgreSQL belongs to a live process makes a second server refuse with one sentence
 * ({@link DataDirInUseError}); the PostgreSQL of a server that died is waited for (its keeper
 * stops it, see keeper.ts). Two processes that pass that check at the same moment both try to
 * start PostgreSQL, and the postmaster.pid lock lets exactly one through; the other refuses with
 * the same sentence. A fresh cluster is initialised in a private temporary folder and renamed
 * into place, so a racing or killed `initdb` never leaves a half-written cluster behind.
 *
 * PostgreSQL listens on 127.0.0.1 only, on a free port, with scram-sha-256 passwords (generated,
 * stored 0600 in the data folder) and no Unix socket (so no socket-path length limit, however long
 * the checkout path is). fsync, synchronous_commit and full_page_writes are forced on from the
 * command line: a committed row is on disk.
 *
 * The parts: handover.ts (who holds the folder, the wait, the refusal), launch.ts (PostgreSQL
 * through its keeper, readiness), postmaster-process.ts (is a pid file's process ours?).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { binariesFor, postgresBinaries } from './binaries.ts';
import {
  clearOwner,
  dataDirLayout,
  INIT_PREFIX,
  isInitialised,
  loadOrCreateCredentials,
  prepareDataDir,
  readCredentials,
  removeStaleInits,
  syncDir,
  wipeDataDir,
  writeOwner,
  type Credentials,
  type DataDirLayout,
  type OwnerRecord,
} from './data-dir.ts';
import { HANDOVER_WAIT_MS, waitUntilFree } from './handover.ts';
import { launch, POSTGRES_HOST, waitReady, type Launch } from './launch.ts';
import { postgresRunAs, type RunAs } from './os-user.ts';
import { removeStaleLock } from './postmaster-process.ts';

/** The cluster superuser's name (Supabase's; `postgres` is not a superuser there). */
export const SUPERUSER = 'supabase_admin';

export { DataDirInUseError, isDataDirInUseError } from './data-dir-in-use-error.ts';
export { HANDOVER_WAIT_MS, inspectDataDir, waitingMessage, waitUntilFree, type DataDirState } from './handover.ts';
export { POSTGRES_HOST, POSTGRES_SETTINGS, READY_WAIT_MS } from './launch.ts';

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** A free loopback TCP port (another process may still take it; the caller retries then). */
function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, POSTGRES_HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** Runs a program to completion, as `runAs` when given; rejects with its output on failure. */
function run(file: string, args: string[], runAs: RunAs | null): Promise<void> {
  return new Promise((done, reject) => {
    const child = spawn(file, args, {
      uid: runAs?.uid,
      gid: runAs?.gid,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) done();
      else reject(new Error(`${file} failed (${code ?? signal}): ${output.trim()}`));
    });
  });
}

/**
 * Creates the cluster: `initdb` into a temporary folder of the data folder, then one rename to
 * `cluster/`. If another process renamed its cluster first, that one is kept and ours deleted.
 * Superuser supabase_admin with the folder's password, scram-sha-256 for every connection, UTF-8
 * with the builtin C.UTF-8 locale (the same on every machine, no OS locales needed), data checksums.
 */
async function initCluster(
  layout: DataDirLayout,
  credentials: Credentials,
  runAs: RunAs | null,
  initdb: string,
): Promise<void> {
  await removeStaleInits(layout);
  const temp = join(layout.root, `${INIT_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(temp, { mode: 0o700 });
  try {
    if (runAs) await chown(temp, runAs.uid, runAs.gid);
    const pwfile = join(temp, 'pwfile');
    await writeFile(pwfile, credentials.supabase_admin + '\n', { mode: 0o600 });
    if (runAs) await chown(pwfile, runAs.uid, runAs.gid);
    const target = join(temp, 'cluster');
    await run(
      initdb,
      [
        `--pgdata=${target}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--data-checksums',
        '--no-instructions',
      ],
      runAs,
    );
    try {
      await rename(target, layout.cluster);
      await syncDir(layout.root);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Another process initialised the folder first: use its cluster.
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** Options of {@link startCluster}. */
export interface StartClusterOptions {
  dataDir: string;
  /** Who starts it: a server, or `npm run submissions` reading a folder no server runs. */
  kind: OwnerRecord['kind'];
  /** Delete the folder's contents first (RESET_DATA=1), once nobody uses it. @default false */
  reset?: boolean;
  /** Where progress and PostgreSQL's warnings go. @default console.log */
  log?: (line: string) => void;
}

/** A running cluster. */
export interface RunningCluster {
  layout: DataDirLayout;
  host: string;
  port: number;
  /** The current postmaster (a new one after the keeper restarted PostgreSQL). */
  readonly postmasterPid: number;
  credentials: Credentials;
  /** Records that roles and migrations are in place, so `npm run submissions` may connect. */
  markReady(): Promise<void>;
  /**
   * Resolves when PostgreSQL has exited for good; `expected` is false when it was not asked to
   * stop (it stopped on its own and the keeper gave up restarting it).
   */
  readonly exited: Promise<{ expected: boolean; detail: string }>;
  /** Fast shutdown; resolves once PostgreSQL and its keeper have exited. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL on a data folder for `kind`: waits for or refuses a current user of the folder
 * ({@link waitUntilFree}), creates and checks the folder (0700) and its credentials, initialises
 * the cluster when needed, then starts it through the keeper on a free loopback port (retrying
 * another port if one was taken meanwhile) and writes the owner record. Roles and migrations are
 * the caller's (bootstrap.ts), followed by {@link RunningCluster.markReady}.
 */
export async function startCluster(options: StartClusterOptions): Promise<RunningCluster> {
  const { dataDir, kind, reset = false, log = console.log } = options;
  const layout = dataDirLayout(dataDir);
  const runAs = postgresRunAs(log);
  const binaries = await binariesFor(await postgresBinaries(), runAs, log);

  let wiped = false;
  // Each pass: wait for the folder to be free, then try to take PostgreSQL's lock. A process that
  // took it first (both saw the folder free) sends us back to waiting, which refuses if it is a server.
  for (;;) {
    await waitUntilFree(dataDir, log);
    // The folder is checked (owner, 0700) before anything in it is touched, a wipe included.
    await prepareDataDir(layout, runAs, log);
    const removed = await removeStaleLock(layout.cluster);
    if (removed) log(removed);
    if (reset && !wiped) {
      await wipeDataDir(layout);
      wiped = true;
    }
    const started = await startOnce(layout, runAs, binaries, kind, log);
    if (started) return started;
  }
}

/** One attempt to initialise (when needed) and start the cluster; null when another process holds its lock. */
async function startOnce(
  layout: DataDirLayout,
  runAs: RunAs | null,
  binaries: { postgres: string; initdb: string },
  kind: OwnerRecord['kind'],
  log: (line: string) => void,
): Promise<RunningCluster | null> {
  const initialised = await isInitialised(layout);
  const credentials = initialised ? await readCredentials(layout) : await loadOrCreateCredentials(layout);
  if (!credentials) {
    throw new Error(
      `${layout.credentials} is missing, so nobody can log in to the database in ${layout.cluster}: restore it, or start with RESET_DATA=1 (deletes the stored requests).`,
    );
  }
  if (!initialised) await initCluster(layout, credentials, runAs, binaries.initdb);

  // The processes of a PostgreSQL killed with SIGKILL leave its shared memory within moments.
  const shmemDeadline = Date.now() + HANDOVER_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const started = launch(binaries.postgres, layout, port, runAs, log);
    let pid: number;
    try {
      pid = await started.postmasterPid;
    } catch (error) {
      throw new Error(`${(error as Error).message} ${started.logTail.slice(-5).join(' ')}`.trim(), { cause: error });
    }
    const failure = await waitReady(layout, started, pid);
    if (failure === null) return running(layout, started, port, pid, credentials, kind, log);
    started.keeper.stdin?.end();
    await started.exited;
    if (failure === 'locked') return null;
    if (failure === 'port' && attempt < 20) continue;
    if (failure === 'shmem' && Date.now() < shmemDeadline) {
      await sleep(250);
      continue;
    }
    throw new Error(`PostgreSQL did not start on ${layout.cluster}:\n${started.logTail.slice(-15).join('\n')}`);
  }
}

async function running(
  layout: DataDirLayout,
  started: Launch,
  port: number,
  postmasterPid: number,
  credentials: Credentials,
  kind: OwnerRecord['kind'],
  log: (line: string) => void,
): Promise<RunningCluster> {
  const record: OwnerRecord = { pid: process.pid, kind, postmasterPid, ready: false };
  let stopRequested = false;
  let stopping: Promise<void> | null = null;
  const exited = started.exited.then((detail) => ({ expected: stopRequested, detail }));
  const stop = () => {
    stopping ??= (async () => {
      stopRequested = true;
      // Closing the keeper's stdin is the stop signal (the same one a dead server gives).
      started.keeper.stdin?.end();
      await started.exited;
      await clearOwner(layout, record);
    })();
    return stopping;
  };
  try {
    await writeOwner(layout, record);
  } catch (error) {
    await stop();
    throw error;
  }
  // A restarted PostgreSQL is still this process' own: the record names the new postmaster, so
  // another server keeps seeing the folder in use (and `npm run submissions` may read through it).
  started.onRestarted = (pid) => {
    record.postmasterPid = pid;
    writeOwner(layout, record).catch((error: unknown) =>
      log(`Could not update ${layout.owner}: ${(error as Error).message}`),
    );
  };
  return {
    layout,
    host: POSTGRES_HOST,
    port,
    get postmasterPid() {
      return started.currentPid() ?? postmasterPid;
    },
    credentials,
    exited,
    stop,
    async markReady() {
      record.ready = true;
      await writeOwner(layout, record);
    },
  };
}

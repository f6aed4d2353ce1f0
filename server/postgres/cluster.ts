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
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { binariesFor, postgresBinaries } from './binaries.ts';
import {
  clearOwner,
  dataDirLayout,
  INIT_PREFIX,
  isAlive,
  isInitialised,
  loadOrCreateCredentials,
  prepareDataDir,
  readCredentials,
  readOwner,
  readPostmasterLock,
  removeStaleInits,
  syncDir,
  wipeDataDir,
  writeOwner,
  type Credentials,
  type DataDirLayout,
  type OwnerRecord,
} from './data-dir.ts';
import type { KeeperConfig, KeeperMessage } from './keeper.ts';
import { isPostmasterOf, removeStaleLock } from './postmaster-process.ts';
import { MAX_RESTARTS } from './restart-policy.ts';
import { postgresRunAs, type RunAs } from './os-user.ts';

/** PostgreSQL listens here only. */
export const POSTGRES_HOST = '127.0.0.1';

/** The cluster superuser's name (Supabase's; `postgres` is not a superuser there). */
export const SUPERUSER = 'supabase_admin';

/**
 * Settings given on PostgreSQL's command line, which beats anything in postgresql.conf. The first
 * three are the durability guarantee; the log settings keep visitors' data (failed statements,
 * their values) out of the log.
 */
export const POSTGRES_SETTINGS: Readonly<Record<string, string>> = {
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
  listen_addresses: POSTGRES_HOST,
  unix_socket_directories: '',
  lc_messages: 'C',
  log_min_messages: 'log',
  log_min_error_statement: 'panic',
  log_checkpoints: 'off',
  shared_buffers: '32MB',
  max_connections: '60',
};

/** How long to wait for a previous owner's PostgreSQL to stop, or a starting one to get an owner. */
export const HANDOVER_WAIT_MS = 60_000;

/** How long PostgreSQL may take to accept connections (crash recovery after a kill included). */
export const READY_WAIT_MS = 180_000;

/** Thrown when another live process uses the data folder. Its message is the one sentence shown. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  /** The process that holds it, when known. */
  readonly ownerPid: number | null;
  constructor(message: string, ownerPid: number | null) {
    super(message);
    this.ownerPid = ownerPid;
  }
}

/** Type guard by name (works across module copies). */
export function isDataDirInUseError(error: unknown): error is DataDirInUseError {
  return error instanceof Error && error.name === 'DataDirInUseError';
}

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
  const who = owner.kind === 'server' ? `another server (pid ${owner.pid})` : `\`npm run submissions\` (pid ${owner.pid})`;
  return `The data folder ${layout.root} is in use by ${who}: stop it, or set DATA_DIR to another folder.`;
}

/** What a start waits for, in words: a reading CLI, a stopping server, or an ownerless PostgreSQL. */
export function waitingMessage(postmasterPid: number, owner: (OwnerRecord & { alive: boolean }) | null): string {
  if (owner?.alive && owner.kind === 'reader') return `Waiting for \`npm run submissions\` (pid ${owner.pid}) to finish reading the data folder…`;
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
    if (owner?.alive && owner.kind === 'server' && state.status !== 'stopping') throw new DataDirInUseError(inUseMessage(layout, owner), owner.pid);
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
    const child = spawn(file, args, { uid: runAs?.uid, gid: runAs?.gid, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
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
async function initCluster(layout: DataDirLayout, credentials: Credentials, runAs: RunAs | null, initdb: string): Promise<void> {
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

/** Why PostgreSQL did not start. */
type StartFailure = 'port' | 'locked' | 'shmem' | 'other';

function classify(log: string): StartFailure {
  if (/could not bind IPv4 address|could not create any TCP\/IP sockets|Address already in use/.test(log)) return 'port';
  if (/lock file "postmaster\.pid" already exists/.test(log)) return 'locked';
  if (/pre-existing shared memory block .* is still in use/.test(log)) return 'shmem';
  return 'other';
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

/** The keeper's source file (run with this same Node). */
const KEEPER = fileURLToPath(new URL('./keeper.ts', import.meta.url));

interface Launch {
  keeper: ChildProcess;
  /** The first postmaster's pid. */
  postmasterPid: Promise<number>;
  /** The current postmaster's pid (the keeper restarts PostgreSQL when it stops on its own). */
  currentPid(): number | null;
  /** Called with the pid of each postmaster the keeper restarts. */
  onRestarted: (pid: number) => void;
  /** PostgreSQL's log lines so far (the last 200). */
  logTail: string[];
  exited: Promise<string>;
}

function launch(postgres: string, layout: DataDirLayout, port: number, runAs: RunAs | null, log: (line: string) => void): Launch {
  const args = ['-D', layout.cluster, '-p', String(port)];
  for (const [name, value] of Object.entries(POSTGRES_SETTINGS)) args.push('-c', `${name}=${value}`);
  const config: KeeperConfig = { postgres, args, uid: runAs?.uid, gid: runAs?.gid };
  const keeper = spawn(process.execPath, [KEEPER, JSON.stringify(config)], { detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  const logTail: string[] = [];
  createInterface({ input: keeper.stderr! }).on('line', (line) => {
    logTail.push(line);
    if (logTail.length > 200) logTail.shift();
    if (/\b(WARNING|FATAL|PANIC):/.test(line) && !/the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|terminating connection due to/.test(line)) log(`postgres: ${line}`);
    if (/not properly shut down/.test(line)) log('PostgreSQL is recovering from an unclean stop (replaying its write-ahead log; no committed row is lost).');
  });
  let resolvePid: (pid: number) => void = () => {};
  let rejectPid: (error: Error) => void = () => {};
  const postmasterPid = new Promise<number>((done, reject) => {
    resolvePid = done;
    rejectPid = reject;
  });
  postmasterPid.catch(() => {});
  let detail = '';
  let current: number | null = null;
  let lastExit = '';
  const started: Launch = { keeper, postmasterPid, currentPid: () => current, onRestarted: () => {}, logTail, exited: Promise.resolve('') };
  createInterface({ input: keeper.stdout! }).on('line', (line) => {
    let message: KeeperMessage;
    try {
      message = JSON.parse(line) as KeeperMessage;
    } catch {
      return;
    }
    if ('pid' in message) {
      const first = current === null;
      current = message.pid;
      if (first) resolvePid(message.pid);
      else {
        log(`PostgreSQL restarted (pid ${message.pid}); contact requests are stored again once it has recovered.`);
        started.onRestarted(message.pid);
      }
    } else if ('exit' in message) detail = lastExit = `exit code ${message.exit ?? message.signal}`;
    else if ('error' in message) detail = message.error;
    else if ('restarting' in message) {
      const { attempt, delayMs } = message.restarting;
      log(`PostgreSQL stopped unexpectedly (${lastExit}); restarting it in ${delayMs} ms (attempt ${attempt} of ${MAX_RESTARTS}). Contact requests answer 503 meanwhile; the site keeps serving.`);
    } else if ('gaveUp' in message) detail = `${lastExit}; not restarted again: ${message.gaveUp}`;
    else if ('note' in message) log(message.note);
  });
  // 'close' comes once the keeper and its pipes are gone.
  started.exited = new Promise<string>((done) => {
    keeper.on('close', () => {
      rejectPid(new Error(`PostgreSQL did not start (${detail || 'the keeper exited'}).`));
      done(detail || 'the keeper exited');
    });
  });
  // A keeper killed on its own would leave PostgreSQL without anyone to stop it: stop it here.
  keeper.on('exit', () => {
    if (current !== null && isAlive(current)) process.kill(current, 'SIGINT');
  });
  keeper.stdin!.on('error', () => {});
  return started;
}

/**
 * Waits until the postmaster `pid` says ready in postmaster.pid, or the launch ends; returns null
 * when ready, else the reason.
 */
async function waitReady(layout: DataDirLayout, started: Launch, pid: number): Promise<StartFailure | null> {
  let ended = false;
  void started.exited.then(() => (ended = true));
  const deadline = Date.now() + READY_WAIT_MS;
  for (;;) {
    if (ended) return classify(started.logTail.join('\n'));
    const lock = await readPostmasterLock(layout.cluster).catch(() => null);
    if (lock?.pid === pid && lock.status === 'ready') return null;
    if (Date.now() > deadline) return 'other';
    await sleep(25);
  }
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
    throw new Error(`${layout.credentials} is missing, so nobody can log in to the database in ${layout.cluster}: restore it, or start with RESET_DATA=1 (deletes the stored requests).`);
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
    writeOwner(layout, record).catch((error: unknown) => log(`Could not update ${layout.owner}: ${(error as Error).message}`));
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

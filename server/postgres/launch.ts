/**
 * Runs PostgreSQL through its keeper (keeper.ts) on one port: the command line (the durability
 * settings forced on), the keeper's messages (pid, restarts, giving up, notes) turned into log
 * lines, PostgreSQL's own warnings passed on, and the wait until it says ready.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { isAlive, readPostmasterLock, type DataDirLayout } from './data-dir.ts';
import type { KeeperConfig, KeeperMessage } from './keeper.ts';
import type { RunAs } from './os-user.ts';
import { MAX_RESTARTS } from './restart-policy.ts';

/** PostgreSQL listens here only. */
export const POSTGRES_HOST = '127.0.0.1';

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

/** How long PostgreSQL may take to accept connections (crash recovery after a kill included). */
export const READY_WAIT_MS = 180_000;

/** Why PostgreSQL did not start. */
type StartFailure = 'port' | 'locked' | 'shmem' | 'other';

function classify(log: string): StartFailure {
  if (/could not bind IPv4 address|could not create any TCP\/IP sockets|Address already in use/.test(log))
    return 'port';
  // "already exists": another server holds the folder; "is empty": another is writing it right now (it
  // started a moment before us). Either way the race is lost: the caller gives the one-sentence refusal.
  if (/lock file "postmaster\.pid" (already exists|is empty)/.test(log)) return 'locked';
  if (/pre-existing shared memory block .* is still in use/.test(log)) return 'shmem';
  return 'other';
}

/** The keeper's source file (run with this same Node). */
const KEEPER = fileURLToPath(new URL('./keeper.ts', import.meta.url));

/** One start of PostgreSQL through a keeper. */
export interface Launch {
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

/** Starts the keeper, which starts PostgreSQL on `port`. */
export function launch(
  postgres: string,
  layout: DataDirLayout,
  port: number,
  runAs: RunAs | null,
  log: (line: string) => void,
): Launch {
  const args = ['-D', layout.cluster, '-p', String(port)];
  for (const [name, value] of Object.entries(POSTGRES_SETTINGS)) args.push('-c', `${name}=${value}`);
  const config: KeeperConfig = { postgres, args, uid: runAs?.uid, gid: runAs?.gid };
  const keeper = spawn(process.execPath, [KEEPER, JSON.stringify(config)], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const logTail: string[] = [];
  createInterface({ input: keeper.stderr! }).on('line', (line) => {
    logTail.push(line);
    if (logTail.length > 200) logTail.shift();
    if (
      /\b(WARNING|FATAL|PANIC):/.test(line) &&
      !/the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|terminating connection due to/.test(
        line,
      )
    )
      log(`postgres: ${line}`);
    if (/not properly shut down/.test(line))
      log('PostgreSQL is recovering from an unclean stop (replaying its write-ahead log; no committed row is lost).');
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
  const started: Launch = {
    keeper,
    postmasterPid,
    currentPid: () => current,
    onRestarted: () => {},
    logTail,
    exited: Promise.resolve(''),
  };
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
      log(
        `PostgreSQL stopped unexpectedly (${lastExit}); restarting it in ${delayMs} ms (attempt ${attempt} of ${MAX_RESTARTS}). Contact requests answer 503 meanwhile; the site keeps serving.`,
      );
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
export async function waitReady(layout: DataDirLayout, started: Launch, pid: number): Promise<StartFailure | null> {
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

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

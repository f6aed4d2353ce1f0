/**
 * The keeper: a small process between the server and PostgreSQL that ties PostgreSQL's life to
 * the server's. It starts `postgres` (as the unprivileged user when given), reports its pid on
 * stdout, and stops it with a fast shutdown (SIGINT: open transactions roll back, a checkpoint
 * is written, postmaster.pid removed) as soon as its stdin closes, which happens when the server
 * closes it on purpose AND when the server dies in any way, SIGKILL included. Without it a killed
 * server would leave PostgreSQL running and holding the data folder.
 *
 * When PostgreSQL stops without being asked (killed, crashed), the keeper starts it again on the
 * same port, so the server's connection pool simply reconnects: with back-off and a limit
 * (restart-policy.ts), reporting each attempt. It gives up (and exits) past the limit. A
 * PostgreSQL that never got ready is not restarted: the server diagnoses a failed start itself.
 *
 * PostgreSQL 17 does not finish a fast shutdown requested during crash recovery (its checkpointer
 * waits for a signal that never comes; the postmaster hangs until an immediate shutdown). The
 * keeper reads PostgreSQL's log on the way to the server, so it knows when recovery runs; a stop
 * then escalates to an immediate shutdown (SIGQUIT) after {@link RECOVERY_SHUTDOWN_GRACE_MS}, and
 * says why. That loses nothing committed: the next start replays the write-ahead log, as it
 * would have anyway.
 *
 * Run by server/postgres/cluster.ts as `node keeper.ts '<json KeeperConfig>'` in its own process
 * group, so Ctrl-C in a terminal reaches the server (which then stops in order) and not
 * PostgreSQL directly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { decideRestart } from './restart-policy.ts';

/** What the keeper is told on its command line. */
export interface KeeperConfig {
  /** Path of the `postgres` binary. */
  postgres: string;
  args: string[];
  /** Switch to this user for PostgreSQL (the server runs as root). */
  uid?: number;
  gid?: number;
}

/**
 * The lines the keeper writes on stdout, one JSON object each: a (re)started postmaster's pid,
 * its exit, a failure to spawn it, a restart it is about to make, giving up, and a note for the
 * server's log.
 */
export type KeeperMessage =
  | { pid: number }
  | { exit: number | null; signal: string | null }
  | { error: string }
  | { restarting: { attempt: number; delayMs: number } }
  | { gaveUp: string }
  | { note: string };

/** After a fast shutdown was asked for, wait this long before an immediate shutdown (SIGQUIT). */
const FAST_SHUTDOWN_GRACE_MS = 60_000;

/** The same during crash recovery, where a fast shutdown does not complete (see above). */
export const RECOVERY_SHUTDOWN_GRACE_MS = 2_000;

/** Log lines that start (and end) crash recovery (lc_messages=C). */
const RECOVERY_STARTS =
  /all server processes terminated; reinitializing|database system was interrupted|not properly shut down|redo starts at/;
const RECOVERY_ENDS = /database system is ready to accept connections|database system is shut down/;
const READY = /database system is ready to accept connections/;

function say(message: KeeperMessage): void {
  try {
    process.stdout.write(JSON.stringify(message) + '\n');
  } catch {
    // The server is gone; nobody listens.
  }
}

function main(): void {
  const config = JSON.parse(process.argv[2] ?? '{}') as KeeperConfig;
  // A dead server makes writes to stdout and stderr fail; that must not kill the keeper before PostgreSQL stops.
  process.stdout.on('error', () => {});
  process.stderr.on('error', () => {});
  const restarts: number[] = [];
  let child: ChildProcess | null = null;
  let pendingRestart: NodeJS.Timeout | null = null;
  let stopping = false;
  let recovering = false;
  // Only a PostgreSQL that was up once is restarted: a first start that fails is the server's to
  // diagnose (port taken, folder locked), from the exit and the log.
  let wasReady = false;

  const start = () => {
    pendingRestart = null;
    recovering = false;
    const postgres = spawn(config.postgres, config.args, {
      uid: config.uid,
      gid: config.gid,
      // PostgreSQL logs to stderr, passed on to the server; its messages are English (lc_messages=C).
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    child = postgres;
    createInterface({ input: postgres.stderr! }).on('line', (line) => {
      if (RECOVERY_STARTS.test(line)) recovering = true;
      else if (RECOVERY_ENDS.test(line)) recovering = false;
      if (READY.test(line)) wasReady = true;
      try {
        process.stderr.write(line + '\n');
      } catch {
        // The server is gone.
      }
    });
    postgres.on('error', (error) => {
      say({ error: error.message });
      process.exit(1);
    });
    if (postgres.pid) say({ pid: postgres.pid });
    postgres.on('exit', (code, signal) => {
      child = null;
      say({ exit: code, signal });
      if (stopping || !wasReady) process.exit(0);
      const decision = decideRestart(restarts, Date.now());
      if (!decision.restart) {
        say({ gaveUp: decision.reason });
        process.exit(0);
      }
      restarts.push(Date.now());
      say({ restarting: { attempt: decision.attempt, delayMs: decision.delayMs } });
      pendingRestart = setTimeout(start, decision.delayMs);
    });
  };

  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (pendingRestart) clearTimeout(pendingRestart);
    const running = child;
    if (!running) process.exit(0);
    running.kill('SIGINT');
    const immediate = (reason: string) => {
      say({
        note: `${reason}: sent PostgreSQL an immediate shutdown (nothing committed is lost; the next start replays the write-ahead log).`,
      });
      running.kill('SIGQUIT');
    };
    const grace = recovering ? RECOVERY_SHUTDOWN_GRACE_MS : FAST_SHUTDOWN_GRACE_MS;
    setTimeout(() => {
      if (running.exitCode !== null || running.signalCode !== null) return;
      immediate(
        recovering
          ? `PostgreSQL was in crash recovery and did not finish its fast shutdown within ${grace} ms`
          : `PostgreSQL did not finish its fast shutdown within ${grace / 1000} s`,
      );
    }, grace).unref();
  };
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
  start();
}

main();

/**
 * The delivery worker: takes due jobs from `public.contact_outbox` and hands each lead to every
 * configured channel, at least once, surviving restarts, crashes and a database that goes away.
 *
 * No connection is held across network I/O. Due jobs are claimed in a short transaction
 * (`FOR UPDATE SKIP LOCKED`, then a lease: `claimed_until`, `claimed_by`) that commits at once;
 * the channels are called with no connection checked out; the outcome is written in another short
 * transaction, only while this worker's claim still stands. Two servers on one database never
 * deliver a job at the same time; a worker that dies mid-delivery (kill -9, power loss) leaves its
 * lease, which runs out, and the job is claimed again (by the next start or another server). An
 * outcome that cannot be written (the database is away) is kept and written at the next look.
 * Channels that accepted a lead are recorded (a retry skips them); a failure schedules the next
 * attempt after an exponential back-off (base · 2^(attempt−1), capped, ±20 % jitter so a fleet
 * does not retry in step), logged once, one line per attempt. A repeat (a crash after a receiver
 * accepted, before the outcome was written) carries the same key: receivers deduplicate on the
 * lead's id (the webhook's Idempotency-Key, the mail's Message-ID).
 *
 * Up to {@link CONCURRENCY} leads are delivered at once, so one slow receiver does not hold the
 * others back. The worker looks at the outbox when the server stores a lead
 * ({@link DeliveryWorker.wake}), when a delivery ends, when the next retry or lease end is due,
 * and at least every {@link POLL_MS} (jobs written by another server, or by a Supabase project's
 * trigger when this runs as `npm run deliver`).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import type { Channel, Lead } from './lead.ts';
import { CONTACT_QUEUE, type OutboxQueue } from './queues.ts';
import { backoffMs, DEFAULT_RETRY, formatWait, type RetryPolicy } from './retry.ts';

export { backoffMs, DEFAULT_RETRY, FAILING_AFTER_ATTEMPTS, formatWait, type RetryPolicy } from './retry.ts';

/** Longest sleep between two looks at the outbox. */
export const POLL_MS = 5_000;

/**
 * How long a claim holds. Longer than a delivery can take (each channel gives up after 15–20 s),
 * so a live worker's job is not taken from it; a dead worker's job waits this long at most.
 */
export const LEASE_MS = 120_000;

/** Leads delivered at once by one worker. */
export const CONCURRENCY = 4;

/** Options of {@link startDeliveryWorker}: `J` is what the queue's channels deliver (a lead by default). */
export interface DeliveryOptions<J extends { id: string } = Lead> {
  /** Connections to the database that holds the outbox (held only for a claim or an outcome). */
  pool: pg.Pool;
  /** Role to switch to in each transaction (service_role on Supabase's layout); null = the login role. */
  role: string | null;
  channels: readonly Channel<J>[];
  /** Which outbox (queues.ts). @default CONTACT_QUEUE */
  queue?: OutboxQueue;
  /** @default DEFAULT_RETRY */
  retry?: RetryPolicy;
  /** @default POLL_MS */
  pollMs?: number;
  /** @default LEASE_MS */
  leaseMs?: number;
  /** @default CONCURRENCY */
  concurrency?: number;
  /** One line per failed attempt, and when the database cannot be reached. */
  log: (line: string) => void;
  /** Jitter source. @default Math.random */
  random?: () => number;
}

/** A running worker. */
export interface DeliveryWorker {
  /** Looks at the outbox now (a lead was just stored). */
  wake(): void;
  /** Stops taking jobs and waits for the deliveries in progress to finish and be recorded. */
  stop(): Promise<void>;
}

type Job<J> = J & {
  attempts: number;
  delivered_channels: string[];
};

/** What one attempt came to, written while the claim `claim` holds. */
interface Outcome {
  id: string;
  claim: string;
  attempt: number;
  delivered: string[];
  /** null when every channel accepted. */
  failure: { reason: string; waitMs: number } | null;
}

/** Starts the worker; it looks at the outbox at once (jobs left by an earlier run are delivered). */
export function startDeliveryWorker<J extends { id: string } = Lead>(options: DeliveryOptions<J>): DeliveryWorker {
  const { pool, role, channels, retry = DEFAULT_RETRY, pollMs = POLL_MS, log, random = Math.random } = options;
  const { outbox, key, read, noun, name } = options.queue ?? CONTACT_QUEUE;
  const { leaseMs = LEASE_MS, concurrency = CONCURRENCY } = options;
  // Who claims (shown by the outbox's claimed_by): this process, plus a count per claim, so an
  // outcome is written only by the claim that made it (not by an older one whose lease ran out).
  const worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let claims = 0;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let databaseDown = false;
  const deliveries = new Set<Promise<void>>();
  const unrecorded: Outcome[] = [];

  /** Runs `work` in one short transaction on a pooled connection, as `role`. */
  async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(role ? `begin; set local role ${role}` : 'begin');
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
      broken ??= isSqlError(error) ? undefined : (error as Error);
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /** Claims up to `limit` due jobs (unclaimed, or whose lease ran out) for this worker. */
  function claim(limit: number): Promise<Array<Job<J> & { claim: string }>> {
    const token = `${worker} #${++claims}`;
    return transaction(async (client) => {
      const { rows } = await client.query<Job<J>>(
        `with due as (
           select ${key} from ${outbox}
            where delivered_at is null and next_attempt_at <= now() and (claimed_until is null or claimed_until <= now())
            order by next_attempt_at, ${key}
            limit $1
            for update skip locked),
         claimed as (
           update ${outbox} o set claimed_until = now() + $2 * interval '1 millisecond', claimed_by = $3
             from due where o.${key} = due.${key}
           returning o.${key}, o.attempts, o.delivered_channels)
         ${read}`,
        [limit, leaseMs, token],
      );
      return rows.map((row) => ({ ...row, claim: token }));
    });
  }

  /** Hands the lead to every channel that has not accepted it yet; no connection is held. */
  async function attempt(job: Job<J> & { claim: string }): Promise<Outcome> {
    const done = new Set(job.delivered_channels);
    const failures: string[] = [];
    for (const channel of channels) {
      if (done.has(channel.name)) continue;
      try {
        await channel.deliver(job);
        done.add(channel.name);
      } catch (error) {
        failures.push(`${channel.name}: ${(error as Error).message}`);
      }
    }
    const attempt = job.attempts + 1;
    if (failures.length === 0) return { id: job.id, claim: job.claim, attempt, delivered: [...done], failure: null };
    const waitMs = backoffMs(attempt, retry, random());
    const reason = failures.join('; ').slice(0, 1000);
    log(`${noun} ${job.id}: delivery attempt ${attempt} failed (${reason}); next attempt in ${formatWait(waitMs)}.`);
    return { id: job.id, claim: job.claim, attempt, delivered: [...done], failure: { reason, waitMs } };
  }

  /** Writes an outcome and ends its claim; nothing when the claim was lost (the job is someone else's now). */
  async function record(outcome: Outcome): Promise<void> {
    const { id, claim: token, attempt, delivered, failure } = outcome;
    await transaction((client) =>
      failure === null
        ? client.query(
            `update ${outbox} set attempts = $3, last_attempt_at = now(), last_error = null, delivered_channels = $4,
                    delivered_at = now(), claimed_until = null, claimed_by = null
              where ${key} = $1 and claimed_by = $2`,
            [id, token, attempt, delivered],
          )
        : client.query(
            `update ${outbox} set attempts = $3, last_attempt_at = now(), last_error = $5, delivered_channels = $4,
                    next_attempt_at = now() + $6 * interval '1 millisecond', claimed_until = null, claimed_by = null
              where ${key} = $1 and claimed_by = $2`,
            [id, token, attempt, delivered, failure.reason, failure.waitMs],
          ),
    );
  }

  function launch(job: Job<J> & { claim: string }): void {
    const delivery: Promise<void> = attempt(job)
      .then((outcome) => record(outcome).catch(() => void unrecorded.push(outcome)))
      .finally(() => {
        deliveries.delete(delivery);
        run();
      });
    deliveries.add(delivery);
  }

  /** Milliseconds until the next job is due or a lease runs out (capped at pollMs). */
  async function untilNextDue(): Promise<number> {
    const rows = await transaction(async (client) => {
      const result = await client.query<{ wait: number | null }>(
        `select extract(epoch from min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at))) - now()) * 1000 as wait
           from ${outbox} where delivered_at is null`,
      );
      return result.rows;
    });
    const wait = rows[0]?.wait;
    return wait === null || wait === undefined ? pollMs : Math.min(pollMs, Math.max(0, Math.ceil(Number(wait))));
  }

  async function drain(): Promise<void> {
    let wait = pollMs;
    try {
      // Outcomes the database could not take earlier, before their leases run out.
      while (unrecorded.length > 0) {
        await record(unrecorded[0]!);
        unrecorded.shift();
      }
      while (!stopped && deliveries.size < concurrency) {
        const jobs = await claim(concurrency - deliveries.size);
        for (const job of jobs) launch(job);
        if (jobs.length === 0) break;
      }
      if (!stopped) wait = await untilNextDue();
      if (databaseDown) log(`${name}: the database is reachable again.`);
      databaseDown = false;
    } catch (error) {
      // One line when the database goes away, not one per poll; jobs wait in the outbox.
      if (!databaseDown)
        log(
          `${name} paused: the database is not reachable (${(error as Error).message}); retrying every ${formatWait(pollMs)}.`,
        );
      databaseDown = true;
    }
    schedule(wait);
  }

  function schedule(ms: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => {
      running = null;
      if (again) {
        again = false;
        run();
      }
    });
  }

  run();
  return {
    wake: run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      while (deliveries.size > 0) await Promise.all(deliveries);
      // One last try for outcomes the database could not take; their leases cover the rest.
      for (const outcome of unrecorded.splice(0)) await record(outcome).catch(() => {});
    },
  };
}

function isSqlError(error: unknown): boolean {
  return /^[0-9A-Z]{5}$/.test(String((error as { code?: unknown })?.code ?? ''));
}

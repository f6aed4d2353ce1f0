/**
 * The delivery worker: takes due jobs from `public.contact_outbox` and hands each lead to every
 * configured channel, at least once, surviving restarts and crashes.
 *
 * A job is taken with `SELECT … FOR UPDATE SKIP LOCKED` inside a transaction that stays open
 * while its channels are tried: two servers on one database never deliver the same job at the
 * same time, and a server killed mid-delivery (kill -9, power loss) drops its connection, which
 * releases the row at once, so the next start (or another server) takes it again. The outcome is
 * written in that transaction: channels that accepted it are recorded (a retry skips them); a
 * failure schedules the next attempt after an exponential back-off (base · 2^(attempt−1), capped,
 * ±20 % jitter so a fleet does not retry in step) and is logged once, one line per attempt. A
 * crash after a receiver accepted but before the commit repeats that delivery: receivers
 * deduplicate on the lead's id (the webhook's Idempotency-Key, the mail's Message-ID).
 *
 * The worker wakes when the server stores a lead ({@link DeliveryWorker.wake}), when the next
 * retry is due, and at least every {@link POLL_MS} (jobs written by another server, or by a
 * Supabase project's trigger when this runs as `npm run deliver`).
 */
import type pg from 'pg';
import type { Channel, Lead } from './lead.ts';

/** Longest sleep between two looks at the outbox. */
export const POLL_MS = 5_000;

/** Back-off of failed deliveries. */
export interface RetryPolicy {
  /** Wait after the first failure. @default 10 s */
  baseMs: number;
  /** Longest wait. @default 1 h */
  maxMs: number;
}

/** The default back-off: 10 s, 20 s, 40 s … capped at one hour. */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 10_000, maxMs: 3_600_000 };

/** Attempts after which a lead counts as failing (shown so by `npm run submissions`). */
export const FAILING_AFTER_ATTEMPTS = 5;

/** Wait before attempt `attempt + 1`, given `attempt` failed; `random` in [0, 1). */
export function backoffMs(attempt: number, policy: RetryPolicy = DEFAULT_RETRY, random = Math.random()): number {
  const plain = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(plain * (0.8 + 0.4 * random));
}

/** Options of {@link startDeliveryWorker}. */
export interface DeliveryOptions {
  /** Connections to the database that holds the outbox (the worker uses one at a time). */
  pool: pg.Pool;
  /** Role to switch to in each transaction (service_role on Supabase's layout); null = the login role. */
  role: string | null;
  channels: readonly Channel[];
  /** @default DEFAULT_RETRY */
  retry?: RetryPolicy;
  /** @default POLL_MS */
  pollMs?: number;
  /** One line per failed attempt, and when the database cannot be reached. */
  log: (line: string) => void;
  /** Jitter source. @default Math.random */
  random?: () => number;
}

/** A running worker. */
export interface DeliveryWorker {
  /** Looks at the outbox now (a lead was just stored). */
  wake(): void;
  /** Stops taking jobs and waits for the delivery in progress to finish and be recorded. */
  stop(): Promise<void>;
}

interface Job extends Lead {
  attempts: number;
  delivered_channels: string[];
}

/** Starts the worker; it looks at the outbox at once (jobs left by an earlier run are delivered). */
export function startDeliveryWorker(options: DeliveryOptions): DeliveryWorker {
  const { pool, role, channels, retry = DEFAULT_RETRY, pollMs = POLL_MS, log, random = Math.random } = options;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let databaseDown = false;

  /** Takes and delivers one due job; false when none was due. */
  async function deliverOne(): Promise<boolean> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(role ? `begin; set local role ${role}` : 'begin');
      const { rows } = await client.query<Job>(
        `select s.id, s.created_at, s.name, s.business_name, s.email, s.additional_info, o.attempts, o.delivered_channels
           from public.contact_outbox o join public.contact_submissions s on s.id = o.submission_id
          where o.delivered_at is null and o.next_attempt_at <= now()
          order by o.next_attempt_at, o.submission_id
          limit 1
          for update of o skip locked`,
      );
      const job = rows[0];
      if (!job) {
        await client.query('commit');
        return false;
      }
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
      if (failures.length === 0) {
        await client.query(
          `update public.contact_outbox set attempts = $2, last_attempt_at = now(), last_error = null, delivered_channels = $3, delivered_at = now()
            where submission_id = $1`,
          [job.id, attempt, [...done]],
        );
      } else {
        const wait = backoffMs(attempt, retry, random());
        const reason = failures.join('; ').slice(0, 1000);
        await client.query(
          `update public.contact_outbox set attempts = $2, last_attempt_at = now(), last_error = $3, delivered_channels = $4,
                  next_attempt_at = now() + $5 * interval '1 millisecond'
            where submission_id = $1`,
          [job.id, attempt, reason, [...done], wait],
        );
        log(`Contact request ${job.id}: delivery attempt ${attempt} failed (${reason}); next attempt in ${formatWait(wait)}.`);
      }
      await client.query('commit');
      return true;
    } catch (error) {
      await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
      broken ??= isSqlError(error) ? undefined : (error as Error);
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /** Milliseconds until the next job is due (capped at pollMs). */
  async function untilNextDue(): Promise<number> {
    const client = await pool.connect();
    try {
      await client.query(role ? `begin read only; set local role ${role}` : 'begin read only');
      const { rows } = await client.query<{ wait: number | null }>(
        `select extract(epoch from min(next_attempt_at) - now()) * 1000 as wait from public.contact_outbox where delivered_at is null`,
      );
      await client.query('commit');
      const wait = rows[0]?.wait;
      return wait === null || wait === undefined ? pollMs : Math.min(pollMs, Math.max(0, Math.ceil(Number(wait))));
    } finally {
      client.release();
    }
  }

  async function drain(): Promise<void> {
    let wait = pollMs;
    try {
      while (!stopped && (await deliverOne()));
      if (!stopped) wait = await untilNextDue();
      if (databaseDown) log('Contact delivery: the database is reachable again.');
      databaseDown = false;
    } catch (error) {
      // One line when the database goes away, not one per poll; jobs wait in the outbox.
      if (!databaseDown) log(`Contact delivery paused: the database is not reachable (${(error as Error).message}); retrying every ${formatWait(pollMs)}.`);
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
    },
  };
}

function isSqlError(error: unknown): boolean {
  return /^[0-9A-Z]{5}$/.test(String((error as { code?: unknown })?.code ?? ''));
}

/** 10 s, 2 min, 1 h … for log lines. */
export function formatWait(ms: number): string {
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

/**
 * Puts the delivery worker beside the contact database of a running server: its own small pool
 * on the same database, a wake-up after each stored lead, and an orderly stop.
 */
import type pg from 'pg';
import type { ContactDatabase } from '../database.ts';
import { openDeliveryPool } from './delivery-pool.ts';
import type { Channel } from './lead.ts';
import { startDeliveryWorker, type RetryPolicy } from './outbox.ts';
import { TRANSCRIPT_QUEUE } from './queues.ts';
import type { TranscriptJob } from '../transcripts/mail.ts';

/** What a server delivers to (ServerOptions.delivery). */
export interface DeliveryPlan {
  channels: readonly Channel[];
  /** Where transcript requests go (issue 38: the visitor's mail); none: the route is off. */
  transcripts?: readonly Channel<TranscriptJob>[];
  /** @default DEFAULT_RETRY */
  retry?: RetryPolicy;
  /** @default POLL_MS */
  pollMs?: number;
  /** How long a claim on a job holds. @default LEASE_MS */
  leaseMs?: number;
  /** Leads delivered at once. @default CONCURRENCY */
  concurrency?: number;
}

/** A database whose inserts wake the worker, and the worker's stop. */
export interface NotifyingDatabase {
  db: ContactDatabase;
  /** Waits for the deliveries in progress, then closes the worker's connections and channels. */
  stop(): Promise<void>;
}

/**
 * Starts delivering the outbox of the database `connection` reaches (two connections at most,
 * each held only for a claim or an outcome, never during a delivery). `role` as in DeliveryOptions.
 */
export function attachDelivery(
  db: ContactDatabase,
  connection: pg.PoolConfig,
  role: string | null,
  plan: DeliveryPlan,
  log: (line: string) => void,
): NotifyingDatabase {
  const pool = openDeliveryPool(connection, 'ringwise-delivery');
  const { channels, retry, pollMs, leaseMs, concurrency } = plan;
  const worker = startDeliveryWorker({ pool, role, channels, retry, pollMs, leaseMs, concurrency, log });
  // The transcripts' outbox: the same worker on its own table, through the same pool.
  const transcripts = plan.transcripts?.length
    ? startDeliveryWorker<TranscriptJob>({
        ...{ pool, role, retry, pollMs, leaseMs, concurrency, log },
        channels: plan.transcripts,
        queue: TRANSCRIPT_QUEUE,
      })
    : null;
  return {
    db: {
      tables: db.tables,
      ping: () => db.ping(),
      async insertAsAnon(...args) {
        const rows = await db.insertAsAnon(...args);
        (args[0] === 'transcript_requests' ? (transcripts ?? worker) : worker).wake();
        return rows;
      },
      close: () => db.close(),
    },
    async stop() {
      await Promise.all([worker.stop(), transcripts?.stop()]);
      await pool.end().catch(() => {});
      for (const channel of [...plan.channels, ...(plan.transcripts ?? [])]) channel.close?.();
    },
  };
}

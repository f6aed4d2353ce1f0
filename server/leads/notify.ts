/**
 * Puts the delivery worker beside the contact database of a running server: its own small pool
 * on the same database, a wake-up after each stored lead, and an orderly stop.
 */
import pg from 'pg';
import type { ContactDatabase } from '../database.ts';
import type { Channel } from './lead.ts';
import { startDeliveryWorker, type RetryPolicy } from './outbox.ts';

/** What a server delivers to (ServerOptions.delivery). */
export interface DeliveryPlan {
  channels: readonly Channel[];
  /** @default DEFAULT_RETRY */
  retry?: RetryPolicy;
  /** @default POLL_MS */
  pollMs?: number;
}

/** A database whose inserts wake the worker, and the worker's stop. */
export interface NotifyingDatabase {
  db: ContactDatabase;
  /** Waits for the delivery in progress, then closes the worker's connections and channels. */
  stop(): Promise<void>;
}

/**
 * Starts delivering the outbox of the database `connection` reaches (two connections at most:
 * one delivery at a time, one to spare). `role` as in DeliveryOptions.
 */
export function attachDelivery(
  db: ContactDatabase,
  connection: pg.PoolConfig,
  role: string | null,
  plan: DeliveryPlan,
  log: (line: string) => void,
): NotifyingDatabase {
  const pool = new pg.Pool({ ...connection, max: 2, application_name: 'ringwise-delivery', idleTimeoutMillis: 30_000 });
  // A connection dropped while idle (the database restarting) is replaced at the next look.
  pool.on('error', () => {});
  const worker = startDeliveryWorker({ pool, role, channels: plan.channels, retry: plan.retry, pollMs: plan.pollMs, log });
  return {
    db: {
      tables: db.tables,
      async insertAsAnon(...args) {
        const rows = await db.insertAsAnon(...args);
        worker.wake();
        return rows;
      },
      close: () => db.close(),
    },
    async stop() {
      await worker.stop();
      await pool.end().catch(() => {});
      for (const channel of plan.channels) channel.close?.();
    },
  };
}

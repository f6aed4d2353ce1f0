/**
 * The delivery worker's connections: a small pool on which every client, idle or checked out, has
 * an 'error' listener. pg emits 'error' on a client whose connection breaks (pg_terminate_backend,
 * a backend killed, PostgreSQL restarting); with nobody listening that event ends the process. The
 * pool listens on idle clients only, so each client also gets its own listener when it connects:
 * the query running on it then fails with the error (the worker logs it once and tries again
 * later), and release() drops the broken client.
 */
import pg from 'pg';

/** Connections of one worker: a claim or an outcome at a time, one to spare. */
export const DELIVERY_POOL_MAX = 2;

/** A database that does not answer fails the worker's look after this long (it tries again later). */
export const DELIVERY_QUERY_TIMEOUT_MS = 15_000;

/** Opens the worker's pool on `connection` (host…, or connectionString). */
export function openDeliveryPool(connection: pg.PoolConfig, applicationName: string): pg.Pool {
  const pool = new pg.Pool({
    ...connection,
    max: DELIVERY_POOL_MAX,
    application_name: applicationName,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: DELIVERY_QUERY_TIMEOUT_MS,
    query_timeout: DELIVERY_QUERY_TIMEOUT_MS,
  });
  // An idle connection that breaks is dropped; the next look opens another.
  pool.on('error', () => {});
  // A checked-out one: the failing query reports the error; this only keeps the event handled.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

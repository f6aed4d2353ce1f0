/**
 * Your own PostgreSQL (DATABASE_URL) instead of the embedded one: what the server needs there, set
 * up at every start, idempotently, by the URL's role (the owner of what the migrations create).
 *
 * - PostgreSQL 13 or newer (gen_random_uuid() is built in from 13 on).
 * - The API roles the migrations grant to: anon, authenticated, service_role (NOLOGIN). Created
 *   when missing, which needs CREATEROLE; otherwise one sentence says what to create. On Supabase
 *   they exist already.
 * - The URL's role must be able to SET ROLE anon (the server inserts as anon, so grants, row-level
 *   security and CHECKs apply as on Supabase) and service_role: granted when missing. The API
 *   roles get USAGE on schema public (the role must own it, as a database's owner does).
 * - The repository's migrations, under a session advisory lock and recorded in
 *   supabase_migrations.schema_migrations (the Supabase CLI's table), so servers starting at once
 *   apply each migration once, and a Supabase project's history is respected.
 *
 * TLS: as the URL's `sslmode` says, read by node-postgres: `verify-full` encrypts and checks the
 * certificate and host name against the system's CAs (add `sslrootcert=/path/ca.pem` for a private
 * CA); `require`, `prefer` and `verify-ca` currently mean the same as verify-full there (with a
 * warning; `uselibpqcompat=true` gives libpq's meaning); `no-verify` encrypts without checking;
 * `disable` or none: no TLS. Use a session-mode connection (direct, or a pooler in session mode):
 * the migration lock is a session lock.
 */
import pg from 'pg';
import type { ContactDatabase } from '../database.ts';
import { applyMigrationsOn, API_ROLES, MIGRATION_LOCK, MIGRATIONS_DIR } from '../postgres/bootstrap.ts';

/** Oldest PostgreSQL major version supported on DATABASE_URL. */
export const MIN_SERVER_VERSION = 13;

/** Connections the server keeps to DATABASE_URL at most (DATABASE_POOL_MAX). */
export const DEFAULT_POOL_MAX = 10;

/** The URL without its password, for log lines (`postgres://user@host:5432/db`). */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.search = '';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/** Reads DATABASE_POOL_MAX (a whole number from 2 to 1000). Throws one sentence otherwise. */
export function parsePoolMax(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_POOL_MAX;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 2 || n > 1000)
    throw new Error(`DATABASE_POOL_MAX must be a whole number from 2 to 1000, not ${JSON.stringify(value)}.`);
  return n;
}

/** Opens one connection to `url`; the caller ends it. Errors name the URL without its password. */
export async function connectUrl(url: string, applicationName: string): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: url,
    application_name: applicationName,
    connectionTimeoutMillis: 15_000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new Error(`Cannot connect to ${describeDatabaseUrl(url)} (DATABASE_URL): ${(error as Error).message}`, {
      cause: error,
    });
  }
  return client;
}

/** Checks the version, the roles and the grants, then applies pending migrations. Returns the versions applied. */
export async function prepareExternalDatabase(url: string, migrationsDir: string = MIGRATIONS_DIR): Promise<string[]> {
  const client = await connectUrl(url, 'ringwise-migrate');
  try {
    // Servers starting at once take turns for the roles too (the migrations take the same lock again).
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const { rows } = await client.query<{ version: number; me: string; createrole: boolean; superuser: boolean }>(
      `select current_setting('server_version_num')::int / 10000 as version, current_user as me, rolcreaterole as createrole, rolsuper as superuser
         from pg_roles where rolname = current_user`,
    );
    const { version, me, createrole, superuser } = rows[0]!;
    if (version < MIN_SERVER_VERSION)
      throw new Error(`DATABASE_URL points at PostgreSQL ${version}; ${MIN_SERVER_VERSION} or newer is needed.`);
    const existing = new Set(
      (
        await client.query<{ rolname: string }>('select rolname from pg_roles where rolname = any($1)', [API_ROLES])
      ).rows.map((r) => r.rolname),
    );
    const missing = API_ROLES.filter((role) => !existing.has(role));
    if (missing.length > 0 && !createrole && !superuser) {
      throw new Error(
        `The roles ${missing.join(', ')} are missing in ${describeDatabaseUrl(url)} and ${me} may not create them: ` +
          `create them once as an administrator (create role ${missing.join(' nologin; create role ')} nologin; grant anon, service_role to ${client.escapeIdentifier(me)};), then start again.`,
      );
    }
    for (const role of missing) await client.query(`create role ${role} nologin`);
    // SET ROLE anon (each insert) and service_role needs membership with SET (PostgreSQL 16+ gives
    // the creator of a role ADMIN without SET); grant it when missing.
    const privilege = version >= 16 ? 'SET' : 'MEMBER';
    for (const role of ['anon', 'service_role']) {
      const member = await client.query<{ ok: boolean }>('select pg_has_role(current_user, $1, $2) as ok', [
        role,
        privilege,
      ]);
      if (!member.rows[0]?.ok) await client.query(`grant ${role} to ${client.escapeIdentifier(me)}`);
    }
    // The API roles reach the tables through schema public (Supabase grants this to them too).
    const usage = await client.query<{ ok: boolean }>(
      "select bool_and(has_schema_privilege(r, 'public', 'usage')) as ok from unnest($1::text[]) r",
      [API_ROLES],
    );
    if (!usage.rows[0]?.ok) await client.query('grant usage on schema public to anon, authenticated, service_role');
    return await applyMigrationsOn(client, migrationsDir);
  } finally {
    // Ending the session releases the lock too; unlocking first hands it over without waiting for that.
    await client.query('select pg_advisory_unlock_all()').catch(() => {});
    await client.end().catch(() => {});
  }
}

/** SQLSTATEs of a server shutting down or starting: the request may be sent again (503), never a 500. */
const RETRYABLE = new Set(['57P01', '57P02', '57P03']);

/**
 * The database with a shutdown or start-up error (an in-flight insert while the server restarts)
 * turned into a connection error, which the endpoint answers with 503 and "try again".
 */
export function retryableDuringRestart(db: ContactDatabase): ContactDatabase {
  return {
    tables: db.tables,
    ping: () => db.ping(),
    async insertAsAnon(...args) {
      try {
        return await db.insertAsAnon(...args);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code && RETRYABLE.has(code)) throw new Error(`The database is restarting (${code}).`, { cause: error });
        throw error;
      }
    },
    close: () => db.close(),
  };
}

/**
 * Makes the embedded PostgreSQL look like a Supabase project before the repository's migrations
 * run, then applies `supabase/migrations/*.sql` the way `supabase db push` does.
 *
 * Roles, after Supabase's own bootstrap (github.com/supabase/postgres, migrations/db: the initial
 * schema, `alter_api_roles_for_inherit`, `demote-postgres`, the authenticator timeouts and the
 * PostgreSQL 16+ admin grants):
 * - supabase_admin: the superuser (initdb's user). postgres: NOT a superuser (CREATEDB CREATEROLE
 *   REPLICATION BYPASSRLS), owner of the database, the role migrations run as.
 * - anon, authenticated: NOLOGIN INHERIT; service_role: NOLOGIN INHERIT BYPASSRLS.
 * - authenticator: LOGIN NOINHERIT, member of the three API roles (PostgREST logs in as it and
 *   switches with SET LOCAL ROLE). Supabase also makes it a member of supabase_admin; that grant
 *   is left out here, since nothing in this backend needs it and it would only widen what a
 *   leaked authenticator password could do.
 * - Role settings: anon statement_timeout 3s, authenticated 8s, authenticator 8s and lock_timeout 8s.
 *
 * Default privileges in schema public, per database ({@link DefaultPrivileges}):
 * - `current` (Supabase projects since 30 May 2026, every project since 30 October 2026: "new
 *   tables are not exposed to the Data API"): objects created by postgres grant nothing to anon,
 *   authenticated or service_role; a migration must GRANT what each role needs.
 * - `legacy` (older projects): objects created by postgres grant ALL to the three API roles.
 * In both, objects created by supabase_admin grant ALL to them (Supabase does not let projects
 * change that).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Credentials } from './data-dir.ts';

/** The repository's migrations folder (the one `supabase db push` reads). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));

/** Supabase's default privileges for new tables in public: today's, or those of older projects. */
export type DefaultPrivileges = 'current' | 'legacy';

/** The API roles PostgREST switches to. */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;

/** Where to connect. */
export interface ConnectionTarget {
  host: string;
  port: number;
  database?: string;
}

/** Opens one connection as `user`. The caller ends it. */
export async function connect(
  target: ConnectionTarget,
  user: string,
  password: string,
  applicationName = 'ringwise',
): Promise<pg.Client> {
  const client = new pg.Client({
    host: target.host,
    port: target.port,
    database: target.database ?? 'postgres',
    user,
    password,
    application_name: applicationName,
  });
  // Errors of an idle connection (PostgreSQL stopping) surface on the next query instead.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** Runs `fn` with a connection as `user`, ended afterwards. */
async function withClient<T>(
  target: ConnectionTarget,
  user: string,
  password: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = await connect(target, user, password, 'ringwise-bootstrap');
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The cluster-wide part: the roles and their settings. Idempotent; run as supabase_admin at every
 * start (it also re-applies the passwords of the credentials file).
 */
export async function bootstrapRoles(target: ConnectionTarget, credentials: Credentials): Promise<void> {
  await withClient(
    { ...target, database: 'postgres' },
    'supabase_admin',
    credentials.supabase_admin,
    async (client) => {
      const literal = (value: string) => client.escapeLiteral(value);
      await client.query('begin');
      try {
        // One transaction, serialised against another bootstrap by this advisory lock.
        await client.query('select pg_advisory_xact_lock(8210442001)');
        await client.query(`
        do $$
        begin
          if not exists (select from pg_roles where rolname = 'postgres') then create role postgres; end if;
          if not exists (select from pg_roles where rolname = 'anon') then create role anon; end if;
          if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated; end if;
          if not exists (select from pg_roles where rolname = 'service_role') then create role service_role; end if;
          if not exists (select from pg_roles where rolname = 'authenticator') then create role authenticator; end if;
        end
        $$;
        alter role anon nologin inherit;
        alter role authenticated nologin inherit;
        alter role service_role nologin inherit bypassrls;
        alter role postgres nosuperuser createdb createrole login replication bypassrls password ${literal(credentials.postgres)};
        alter role authenticator login noinherit password ${literal(credentials.authenticator)};
        grant anon, authenticated, service_role to authenticator;
        grant anon, authenticated, service_role to postgres with admin option;
        alter role anon set statement_timeout = '3s';
        alter role authenticated set statement_timeout = '8s';
        alter role authenticator set statement_timeout = '8s';
        alter role authenticator set lock_timeout = '8s';
      `);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      }
    },
  );
}

/**
 * The per-database part, run as supabase_admin: the database belongs to postgres (so its public
 * schema, owned by pg_database_owner, lets postgres create tables), the API roles may use schema
 * public, and the default privileges are those of `privileges`. Idempotent.
 */
export async function bootstrapDatabase(
  target: ConnectionTarget,
  credentials: Credentials,
  privileges: DefaultPrivileges = 'current',
): Promise<void> {
  const database = target.database ?? 'postgres';
  await withClient(target, 'supabase_admin', credentials.supabase_admin, async (client) => {
    const grantOrRevoke =
      privileges === 'legacy'
        ? 'grant all on %s to anon, authenticated, service_role'
        : 'revoke all on %s from anon, authenticated, service_role';
    const objects = ['tables', 'sequences', 'functions'];
    await client.query('begin');
    try {
      await client.query('select pg_advisory_xact_lock(8210442002)');
      await client.query(`alter database ${client.escapeIdentifier(database)} owner to postgres`);
      await client.query('grant usage on schema public to postgres, anon, authenticated, service_role');
      for (const kind of objects) {
        await client.query(
          `alter default privileges for role supabase_admin in schema public grant all on ${kind} to postgres, anon, authenticated, service_role`,
        );
        await client.query(
          `alter default privileges for role postgres in schema public ${grantOrRevoke.replace('%s', kind)}`,
        );
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  });
}

/** One migration file: its version (the leading timestamp), name and SQL text. */
export interface Migration {
  version: string;
  name: string;
  file: string;
  sql: string;
}

/** Supabase CLI's file-name format: `<digits>_<name>.sql`. */
const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

/**
 * Reads the migrations of `dir`, sorted by version. Files that do not follow the CLI's
 * `<timestamp>_<name>.sql` pattern are ignored, as the CLI skips them.
 */
export async function listMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => MIGRATION_FILE.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const [, version = '', name = ''] = MIGRATION_FILE.exec(file) ?? [];
      return { version, name, file, sql: await readFile(join(dir, file), 'utf8') };
    }),
  );
}

/**
 * Applies every migration of `dir` not yet recorded, as role postgres (like `supabase db push`),
 * in version order, each in its own transaction together with its row in
 * `supabase_migrations.schema_migrations` (the CLI's history table), so each runs exactly once and
 * a failing one leaves nothing behind; its error names the file. Returns the versions applied.
 */
export async function applyMigrations(
  target: ConnectionTarget,
  credentials: Credentials,
  dir: string = MIGRATIONS_DIR,
): Promise<string[]> {
  return withClient(target, 'postgres', credentials.postgres, (client) => applyMigrationsOn(client, dir));
}

/** Key of the session advisory lock that serialises migrations (one database, any number of processes). */
export const MIGRATION_LOCK = 8210442003;

/**
 * {@link applyMigrations} on an open connection (the embedded database's postgres, or the role of
 * DATABASE_URL). A session advisory lock serialises processes that start at once: the second
 * waits, then finds every version recorded and applies nothing.
 */
export async function applyMigrationsOn(client: pg.Client, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await listMigrations(dir);
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
    `);
    const done = new Set(
      (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await client.query('begin');
      try {
        await client.query(migration.sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, [migration.sql]],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw new Error(`Migration ${migration.file} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.version);
    }
    return applied;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
  }
}

/**
 * Everything a fresh or existing database needs before the API may use it: roles, the database's
 * grants and default privileges, then the pending migrations. Returns the migrations applied.
 */
export async function prepareDatabase(
  target: ConnectionTarget,
  credentials: Credentials,
  options: { privileges?: DefaultPrivileges; migrationsDir?: string } = {},
): Promise<string[]> {
  await bootstrapRoles(target, credentials);
  await bootstrapDatabase(target, credentials, options.privileges);
  return applyMigrations(target, credentials, options.migrationsDir);
}

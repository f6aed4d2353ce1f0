/**
 * Applies `supabase/migrations/*.sql` to a PGlite database the way the Supabase CLI applies them
 * to a project: in file-name (timestamp) order, each in its own transaction, recorded in
 * `supabase_migrations.schema_migrations` so a migration runs once. Shared by the embedded server
 * and the database tests, so both run exactly the SQL that `supabase db push` deploys.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';

/** The repository's migrations folder (the one `supabase db push` reads). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../supabase/migrations/', import.meta.url));

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
 * What a Supabase project has before any migration runs, recreated for the local/PGlite path only
 * (Supabase already has all of it): the API roles anon, authenticated and service_role (the last
 * one bypasses RLS), USAGE on schema public, and Supabase's default privileges, which grant ALL on
 * every new public table to the API roles. The latter makes local tests prove that the migration's
 * REVOKE really takes those rights back. Idempotent.
 */
export const LOCAL_BOOTSTRAP_SQL = `
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
`;

/** Creates the Supabase roles and the migration history table in a local database. */
export async function bootstrapLocalDatabase(db: PGlite): Promise<void> {
  await db.exec(LOCAL_BOOTSTRAP_SQL);
}

/**
 * Bootstraps the local database, then applies every migration of `dir` not yet recorded, in
 * order, each in one transaction (a failing migration leaves nothing behind and is reported with
 * its file name). Returns the versions applied by this call.
 */
export async function applyMigrations(db: PGlite, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await bootstrapLocalDatabase(db);
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  const applied: string[] = [];
  for (const migration of await listMigrations(dir)) {
    if (done.has(migration.version)) continue;
    try {
      await db.transaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
          migration.version,
          migration.name,
          [migration.sql],
        ]);
      });
    } catch (error) {
      throw new Error(`Migration ${migration.file} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(migration.version);
  }
  return applied;
}

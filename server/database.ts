/**
 * The embedded contact database: PGlite (Postgres in WebAssembly) persisted in a data folder, with
 * the Supabase migrations applied. PGlite has a single connection, so every use goes through one
 * mutex: a transaction of one request never interleaves with another's, however many HTTP clients
 * are waiting. Inserts run as role anon (`SET LOCAL ROLE anon` inside the transaction), so
 * Postgres itself enforces the grants, row-level security and CHECK constraints, as on Supabase.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Mutex, PGlite } from '@electric-sql/pglite';
import { applyMigrations, MIGRATIONS_DIR } from './migrations.ts';

/** A stored contact request, as `npm run submissions` and the admin socket return it. */
export interface Submission {
  id: string;
  /** ISO 8601 timestamp. */
  created_at: string;
  name: string;
  business_name: string;
  email: string;
  additional_info: string | null;
}

/** Options of {@link openContactDatabase}. */
export interface OpenDatabaseOptions {
  /**
   * The data folder; Postgres' own files go to its `postgres/` subfolder (the server keeps its
   * admin socket beside them). Omitted = in memory (tests, the load check).
   */
  dataDir?: string;
  /** Delete the folder first (RESET_DATA=1). @default false */
  reset?: boolean;
  /** Where the migrations are. @default the repository's supabase/migrations */
  migrationsDir?: string;
}

/** What the REST endpoint and the tools need from the database. */
export interface ContactDatabase {
  /** The PostgREST "schema cache": column names of every table in schema public. */
  readonly tables: ReadonlyMap<string, readonly string[]>;
  /**
   * Inserts `rows` into `public.<table>` as role anon, taking the given `columns` from each row
   * (missing keys become NULL, as PostgREST's default). With `returning`, adds `RETURNING *` (which
   * anon is not allowed to do here: Postgres answers 42501) and returns the rows. `table` and
   * `columns` must come from {@link ContactDatabase.tables}. Postgres errors are rethrown as is.
   */
  insertAsAnon(table: string, columns: readonly string[], rows: readonly object[], returning: boolean): Promise<unknown[]>;
  /** Every stored contact request, newest first, read as service_role. */
  listSubmissions(): Promise<Submission[]>;
  /** Runs `fn` with exclusive use of the connection (tests, tools). */
  exclusive<T>(fn: (pg: PGlite) => Promise<T>): Promise<T>;
  /** Waits for the queue to drain and closes the database (flushes it to disk). */
  close(): Promise<void>;
}

/** Double-quotes an SQL identifier. */
function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Opens (creating if needed) the database in `dataDir`, applies pending migrations and returns
 * the serialized access object. A data folder must be used by one process at a time: the server
 * guards that with its admin socket (server/admin.ts).
 */
export async function openContactDatabase(options: OpenDatabaseOptions = {}): Promise<ContactDatabase> {
  const { dataDir, reset = false, migrationsDir = MIGRATIONS_DIR } = options;
  if (dataDir) {
    if (reset) await rm(dataDir, { recursive: true, force: true });
    await mkdir(dataDir, { recursive: true });
  }
  const pg = await PGlite.create(dataDir ? { dataDir: join(dataDir, 'postgres') } : {});
  try {
    await applyMigrations(pg, migrationsDir);
  } catch (error) {
    await pg.close();
    throw error;
  }
  const columns = await pg.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of columns.rows) {
    const list = tables.get(table_name) ?? [];
    list.push(column_name);
    tables.set(table_name, list);
  }

  const mutex = new Mutex();
  let closed = false;
  const exclusive = <T>(fn: (db: PGlite) => Promise<T>): Promise<T> =>
    mutex.runExclusive(() => {
      if (closed) throw new Error('The contact database is closed.');
      return fn(pg);
    });

  return {
    tables,
    exclusive,
    insertAsAnon(table, cols, rows, returning) {
      if (!tables.has(table)) throw new Error(`Unknown table ${table}`);
      const target = `public.${ident(table)}`;
      const list = cols.map(ident).join(', ');
      // PostgREST's own shape: the JSON body becomes a record set of the table's row type.
      const sql =
        cols.length > 0
          ? `insert into ${target} (${list}) select ${list} from json_populate_recordset(null::${target}, $1::json)`
          : `insert into ${target} select from json_populate_recordset(null::${target}, $1::json)`;
      return exclusive((db) =>
        db.transaction(async (tx) => {
          await tx.exec('set local role anon');
          const result = await tx.query<Record<string, unknown>>(sql + (returning ? ' returning *' : ''), [
            JSON.stringify(rows),
          ]);
          return result.rows;
        }),
      );
    },
    listSubmissions() {
      return exclusive((db) =>
        db.transaction(async (tx) => {
          await tx.exec('set local role service_role');
          const result = await tx.query<Omit<Submission, 'created_at'> & { created_at: Date }>(
            `select id, created_at, name, business_name, email, additional_info
               from public.contact_submissions order by created_at desc, id`,
          );
          return result.rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
        }),
      );
    },
    async close() {
      await mutex.runExclusive(async () => {
        if (closed) return;
        closed = true;
        await pg.close();
      });
    },
  };
}

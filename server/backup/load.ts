/**
 * Loads a backup (dump.ts) into a database in one transaction: all of it or, on any problem
 * (a file cut short, a newer schema, a row the table refuses), nothing. A database that already
 * holds rows is refused unless `force`, which replaces them. Triggers of the restored tables are
 * off during the load (so the outbox is restored as it was, not refilled by the enqueue trigger);
 * foreign keys stay checked. Requests without a delivery job afterwards (a dump made before the
 * outbox existed) get a closed one, as the outbox migration gives older rows.
 *
 * The file is trusted for nothing: its header may name only tables `npm run backup` writes (the
 * application's tables of schema public, listTables), checked before anything is touched, with
 * or without force (a crafted header naming supabase_migrations.schema_migrations is refused).
 * A non-empty database without force is not loaded, but the whole file is still read and checked,
 * so the advice to use --force is given only for a file that reads as valid.
 */
import type pg from 'pg';
import { DUMP_FORMAT, DUMP_VERSION, listTables, type DumpHeader, type TableHeader } from './dump.ts';

/** Rows inserted per statement. */
const BATCH = 500;

/** Options of {@link loadDump}. */
export interface LoadOptions {
  /** Replace the rows of a non-empty database. @default false */
  force?: boolean;
  /** Named in the refusal (e.g. the data folder). */
  target: string;
}

/** Loads the dump's lines through `client` (the tables' owner). Returns the rows loaded per table. */
export async function loadDump(
  client: pg.ClientBase,
  lines: AsyncIterable<string>,
  options: LoadOptions,
): Promise<Record<string, number>> {
  const iterator = lines[Symbol.asyncIterator]();
  const next = async (): Promise<Record<string, unknown> | null> => {
    const { value, done } = await iterator.next();
    if (done) return null;
    try {
      return JSON.parse(value) as Record<string, unknown>;
    } catch {
      throw new Error('The backup file is damaged (a line is not JSON).');
    }
  };
  const header = (await next()) as DumpHeader | null;
  if (header?.format !== DUMP_FORMAT) throw new Error('This is not a backup written by `npm run backup`.');
  if (header.version !== DUMP_VERSION)
    throw new Error(`The backup has format version ${header.version}; this checkout reads version ${DUMP_VERSION}.`);
  const isStrings = (value: unknown): value is string[] =>
    Array.isArray(value) && value.every((item) => typeof item === 'string');
  if (!isStrings(header.tables) || !isStrings(header.migrations))
    throw new Error('The backup file is damaged (its header does not list tables and migrations).');
  // Only what `npm run backup` writes, before anything is touched (the names go into statements).
  const writable = new Set(await listTables(client));
  const foreign = header.tables.filter((name) => !writable.has(name));
  if (foreign.length > 0) {
    throw new Error(
      `The backup file names tables \`npm run backup\` does not write (${foreign.map((name) => JSON.stringify(name)).join(', ')}): refused, nothing was changed.`,
    );
  }

  await client.query('begin');
  try {
    const known = new Set(
      (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const newer = header.migrations.filter((v) => !known.has(v));
    if (newer.length > 0)
      throw new Error(
        `The backup was made with migrations this database does not have (${newer.join(', ')}): update the checkout, start it once, then restore.`,
      );

    const present: string[] = [];
    for (const table of header.tables) {
      const exists = (await client.query<{ ok: boolean }>('select to_regclass($1) is not null as ok', [table])).rows[0]
        ?.ok;
      if (!exists) throw new Error(`The backup has a table this database does not: ${table}.`);
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      if ((rows[0]?.n ?? 0) > 0) present.push(`${table}: ${rows[0]?.n} row(s)`);
    }
    // Not empty and no force: read the whole file without loading it, and advise --force only if it is valid.
    const checkOnly = present.length > 0 && !options.force;
    if (present.length > 0 && !checkOnly) await client.query(`truncate ${header.tables.join(', ')} cascade`);

    const counts: Record<string, number> = {};
    let table: TableHeader | null = null;
    let batch: object[] = [];
    const flush = async () => {
      if (!table || batch.length === 0) return;
      if (checkOnly) {
        counts[table.table] = (counts[table.table] ?? 0) + batch.length;
        batch = [];
        return;
      }
      const columns = table.columns.map((c) => `"${c.replaceAll('"', '""')}"`).join(', ');
      await client.query(
        `insert into ${table.table} (${columns}) select ${columns} from json_populate_recordset(null::${table.table}, $1::json)`,
        [JSON.stringify(batch)],
      );
      counts[table.table] = (counts[table.table] ?? 0) + batch.length;
      batch = [];
    };
    for (;;) {
      const line = await next();
      if (line === null) throw new Error('The backup file is cut short (no end line): nothing was restored.');
      if ('row' in line) {
        if (!table) throw new Error('The backup file is damaged (a row before its table).');
        if (typeof line.row !== 'object' || line.row === null || Array.isArray(line.row))
          throw new Error('The backup file is damaged (a row is not an object).');
        batch.push(line.row as object);
        if (batch.length >= BATCH) await flush();
      } else if ('table' in line) {
        await flush();
        table = line as unknown as TableHeader;
        if (!header.tables.includes(table.table))
          throw new Error(`The backup file is damaged (table ${JSON.stringify(table.table)} is not in its header).`);
        if (!isStrings(table.columns)) throw new Error('The backup file is damaged (a table without its columns).');
        // The owner may switch its own tables' triggers off; the change is undone at commit below.
        if (!checkOnly) await client.query(`alter table ${table.table} disable trigger user`);
        counts[table.table] = 0;
      } else if ('end' in line) {
        await flush();
        if (typeof line.end !== 'object' || line.end === null)
          throw new Error('The backup file is damaged (its end line has no counts).');
        const expected = line.end as Record<string, number>;
        for (const [name, rows] of Object.entries(expected)) {
          if ((counts[name] ?? 0) !== rows)
            throw new Error(`The backup file is damaged (${name}: ${counts[name] ?? 0} rows read, ${rows} written).`);
        }
        break;
      } else {
        throw new Error('The backup file is damaged (a line that is neither a table, a row nor the end).');
      }
    }
    if (checkOnly) {
      throw new Error(
        `${options.target} is not empty (${present.join(', ')}): restoring would replace those rows. Run again with --force to replace them (back them up first).`,
      );
    }
    for (const name of header.tables) await client.query(`alter table ${name} enable trigger user`);
    if (
      (await client.query<{ ok: boolean }>("select to_regclass('public.contact_outbox') is not null as ok")).rows[0]?.ok
    ) {
      await client.query(
        `insert into public.contact_outbox (submission_id, created_at, delivered_at)
         select s.id, s.created_at, now() from public.contact_submissions s
          where not exists (select from public.contact_outbox o where o.submission_id = s.id)`,
      );
    }
    await client.query('commit');
    return counts;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

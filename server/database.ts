/**
 * The REST endpoint's access to the embedded PostgreSQL, done the way PostgREST does it on
 * Supabase: a pool of connections logged in as `authenticator`; each insert is one transaction
 * that switches to role anon (`SET LOCAL ROLE anon`, the role's own settings such as its 3 s
 * statement_timeout applied, `request.jwt.claims` set), then runs PostgREST's own statement shape
 * (`WITH pgrst_source AS (INSERT … SELECT … FROM json_to_record($1) … RETURNING 1)`). So PostgreSQL
 * itself enforces the grants, row-level security and CHECK constraints, exactly as on Supabase.
 */
import pg from 'pg';
import type { Credentials } from './postgres/data-dir.ts';

/** A column of the schema cache: its name and SQL type (as `format_type` writes it). */
export interface Column {
  name: string;
  type: string;
}

/** Options of {@link openContactDatabase}: the embedded database's address, or DATABASE_URL. */
export type OpenDatabaseOptions = EmbeddedDatabaseOptions | UrlDatabaseOptions;

/** Your own PostgreSQL: logged in as the URL's role (a member of anon), TLS as its sslmode says. */
export interface UrlDatabaseOptions {
  connectionString: string;
  /** Connections kept open at most. */
  poolSize: number;
  database?: undefined;
}

/** The embedded PostgreSQL, logged in as authenticator. */
export interface EmbeddedDatabaseOptions {
  connectionString?: undefined;
  host: string;
  port: number;
  credentials: Pick<Credentials, 'authenticator'>;
  /** @default 'postgres' */
  database?: string;
  /** Connections kept open. @default 16 */
  poolSize?: number;
}

/** What the REST endpoint needs from the database. */
export interface ContactDatabase {
  /** PostgREST's "schema cache": the columns of every table and view in schema public. */
  readonly tables: ReadonlyMap<string, readonly Column[]>;
  /**
   * Inserts one row (a JSON object) into `public.<table>` as anon, taking `columns` from it
   * (missing keys become NULL, as in PostgREST). With `returning`, asks for the row back
   * (`RETURNING *`, which anon may not: PostgreSQL answers 42501). `table` and `columns` must come
   * from {@link ContactDatabase.tables}. PostgreSQL errors are rethrown as pg reports them.
   */
  insertAsAnon(table: string, columns: readonly string[], row: object, returning: boolean): Promise<unknown[]>;
  /** Resolves when the database answers a trivial query (readiness, server/health.ts). */
  ping(): Promise<void>;
  /** Ends every connection. */
  close(): Promise<void>;
}

/** Double-quotes an SQL identifier. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The statement PostgREST runs for `POST /<table>` with one JSON object. */
export function insertStatement(table: string, columns: readonly Column[], returning: boolean): string {
  const target = `"public".${ident(table)}`;
  if (columns.length === 0) return `insert into ${target} default values returning ${returning ? '*' : '1'}`;
  const names = columns.map((c) => ident(c.name)).join(', ');
  const body = columns.map((c) => `"pgrst_body".${ident(c.name)}`).join(', ');
  const record = columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ');
  return (
    `with pgrst_source as (insert into ${target}(${names}) select ${body} ` +
    `from (select $1::json as json_data) pgrst_payload, ` +
    `lateral (select ${names} from json_to_record(pgrst_payload.json_data) as _(${record})) pgrst_body ` +
    `returning ${returning ? `${target}.*` : '1'}) ` +
    (returning
      ? `select coalesce(json_agg(pgrst_source), '[]') as rows from pgrst_source`
      : `select count(*) as rows from pgrst_source`)
  );
}

/**
 * A request that has no connection after this long fails (503): PostgreSQL accepts TCP but does
 * not answer, or the pool's 16 connections stay busy (pg-pool applies the same bound to the wait
 * in its queue). Generous, because 200 clients at once on a busy 2-core machine waited up to 4.5 s
 * for a pooled connection (bench/contact-load.ts, load average 15).
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/** An insert unanswered after this long fails (503); anon's statement_timeout (3 s) normally ends it first. */
export const QUERY_TIMEOUT_MS = 10_000;

/** Whether `error` came from PostgreSQL (it has a SQLSTATE) rather than from the connection. */
function isSqlError(error: unknown): boolean {
  return /^[0-9A-Z]{5}$/.test(String((error as { code?: unknown })?.code ?? ''));
}

/** Opens the pool and reads the schema cache and anon's role settings. */
export async function openContactDatabase(options: OpenDatabaseOptions): Promise<ContactDatabase> {
  // Both kinds of database: a request waits CONNECT_TIMEOUT_MS at most for a connection (a slow
  // restart, a PostgreSQL that accepts TCP but never answers) and QUERY_TIMEOUT_MS for its insert.
  const timeouts = {
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
  };
  const pool = new pg.Pool(
    options.connectionString !== undefined
      ? {
          connectionString: options.connectionString,
          application_name: 'ringwise-rest',
          max: options.poolSize,
          ...timeouts,
        }
      : {
          host: options.host,
          port: options.port,
          database: options.database ?? 'postgres',
          user: 'authenticator',
          password: options.credentials.authenticator,
          application_name: 'ringwise-rest',
          max: options.poolSize ?? 16,
          ...timeouts,
        },
  );
  // An idle connection that breaks (PostgreSQL stopping) is dropped; the next request reconnects.
  pool.on('error', () => {});
  // A connection can also break while a request holds it (pg_terminate_backend, a backend killed,
  // PostgreSQL restarting): pg then emits 'error' on the client, which kills the process when
  // nobody listens. The request on it fails with the error its query gets (a 503); release()
  // drops the connection and the pool opens a new one for the next request.
  pool.on('connect', (client) => client.on('error', () => {}));

  let tables: Map<string, Column[]>;
  let anonSettings: string;
  try {
    const columns = await pool.query<{ table_name: string; column_name: string; type: string }>(
      `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type
         from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         join pg_catalog.pg_attribute a on a.attrelid = c.oid
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v') and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
    );
    tables = new Map();
    for (const { table_name, column_name, type } of columns.rows) {
      const list = tables.get(table_name) ?? [];
      list.push({ name: column_name, type });
      tables.set(table_name, list);
    }
    // PostgREST applies the settings of the role it switches to (ALTER ROLE anon SET …).
    const settings = await pool.query<{ setting: string }>(
      `select unnest(s.setconfig) as setting
         from pg_catalog.pg_db_role_setting s
         join pg_catalog.pg_roles r on r.oid = s.setrole
        where r.rolname = 'anon' and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))`,
    );
    anonSettings = settings.rows
      .map(({ setting }) => {
        const at = setting.indexOf('=');
        return `, set_config(${pg.escapeLiteral(setting.slice(0, at))}, ${pg.escapeLiteral(setting.slice(at + 1))}, true)`;
      })
      .join('');
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }

  const statements = new Map<string, string>();
  let closed = false;
  // What PostgREST sets in each transaction besides the role: the JWT claims, the request, and the
  // settings of the role it switched to.
  const prologue =
    `set_config('request.jwt.claims', ${pg.escapeLiteral(JSON.stringify({ role: 'anon' }))}, true), ` +
    `set_config('request.method', 'POST', true)${anonSettings}`;

  return {
    tables,
    async insertAsAnon(table, names, row, returning) {
      if (closed) throw new Error('The contact database is closed.');
      const all = tables.get(table);
      if (!all) throw new Error(`Unknown table ${table}`);
      const columns = names.map((name) => {
        const column = all.find((c) => c.name === name);
        if (!column) throw new Error(`Unknown column ${name} of ${table}`);
        return column;
      });
      const key = `${table}\0${names.join('\0')}\0${returning}`;
      let sql = statements.get(key);
      if (!sql) {
        sql = insertStatement(table, columns, returning);
        statements.set(key, sql);
      }
      // One round trip: the whole transaction in one simple-protocol message. The row travels as
      // an escaped literal in the place of PostgREST's $1 (same statement, same json cast).
      const payload = pg.escapeLiteral(JSON.stringify(row));
      const text =
        `begin; set local role anon; select ${prologue}, set_config('request.path', ${pg.escapeLiteral('/' + table)}, true); ` +
        `${sql.replace('$1::json', () => `${payload}::json`)}; commit`;
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const results = (await client.query(text)) as unknown as Array<pg.QueryResult<{ rows: unknown }>>;
        const value = results.at(-2)?.rows[0]?.rows;
        return Array.isArray(value) ? value : [];
      } catch (error) {
        // The failed statement left the transaction aborted: end it (a broken connection is dropped).
        await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
        if (!isSqlError(error)) broken ??= error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async ping() {
      if (closed) throw new Error('The contact database is closed.');
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * `npm run db:sql -- "<SQL>"`: runs SQL as the database's admin role and prints what it returns,
 * so the README's set-up steps (creating the API roles for a DATABASE_URL role without CREATEROLE,
 * looking at the outbox) need no psql — the embedded PostgreSQL packages ship none. The database:
 * `--url=<admin's URL>` for this command only (an administrator's login to the DATABASE_URL
 * database), else DATABASE_URL (its role), else the data folder's embedded database as `postgres`
 * (through the running server's PostgreSQL or one started for the command). Several statements
 * separated by `;` run in one round trip, in one implicit transaction, as psql -c does.
 */
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { openCommandDatabase, type CommandDatabase } from './backup/open.ts';
import { connectUrl, describeDatabaseUrl } from './external/prepare.ts';

/** One statement's result, as pg returns it. */
interface Result {
  command: string | null;
  rowCount: number | null;
  fields: Array<{ name: string }>;
  rows: Array<Record<string, unknown>>;
}

/** Text of a value as psql shows it (NULL blank, objects as JSON, dates as ISO). */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** psql's aligned format: header, rule, rows, "(n rows)"; for statements without rows, the command and its count. */
export function formatResult(result: Result): string {
  if (!result.fields.length) return `${result.command ?? 'OK'}${result.rowCount === null ? '' : ` ${result.rowCount}`}`;
  const names = result.fields.map((f) => f.name);
  const rows = result.rows.map((row) => names.map((name) => cell(row[name]).replace(/\r?\n/g, '\\n')));
  const widths = names.map((name, i) => Math.max(name.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    ' ' +
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  const count = `(${rows.length} ${rows.length === 1 ? 'row' : 'rows'})`;
  return [line(names), widths.map((w) => '-'.repeat(w + 2)).join('+'), ...rows.map(line), count].join('\n');
}

/** Reads the command's arguments: the SQL, and `--url=` when given. Throws one sentence otherwise. */
export function parseSqlArgs(args: readonly string[]): { sql: string; url?: string } {
  const url = args.find((a) => a.startsWith('--url='))?.slice('--url='.length);
  const unknown = args.filter((a) => a.startsWith('--') && !a.startsWith('--url='));
  if (unknown.length)
    throw new Error(
      `npm run db:sql: unknown option ${unknown.join(' ')} (the one option is --url=<an admin's postgres:// URL>).`,
    );
  const sql = args
    .filter((a) => !a.startsWith('--'))
    .join(' ')
    .trim();
  if (!sql)
    throw new Error(
      'npm run db:sql: give the SQL to run, e.g. npm run db:sql -- "select count(*) from contact_submissions".',
    );
  return { sql, url: url || undefined };
}

/** Runs `sql` on the database the arguments and configuration name; resolves with the printed text. */
export async function runSql(
  args: readonly string[],
  environment: NodeJS.ProcessEnv = process.env,
): Promise<{ database: string; output: string }> {
  const { sql, url } = parseSqlArgs(args);
  let database: CommandDatabase | null;
  if (url) {
    const client = await connectUrl(url, 'ringwise-sql');
    database = { client, name: describeDatabaseUrl(url), close: () => client.end().catch(() => {}) };
  } else {
    database = await openCommandDatabase('sql', false, environment);
  }
  if (!database)
    throw new Error(
      'There is no database yet: start the site once with `npm start` (it creates it), then run this again.',
    );
  try {
    const raw = (await database.client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
    const results = (Array.isArray(raw) ? raw : [raw]) as unknown as Result[];
    return { database: database.name, output: results.map(formatResult).join('\n\n') };
  } catch (error) {
    const { code, position, message } = error as { code?: string; position?: string; message: string };
    if (!code) throw error;
    throw new Error(`${database.name} answered ${code}${position ? ` at character ${position}` : ''}: ${message}.`, {
      cause: error,
    });
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { database, output } = await runSql(process.argv.slice(2));
    console.error(`-- ${database}`);
    console.log(output);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}

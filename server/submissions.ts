/**
 * `npm run submissions`: lists the contact requests stored by the embedded backend, newest first.
 *
 * It reads through PostgreSQL, the way the Supabase dashboard does: logged in as authenticator,
 * switched to service_role (the only API role the migration lets read), in one read-only snapshot,
 * 500 rows per query, each page written out before the next is fetched (inserts go on meanwhile;
 * nothing is ever held as one giant string). When a server runs on the data folder, it connects to
 * that server's PostgreSQL; when none does, it starts PostgreSQL itself for the read (holding the
 * folder's lock meanwhile, so a server started then refuses with one sentence, and vice versa).
 *
 * Output: a table for people, where control characters, escape sequences, bidi overrides and
 * invisible characters are shown as visible escapes (`\x1b`, `\u{202e}`), so stored text can
 * neither hide itself nor drive the terminal; `--json` (an array, the same characters escaped as
 * \uXXXX, lossless) and `--csv` (RFC 4180, formula injection neutralised). `--since` filters.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { dataDirFrom, loadEnv } from '../shared/config.ts';
import { connect, prepareDatabase } from './postgres/bootstrap.ts';
import { DataDirInUseError, HANDOVER_WAIT_MS, inspectDataDir, isDataDirInUseError, startCluster } from './postgres/cluster.ts';
import { dataDirLayout, isInitialised, readCredentials } from './postgres/data-dir.ts';

/** A stored contact request. */
export interface Submission {
  id: string;
  /** ISO 8601, UTC, millisecond precision. */
  created_at: string;
  name: string;
  business_name: string;
  email: string;
  additional_info: string | null;
}

/** Rows fetched per query. @default 500 */
export const PAGE_SIZE = 500;

/** Characters that are invisible or act on the terminal: controls, format characters (bidi, zero-width, tags), line/paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** Shows `text` safely in a terminal: a backslash doubles, every invisible character becomes an escape. */
export function escapeVisible(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(INVISIBLE, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    const code = c.codePointAt(0) ?? 0;
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/** JSON text of `value` with every invisible character as \uXXXX (still valid JSON, same data). */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(INVISIBLE, (c) =>
    [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
  );
}

/** Characters a spreadsheet reads as the start of a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: always quoted (quotes doubled); a value a spreadsheet would run as a formula gets
 * a leading `'`; control characters other than tab and line breaks become visible escapes.
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  let text = value.replace(/[\p{Cc}]/gu, (c) => (c === '\n' || c === '\r' || c === '\t' ? c : escapeVisible(c)));
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The columns, in output order. */
export const COLUMNS = ['created_at', 'name', 'business_name', 'email', 'additional_info'] as const;

/** Widths of the table's columns (longer cells end in …). */
const WIDTHS: Record<(typeof COLUMNS)[number], number> = { created_at: 24, name: 24, business_name: 28, email: 32, additional_info: 48 };

function cell(value: string | null, width: number): string {
  const chars = [...escapeVisible(value ?? '')];
  const text = chars.length > width ? chars.slice(0, width - 1).join('') + '…' : chars.join('');
  return text + ' '.repeat(Math.max(0, width - [...text].length));
}

/** Output formats. */
export type Format = 'table' | 'json' | 'csv';

/** Turns pages of rows into output text, piece by piece (one call per page, then `end`). */
export function createFormatter(format: Format) {
  let count = 0;
  return {
    start(): string {
      if (format === 'csv') return COLUMNS.map((c) => csvField(c)).join(',') + '\r\n';
      if (format === 'json') return '[';
      const header = COLUMNS.map((c) => cell(c, WIDTHS[c])).join(' │ ').trimEnd();
      return header + '\n' + COLUMNS.map((c) => '─'.repeat(WIDTHS[c])).join('─┼─') + '\n';
    },
    page(rows: readonly Submission[]): string {
      let out = '';
      for (const row of rows) {
        if (format === 'csv') out += COLUMNS.map((c) => csvField(row[c])).join(',') + '\r\n';
        else if (format === 'json') out += (count === 0 ? '\n' : ',\n') + safeJson(row);
        else out += COLUMNS.map((c) => cell(row[c], WIDTHS[c])).join(' │ ').trimEnd() + '\n';
        count++;
      }
      return out;
    },
    end(): string {
      if (format === 'csv') return '';
      if (format === 'json') return count === 0 ? ']\n' : '\n]\n';
      return count === 0 ? 'No contact requests yet.\n' : `\n${count} request(s).\n`;
    },
  };
}

/**
 * Parses `--since`: a date or date-time (ISO 8601, e.g. 2026-11-01 or 2026-11-01T09:00Z) or a
 * duration back from `now` (`30m`, `12h`, `7d`). Throws one sentence otherwise.
 */
export function parseSince(value: string, now: Date = new Date()): Date {
  const relative = /^(\d+)\s*([mhd])$/i.exec(value.trim());
  if (relative) {
    const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[(relative[2] ?? 'd').toLowerCase() as 'm' | 'h' | 'd'];
    return new Date(now.getTime() - Number(relative[1]) * unit);
  }
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/i.test(value.trim())) {
    const date = new Date(value.trim());
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw new Error(`--since takes a date (2026-11-01), a date and time (2026-11-01T09:00Z) or a duration (30m, 12h, 7d), not ${JSON.stringify(value)}.`);
}

/** Options of {@link readSubmissions}. */
export interface ReadOptions {
  /** Only requests created at or after this time. */
  since?: Date;
  /** @default PAGE_SIZE */
  pageSize?: number;
  /** Progress lines (starting PostgreSQL, waiting). @default none */
  log?: (line: string) => void;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * A connection to the data folder's database for reading: to the running server's PostgreSQL, or
 * to one started here when no server runs. null when the folder has no database yet.
 */
async function openReader(dataDir: string, log: (line: string) => void): Promise<{ client: pg.Client; close(): Promise<void> } | null> {
  const layout = dataDirLayout(dataDir);
  if (!existsSync(layout.root) || !(await isInitialised(layout))) return null;
  const deadline = Date.now() + HANDOVER_WAIT_MS;
  for (;;) {
    const state = await inspectDataDir(dataDir);
    if (state.state === 'free') {
      let cluster;
      try {
        cluster = await startCluster({ dataDir, kind: 'reader', log });
      } catch (error) {
        // A server took the folder first: read through it once it is ready.
        if (isDataDirInUseError(error) && Date.now() < deadline) continue;
        throw error;
      }
      try {
        await prepareDatabase({ host: cluster.host, port: cluster.port }, cluster.credentials);
        await cluster.markReady();
        const client = await connect({ host: cluster.host, port: cluster.port }, 'authenticator', cluster.credentials.authenticator, 'ringwise-submissions');
        return {
          client,
          async close() {
            await client.end().catch(() => {});
            await cluster.stop();
          },
        };
      } catch (error) {
        await cluster.stop();
        throw error;
      }
    }
    const { owner } = state;
    if (owner?.alive && owner.kind === 'server' && owner.ready && state.status === 'ready') {
      const credentials = await readCredentials(layout);
      if (!credentials) throw new Error(`${layout.credentials} is missing: the database of ${layout.root} cannot be read.`);
      const client = await connect({ host: '127.0.0.1', port: state.port }, 'authenticator', credentials.authenticator, 'ringwise-submissions');
      return { client, close: () => client.end().catch(() => {}) };
    }
    // A server is starting, another read is running, or the PostgreSQL of a stopped server is
    // shutting down: wait for it.
    if (Date.now() > deadline) {
      const who = owner?.alive ? (owner.kind === 'server' ? `a server (pid ${owner.pid}) that did not become ready` : `\`npm run submissions\` (pid ${owner.pid})`) : `PostgreSQL (pid ${state.postmasterPid})`;
      throw new DataDirInUseError(`The data folder ${layout.root} is in use by ${who}: try again in a moment.`, owner?.pid ?? null);
    }
    await sleep(100);
  }
}

/**
 * The stored requests of `dataDir`, newest first, page by page (keyset pagination inside one
 * repeatable-read, read-only transaction as service_role: a consistent snapshot that blocks no
 * insert). Yields nothing when the folder has no database yet.
 */
export async function* readSubmissions(dataDir: string, options: ReadOptions = {}): AsyncGenerator<Submission[]> {
  const { since, pageSize = PAGE_SIZE, log = () => {} } = options;
  const reader = await openReader(dataDir, log);
  if (!reader) return;
  const { client } = reader;
  try {
    await client.query("begin isolation level repeatable read read only; set local role service_role; set local timezone = 'UTC'");
    let after: { at: string; id: string } | null = null;
    for (;;) {
      // The page is chosen on the stored microsecond timestamps (inner query); only the output
      // is formatted, to milliseconds. Ordering by the formatted text instead would misplace rows
      // of the same millisecond at page boundaries.
      const result: pg.QueryResult<Submission & { at: string }> = await client.query(
        `select id, to_char(page.created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, page.created_at::text as at,
                name, business_name, email, additional_info
           from (select * from public.contact_submissions
                  where ($1::timestamptz is null or created_at >= $1::timestamptz)
                    and ($2::timestamptz is null or (created_at, id) < ($2::timestamptz, $3::uuid))
                  order by created_at desc, id desc
                  limit $4) page
          order by page.created_at desc, page.id desc`,
        [since?.toISOString() ?? null, after?.at ?? null, after?.id ?? null, pageSize],
      );
      if (result.rows.length === 0) break;
      const last = result.rows.at(-1)!;
      after = { at: last.at, id: last.id };
      yield result.rows.map(({ at: _, ...row }) => row);
      if (result.rows.length < pageSize) break;
    }
    await client.query('commit');
  } finally {
    await reader.close();
  }
}

/** Reads every stored request into one array (tests and small tools; the CLI streams instead). */
export async function listSubmissions(dataDir: string, options: ReadOptions = {}): Promise<Submission[]> {
  const rows: Submission[] = [];
  for await (const page of readSubmissions(dataDir, options)) rows.push(...page);
  return rows;
}

/** Parsed command line of `npm run submissions`. */
export interface CliOptions {
  format: Format;
  since?: Date;
  help: boolean;
}

/** Usage text. */
export const USAGE = `Usage: npm run submissions [-- --csv | --json] [--since <date | 30m | 12h | 7d>]

Lists the contact requests stored by the embedded backend (DATA_DIR, else the folder \`npm start\` prints), newest first.
  (no option)   a table; invisible and control characters are shown as escapes
  --json        a JSON array (invisible characters as \\uXXXX)
  --csv         CSV for spreadsheets (formulas neutralised with a leading ')
  --since X     only requests since a date, a date and time, or a duration back from now
`;

/** Parses the arguments (after `--`). Throws one sentence on an unknown or incomplete option. */
export function parseArgs(args: readonly string[], now?: Date): CliOptions {
  const options: CliOptions = { format: 'table', help: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--csv' || flag === '--json') {
      const format = flag.slice(2) as Format;
      if (options.format !== 'table' && options.format !== format) throw new Error('Choose one of --csv and --json.');
      options.format = format;
    } else if (flag === '--since') {
      const value = inline ?? args[++i];
      if (value === undefined) throw new Error('--since needs a value, e.g. --since 7d or --since 2026-11-01.');
      options.since = parseSince(value, now);
    } else if (flag === '--help' || flag === '-h') options.help = true;
    else throw new Error(`Unknown option ${JSON.stringify(arg)}.\n\n${USAGE}`);
  }
  return options;
}

/** Writes `text` to stdout, waiting when the pipe is full (so pages are not piled up in memory). */
function write(text: string): Promise<void> {
  if (!text) return Promise.resolve();
  return new Promise((done) => {
    if (process.stdout.write(text)) done();
    else process.stdout.once('drain', done);
  });
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    await write(USAGE);
    return;
  }
  const dataDir = dataDirFrom(loadEnv()).path;
  const formatter = createFormatter(options.format);
  let started = false;
  for await (const page of readSubmissions(dataDir, { since: options.since, log: (line) => console.error(line) })) {
    if (!started) {
      started = true;
      await write(formatter.start());
    }
    await write(formatter.page(page));
  }
  if (!started && options.format === 'table' && !existsSync(dataDirLayout(dataDir).cluster)) {
    await write(`No database in ${dataDirLayout(dataDir).root} yet: start the site with \`npm start\` and send a request.\n`);
    return;
  }
  if (!started) await write(formatter.start());
  await write(formatter.end());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}

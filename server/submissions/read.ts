/**
 * Reads the stored contact requests and their delivery state, the way the Supabase dashboard
 * does: logged in as authenticator, switched to service_role (the only API role the migrations
 * let read), in one repeatable-read, read-only snapshot, page by page (keyset pagination), each
 * page handed on before the next is fetched (inserts go on meanwhile; nothing is held as one
 * giant string). With DATABASE_URL it reads that database as its login role (the tables' owner);
 * otherwise the data folder's, opened by local-database.ts.
 */
import pg from 'pg';
import { FAILING_AFTER_ATTEMPTS } from '../leads/outbox.ts';
import { openDataFolder } from '../local-database.ts';
import type { Submission } from './format.ts';

/** Rows fetched per query. @default 500 */
export const PAGE_SIZE = 500;

/** Options of {@link readSubmissions}. */
export interface ReadOptions {
  /** Only requests created at or after this time. */
  since?: Date;
  /** @default PAGE_SIZE */
  pageSize?: number;
  /** Progress lines (starting PostgreSQL, waiting). @default none */
  log?: (line: string) => void;
  /** Read this PostgreSQL (DATABASE_URL) instead of the data folder's. */
  databaseUrl?: string;
}

interface Reader {
  client: pg.Client;
  /** Role to read as (service_role on the embedded database); null = the login role. */
  role: string | null;
  close(): Promise<void>;
}

/** The data folder's database, logged in as authenticator (reading as service_role); null when it has none. */
async function openReader(dataDir: string, log: (line: string) => void): Promise<Reader | null> {
  const connection = await openDataFolder(dataDir, { role: 'authenticator', log, name: 'ringwise-submissions' });
  return connection && { ...connection, role: 'service_role' };
}

/** A connection to DATABASE_URL (TLS as its sslmode says). */
async function openUrlReader(databaseUrl: string): Promise<Reader> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'ringwise-submissions' });
  client.on('error', () => {});
  await client.connect();
  return { client, role: null, close: () => client.end().catch(() => {}) };
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The stored requests, newest first, page by page, each with its delivery state. Yields nothing
 * when the data folder has no database yet; throws "Permission denied: …" when it cannot be read.
 */
export async function* readSubmissions(dataDir: string, options: ReadOptions = {}): AsyncGenerator<Submission[]> {
  const { since, pageSize = PAGE_SIZE, log = () => {}, databaseUrl } = options;
  const reader = databaseUrl ? await openUrlReader(databaseUrl) : await openReader(dataDir, log);
  if (!reader) return;
  const { client } = reader;
  try {
    await client.query(
      `begin isolation level repeatable read read only; ${reader.role ? `set local role ${reader.role};` : ''} set local timezone = 'UTC'`,
    );
    let after: { at: string; id: string } | null = null;
    for (;;) {
      // The page is chosen on the stored microsecond timestamps (inner query); only the output
      // is formatted, to milliseconds. Ordering by the formatted text instead would misplace rows
      // of the same millisecond at page boundaries.
      const result: pg.QueryResult<Submission & { at: string }> = await client.query(
        `select page.id, to_char(page.created_at, ${ISO}) as created_at, page.created_at::text as at,
                page.name, page.business_name, page.email, page.additional_info,
                case when o.submission_id is null then null else json_build_object(
                  'state', case when o.delivered_at is not null and o.attempts = 0 then 'not sent'
                                when o.delivered_at is not null then 'delivered'
                                when o.attempts = 0 then 'pending'
                                when o.attempts >= $5 then 'failing'
                                else 'retrying' end,
                  'attempts', o.attempts,
                  'channels', o.delivered_channels,
                  'delivered_at', to_char(o.delivered_at, ${ISO}),
                  'next_attempt_at', case when o.delivered_at is null then to_char(o.next_attempt_at, ${ISO}) end,
                  'last_error', o.last_error) end as delivery
           from (select * from public.contact_submissions
                  where ($1::timestamptz is null or created_at >= $1::timestamptz)
                    and ($2::timestamptz is null or (created_at, id) < ($2::timestamptz, $3::uuid))
                  order by created_at desc, id desc
                  limit $4) page
           left join public.contact_outbox o on o.submission_id = page.id
          order by page.created_at desc, page.id desc`,
        [since?.toISOString() ?? null, after?.at ?? null, after?.id ?? null, pageSize, FAILING_AFTER_ATTEMPTS],
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

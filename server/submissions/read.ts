/**
 * Reads the stored contact requests and their delivery state, the way the Supabase dashboard
 * does: logged in as authenticator, switched to service_role (the only API role the migrations
 * let read), in one repeatable-read, read-only snapshot, page by page (keyset pagination), each
 * page handed on before the next is fetched (inserts go on meanwhile; nothing is held as one
 * giant string). With DATABASE_URL it reads that database as its login role (the tables' owner).
 * On a data folder where a server runs it connects to that server's PostgreSQL; where none does
 * it starts PostgreSQL itself for the read (holding the folder's lock meanwhile, so a server
 * started then refuses with one sentence, and vice versa).
 */
import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import pg from 'pg';
import { FAILING_AFTER_ATTEMPTS } from '../leads/outbox.ts';
import { connect, prepareDatabase } from '../postgres/bootstrap.ts';
import { DataDirInUseError, HANDOVER_WAIT_MS, inspectDataDir, isDataDirInUseError, startCluster } from '../postgres/cluster.ts';
import { dataDirLayout, isInitialised, readCredentials, type DataDirLayout } from '../postgres/data-dir.ts';
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

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

interface Reader {
  client: pg.Client;
  /** Role to read as (service_role on the embedded database); null = the login role. */
  role: string | null;
  close(): Promise<void>;
}

/** The name of the user with id `uid` (from /etc/passwd), or the id itself. */
async function userName(uid: number): Promise<string> {
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  return passwd.split('\n').find((line) => line.split(':')[2] === String(uid))?.split(':')[0] ?? `uid ${uid}`;
}

/**
 * Throws one "permission denied" sentence naming the folder and the user when this process cannot
 * read the data folder (so a folder it cannot see is never reported as "no database").
 */
async function assertReadable(layout: DataDirLayout): Promise<void> {
  for (const [path, mode] of [
    [layout.root, constants.R_OK | constants.X_OK],
    [layout.cluster, constants.R_OK | constants.X_OK],
    [layout.credentials, constants.R_OK],
  ] as const) {
    try {
      await access(path, mode);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EACCES') continue;
      const me = userInfo();
      const owner = await stat(layout.root).then((s) => userName(s.uid), () => 'the user that runs the server');
      throw new Error(
        `Permission denied: user ${me.username} (uid ${me.uid}) cannot read the data folder ${layout.root}. ` +
          `Run the command as ${owner} (the folder's owner, e.g. \`sudo -u ${owner} npm run submissions\`) or as root.`,
      );
    }
  }
}

/**
 * A connection to the data folder's database for reading: to the running server's PostgreSQL, or
 * to one started here when no server runs. null when the folder has no database yet.
 */
async function openReader(dataDir: string, log: (line: string) => void): Promise<Reader | null> {
  const layout = dataDirLayout(dataDir);
  await assertReadable(layout);
  const exists = await stat(layout.root).then(() => true, () => false);
  if (!exists || !(await isInitialised(layout))) return null;
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
          role: 'service_role',
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
      return { client, role: 'service_role', close: () => client.end().catch(() => {}) };
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
    await client.query(`begin isolation level repeatable read read only; ${reader.role ? `set local role ${reader.role};` : ''} set local timezone = 'UTC'`);
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

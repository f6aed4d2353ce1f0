/**
 * An operator's DATABASE_URL, end to end, on a separately started PostgreSQL with an application
 * role that may not create roles (a managed database's usual grant):
 * - the start says what an administrator must run; `npm run db:sql -- --url=<admin> "…"` runs it
 *   (no psql needed), and `npm run db:sql` prints query results and one sentence for an error;
 * - the start lists the migrations it applied, and the next one the migrations already present;
 * - two servers on that DATABASE_URL behind a round-robin proxy: every lead acknowledged by either
 *   is stored once, and the rate limit is per instance (a client behind the proxy gets the limit
 *   from each server, as the README says).
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app.ts';
import { startLocalServer } from '../fixtures/backend.ts';
import { connectAdmin, startBareCluster } from '../fixtures/postgres.ts';
import { connect, listMigrations } from '../../server/postgres/bootstrap.ts';
import type { RunningCluster } from '../../server/postgres/cluster.ts';
import { parseTrustProxy } from '../../server/trust-proxy.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../shared/local-backend.ts';

const DB_SQL = fileURLToPath(new URL('../../server/db-sql.ts', import.meta.url));
const PASSWORD = 'app-password-for-tests';

let dataDir: string;
let cluster: RunningCluster;
let admin: pg.Client;
const servers: RunningServer[] = [];
let proxy: Server | null = null;

const appUrl = () => `postgres://app:${PASSWORD}@127.0.0.1:${cluster.port}/app`;
const adminUrl = () =>
  `postgres://supabase_admin:${encodeURIComponent(cluster.credentials.supabase_admin)}@127.0.0.1:${cluster.port}/app`;

beforeAll(async () => {
  ({ dataDir, cluster } = await startBareCluster('operations-pg-'));
  admin = await connectAdmin(cluster);
  // No CREATEROLE: the API roles must come from an administrator.
  await admin.query(`create role app login nocreaterole password '${PASSWORD}'`);
  await admin.query('create database app owner app');
}, 180_000);
afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise<void>((done) => (proxy ? proxy.close(() => done()) : done()));
  for (const server of servers) await server.close().catch(() => {});
  await admin?.end().catch(() => {});
  await cluster?.stop();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

function dbSql(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const environment: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(dataDir, 'unused'), ...env };
    if (!env.DATABASE_URL) delete environment.DATABASE_URL;
    const child = spawn(process.execPath, [DB_SQL, ...args], { env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

async function start(lines: string[]): Promise<RunningServer> {
  const server = await startLocalServer({
    distDir: null,
    databaseUrl: appUrl(),
    databasePoolMax: 3,
    rateLimit: { limit: 3, windowMs: 60 * 60_000 },
    trustProxy: parseTrustProxy('loopback'),
    log: (line) => lines.push(line),
  });
  servers.push(server);
  return server;
}

describe('setting up DATABASE_URL with npm run db:sql', () => {
  it('a role without CREATEROLE: the start names the statements, db:sql runs them as the admin, then the start applies the migrations', async () => {
    const refused = await startLocalServer({
      distDir: null,
      databaseUrl: appUrl(),
    }).then(
      (server) => (servers.push(server), 'started'),
      (error: Error) => error.message,
    );
    const statements = /\((create role anon nologin;.*;)\)/.exec(refused)?.[1];
    expect(statements, refused).toBe(
      'create role anon nologin; create role authenticated nologin; create role service_role nologin; grant anon, service_role to "app";',
    );

    const setup = await dbSql([`--url=${adminUrl()}`, statements!]);
    expect(setup, 'the README role set-up, without psql').toMatchObject({
      code: 0,
      stdout: 'CREATE\n\nCREATE\n\nCREATE\n\nGRANT\n',
    });
    expect(setup.stderr).toBe(`-- postgres://supabase_admin@127.0.0.1:${cluster.port}/app\n`);

    const all = (await listMigrations()).map((m) => `${m.version}_${m.name}`);
    const first: string[] = [];
    await start(first);
    expect(first).toContain(
      `Migrations in postgres://app@127.0.0.1:${cluster.port}/app (DATABASE_URL): applied ${all.join(', ')}.`,
    );
    const second: string[] = [];
    await start(second);
    expect(second).toContain(
      `Migrations in postgres://app@127.0.0.1:${cluster.port}/app (DATABASE_URL): applied none; already present: ${all.join(', ')}.`,
    );
  }, 120_000);

  it('db:sql on DATABASE_URL prints rows as psql does, and an error as one sentence (exit 1)', async () => {
    const rows = await dbSql(['select 1 as one, null as nothing, $$a b$$ as text'], { DATABASE_URL: appUrl() });
    expect(rows).toMatchObject({
      code: 0,
      stdout: ' one | nothing | text\n-----+---------+------\n 1   |         | a b\n(1 row)\n',
    });
    const wrong = await dbSql(['select * from no_such_table'], { DATABASE_URL: appUrl() });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim().split('\n')).toEqual([
      `postgres://app@127.0.0.1:${cluster.port}/app answered 42P01 at character 15: relation "no_such_table" does not exist.`,
    ]);
    const empty = await dbSql([]);
    expect([empty.code, empty.stderr.trim()]).toEqual([
      1,
      'npm run db:sql: give the SQL to run, e.g. npm run db:sql -- "select count(*) from contact_submissions".',
    ]);
  }, 60_000);
});

describe('two servers on one DATABASE_URL behind a proxy', () => {
  /** Round-robin HTTP proxy on loopback; adds X-Forwarded-For with the client the test names. */
  async function roundRobin(targets: RunningServer[]): Promise<string> {
    let next = 0;
    proxy = createServer((req, res) => {
      const target = new URL(targets[next++ % targets.length]!.url);
      const headers = {
        ...req.headers,
        'x-forwarded-for': String(req.headers['x-test-client']),
        'x-served-by': target.port,
      };
      const upstream = request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
        (reply) => {
          res.writeHead(reply.statusCode ?? 502, { ...reply.headers, 'x-served-by': target.port });
          reply.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((done) => proxy!.listen(0, '127.0.0.1', () => done()));
    const address = proxy.address() as { port: number };
    return `http://127.0.0.1:${address.port}`;
  }

  it('every acknowledged lead is stored once; each instance applies the rate limit on its own', async () => {
    const [a, b] = servers.slice(-2) as [RunningServer, RunningServer];
    const base = await roundRobin([a, b]);
    const sent: Array<{ email: string; status: number; by: string }> = [];
    for (let i = 0; i < 8; i++) {
      const email = `lead${i}@example.com`;
      const res = await fetch(`${base}/rest/v1/${CONTACT_TABLE}`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json', 'X-Test-Client': '203.0.113.7' },
        body: JSON.stringify({ name: 'Ann Lee', business_name: 'Lee Plumbing', email }),
      });
      await res.text();
      sent.push({ email, status: res.status, by: res.headers.get('x-served-by')! });
    }
    const byServer = (port: string) => sent.filter((s) => s.by === port).map((s) => s.status);
    // 3 per hour per client, per instance: each server takes 3 of its 4 and refuses the 4th.
    expect([byServer(new URL(a.url).port), byServer(new URL(b.url).port)]).toEqual([
      [201, 201, 201, 429],
      [201, 201, 201, 429],
    ]);
    const db = await connect(
      { host: '127.0.0.1', port: cluster.port, database: 'app' },
      'supabase_admin',
      cluster.credentials.supabase_admin,
      'tests',
    );
    const stored = await db.query<{ email: string; n: number }>(
      'select email, count(*)::int as n from public.contact_submissions group by email order by email',
    );
    const acknowledged = sent
      .filter((s) => s.status === 201)
      .map((s) => s.email)
      .sort();
    await db.end();
    expect(stored.rows).toEqual(acknowledged.map((email) => ({ email, n: 1 })));
  }, 60_000);
});

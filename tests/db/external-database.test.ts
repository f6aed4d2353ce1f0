/**
 * DATABASE_URL: the server on a second, separately started PostgreSQL (a plain cluster with one
 * application role and database, none of Supabase's roles), reached through a loopback relay that
 * keeps its address while the database restarts behind it:
 * - two servers starting at once both start, and every migration is applied and recorded once;
 * - the API roles are created, inserts run as anon (grants, RLS and CHECKs hold), the outbox fills;
 * - the pool never opens more connections than DATABASE_POOL_MAX;
 * - while the database is down a visitor gets 503 (retryable), never a false 201; after it is back
 *   the same server stores again, and every acknowledged row is there;
 * - sslmode=require asks for TLS; a role that may not create the roles gets one sentence.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app.ts';
import { listMigrations, connect } from '../../server/postgres/bootstrap.ts';
import { startCluster, type RunningCluster } from '../../server/postgres/cluster.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../shared/local-backend.ts';
import { startTcpProxy, type TcpProxy } from '../fixtures/tcp-proxy.ts';

let dataDir: string;
let cluster: RunningCluster;
let proxy: TcpProxy;
let admin: pg.Client;
const servers: RunningServer[] = [];
const PASSWORD = 'app-password-for-tests';

const url = () => `postgres://app:${PASSWORD}@127.0.0.1:${proxy.port}/app`;

async function adminClient(): Promise<pg.Client> {
  return connect(
    { host: '127.0.0.1', port: cluster.port },
    'supabase_admin',
    cluster.credentials.supabase_admin,
    'tests',
  );
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'external-pg-'));
  cluster = await startCluster({ dataDir, kind: 'server', log: () => {} });
  proxy = await startTcpProxy(cluster.port);
  admin = await adminClient();
  await admin.query(`create role app login createrole password '${PASSWORD}'`);
  await admin.query('create database app owner app');
}, 180_000);
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => {});
  await admin?.end().catch(() => {});
  await proxy?.close();
  await cluster?.stop();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

function start(options: { databaseUrl: string; databasePoolMax?: number }): Promise<RunningServer> {
  return startServer({ distDir: null, port: 0, host: '127.0.0.1', rateLimit: null, log: () => {}, ...options }).then(
    (server) => {
      servers.push(server);
      return server;
    },
  );
}

async function post(server: RunningServer, email: string): Promise<number> {
  try {
    const res = await fetch(`${server.url}/rest/v1/${CONTACT_TABLE}`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ann Lee', business_name: 'Lee Plumbing', email }),
    });
    const text = await res.text();
    if (process.env.DEBUG_EXTERNAL && res.status !== 201) console.error(res.status, text);
    return res.status;
  } catch {
    return 0;
  }
}

describe('two servers on one DATABASE_URL', () => {
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      start({ databaseUrl: url(), databasePoolMax: 3 }),
      start({ databaseUrl: url(), databasePoolMax: 3 }),
    ]);
  }, 120_000);

  it('start together and apply each migration once', async () => {
    const app = await connect(
      { host: '127.0.0.1', port: cluster.port, database: 'app' },
      'supabase_admin',
      cluster.credentials.supabase_admin,
    );
    try {
      const { rows } = await app.query<{ version: string; n: string }>(
        'select version, count(*) over (partition by version) as n from supabase_migrations.schema_migrations order by version',
      );
      expect(
        rows.map((r) => r.version),
        'every migration recorded',
      ).toEqual((await listMigrations()).map((m) => m.version));
      expect(
        rows.every((r) => Number(r.n) === 1),
        'once each',
      ).toBe(true);
      const roles = await app.query<{ rolname: string }>(
        "select rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by 1",
      );
      expect(
        roles.rows.map((r) => r.rolname),
        'the API roles exist',
      ).toEqual(['anon', 'authenticated', 'service_role']);
    } finally {
      await app.end();
    }
  });

  it('store as anon through either, with the outbox job, and refuse what anon may not', async () => {
    expect(await post(a, 'one@lee.com'), 'server a').toBe(201);
    expect(await post(b, 'two@lee.com'), 'server b').toBe(201);
    const bad = await fetch(`${a.url}/rest/v1/${CONTACT_TABLE}`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: ' padded', business_name: 'B', email: 'x@y.co' }),
    });
    expect(bad.status, 'the CHECKs hold').toBe(400);
    const readBack = await fetch(`${a.url}/rest/v1/${CONTACT_TABLE}`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ name: 'A', business_name: 'B', email: 'x@y.co' }),
    });
    expect(readBack.status, 'anon may not read back (RLS and grants as on Supabase)').toBe(401);
    const app = await connect(
      { host: '127.0.0.1', port: cluster.port, database: 'app' },
      'supabase_admin',
      cluster.credentials.supabase_admin,
    );
    try {
      const stored = await app.query(
        "select count(*)::int as n from public.contact_submissions s join public.contact_outbox o on o.submission_id = s.id where s.email in ('one@lee.com', 'two@lee.com')",
      );
      expect(stored.rows[0]?.n, 'both stored, each with its job').toBe(2);
    } finally {
      await app.end();
    }
  });

  it('keep to DATABASE_POOL_MAX connections under a burst', async () => {
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => post(a, `burst${i}@lee.com`)));
    expect(
      statuses.every((s) => s === 201),
      'all stored',
    ).toBe(true);
    const { rows } = await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = 'app' and application_name = 'ringwise-rest'",
    );
    expect(rows[0]?.n, 'two servers × 3 at most').toBeLessThanOrEqual(6);
  });
});

describe('the database restarting behind the same address', () => {
  it('answers 503 while it is down, never 201, and stores again once it is back', async () => {
    const server = await start({ databaseUrl: url() });
    expect(await post(server, 'before@lee.com')).toBe(201);
    const acked: string[] = ['before@lee.com'];
    await admin.end();
    await cluster.stop();
    proxy.cut();
    const down: number[] = [];
    for (let i = 0; i < 5; i++) {
      const status = await post(server, `down${i}@lee.com`);
      down.push(status);
      if (status === 201) acked.push(`down${i}@lee.com`);
    }
    expect(down, 'every request while down: 503, try again').toEqual([503, 503, 503, 503, 503]);
    cluster = await startCluster({ dataDir, kind: 'server', log: () => {} });
    proxy.target = cluster.port;
    admin = await adminClient();
    expect(await post(server, 'after@lee.com'), 'the same server stores again').toBe(201);
    acked.push('after@lee.com');
    const app = await connect(
      { host: '127.0.0.1', port: cluster.port, database: 'app' },
      'supabase_admin',
      cluster.credentials.supabase_admin,
    );
    try {
      const { rows } = await app.query<{ email: string }>(
        'select email from public.contact_submissions where email = any($1)',
        [[...acked, 'down0@lee.com', 'down4@lee.com']],
      );
      expect(rows.map((r) => r.email).sort(), 'exactly the acknowledged rows').toEqual(acked.sort());
    } finally {
      await app.end();
    }
  }, 180_000);
});

describe('refusals at start', () => {
  it('asks for TLS when the URL says sslmode=require', async () => {
    const error = (await start({ databaseUrl: `${url()}?sslmode=require` }).catch((e: unknown) => e)) as Error;
    expect(error.message, 'the server here has no TLS: the client asked for it').toMatch(
      /^Cannot connect to postgres:\/\/app@127\.0\.0\.1:\d+\/app \(DATABASE_URL\): The server does not support SSL connections/,
    );
    expect(error.message, 'no password in the sentence').not.toContain(PASSWORD);
  });

  it('says which roles to create when the role may not create them', async () => {
    const fresh = await mkdtemp(join(tmpdir(), 'external-pg-plain-'));
    const other = await startCluster({ dataDir: fresh, kind: 'server', log: () => {} });
    try {
      const root = await connect(
        { host: '127.0.0.1', port: other.port },
        'supabase_admin',
        other.credentials.supabase_admin,
      );
      await root.query(`create role plain login password '${PASSWORD}'`);
      await root.query('create database plain owner plain');
      await root.end();
      const error = (await start({ databaseUrl: `postgres://plain:${PASSWORD}@127.0.0.1:${other.port}/plain` }).catch(
        (e: unknown) => e,
      )) as Error;
      expect(error.message).toMatch(
        /^The roles anon, authenticated, service_role are missing in postgres:\/\/plain@127\.0\.0\.1:\d+\/plain and plain may not create them: create them once as an administrator/,
      );
    } finally {
      await other.stop();
      await rm(fresh, { recursive: true, force: true });
    }
  }, 120_000);
});

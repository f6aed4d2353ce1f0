/**
 * The contact_outbox migration on the real embedded PostgreSQL 17, under Supabase's current and
 * legacy default privileges, run as PostgREST runs requests (authenticator, SET LOCAL ROLE,
 * PostgREST's insert statement): every request gets its job in the same transaction, a job never
 * outlives or leaves its request, and only service_role reaches the outbox.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStatement, type Column } from '../../server/database.ts';
import {
  applyMigrations,
  bootstrapDatabase,
  MIGRATIONS_DIR,
  type DefaultPrivileges,
} from '../../server/postgres/bootstrap.ts';
import { VALID_ROW } from '../fixtures/lead.ts';
import { codeOf, useProjectDatabase, useTestCluster } from '../fixtures/postgres.ts';

const pgc = useTestCluster('outbox-db-');

const valid = VALID_ROW;
const COLUMNS: Column[] = ['name', 'business_name', 'email', 'additional_info'].map((name) => ({ name, type: 'text' }));

describe.each<DefaultPrivileges>(['current', 'legacy'])('under Supabase %s default privileges', (privileges) => {
  const db = useProjectDatabase(pgc, `outbox_${privileges}`, privileges);

  /** PostgREST's insert of `row` as anon, in its own transaction (committed unless `rollback`). */
  async function insertAsAnon(row: object, rollback = false): Promise<void> {
    await db.api.query('begin');
    try {
      await db.api.query('set local role anon');
      await db.api.query(insertStatement('contact_submissions', COLUMNS, false), [JSON.stringify(row)]);
      await db.api.query(rollback ? 'rollback' : 'commit');
    } catch (error) {
      await db.api.query('rollback');
      throw error;
    }
  }

  async function as<T>(role: string, fn: () => Promise<T>): Promise<T> {
    await db.api.query('begin');
    try {
      await db.api.query(`set local role ${role}`);
      return await fn();
    } finally {
      await db.api.query('rollback');
    }
  }

  const count = async (sql: string) => Number((await db.owner.query<{ n: string }>(sql)).rows[0]?.n);

  it("commits a request's job with it, due now, for the same id and time", async () => {
    const email = `commit-${privileges}@example.com`;
    await insertAsAnon({ ...valid, email });
    const { rows } = await db.owner.query(
      `select o.attempts, o.delivered_at, o.next_attempt_at <= now() as due, o.created_at = s.created_at as same_time
         from public.contact_submissions s join public.contact_outbox o on o.submission_id = s.id where s.email = $1`,
      [email],
    );
    expect(rows, 'exactly one job for the request').toEqual([
      { attempts: 0, delivered_at: null, due: true, same_time: true },
    ]);
  });

  it('rolls the job back with its request', async () => {
    const before = await count('select count(*) as n from public.contact_outbox');
    await insertAsAnon({ ...valid, email: `rollback-${privileges}@example.com` }, true);
    expect(await count('select count(*) as n from public.contact_outbox'), 'no job left by a rolled-back request').toBe(
      before,
    );
  });

  it('refuses the request when its job cannot be written (no request without its job)', async () => {
    const email = `nojob-${privileges}@example.com`;
    await db.owner.query('begin');
    try {
      // Any failure of the job's insert: here a check every new job breaks.
      await db.owner.query('alter table public.contact_outbox add constraint probe check (attempts < 0) not valid');
      await db.owner.query('savepoint s');
      const code = await codeOf(
        db.owner.query(`insert into public.contact_submissions (name, business_name, email) values ('A', 'B', $1)`, [
          email,
        ]),
      );
      expect(code, 'the insert fails with the job').toBe('23514');
      await db.owner.query('rollback to savepoint s');
      expect(
        await count(`select count(*) as n from public.contact_submissions where email = '${email}'`),
        'no request stored',
      ).toBe(0);
    } finally {
      await db.owner.query('rollback');
    }
  });

  it('keeps a job while its request exists, and deletes it with the request (no job without its request)', async () => {
    const email = `delete-${privileges}@example.com`;
    await insertAsAnon({ ...valid, email });
    const { rows } = await db.owner.query<{ id: string }>(
      'select id from public.contact_submissions where email = $1',
      [email],
    );
    const id = rows[0]!.id;
    expect(
      await codeOf(db.owner.query('delete from public.contact_outbox where submission_id = $1', [id])),
      'a job alone cannot go',
    ).toBe('23503');
    await db.owner.query('delete from public.contact_submissions where id = $1', [id]);
    expect(
      await count(`select count(*) as n from public.contact_outbox where submission_id = '${id}'`),
      'the job went with its request',
    ).toBe(0);
    expect(
      await codeOf(
        db.owner.query(
          "insert into public.contact_outbox (submission_id) values ('00000000-0000-4000-8000-000000000000')",
        ),
      ),
      'a job for no request',
    ).toBe('23503');
  });

  it.each([
    ['SELECT', 'select * from public.contact_outbox'],
    ['UPDATE', 'update public.contact_outbox set attempts = 0'],
    ['DELETE', 'delete from public.contact_outbox'],
    ['INSERT', "insert into public.contact_outbox (submission_id) values ('00000000-0000-4000-8000-000000000000')"],
    ['the trigger function', 'select public.contact_submissions_enqueue()'],
  ])('refuses anon and authenticated %s', async (_label, sql) => {
    for (const role of ['anon', 'authenticated'])
      expect(await codeOf(as(role, () => db.api.query(sql))), `${role}: permission denied`).toBe('42501');
  });

  it('lets service_role read jobs and update only the delivery columns', async () => {
    expect(await codeOf(as('service_role', () => db.api.query('select * from public.contact_outbox'))), 'select').toBe(
      'no error',
    );
    expect(
      await codeOf(
        as('service_role', () =>
          db.api.query(
            "update public.contact_outbox set attempts = attempts + 1, last_error = 'x', delivered_channels = '{webhook}'",
          ),
        ),
      ),
      'delivery columns',
    ).toBe('no error');
    expect(
      await codeOf(
        as('service_role', () => db.api.query('update public.contact_outbox set submission_id = submission_id')),
      ),
      'the key',
    ).toBe('42501');
    expect(await codeOf(as('service_role', () => db.api.query('delete from public.contact_outbox'))), 'delete').toBe(
      '42501',
    );
  });

  it('has row-level security on', async () => {
    const { rows } = await db.owner.query(
      "select relrowsecurity from pg_class where oid = 'public.contact_outbox'::regclass",
    );
    expect(rows[0]?.relrowsecurity).toBe(true);
  });
});

it('gives requests stored before the migration a closed job (not sent all at once on upgrade)', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'outbox-migrations-'));
  try {
    const admin = await pgc.connectAs('supabase_admin');
    await admin.query('create database outbox_upgrade');
    await admin.end();
    const target = { host: pgc.cluster.host, port: pgc.cluster.port, database: 'outbox_upgrade' };
    await bootstrapDatabase(target, pgc.cluster.credentials, 'current');
    await cp(MIGRATIONS_DIR, folder, { recursive: true, filter: (src) => !src.includes('contact_outbox') });
    await applyMigrations(target, pgc.cluster.credentials, folder);
    const owner = await pgc.connectAs('postgres', 'outbox_upgrade');
    try {
      await owner.query(
        "insert into public.contact_submissions (name, business_name, email) values ('Old', 'Lead', 'old@lead.com')",
      );
      await applyMigrations(target, pgc.cluster.credentials);
      const { rows } = await owner.query(
        'select delivered_at is not null as closed, delivered_channels from public.contact_outbox',
      );
      expect(rows).toEqual([{ closed: true, delivered_channels: [] }]);
    } finally {
      await owner.end();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

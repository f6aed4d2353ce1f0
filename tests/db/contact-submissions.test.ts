/**
 * The contact_submissions migration on real Postgres (PGlite), applied exactly as the embedded
 * server applies it, tested as the role the browser uses (anon).
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, listMigrations } from '../../server/migrations.ts';

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create();
  await applyMigrations(db);
}, 120_000);
afterAll(async () => {
  await db.close();
}, 120_000);

/** Runs `fn` as `role` in a transaction that is always rolled back (tests stay independent). */
async function as<T>(role: string, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  let result: T | undefined;
  let failure: unknown = null;
  await db.transaction(async (tx) => {
    await tx.exec(`set local role ${role}`);
    try {
      result = await fn(tx);
    } catch (error) {
      failure = error;
    }
    await tx.rollback();
  });
  if (failure) throw failure;
  return result as T;
}

const valid = { name: 'Ann Lee', business_name: 'Lee Plumbing', email: 'ann@lee-plumbing.com', additional_info: 'Call after 5pm' };
type Row = Record<string, string | null>;

function insert(tx: Transaction, row: Row, suffix = '') {
  const cols = Object.keys(row);
  const sql = `insert into public.contact_submissions (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})${suffix}`;
  return tx.query(sql, Object.values(row));
}

/** The Postgres error code `promise` rejects with (fails the test when it resolves). */
async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code ?? `no code: ${String(error)}`;
  }
  return 'no error';
}

describe('contact_submissions as anon', () => {
  it('accepts a valid request, with and without additional info', async () => {
    await expect(as('anon', (tx) => insert(tx, valid)), 'full row').resolves.toBeDefined();
    await expect(as('anon', (tx) => insert(tx, { ...valid, additional_info: null })), 'null info').resolves.toBeDefined();
    const { additional_info: _, ...withoutInfo } = valid;
    await expect(as('anon', (tx) => insert(tx, withoutInfo)), 'info omitted').resolves.toBeDefined();
  });

  it('fills id and created_at from their defaults', async () => {
    await db.transaction(async (tx) => {
      await tx.exec('set local role anon');
      await insert(tx, valid);
      await tx.exec('reset role');
      const { rows } = await tx.query<{ id: string; created_at: Date }>('select id, created_at from public.contact_submissions');
      expect(rows, 'one row inside this transaction').toHaveLength(1);
      expect(rows[0]?.id, 'uuid default').toMatch(/^[0-9a-f-]{36}$/);
      expect(rows[0]?.created_at, 'now() default').toBeInstanceOf(Date);
      await tx.rollback();
    });
  });

  it('accepts values exactly at every maximum length', async () => {
    const row = {
      name: 'n'.repeat(100),
      business_name: 'b'.repeat(200),
      email: `${'e'.repeat(254 - '@example.com'.length)}@example.com`,
      additional_info: 'i'.repeat(2000),
    };
    expect(row.email.length, 'email is 254 characters').toBe(254);
    await expect(as('anon', (tx) => insert(tx, row))).resolves.toBeDefined();
  });

  it.each([
    ['SELECT', 'select * from public.contact_submissions'],
    ['SELECT of one column', 'select count(id) from public.contact_submissions'],
    ['UPDATE', "update public.contact_submissions set name = 'x'"],
    ['DELETE', 'delete from public.contact_submissions'],
    ['TRUNCATE', 'truncate public.contact_submissions'],
  ])('refuses %s with 42501', async (_label, sql) => {
    expect(await codeOf(as('anon', (tx) => tx.query(sql)))).toBe('42501');
  });

  it('refuses INSERT … RETURNING with 42501 (no read-back)', async () => {
    expect(await codeOf(as('anon', (tx) => insert(tx, valid, ' returning id'))), 'returning id').toBe('42501');
    expect(await codeOf(as('anon', (tx) => insert(tx, valid, ' returning *'))), 'returning *').toBe('42501');
  });

  it.each([
    ['id', { id: '4b1c8a0e-7e3a-4c1e-9d35-2f0a5c1f9b11' }],
    ['created_at', { created_at: '2020-01-01T00:00:00Z' }],
  ])('refuses a value for %s with 42501', async (_label, extra) => {
    expect(await codeOf(as('anon', (tx) => insert(tx, { ...valid, ...extra })))).toBe('42501');
  });

  it.each<[string, Row]>([
    ['empty name', { name: '' }],
    ['blank name', { name: '   ' }],
    ['name with a leading space', { name: ' Ann' }],
    ['name with a trailing newline', { name: 'Ann\n' }],
    ['name over 100 characters', { name: 'n'.repeat(101) }],
    ['empty business name', { business_name: '' }],
    ['business name with a trailing tab', { business_name: 'Lee\t' }],
    ['business name over 200 characters', { business_name: 'b'.repeat(201) }],
    ['empty email', { email: '' }],
    ['email without @', { email: 'ann.lee-plumbing.com' }],
    ['email without a dotted domain', { email: 'ann@localhost' }],
    ['email with a space', { email: 'ann lee@plumbing.com' }],
    ['email with two @', { email: 'ann@lee@plumbing.com' }],
    ['email with a leading space', { email: ' ann@lee.com' }],
    ['email over 254 characters', { email: `${'e'.repeat(255 - '@example.com'.length)}@example.com` }],
    ['empty additional info (must be null)', { additional_info: '' }],
    ['additional info with a trailing space', { additional_info: 'hello ' }],
    ['additional info over 2000 characters', { additional_info: 'i'.repeat(2001) }],
  ])('refuses %s with 23514', async (_label, change) => {
    expect(await codeOf(as('anon', (tx) => insert(tx, { ...valid, ...change })))).toBe('23514');
  });

  it('refuses a missing required field with 23502 (not null)', async () => {
    const { name: _, ...withoutName } = valid;
    expect(await codeOf(as('anon', (tx) => insert(tx, withoutName)))).toBe('23502');
  });
});

describe('contact_submissions for other roles', () => {
  it('gives authenticated no rights at all', async () => {
    expect(await codeOf(as('authenticated', (tx) => insert(tx, valid))), 'insert').toBe('42501');
    expect(await codeOf(as('authenticated', (tx) => tx.query('select * from public.contact_submissions'))), 'select').toBe('42501');
  });

  it('lets service_role read the rows anon inserted (the dashboard and npm run submissions)', async () => {
    await db.transaction(async (tx) => {
      await tx.exec('set local role anon');
      await insert(tx, valid);
      await tx.exec('set local role service_role');
      const { rows } = await tx.query<Row>('select name, business_name, email, additional_info from public.contact_submissions');
      expect(rows, 'the row, exactly as inserted').toEqual([valid]);
      await tx.rollback();
    });
  });
});

describe('the migration itself', () => {
  it('enables row-level security with one insert policy for anon whose check is not simply true', async () => {
    const rls = await db.query<{ relrowsecurity: boolean }>(
      "select relrowsecurity from pg_class where oid = 'public.contact_submissions'::regclass",
    );
    expect(rls.rows[0]?.relrowsecurity, 'RLS enabled').toBe(true);
    const policies = await db.query<{ cmd: string; roles: string[] | string; with_check: string | null; qual: string | null }>(
      "select cmd, roles, with_check, qual from pg_policies where schemaname = 'public' and tablename = 'contact_submissions'",
    );
    expect(policies.rows, 'exactly one policy').toHaveLength(1);
    const [policy] = policies.rows;
    expect(policy?.cmd, 'an INSERT policy').toBe('INSERT');
    expect(String(policy?.roles), 'for anon').toContain('anon');
    expect(policy?.with_check?.trim().toLowerCase(), 'a real check').not.toBe('true');
  });

  it('grants anon INSERT on exactly the four input columns and nothing else', async () => {
    const table = await db.query<{ privilege_type: string }>(
      "select privilege_type from information_schema.role_table_grants where grantee = 'anon' and table_name = 'contact_submissions'",
    );
    expect(table.rows, 'no table-level privilege').toEqual([]);
    const columns = await db.query<{ column_name: string; privilege_type: string }>(
      `select column_name, privilege_type from information_schema.column_privileges
        where grantee = 'anon' and table_name = 'contact_submissions' order by column_name`,
    );
    expect(columns.rows, 'column privileges').toEqual(
      ['additional_info', 'business_name', 'email', 'name'].map((column_name) => ({ column_name, privilege_type: 'INSERT' })),
    );
  });

  it('is recorded once and not applied again', async () => {
    const versions = (await listMigrations()).map((m) => m.version);
    expect(versions.length, 'at least one migration').toBeGreaterThan(0);
    expect(await applyMigrations(db), 'second run applies nothing').toEqual([]);
    const recorded = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version');
    expect(recorded.rows.map((r) => r.version), 'history').toEqual(versions);
  });
});

/**
 * The contact_submissions migrations on the real embedded PostgreSQL 17, applied as `supabase db
 * push` applies them (as role postgres, after Supabase's role bootstrap), in two databases: one
 * with Supabase's current default privileges (new tables grant the API roles nothing) and one with
 * the legacy defaults (new tables grant them ALL). The table must behave the same in both. Every
 * check runs as PostgREST runs requests: logged in as authenticator, `SET LOCAL ROLE`, JWT claims
 * set, PostgREST's own insert statement.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStatement, type Column } from '../../server/database.ts';
import { listMigrations, type DefaultPrivileges } from '../../server/postgres/bootstrap.ts';
import {
  CONTACT_CONTROL_CHARACTERS,
  CONTACT_EDGE_CHARACTERS,
  CONTACT_INFO_CONTROL_CHARACTERS,
  EMAIL_PATTERN,
  hasVisibleCharacter,
  EMPTY_FORM,
  validateContact,
} from '../../site/lib/contact.ts';
import { characterClass, CONTACT_INVISIBLE_RANGES } from '../../site/lib/contact-characters.ts';
import { VALID_ROW } from '../fixtures/lead.ts';
import { codeOf, useProjectDatabase, useTestCluster } from '../fixtures/postgres.ts';

const pgc = useTestCluster('contact-db-');

const valid = VALID_ROW;
type Row = Record<string, string | null>;
const COLUMNS: Column[] = [
  'name',
  'business_name',
  'email',
  'additional_info',
  'source',
  'request_id',
  'id',
  'created_at',
].map((name) => ({
  name,
  type: name === 'id' || name === 'request_id' ? 'uuid' : name === 'created_at' ? 'timestamp with time zone' : 'text',
}));

describe.each<DefaultPrivileges>(['current', 'legacy'])('under Supabase %s default privileges', (privileges) => {
  const db = useProjectDatabase(pgc, `project_${privileges}`, privileges);

  /** Runs `fn` as `role` the way PostgREST does, in a transaction that is always rolled back. */
  async function as<T>(role: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
    await db.api.query('begin');
    try {
      await db.api.query(`set local role ${role}`);
      await db.api.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ role })]);
      return await fn(db.api);
    } finally {
      await db.api.query('rollback');
    }
  }

  /** PostgREST's insert statement for `row` (RETURNING 1, or * for a read-back). */
  function insert(client: pg.Client, row: Row, returning = false) {
    const columns = Object.keys(row).map((name) => COLUMNS.find((c) => c.name === name)!);
    return client.query(insertStatement('contact_submissions', columns, returning), [JSON.stringify(row)]);
  }

  /** Inserts `rows` as anon, then reads with `select` as service_role, in a transaction always rolled back. */
  async function readAfterAnonInsert<R extends pg.QueryResultRow>(select: string, rows: Row[] = [valid]): Promise<R[]> {
    await db.api.query('begin');
    try {
      await db.api.query('set local role anon');
      for (const row of rows) await insert(db.api, row);
      await db.api.query('set local role service_role');
      return (await db.api.query<R>(select)).rows;
    } finally {
      await db.api.query('rollback');
    }
  }

  it('models the defaults it claims: a new table of postgres grants anon everything (legacy) or nothing (current)', async () => {
    await db.owner.query('begin');
    try {
      await db.owner.query('create table public.probe (x int)');
      const { rows } = await db.owner.query<{ granted: boolean }>(
        "select has_table_privilege('anon', 'public.probe', 'select') as granted",
      );
      expect(rows[0]?.granted, `anon on a fresh table under ${privileges} defaults`).toBe(privileges === 'legacy');
    } finally {
      await db.owner.query('rollback');
    }
  });

  describe('anon', () => {
    it('inserts a valid request, with and without additional info', async () => {
      expect(await codeOf(as('anon', (c) => insert(c, valid))), 'full row').toBe('no error');
      expect(await codeOf(as('anon', (c) => insert(c, { ...valid, additional_info: null }))), 'null info').toBe(
        'no error',
      );
      const { additional_info: _, ...withoutInfo } = valid;
      expect(await codeOf(as('anon', (c) => insert(c, withoutInfo))), 'info omitted').toBe('no error');
    });

    it('accepts values exactly at every maximum length, inner no-break spaces, line breaks and emoji sequences', async () => {
      const row = {
        name: 'n'.repeat(100),
        business_name: 'b'.repeat(200),
        email: `${'e'.repeat(254 - '@example.com'.length)}@example.com`,
        additional_info: 'i'.repeat(2000),
      };
      expect(await codeOf(as('anon', (c) => insert(c, row))), 'maximum lengths').toBe('no error');
      const human = {
        name: 'Ann\u00a0Lee',
        business_name: 'Family 👨‍👩‍👧 Bakery',
        email: 'ann@lee.com',
        additional_info: 'Line one\n\n\tLine two\r\nEnd',
      };
      expect(await codeOf(as('anon', (c) => insert(c, human))), 'ordinary text with inner spaces and breaks').toBe(
        'no error',
      );
    });

    it('records where a request came from: form by default, assistant when the hand-over says so, nothing else', async () => {
      const rows = await readAfterAnonInsert<{ email: string; source: string }>(
        'select email, source from public.contact_submissions order by email',
        [valid, { ...valid, email: 'handed@over.example', source: 'assistant' }],
      );
      expect(rows, 'the default and the hand-over').toEqual([
        { email: valid.email, source: 'form' },
        { email: 'handed@over.example', source: 'assistant' },
      ]);
      for (const source of ['Assistant', 'chat', '', null]) {
        expect(
          await codeOf(as('anon', (c) => insert(c, { ...valid, source }))),
          `source ${JSON.stringify(source)}`,
        ).toMatch(/^(23514|23502)$/);
      }
    });

    it('gets id and created_at from their defaults', async () => {
      const rows = await readAfterAnonInsert<{ id: string; created_at: Date }>(
        'select id, created_at from public.contact_submissions',
      );
      expect(rows, 'one row inside this transaction').toHaveLength(1);
      expect(rows[0]?.id, 'uuid default').toMatch(/^[0-9a-f-]{36}$/);
      expect(rows[0]?.created_at, 'now() default').toBeInstanceOf(Date);
    });

    it.each([
      ['SELECT', 'select * from public.contact_submissions'],
      ['SELECT of one column', 'select count(id) from public.contact_submissions'],
      ['UPDATE', "update public.contact_submissions set name = 'x'"],
      ['DELETE', 'delete from public.contact_submissions'],
      ['TRUNCATE', 'truncate public.contact_submissions'],
      [
        'INSERT … ON CONFLICT DO NOTHING',
        "insert into public.contact_submissions (name, business_name, email) values ('A', 'B', 'a@b.co') on conflict (id) do nothing",
      ],
      [
        'INSERT … ON CONFLICT DO UPDATE',
        "insert into public.contact_submissions (name, business_name, email) values ('A', 'B', 'a@b.co') on conflict (id) do update set name = excluded.name",
      ],
    ])('is refused %s with 42501', async (_label, sql) => {
      expect(await codeOf(as('anon', (c) => c.query(sql)))).toBe('42501');
    });

    it('is refused a read-back (RETURNING id, RETURNING *) with 42501', async () => {
      expect(
        await codeOf(
          as('anon', (c) =>
            c.query(
              "insert into public.contact_submissions (name, business_name, email) values ('A', 'B', 'a@b.co') returning id",
            ),
          ),
        ),
        'returning id',
      ).toBe('42501');
      expect(await codeOf(as('anon', (c) => insert(c, valid, true))), 'PostgREST return=representation').toBe('42501');
    });

    it('stores a request id once: a repeat inserts nothing and succeeds; anon cannot read it', async () => {
      const row = { ...valid, email: 'repeat@example.com', request_id: '5d2c8a0e-7e3a-4c1e-9d35-2f0a5c1f9b22' };
      const counts = await as('anon', async (c) => {
        const first = await insert(c, row);
        const again = await insert(c, row);
        const other = await insert(c, { ...row, request_id: '6e3d9b1f-8f4b-4d2f-8e46-3f1b6d2fac33' });
        return [first, again, other].map((result) =>
          Number((result as unknown as pg.QueryResult<{ rows: string }>).rows[0]?.rows),
        );
      });
      expect(counts, 'rows stored by the first try, the repeat, another id').toEqual([1, 0, 1]);
      expect(
        await codeOf(as('anon', (c) => c.query('select request_id from public.contact_submissions'))),
        'anon reads nothing',
      ).toBe('42501');
    });

    it.each([
      ['id', { id: '4b1c8a0e-7e3a-4c1e-9d35-2f0a5c1f9b11' }],
      ['created_at', { created_at: '2020-01-01T00:00:00Z' }],
    ])('is refused a value for %s with 42501', async (_label, extra) => {
      expect(await codeOf(as('anon', (c) => insert(c, { ...valid, ...extra })))).toBe('42501');
    });

    it.each<[string, Row]>([
      ['empty name', { name: '' }],
      ['blank name', { name: '   ' }],
      ['name with a leading space', { name: ' Ann' }],
      ['name with a trailing newline', { name: 'Ann\n' }],
      ['name of one no-break space', { name: '\u00a0' }],
      ['name with a leading figure space (U+2007)', { name: '\u2007Ann' }],
      ['name with a trailing narrow no-break space (U+202F)', { name: 'Ann\u202f' }],
      ['name with a leading byte-order mark (U+FEFF)', { name: '\ufeffAnn' }],
      ['name of zero-width spaces (U+200B)', { name: '\u200b\u200b' }],
      ['name of a zero-width joiner only', { name: '\u200d' }],
      ['name of control characters', { name: '\u0007\u0008' }],
      ['name with an escape sequence inside', { name: 'Ann\u001b[31mLee' }],
      ['name with a next-line control (U+0085) inside', { name: 'Ann\u0085Lee' }],
      ['name over 100 characters', { name: 'n'.repeat(101) }],
      ['empty business name', { business_name: '' }],
      ['business name with a trailing tab', { business_name: 'Lee\t' }],
      ['business name with an ideographic space (U+3000) in front', { business_name: '\u3000Lee' }],
      ['business name with a tab inside', { business_name: 'Lee\tPlumbing' }],
      ['business name over 200 characters', { business_name: 'b'.repeat(201) }],
      ['empty email', { email: '' }],
      ['email without @', { email: 'ann.lee-plumbing.com' }],
      ['email without a dotted domain', { email: 'ann@localhost' }],
      ['email with a space', { email: 'ann lee@plumbing.com' }],
      ['email with two @', { email: 'ann@lee@plumbing.com' }],
      ['email with a leading space', { email: ' ann@lee.com' }],
      ['email with a zero-width space inside', { email: 'ann\u200b@lee.com' }],
      ['email with a no-break space inside', { email: 'ann\u00a0x@lee.com' }],
      ['email over 254 characters', { email: `${'e'.repeat(255 - '@example.com'.length)}@example.com` }],
      ['empty additional info (must be null)', { additional_info: '' }],
      ['additional info with a trailing space', { additional_info: 'hello ' }],
      ['additional info with a trailing zero-width space', { additional_info: 'hello\u200b' }],
      ['additional info with an escape character inside', { additional_info: 'hello\u001b[2Jworld' }],
      ['additional info over 2000 characters', { additional_info: 'i'.repeat(2001) }],
    ])('is refused %s with 23514', async (_label, change) => {
      expect(await codeOf(as('anon', (c) => insert(c, { ...valid, ...change })))).toBe('23514');
    });

    it('is refused a missing required field with 23502 (not null)', async () => {
      const { name: _, ...withoutName } = valid;
      expect(await codeOf(as('anon', (c) => insert(c, withoutName)))).toBe('23502');
    });
  });

  describe('authenticated', () => {
    it.each([
      ['INSERT', (c: pg.Client) => insert(c, valid)],
      ['SELECT', (c: pg.Client) => c.query('select * from public.contact_submissions')],
      ['UPDATE', (c: pg.Client) => c.query("update public.contact_submissions set name = 'x'")],
      ['DELETE', (c: pg.Client) => c.query('delete from public.contact_submissions')],
      ['TRUNCATE', (c: pg.Client) => c.query('truncate public.contact_submissions')],
    ])('is refused %s with 42501', async (_label, run) => {
      expect(await codeOf(as('authenticated', run))).toBe('42501');
    });
  });

  describe('service_role', () => {
    it('reads the rows anon inserted (the dashboard and npm run submissions)', async () => {
      const rows = await readAfterAnonInsert<Row>(
        'select name, business_name, email, additional_info from public.contact_submissions',
      );
      expect(rows, 'the row, exactly as inserted').toEqual([valid]);
    });

    it.each([
      ['UPDATE', "update public.contact_submissions set name = 'x'"],
      ['DELETE', 'delete from public.contact_submissions'],
    ])('may not %s (read-only)', async (_label, sql) => {
      expect(await codeOf(as('service_role', (c) => c.query(sql)))).toBe('42501');
    });
  });

  describe('the migrations themselves', () => {
    it('grant exactly: anon INSERT of the six input columns, service_role SELECT, authenticated nothing', async () => {
      const table = await db.owner.query<{ grantee: string; privilege_type: string }>(
        `select grantee, privilege_type from information_schema.role_table_grants
          where table_schema = 'public' and table_name = 'contact_submissions' and grantee in ('anon', 'authenticated', 'service_role')
          order by grantee, privilege_type`,
      );
      expect(table.rows, 'table-level privileges').toEqual([{ grantee: 'service_role', privilege_type: 'SELECT' }]);
      const columns = await db.owner.query<{ column_name: string; privilege_type: string }>(
        `select column_name, privilege_type from information_schema.column_privileges
          where grantee = 'anon' and table_name = 'contact_submissions' order by column_name, privilege_type`,
      );
      expect(columns.rows, 'anon column privileges').toEqual([
        ...['additional_info', 'business_name', 'email', 'name'].map((column_name) => ({
          column_name,
          privilege_type: 'INSERT',
        })),
        { column_name: 'request_id', privilege_type: 'INSERT' },
        { column_name: 'source', privilege_type: 'INSERT' },
      ]);
    });

    it('enable row-level security with one insert policy for anon whose check is not simply true', async () => {
      const rls = await db.owner.query<{ relrowsecurity: boolean }>(
        "select relrowsecurity from pg_class where oid = 'public.contact_submissions'::regclass",
      );
      expect(rls.rows[0]?.relrowsecurity, 'RLS enabled').toBe(true);
      const policies = await db.owner.query<{ cmd: string; roles: string; with_check: string | null }>(
        "select cmd, roles::text, with_check from pg_policies where schemaname = 'public' and tablename = 'contact_submissions'",
      );
      expect(policies.rows, 'exactly one policy').toHaveLength(1);
      expect(policies.rows[0]?.cmd, 'an INSERT policy').toBe('INSERT');
      expect(policies.rows[0]?.roles, 'for anon').toBe('{anon}');
      expect(policies.rows[0]?.with_check?.trim().toLowerCase(), 'a real check').not.toBe('true');
    });

    it('are recorded once each in supabase_migrations.schema_migrations, owned by postgres', async () => {
      const versions = (await listMigrations()).map((m) => m.version);
      expect(versions.length, 'at least two migrations').toBeGreaterThanOrEqual(2);
      const recorded = await db.owner.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      );
      expect(
        recorded.rows.map((r) => r.version),
        'history',
      ).toEqual(versions);
      const tableOwner = await db.owner.query<{ owner: string }>(
        "select pg_get_userbyid(relowner) as owner from pg_class where oid = 'public.contact_submissions'::regclass",
      );
      expect(tableOwner.rows[0]?.owner, 'created as postgres, like supabase db push').toBe('postgres');
    });
  });
});

/** Form field names → column names, for the values of a form change. */
function rowOf(change: Partial<Record<'name' | 'businessName' | 'email' | 'additionalInfo', string>>): Row {
  const row: Row = {};
  if (change.name !== undefined) row.name = change.name;
  if (change.businessName !== undefined) row.business_name = change.businessName;
  if (change.email !== undefined) row.email = change.email;
  if (change.additionalInfo !== undefined) row.additional_info = change.additionalInfo;
  return row;
}

describe("the form's trimming and the database's CHECKs agree", () => {
  it('the hardening migration spells the CHECKs with the form’s class, and the e-mail shape with the form’s pattern', async () => {
    const sql = (await listMigrations()).map((m) => m.sql).join('\n');
    expect(sql, 'leading edge class').toContain(`!~ '^[${CONTACT_EDGE_CHARACTERS}]'`);
    expect(sql, 'trailing edge class').toContain(`!~ '[${CONTACT_EDGE_CHARACTERS}]$'`);
    expect(sql, 'email shape').toContain(`email ~ '${EMAIL_PATTERN.source}'`);
    expect(sql, 'no control character inside name').toContain(`name !~ '[${CONTACT_CONTROL_CHARACTERS}]'`);
    expect(sql, 'no control character inside business name').toContain(
      `business_name !~ '[${CONTACT_CONTROL_CHARACTERS}]'`,
    );
    expect(sql, 'no invisible character anywhere in email').toContain(`email !~ '[${CONTACT_EDGE_CHARACTERS}]'`);
    expect(sql, 'additional info: no control character but tab and line breaks').toContain(
      `additional_info !~ '[${CONTACT_INFO_CONTROL_CHARACTERS}]'`,
    );
  });

  it('what the form lets through the database stores, and what the form refuses the database refuses', async () => {
    const target = await pgc.createProjectDatabase('project_form_agreement', 'current');
    const client = await pgc.connectAs('authenticator', target.database);
    const columns = ['name', 'business_name', 'email', 'additional_info'].map((name) =>
      COLUMNS.find((c) => c.name === name)!,
    );
    /** Inserts the row the way PostgREST does, in a rolled-back transaction: accepted or not. */
    const accepted = async (row: Row) => {
      await client.query('begin');
      try {
        await client.query('set local role anon');
        await client.query(insertStatement('contact_submissions', columns, false), [JSON.stringify(row)]);
        return true;
      } catch {
        return false;
      } finally {
        await client.query('rollback');
      }
    };
    const base = {
      ...EMPTY_FORM,
      name: 'Ann Lee',
      businessName: 'Lee Plumbing',
      email: 'ann@lee.com',
      additionalInfo: 'Mornings',
    };
    const samples: Array<[string, Partial<typeof base>]> = [
      ['ordinary', {}],
      ['bell inside the name', { name: 'Ann\u0007Lee' }],
      ['escape sequence inside the business name', { businessName: 'Lee\u001b[31m Plumbing' }],
      ['C1 control (NEL) inside the name', { name: 'Ann\u0085Lee' }],
      ['no-break space inside the name', { name: 'Ann\u00a0Lee' }],
      ['zero-width space inside the email', { email: 'ann\u200b@lee.com' }],
      ['no-break space inside the email', { email: 'ann\u00a0x@lee.com' }],
      ['BOM inside the email', { email: 'ann@lee\ufeff.com' }],
      ['a tab and line breaks in additional info', { additionalInfo: 'one\n\ttwo\r\nthree' }],
      ['a bell in additional info', { additionalInfo: 'one\u0007two' }],
      ['only zero-width characters as the name', { name: '\u200b\u200c' }],
      ['only a no-break space as the business name', { businessName: '\u00a0' }],
      ['edges of every kind around the name', { name: '\u00a0\u2007Ann Lee\u202f\ufeff' }],
      ['emoji sequence in the business name', { businessName: 'Family 👨‍👩‍👧 Bakery' }],
      // Values that show nothing (20261125140000_visible_contact_values.sql) and their look-alikes that do.
      ['only a braille blank (U+2800) as the name', { name: '\u2800' }],
      ['only Hangul fillers (U+3164) as the business name', { businessName: '\u3164\u3164' }],
      ['only Hangul choseong and jungseong fillers (U+115F U+1160) as the name', { name: '\u115f\u1160' }],
      ['only a soft hyphen as the name', { name: '\u00ad' }],
      ['only bidi marks as the name', { name: '\u200e\u200f\u061c' }],
      ['only bidi isolates and embeddings as the business name', { businessName: '\u2066\u202a\u202e\u2069' }],
      ['only a variation selector and a combining grapheme joiner as the name', { name: '\ufe0f\u034f' }],
      ['only tag characters (beyond the BMP) as the name', { name: '\u{e0041}\u{e0042}' }],
      ['only a halfwidth Hangul filler (U+FFA0) as the name', { name: '\uffa0' }],
      ['only a braille blank as additional info', { additionalInfo: '\u2800\u2800' }],
      ['a soft hyphen inside the email', { email: 'ann\u00ad@lee.com' }],
      ['a braille blank inside the email', { email: 'ann\u2800@lee.com' }],
      ['a soft hyphen inside a name that shows', { name: 'Ann\u00adLee' }],
      ['a Korean name', { name: '김철수' }],
      ['a heart with its variation selector', { businessName: 'I \u2764\ufe0f Plumbing' }],
      ['a braille blank beside visible text', { name: 'Ann\u2800Lee' }],
    ];
    try {
      for (const [label, change] of samples) {
        const result = validateContact({ ...base, ...change });
        // The form sends its trimmed row; a refused form sends nothing, so try the raw values.
        const row: Row = result.ok
          ? { ...result.submission }
          : {
              name: base.name,
              business_name: base.businessName,
              email: base.email,
              additional_info: base.additionalInfo,
              ...rowOf(change),
            };
        expect(await accepted(row), `${label}: form ${result.ok ? 'sends it' : 'refuses it'}`).toBe(result.ok);
      }
    } finally {
      await client.end();
    }
  });

  it('the visibility migration spells its CHECKs with the form’s invisible class', async () => {
    const sql = (await listMigrations()).map((m) => m.sql).join('\n');
    const invisible = characterClass(CONTACT_INVISIBLE_RANGES, 'postgres');
    for (const column of ['name', 'business_name'])
      expect(sql, `${column} needs a visible character`).toContain(`${column} ~ '[^${invisible}]'`);
    expect(sql, 'additional info too, when present').toContain(
      `additional_info is null or additional_info ~ '[^${invisible}]'`,
    );
    expect(sql, 'no invisible character anywhere in email').toContain(`email !~ '[${invisible}]'`);
  });

  it('PostgreSQL and JavaScript read the invisible class as the same set, for every code point', async () => {
    const client = await pgc.connectAs('authenticator');
    try {
      const { rows } = await client.query<{ matched: number[] }>(
        `select array_agg(cp order by cp) as matched from generate_series(1, 1114111) cp
          where (cp < 55296 or cp > 57343) and chr(cp) ~ ('^[' || $1 || ']$')`,
        [characterClass(CONTACT_INVISIBLE_RANGES, 'postgres')],
      );
      const inPostgres = rows[0]?.matched ?? [];
      const expected = CONTACT_INVISIBLE_RANGES.flatMap(([from, to]) =>
        Array.from({ length: to - from + 1 }, (_, i) => from + i),
      );
      expect(inPostgres, 'PostgreSQL reads exactly the ranges').toEqual(expected);
      const inJs: number[] = [];
      for (let cp = 1; cp <= 0x10ffff; cp++)
        if ((cp < 55296 || cp > 57343) && !hasVisibleCharacter(String.fromCodePoint(cp))) inJs.push(cp);
      expect(inJs, 'and so does the form').toEqual(expected);
      const edge = new RegExp(`^[${CONTACT_EDGE_CHARACTERS}]$`, 'u');
      const edgeOnly: number[] = [];
      for (let cp = 1; cp <= 65533; cp++)
        if (edge.test(String.fromCodePoint(cp)) && !inJs.includes(cp)) edgeOnly.push(cp);
      expect(edgeOnly, 'everything trimmed at the edges is invisible too').toEqual([]);
      for (const cp of [0x2800, 0x3164, 0x115f, 0x1160, 0xad, 0x200b, 0x200e, 0x200f, 0x2066, 0xfeff, 0xe0041])
        expect(inJs, `U+${cp.toString(16)}`).toContain(cp);
    } finally {
      await client.end();
    }
  });

  it('PostgreSQL and JavaScript read that class as the same set, for every character of the Basic Multilingual Plane', async () => {
    const client = await pgc.connectAs('authenticator');
    try {
      const { rows } = await client.query<{ matched: number[] }>(
        `select array_agg(cp order by cp) as matched from generate_series(1, 65533) cp
          where (cp < 55296 or cp > 57343) and chr(cp) ~ ('^[' || $1 || ']$')`,
        [CONTACT_EDGE_CHARACTERS],
      );
      const inPostgres = rows[0]?.matched ?? [];
      const pattern = new RegExp(`^[${CONTACT_EDGE_CHARACTERS}]$`, 'u');
      const inJs: number[] = [];
      for (let cp = 1; cp <= 65533; cp++)
        if ((cp < 55296 || cp > 57343) && pattern.test(String.fromCodePoint(cp))) inJs.push(cp);
      expect(inPostgres, 'same characters').toEqual(inJs);
      for (const cp of [0x09, 0x0a, 0x20, 0xa0, 0x2007, 0x202f, 0xfeff, 0x200b, 0x3000, 0x85])
        expect(inJs, `U+${cp.toString(16)}`).toContain(cp);
      // Everything JavaScript's own trim() removes is in it too.
      for (let cp = 1; cp <= 65533; cp++) {
        if ((cp < 55296 || cp > 57343) && String.fromCodePoint(cp).trim() === '')
          expect(inJs, `U+${cp.toString(16)} (trim() removes it)`).toContain(cp);
      }
    } finally {
      await client.end();
    }
  });
});

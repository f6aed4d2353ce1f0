/**
 * `npm run restore` trusts nothing in the file (issue 34), on the real embedded PostgreSQL:
 * - a header naming a table `npm run backup` does not write (the migration history, a name with
 *   SQL in it) is refused before anything is touched, with or without --force;
 * - a file that is not valid is never answered with the advice to use --force, even when the
 *   database holds rows;
 * - lines are read as a stream with a maximum length: an over-long line is refused, nothing changed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMP_FORMAT, DUMP_VERSION } from '../../server/backup/dump.ts';
import { MAX_LINE_BYTES } from '../../server/backup/lines.ts';
import { loadDump } from '../../server/backup/load.ts';
import { restoreBackup } from '../../server/backup/restore.ts';
import { connectAdmin } from '../fixtures/postgres.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../shared/local-backend.ts';
import { startTestBackend, type TestBackend } from '../fixtures/backend.ts';

let backend: TestBackend;
let admin: pg.Client;
let folder: string;
let migrations: string[];

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await connectAdmin(backend.server.cluster!);
  migrations = (
    await admin.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version')
  ).rows.map((r) => r.version);
  folder = await mkdtemp(join(tmpdir(), 'restore-trust-'));
  const res = await fetch(`${backend.server.url}/rest/v1/${CONTACT_TABLE}`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Ann Lee', business_name: 'Lee Plumbing', email: 'kept@lee.com' }),
  });
  expect(res.status, 'a stored request: the database is not empty').toBe(201);
}, 180_000);
afterAll(async () => {
  await admin?.end();
  await backend?.close();
  await rm(folder, { recursive: true, force: true });
}, 60_000);

const header = (tables: string[]) =>
  JSON.stringify({
    format: DUMP_FORMAT,
    version: DUMP_VERSION,
    created_at: new Date().toISOString(),
    server: 'x',
    migrations,
    tables,
  });

async function* linesOf(lines: string[]) {
  yield* lines;
}

/** What the database holds that a restore could touch. */
async function state() {
  const history = await admin.query('select version from supabase_migrations.schema_migrations order by version');
  const rows = await admin.query('select email from public.contact_submissions order by email');
  return { history: history.rows, rows: rows.rows };
}

async function refusal(lines: string[], force: boolean): Promise<string> {
  try {
    await loadDump(admin, linesOf(lines), { force, target: 'The database' });
  } catch (error) {
    return (error as Error).message;
  }
  return 'restored';
}

describe('restore', () => {
  it('refuses a header naming the migration history, with or without --force, before touching anything', async () => {
    const before = await state();
    const crafted = [
      header(['supabase_migrations.schema_migrations']),
      JSON.stringify({ table: 'supabase_migrations.schema_migrations', columns: ['version'] }),
      JSON.stringify({ row: { version: '1' } }),
      JSON.stringify({ end: { 'supabase_migrations.schema_migrations': 1 } }),
    ];
    for (const force of [false, true]) {
      const message = await refusal(crafted, force);
      expect(message, `force=${force}`).toMatch(
        /names tables `npm run backup` does not write \("supabase_migrations\.schema_migrations"\): refused, nothing was changed/,
      );
      expect(message, 'no advice to force it').not.toMatch(/--force/);
    }
    expect(await state(), 'history and rows untouched').toEqual(before);
  });

  it('refuses a table name with SQL in it', async () => {
    const before = await state();
    const name = 'public.contact_submissions; drop table public.contact_outbox';
    const message = await refusal([header([name]), JSON.stringify({ end: {} })], true);
    expect(message).toMatch(/does not write/);
    expect(await state()).toEqual(before);
    expect((await admin.query("select to_regclass('public.contact_outbox') is not null as ok")).rows[0]).toEqual({
      ok: true,
    });
  });

  it('answers an invalid file for what it is, never with --force, though the database holds rows', async () => {
    const valid = [
      header(['public.contact_submissions']),
      JSON.stringify({ table: 'public.contact_submissions', columns: ['email'] }),
    ];
    expect(await refusal(valid, false), 'cut short').toMatch(/cut short/);
    expect(await refusal([...valid, '{"row": 5}'], false), 'a row that is not one').toMatch(
      /damaged \(a row is not an object\)/,
    );
    expect(
      await refusal([...valid, JSON.stringify({ end: { 'public.contact_submissions': 3 } })], false),
      'counts that disagree',
    ).toMatch(/damaged/);
    // A valid file: only now the advice.
    const complete = [
      ...valid,
      JSON.stringify({ row: { email: 'x@lee.com' } }),
      JSON.stringify({ end: { 'public.contact_submissions': 1 } }),
    ];
    expect(await refusal(complete, false)).toMatch(/is not empty .* Run again with --force/);
  });

  it('reads lines as a stream with a maximum length', async () => {
    const before = await state();
    const file = join(folder, 'long.jsonl.gz');
    const long = JSON.stringify({ row: { email: 'x'.repeat(MAX_LINE_BYTES + 10) } });
    await writeFile(
      file,
      gzipSync(
        [
          header(['public.contact_submissions']),
          JSON.stringify({ table: 'public.contact_submissions', columns: ['email'] }),
          long,
          '',
        ].join('\n'),
      ),
    );
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: backend.dataDir };
    delete env.DATABASE_URL;
    await expect(restoreBackup(file, true, env)).rejects.toThrow(`a line is longer than ${MAX_LINE_BYTES} bytes`);
    expect(await state(), 'nothing changed').toEqual(before);
  });
});

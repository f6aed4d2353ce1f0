/**
 * `npm run backup` and `npm run restore`, the real commands on a real data folder: a backup taken
 * while the server runs, the folder wiped, the restore into the empty folder gives the same rows
 * (requests with hostile text, and their delivery jobs in every state); a second restore is refused
 * without --force and replaces the rows with it; a file cut short restores nothing.
 */
import { spawn } from 'node:child_process';
import { chmod, readFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataFolder } from '../../server/local-database.ts';
import { connect } from '../../server/postgres/bootstrap.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../shared/local-backend.ts';
import { startTestBackend } from '../fixtures/backend.ts';

const BACKUP = fileURLToPath(new URL('../../server/backup/backup.ts', import.meta.url));
const RESTORE = fileURLToPath(new URL('../../server/backup/restore.ts', import.meta.url));

let root: string;
let dataDir: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'backup-'));
  // As root, PostgreSQL runs as an unprivileged user that must be able to enter this folder.
  await chmod(root, 0o755);
  dataDir = join(root, 'data');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
}, 60_000);

function run(script: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, [script, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** Every row of both tables, as text, in a fixed order. */
async function snapshot(): Promise<{ submissions: unknown[]; outbox: unknown[] }> {
  const db = (await openDataFolder(dataDir, { role: 'postgres', log: () => {}, name: 'tests' }))!;
  try {
    const submissions = await db.client.query(
      'select row_to_json(s)::text as r from public.contact_submissions s order by id',
    );
    const outbox = await db.client.query(
      'select row_to_json(o)::text as r from public.contact_outbox o order by submission_id',
    );
    return { submissions: submissions.rows.map((r) => r.r), outbox: outbox.rows.map((r) => r.r) };
  } finally {
    await db.close();
  }
}

describe('backup → wipe → restore', () => {
  let file: string;
  let before: { submissions: unknown[]; outbox: unknown[] };

  it('backs up while the server runs, into a dated file it prints', async () => {
    const backend = await startTestBackend({ dataDir });
    try {
      const post = (body: object) =>
        fetch(`${backend.server.url}/rest/v1/${CONTACT_TABLE}`, {
          method: 'POST',
          headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      for (let i = 0; i < 25; i++) {
        const res = await post({
          name: `Ann ${i} \u202e Lee`,
          business_name: `Co "${i}" , ;`,
          email: `a${i}@lee.com`,
          additional_info: i % 2 ? `line\n\tnext 👨‍👩‍👧 ${'x'.repeat(i * 50)}` : null,
        });
        expect(res.status).toBe(201);
      }
      const cluster = backend.server.cluster!;
      const owner = await connect({ host: cluster.host, port: cluster.port }, 'postgres', cluster.credentials.postgres);
      // Jobs in every state: delivered, failing, untouched.
      await owner.query(`update public.contact_outbox set attempts = 1, delivered_at = now(), delivered_channels = '{webhook,email}'
                          where submission_id in (select id from public.contact_submissions where email like 'a1%')`);
      await owner.query(`update public.contact_outbox set attempts = 6, last_error = 'webhook: HTTP 503', last_attempt_at = now(), next_attempt_at = now() + interval '1 hour'
                          where submission_id in (select id from public.contact_submissions where email = 'a2@lee.com')`);
      await owner.end();
      before = await snapshot();
      const result = await run(BACKUP, [join(root, 'backups')]);
      expect(result.code, result.stderr).toBe(0);
      file = result.stdout.trim();
      expect(basename(file), 'named with the date and time').toMatch(
        /^ringwise-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.jsonl\.gz$/,
      );
      expect((await stat(file)).mode & 0o777, 'private to its owner').toBe(0o600);
      expect(result.stderr).toMatch(
        /Backed up 25 row\(s\) of public\.contact_submissions, 0 row\(s\) of public\.transcript_requests, 25 row\(s\) of public\.contact_outbox, 0 row\(s\) of public\.transcript_outbox/,
      );
    } finally {
      await backend.close();
    }
  }, 180_000);

  it('restores into the wiped folder: the same rows', async () => {
    await rm(dataDir, { recursive: true, force: true });
    const result = await run(RESTORE, [file]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^Restored 25 row\(s\) of public\.contact_submissions, 0 row\(s\) of public\.transcript_requests, 25 row\(s\) of public\.contact_outbox, 0 row\(s\) of public\.transcript_outbox from /,
    );
    const after = await snapshot();
    expect(after.submissions, 'requests: byte for byte (microsecond timestamps included)').toEqual(before.submissions);
    expect(after.outbox, 'delivery jobs as they were (not refilled by the trigger)').toEqual(before.outbox);
  }, 180_000);

  it('refuses a database that holds rows without --force, replaces them with it', async () => {
    const refused = await run(RESTORE, [file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /^The database in .+ is not empty \(public\.contact_submissions: 25 row\(s\), public\.contact_outbox: 25 row\(s\)\): restoring would replace those rows\. Run again with --force/,
    );
    const forced = await run(RESTORE, [file, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await snapshot(), 'the same rows, none twice').toEqual(before);
  }, 180_000);

  it('restores nothing from a file cut short', async () => {
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n');
    const cut = join(root, 'cut.jsonl.gz');
    await writeFile(cut, gzipSync(lines.slice(0, -3).join('\n') + '\n'));
    const result = await run(RESTORE, [cut, '--force']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/cut short/);
    expect(await snapshot(), 'unchanged').toEqual(before);
  }, 180_000);
});

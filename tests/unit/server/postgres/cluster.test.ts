/**
 * The data folder of the embedded PostgreSQL: rows survive restarts, RESET_DATA wipes them, one
 * process per folder (a second server refuses with one sentence, before touching anything), the
 * folder and every file in it are private to the server's user (re-checked at each start), no
 * socket-path limit on long paths, and PostgreSQL runs with its durability settings forced on.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmod, chown, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../../server/postgres/bootstrap.ts';
import { inspectDataDir, isDataDirInUseError, waitingMessage } from '../../../../server/postgres/cluster.ts';
import { dataDirLayout } from '../../../../server/postgres/data-dir.ts';
import { isRoot, postgresRunAs } from '../../../../server/postgres/os-user.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../../../shared/local-backend.ts';
import { startTestBackend } from '../../../fixtures/backend.ts';
import { useTempDir } from '../../../fixtures/temp-dir.ts';

const SERVER_PROCESS = fileURLToPath(new URL('../../../fixtures/backend-process.ts', import.meta.url));
/** nobody:nogroup on Debian, the unprivileged user the non-root test runs as. */
const NOBODY = { uid: 65534, gid: 65534 };
/** As root: can `nobody` read this checkout and run its Node? (Not when it lives under /root.) */
const nobodyCanRun =
  isRoot() &&
  spawnSync(process.execPath, ['-e', `require('node:fs').accessSync(${JSON.stringify(SERVER_PROCESS)})`], { ...NOBODY })
    .status === 0;

const parentDir = useTempDir('cluster-', 0o755);
let parent: string;
beforeAll(() => {
  parent = parentDir();
});

async function insert(url: string, email: string, name = 'Ann Lee') {
  const res = await fetch(`${url}/rest/v1/${CONTACT_TABLE}`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, business_name: 'Lee Plumbing', email, additional_info: null }),
  });
  expect(res.status, `insert ${email}`).toBe(201);
}

/** Every path below `dir` with its mode. */
async function walk(dir: string): Promise<Array<{ path: string; mode: number }>> {
  const out: Array<{ path: string; mode: number }> = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    out.push({ path, mode: (await stat(path)).mode & 0o777 });
    if (entry.isDirectory()) out.push(...(await walk(path)));
  }
  return out;
}

describe('the data folder', () => {
  it('keeps rows across restarts, is used by one server at a time, and RESET_DATA wipes it', async () => {
    const dataDir = join(parent, 'restart');
    const first = await startTestBackend({ dataDir, resetData: true });
    try {
      await insert(first.server.url, 'first@example.com', 'First');
      await insert(first.server.url, 'second@example.com', 'Second');
      expect(
        (await first.rows()).map((r) => r.email),
        'newest first, read while the server runs',
      ).toEqual(['second@example.com', 'first@example.com']);
      const refused = await startTestBackend({ dataDir }).then(
        async (unexpected) => {
          await unexpected.close();
          return null;
        },
        (error: unknown) => error,
      );
      expect(isDataDirInUseError(refused), 'a DataDirInUseError').toBe(true);
      expect((refused as Error).message, 'one sentence naming the folder and the owner').toBe(
        `The data folder ${dataDirLayout(dataDir).root} is in use by another server (pid ${process.pid}): stop it, or set DATA_DIR to another folder.`,
      );
    } finally {
      await first.close();
    }
    expect(await inspectDataDir(dataDir), 'PostgreSQL stopped with the server').toEqual({ state: 'free' });

    const again = await startTestBackend({ dataDir });
    try {
      expect(
        (await again.rows()).map((r) => r.email),
        'persisted',
      ).toEqual(['second@example.com', 'first@example.com']);
    } finally {
      await again.close();
    }
    expect(
      (await startTestBackend({ dataDir }).then((b) => b.rows().finally(() => b.close()))).length,
      'still there',
    ).toBe(2);
    const reset = await startTestBackend({ dataDir, resetData: true });
    try {
      expect(await reset.rows(), 'RESET_DATA wipes the folder').toEqual([]);
    } finally {
      await reset.close();
    }
  }, 300_000);

  it('is private to the server: 0700 folders and 0600 files, tightened again at the next start, unreadable for another user', async () => {
    const dataDir = join(parent, 'private');
    const layout = dataDirLayout(dataDir);
    const lines: string[] = [];
    const backend = await startTestBackend({ dataDir, log: (line) => lines.push(line) });
    await insert(backend.server.url, 'secret-lead@example.com');
    try {
      expect((await stat(layout.root)).mode & 0o777, 'the data folder').toBe(0o700);
      expect((await stat(layout.credentials)).mode & 0o777, 'the credentials').toBe(0o600);
      const open = (await walk(layout.root)).filter((f) => (f.mode & 0o077) !== 0);
      expect(open, 'no file or folder readable by group or others').toEqual([]);
      if (isRoot()) {
        // The same check as a person would make: another local user greps the WAL for the address.
        const grep = spawnSync('grep', ['-r', 'secret-lead', layout.root], {
          uid: 65534,
          gid: 65534,
          encoding: 'utf8',
        });
        expect(grep.stdout, 'nobody finds the address').toBe('');
        expect(grep.stderr, 'because access is denied').toMatch(/Permission denied/);
      }
    } finally {
      await backend.close();
    }
    await chmod(layout.root, 0o755);
    await chmod(layout.credentials, 0o644);
    const again = await startTestBackend({ dataDir, log: (line) => lines.push(line) });
    try {
      expect((await stat(layout.root)).mode & 0o777, 'folder tightened').toBe(0o700);
      expect((await stat(layout.credentials)).mode & 0o777, 'credentials tightened').toBe(0o600);
      expect(lines, 'each fix said in one line').toEqual(
        expect.arrayContaining([
          `Tightened the permissions of the data folder ${layout.root} from 0755 to 0700 (contact requests are private).`,
          `Tightened the permissions of ${layout.credentials} from 0644 to 0600.`,
        ]),
      );
      expect(
        (await again.rows()).map((r) => r.email),
        'the row is still there',
      ).toEqual(['secret-lead@example.com']);
    } finally {
      await again.close();
    }
  }, 300_000);

  it('works in a folder whose path is far longer than a Unix socket path may be', async () => {
    const segment = 'a-rather-long-folder-name-for-a-checkout-path';
    const dataDir = join(parent, segment, segment, segment, segment, 'data');
    expect(dataDir.length, 'longer than the 107-byte socket path limit').toBeGreaterThan(200);
    await mkdir(join(parent, segment), { recursive: true });
    const backend = await startTestBackend({ dataDir });
    try {
      await insert(backend.server.url, 'long-path@example.com');
      expect((await backend.rows()).map((r) => r.email)).toEqual(['long-path@example.com']);
    } finally {
      await backend.close();
    }
  }, 300_000);

  it('runs PostgreSQL with fsync, synchronous_commit and full_page_writes forced on, and data checksums', async () => {
    const backend = await startTestBackend({ dataDir: join(parent, 'durable') });
    const cluster = backend.server.cluster!;
    const client = await connect(
      { host: cluster.host, port: cluster.port },
      'supabase_admin',
      cluster.credentials.supabase_admin,
    );
    try {
      const { rows } = await client.query<{ name: string; setting: string; source: string }>(
        `select name, setting, source from pg_settings
          where name in ('fsync', 'synchronous_commit', 'full_page_writes', 'data_checksums', 'listen_addresses', 'unix_socket_directories')
          order by name`,
      );
      const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
      for (const name of ['fsync', 'synchronous_commit', 'full_page_writes']) {
        expect(byName[name]?.setting, `${name} on`).toBe('on');
        expect(byName[name]?.source, `${name} set on the command line, above postgresql.conf`).toBe('command line');
      }
      expect(byName.data_checksums?.setting, 'data checksums').toBe('on');
      expect(byName.listen_addresses?.setting, 'loopback only').toBe('127.0.0.1');
      expect(byName.unix_socket_directories?.setting, 'no Unix socket').toBe('');
      const version = await client.query<{ server_version_num: string }>('show server_version_num');
      expect(
        Number(version.rows[0]?.server_version_num) / 10000,
        'PostgreSQL 17, the major Supabase runs',
      ).toBeGreaterThanOrEqual(17);
      expect(
        Number(version.rows[0]?.server_version_num) / 10000,
        'PostgreSQL 17, the major Supabase runs',
      ).toBeLessThan(18);
    } finally {
      await client.end();
      await backend.close();
    }
  }, 300_000);

  it.runIf(isRoot())(
    'as root, refuses with one sentence a data folder PostgreSQL’s user cannot reach',
    async () => {
      const closed = join(parent, 'closed');
      await mkdir(closed, { mode: 0o700 });
      await chmod(closed, 0o700);
      const error = await startTestBackend({ dataDir: join(closed, 'data') }).then(
        async (unexpected) => {
          await unexpected.close();
          return null;
        },
        (e: unknown) => e as Error,
      );
      expect(error?.message).toMatch(
        /^PostgreSQL runs as the system user \S+ \(it refuses to run as root\), and \S+ cannot reach the data folder .+closed\/data \(a parent folder is closed to it\): set DATA_DIR to a folder it can enter/,
      );
    },
    120_000,
  );

  it.runIf(nobodyCanRun)(
    'as a non-root user, runs PostgreSQL as that same user',
    async () => {
      const home = join(parent, 'nobody');
      await mkdir(home);
      await chown(home, NOBODY.uid, NOBODY.gid);
      const dataDir = join(home, 'data');
      const child = spawn(process.execPath, [SERVER_PROCESS, dataDir], {
        ...NOBODY,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<void>((done) => child.on('exit', () => done()));
      try {
        const url = await new Promise<string | null>((done) => {
          createInterface({ input: child.stdout }).once('line', (line) =>
            done((JSON.parse(line) as { url: string }).url),
          );
          void exited.then(() => done(null));
        });
        expect(url, `the server starts as nobody (${stderr})`).toBeTruthy();
        await insert(url!, 'nobody@example.com');
        const layout = dataDirLayout(dataDir);
        for (const path of [layout.root, layout.cluster, layout.credentials, join(layout.cluster, 'PG_VERSION')]) {
          expect((await stat(path)).uid, `${path} belongs to the server's own user`).toBe(NOBODY.uid);
        }
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
      expect(await inspectDataDir(dataDir), 'stopped with the server').toEqual({ state: 'free' });
    },
    300_000,
  );

  it('never wipes (RESET_DATA=1) a folder holding files that are not its own', async () => {
    const dataDir = join(parent, 'not-a-data-folder');
    await mkdir(dataDir, { mode: 0o700 });
    await writeFile(join(dataDir, 'notes.txt'), 'keep me');
    // Owned by the user PostgreSQL runs as, so only the wipe rule can refuse it.
    const runAs = postgresRunAs(() => {});
    if (runAs) await chown(dataDir, runAs.uid, runAs.gid);
    await expect(startTestBackend({ dataDir, resetData: true }), 'refused').rejects.toThrow(
      `RESET_DATA=1 only wipes a data folder of this server, and ${dataDirLayout(dataDir).root} also holds 1 other entry (notes.txt): empty it yourself, or set DATA_DIR to another folder.`,
    );
    expect(await readFile(join(dataDir, 'notes.txt'), 'utf8'), 'untouched').toBe('keep me');
  }, 120_000);

  it.runIf(isRoot())(
    'as root, never hands someone else’s files to PostgreSQL’s user',
    async () => {
      const dataDir = join(parent, 'someone-elses');
      await mkdir(dataDir, { mode: 0o755 });
      await writeFile(join(dataDir, 'their-file'), 'theirs');
      await chown(dataDir, NOBODY.uid, NOBODY.gid);
      await expect(startTestBackend({ dataDir }), 'refused').rejects.toThrow(
        `The data folder ${dataDirLayout(dataDir).root} belongs to another user (uid ${NOBODY.uid}): run the server as that user, or set DATA_DIR to another folder.`,
      );
      expect((await stat(dataDir)).uid, 'owner unchanged').toBe(NOBODY.uid);
      expect((await stat(dataDir)).mode & 0o777, 'mode unchanged').toBe(0o755);
    },
    120_000,
  );

  it('stops PostgreSQL when its server is killed with SIGKILL (the keeper), so the folder is free again', async () => {
    const dataDir = join(parent, 'killed');
    const child = spawn(process.execPath, [SERVER_PROCESS, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    const url = await new Promise<string | null>((done) => {
      createInterface({ input: child.stdout }).once('line', (line) => done((JSON.parse(line) as { url: string }).url));
      void exited.then(() => done(null));
    });
    expect(url, 'the server starts').toBeTruthy();
    const running = await inspectDataDir(dataDir);
    expect(running.state, 'PostgreSQL runs').toBe('running');
    child.kill('SIGKILL');
    await exited;
    // The keeper notices at once and asks PostgreSQL for a fast shutdown; poll until it is done.
    let state = await inspectDataDir(dataDir);
    for (let i = 0; i < 1200 && state.state !== 'free'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = await inspectDataDir(dataDir);
    }
    expect(state, 'PostgreSQL stopped without its server').toEqual({ state: 'free' });
    if (running.state === 'running') {
      const stillThere = () => {
        try {
          process.kill(running.postmasterPid, 0);
          return true;
        } catch {
          return false;
        }
      };
      // PostgreSQL removes its lock file just before it exits, and the exited process is a zombie
      // until its keeper reaps it: on a loaded machine that takes a moment.
      for (let i = 0; i < 600 && stillThere(); i++) await new Promise((r) => setTimeout(r, 100));
      expect(stillThere(), 'no PostgreSQL process left').toBe(false);
    }
  }, 180_000);
});

describe('waitingMessage', () => {
  const owner = (kind: 'server' | 'reader', alive: boolean) => ({
    pid: 4242,
    kind,
    postmasterPid: 77,
    ready: true,
    alive,
  });

  it('names `npm run submissions` only when a reader runs', () => {
    expect(waitingMessage(77, owner('reader', true))).toBe(
      'Waiting for `npm run submissions` (pid 4242) to finish reading the data folder…',
    );
    expect(waitingMessage(77, owner('server', true)), 'a server that is stopping').toBe(
      'Waiting for the server that is stopping (pid 4242) to release the data folder…',
    );
    expect(waitingMessage(77, owner('server', false)), 'its server is gone').toBe(
      'Waiting for the PostgreSQL of a previous run (pid 77) to stop…',
    );
    expect(waitingMessage(77, owner('reader', false)), 'its reader is gone').toBe(
      'Waiting for the PostgreSQL of a previous run (pid 77) to stop…',
    );
    expect(waitingMessage(77, null), 'no owner record').toBe(
      'Waiting for the PostgreSQL of a previous run (pid 77) to stop…',
    );
  });
});

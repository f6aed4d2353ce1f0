/**
 * Stopping the embedded PostgreSQL while it recovers from a crashed backend. PostgreSQL 17 does not
 * finish a fast shutdown in that state (it hung until the keeper's 60 s grace ran out, then took
 * an immediate shutdown); the keeper now sees the recovery in PostgreSQL's log and escalates early,
 * saying why. Asserted: the stop ends, the keeper's reason is logged, PostgreSQL is gone, and the
 * next start recovers with every committed row.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrapRoles, connect } from '../../server/postgres/bootstrap.ts';
import { startCluster } from '../../server/postgres/cluster.ts';
import { isAlive } from '../../server/postgres/data-dir.ts';

let dataDir: string | undefined;
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** What one try saw: the keeper's lines, and whether PostgreSQL was gone after the stop. */
async function crashThenStop(dataDir: string): Promise<{ lines: string[]; gone: boolean }> {
  const lines: string[] = [];
  const cluster = await startCluster({ dataDir, kind: 'server', log: (line) => lines.push(line) });
  await bootstrapRoles({ host: cluster.host, port: cluster.port }, cluster.credentials);
  const admin = await connect(
    { host: cluster.host, port: cluster.port, database: 'postgres' },
    'supabase_admin',
    cluster.credentials.supabase_admin,
  );
  admin.on('error', () => {});
  await admin.query('create table if not exists kept (n int); insert into kept values (1), (2), (3)');
  const backend = (await admin.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  // A backend dies: PostgreSQL ends every other one and replays its log.
  process.kill(backend, 'SIGKILL');
  // The stop comes while PostgreSQL restarts (as when a server dies of a backend's crash).
  await new Promise((done) => setTimeout(done, 50));
  const postmaster = cluster.postmasterPid;
  await cluster.stop();
  return { lines, gone: !isAlive(postmaster) };
}

describe('a stop during crash recovery', () => {
  it('ends with an immediate shutdown and a reason, and loses no committed row', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'recovery-stop-'));
    // A small database replays its log in milliseconds: on a busy or an idle machine the stop can
    // land just before the postmaster saw the crash or just after the replay, where a fast
    // shutdown completes and nothing needs saying. So the scenario is tried until the stop lands
    // inside the recovery (at most TRIES times); every try must end with PostgreSQL gone, and a
    // keeper that never escalates fails every try.
    const TRIES = 6;
    const seen: string[][] = [];
    for (let i = 0; i < TRIES; i++) {
      const { lines, gone } = await crashThenStop(dataDir);
      expect(gone, `PostgreSQL is gone after the stop (try ${i + 1})`).toBe(true);
      seen.push(lines);
      if (lines.some((line) => /crash recovery/.test(line))) break;
    }
    expect(seen.at(-1)!.join('\n'), `the keeper says why it escalated (${seen.length} tries)`).toMatch(
      /crash recovery and did not finish its fast shutdown within \d+ ms: sent PostgreSQL an immediate shutdown/,
    );

    const again = await startCluster({ dataDir, kind: 'server', log: () => {} });
    try {
      const client = await connect(
        { host: again.host, port: again.port, database: 'postgres' },
        'supabase_admin',
        again.credentials.supabase_admin,
      );
      const rows = await client.query<{ n: number }>('select n from kept order by n');
      await client.end();
      expect(
        rows.rows.map((r) => r.n),
        'the committed rows of every try (three a try)',
      ).toEqual([1, 2, 3].flatMap((n) => Array<number>(seen.length).fill(n)));
    } finally {
      await again.stop();
    }
  }, 600_000);
});

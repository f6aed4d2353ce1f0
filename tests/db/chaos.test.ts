/**
 * Chaos against the embedded backend: one real server process (site + contact endpoint, real
 * PostgreSQL) while its database is attacked: backends terminated mid-burst, one backend killed
 * (PostgreSQL's crash restart), the postmaster killed while idle and under load, and finally a
 * stale postmaster.pid naming an unrelated live process (PID reuse). Each attack asserts:
 * - the server process is alive (a broken connection never takes it down);
 * - the static site answers 200 throughout (polled while the attack runs);
 * - every acknowledged (201) row is stored, exactly once; a request the database could not take
 *   is a 503 with Retry-After, never another status;
 * - contact requests work again afterwards (polled until a 201; the test's own timeout is the
 *   only bound, and the time it took is printed, not asserted).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirLayout, isAlive, readPostmasterLock } from '../../server/postgres/data-dir.ts';
import { listSubmissions } from '../../server/submissions.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../shared/local-backend.ts';
import { SECURITY_HEADERS_FILE } from '../../shared/security-headers.ts';
import type { BackendProcess } from '../fixtures/watch.ts';
import { alive, killBackends, serverAdmin, startBackendProcess, watchUrl } from '../fixtures/watch.ts';

const CLIENTS = 6;
const PER_CLIENT = 40;
/** The only time bound: generous, for a loaded machine (the tests take seconds each). */
const ATTACK_TIMEOUT_MS = 180_000;

let dataDir: string;
let dist: string;
let server: BackendProcess;
const acked: string[] = [];
const children: ChildProcess[] = [];

const startServerProcess = () => startBackendProcess(children, [dataDir, dist]);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls GET / until stopped; collects every answer that was not a 200. */
const watchSite = (url: string) => watchUrl(`${url}/`);

async function insert(url: string, email: string): Promise<Response> {
  return fetch(`${url}/rest/v1/${CONTACT_TABLE}`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Chaos', business_name: 'Monkey Ltd', email, additional_info: null }),
  });
}

/** CLIENTS clients inserting PER_CLIENT rows each; statuses other than 201 are collected. */
async function burst(url: string, tag: string) {
  const statuses = new Map<number, number>();
  let withoutRetryAfter = 0;
  const client = async (c: number) => {
    for (let i = 0; i < PER_CLIENT; i++) {
      const email = `${tag}-${c}-${i}@chaos.example`;
      const res = await insert(url, email);
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 201) acked.push(email);
      else if (res.status === 503 && !res.headers.get('retry-after')) withoutRetryAfter++;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  return { statuses, withoutRetryAfter };
}

/** Inserts until one is acknowledged; returns how long that took (printed, never asserted). */
async function untilStoredAgain(url: string, tag: string): Promise<number> {
  const started = Date.now();
  for (let i = 0; ; i++) {
    const email = `${tag}-back-${i}@chaos.example`;
    const res = await insert(url, email).catch(() => null);
    await res?.arrayBuffer();
    if (res?.status === 201) {
      acked.push(email);
      return Date.now() - started;
    }
    await sleep(100);
  }
}

const admin = () => serverAdmin(dataDir);

async function restBackends(client: pg.Client): Promise<number[]> {
  const result = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity where application_name = 'ringwise-rest'`,
  );
  return result.rows.map((r) => r.pid);
}

async function postmasterPid(): Promise<number> {
  return (await readPostmasterLock(dataDirLayout(dataDir).cluster))!.pid;
}

/** Waits until the keeper has started a postmaster other than `old` (the old one's lock file stays until then). */
async function newPostmaster(old: number): Promise<number> {
  for (;;) {
    const lock = await readPostmasterLock(dataDirLayout(dataDir).cluster).catch(() => null);
    if (lock && lock.pid !== old && isAlive(lock.pid)) return lock.pid;
    await sleep(20);
  }
}

function expectSurvived(
  label: string,
  site: { failures: string[]; requests: number },
  result: Awaited<ReturnType<typeof burst>> | null,
) {
  expect(alive(server.child), `${label}: the server process is alive (${server.stderr().slice(-2000)})`).toBe(true);
  expect(site.requests, `${label}: the site was polled during the attack`).toBeGreaterThan(0);
  expect(site.failures, `${label}: the site answered 200 throughout`).toEqual([]);
  if (!result) return;
  const other = [...result.statuses.keys()].filter((s) => s !== 201 && s !== 503);
  expect(
    other,
    `${label}: a request is stored (201) or told to retry (503), nothing else: ${JSON.stringify([...result.statuses])}`,
  ).toEqual([]);
  expect(result.withoutRetryAfter, `${label}: every 503 carries Retry-After`).toBe(0);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'chaos-'));
  dist = mkdtempSync(join(tmpdir(), 'chaos-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Ringwise</title><h1>Home</h1>');
  writeFileSync(join(dist, '404.html'), '<!doctype html><title>Not found</title>');
  mkdirSync(join(dist, '_astro'));
  writeFileSync(
    join(dist, SECURITY_HEADERS_FILE),
    JSON.stringify({
      siteOrigin: 'https://www.ringwise.example',
      headers: { 'Content-Security-Policy': "default-src 'self'" },
    }),
  );
  server = await startServerProcess();
}, 180_000);

afterAll(async () => {
  await killBackends(children, dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
}, 60_000);

describe('the server survives its database', () => {
  it(
    'terminated backends mid-burst (pg_terminate_backend)',
    async () => {
      const site = watchSite(server.url);
      const client = await admin();
      let terminated = 0;
      let bursting = true;
      const attack = (async () => {
        while (bursting) {
          for (const pid of await restBackends(client)) {
            const r = await client.query<{ ok: boolean }>('select pg_terminate_backend($1) as ok', [pid]);
            if (r.rows[0]?.ok) terminated++;
          }
          await sleep(20);
        }
      })();
      const result = await burst(server.url, 'terminate');
      bursting = false;
      await attack;
      await client.end();
      expect(terminated, 'backends were terminated during the burst').toBeGreaterThan(0);
      const back = await untilStoredAgain(server.url, 'terminate');
      expectSurvived('terminate', await site.stop(), result);
      console.log(
        `chaos: ${terminated} backends terminated mid-burst; statuses ${JSON.stringify([...result.statuses])}; stored again after ${back} ms`,
      );
    },
    ATTACK_TIMEOUT_MS,
  );

  it(
    'one backend killed with SIGKILL (PostgreSQL restarts all of them)',
    async () => {
      const site = watchSite(server.url);
      const client = await admin();
      const before = await postmasterPid();
      const load = burst(server.url, 'backend');
      let victim: number | undefined;
      while (victim === undefined) {
        victim = (await restBackends(client))[0];
        if (victim === undefined) await sleep(10);
      }
      process.kill(victim, 'SIGKILL');
      await client.end();
      const result = await load;
      const back = await untilStoredAgain(server.url, 'backend');
      expectSurvived('kill a backend', await site.stop(), result);
      expect(await postmasterPid(), 'the postmaster itself kept running').toBe(before);
      console.log(
        `chaos: backend ${victim} killed; statuses ${JSON.stringify([...result.statuses])}; stored again after ${back} ms`,
      );
    },
    ATTACK_TIMEOUT_MS,
  );

  it(
    'the postmaster killed while idle',
    async () => {
      const site = watchSite(server.url);
      const before = await postmasterPid();
      process.kill(before, 'SIGKILL');
      const killedAt = Date.now();
      // (A backend of the dead postmaster may still answer for a moment: wait for the new one.)
      await newPostmaster(before);
      await untilStoredAgain(server.url, 'idle');
      const back = Date.now() - killedAt;
      expectSurvived('kill the postmaster while idle', await site.stop(), null);
      expect(server.stderr(), 'the restart is logged').toMatch(/restarting it in \d+ ms \(attempt 1 of \d+\)/);
      console.log(`chaos: idle postmaster ${before} killed; stored again ${back} ms after the kill`);
    },
    ATTACK_TIMEOUT_MS,
  );

  it(
    'the postmaster killed under load',
    async () => {
      const site = watchSite(server.url);
      const before = await postmasterPid();
      const logBefore = server.stderr().length;
      const load = burst(server.url, 'load');
      let loading = true;
      void load.finally(() => (loading = false));
      while (loading && acked.filter((e) => e.startsWith('load-')).length < 20) await sleep(5);
      expect(loading, 'the postmaster is killed while the burst runs').toBe(true);
      process.kill(before, 'SIGKILL');
      const result = await load;
      await newPostmaster(before);
      const back = await untilStoredAgain(server.url, 'load');
      expectSurvived('kill the postmaster under load', await site.stop(), result);
      const unavailableLines = server
        .stderr()
        .slice(logBefore)
        .split('\n')
        .filter((line) => line.includes('answered 503')).length;
      const unavailable = result.statuses.get(503) ?? 0;
      if (unavailable > 1)
        expect(
          unavailableLines,
          `the 503s are logged in a few counted lines, not one line each (${unavailable} answers)`,
        ).toBeLessThan(unavailable);
      console.log(
        `chaos: postmaster ${before} killed under load; statuses ${JSON.stringify([...result.statuses])}; stored again after ${back} ms`,
      );
    },
    ATTACK_TIMEOUT_MS,
  );

  it('every acknowledged row is stored exactly once', async () => {
    const rows = await listSubmissions(dataDir);
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.email, (counts.get(row.email) ?? 0) + 1);
    expect(
      acked.filter((email) => counts.get(email) !== 1),
      `acknowledged rows missing or doubled (of ${acked.length})`,
    ).toEqual([]);
  }, 120_000);

  it(
    'a PostgreSQL that keeps dying: the keeper gives up past its limit, the site keeps serving, inserts answer 503',
    async () => {
      const site = watchSite(server.url);
      const GAVE_UP =
        /PostgreSQL stopped and could not be restarted \(.*not restarted again: it stopped \d+ times within \d+ minutes\)/;
      let kills = 0;
      while (!GAVE_UP.test(server.stderr())) {
        const pid = await postmasterPid();
        process.kill(pid, 'SIGKILL');
        kills++;
        // Wait for the keeper's next postmaster, or for it to give up.
        for (;;) {
          if (GAVE_UP.test(server.stderr())) break;
          const lock = await readPostmasterLock(dataDirLayout(dataDir).cluster).catch(() => null);
          if (lock && lock.pid !== pid && isAlive(lock.pid) && lock.status === 'ready') break;
          await sleep(20);
        }
      }
      const refused = await insert(server.url, 'given-up@chaos.example');
      expect(refused.status, 'no database: 503').toBe(503);
      expect(refused.headers.get('retry-after'), 'with Retry-After').toBe('5');
      expectSurvived('PostgreSQL keeps dying', await site.stop(), null);
      console.log(`chaos: the keeper gave up after ${kills} more kills; the site kept serving`);
    },
    ATTACK_TIMEOUT_MS,
  );

  it(
    'a stale postmaster.pid naming an unrelated live process (PID reuse) neither blocks nor misleads the next start',
    async () => {
      // Everything dies at once (a power cut), leaving PostgreSQL's lock file behind ...
      const layout = dataDirLayout(dataDir);
      const pid = await postmasterPid();
      server.child.kill('SIGKILL');
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      while (isAlive(pid)) await sleep(20);
      // ... and after the reboot its pid belongs to another program.
      const stranger = spawn('sleep', ['600'], { stdio: 'ignore' });
      children.push(stranger);
      const file = join(layout.cluster, 'postmaster.pid');
      const lines = readFileSync(file, 'utf8').split('\n');
      lines[0] = String(stranger.pid);
      writeFileSync(file, lines.join('\n'));

      const site = { failures: [] as string[], requests: 1 };
      server = await startServerProcess();
      const log = server.stderr();
      expect(log, 'no wait for the stranger').not.toMatch(/Waiting for/);
      expect(log, 'no advice to kill it').not.toMatch(/kill -INT/);
      expect(log, 'says what it removed and why').toMatch(
        new RegExp(
          `Removed a stale .*postmaster\\.pid: it names pid ${stranger.pid}\\b.*not a PostgreSQL of this data folder`,
        ),
      );
      expect(alive(stranger), 'the stranger was left alone').toBe(true);
      const back = await untilStoredAgain(server.url, 'reuse');
      expectSurvived('PID reuse', site, null);
      const stored = new Set((await listSubmissions(dataDir)).map((r) => r.email));
      expect(
        acked.filter((email) => !stored.has(email)),
        'every acknowledged row survived the power cut',
      ).toEqual([]);
      stranger.kill();
      console.log(`chaos: stale lock naming pid ${stranger.pid} (sleep) removed; stored after ${back} ms`);
    },
    ATTACK_TIMEOUT_MS,
  );
});

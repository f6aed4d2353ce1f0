/**
 * The lead outbox against a failing database (issue 34): one real server process with a webhook,
 * the real embedded PostgreSQL, inserts under load, and a receiver that holds each delivery open
 * while the database is attacked: the delivery worker's connections terminated
 * (pg_terminate_backend), a backend killed (PostgreSQL's crash restart), the postmaster killed.
 * Each attack, while a delivery is in flight:
 * - the server process stays up and /healthz answers 200 throughout;
 * - afterwards every stored lead is delivered, at least once, and every attempt of a lead carries
 *   one Idempotency-Key, its id.
 * CHAOS_ROUNDS=n repeats each attack n times (default 1); the postmaster may be killed only a few
 * times per server run (the keeper gives up past MAX_RESTARTS), so the server is restarted on the
 * same data folder before that.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirLayout, readPostmasterLock } from '../../server/postgres/data-dir.ts';
import { MAX_RESTARTS } from '../../server/postgres/restart-policy.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../shared/local-backend.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/receivers.ts';
import type { BackendProcess } from '../fixtures/watch.ts';
import { alive, killBackends, serverAdmin, startBackendProcess, watchUrl } from '../fixtures/watch.ts';

const SECRET = 'c'.repeat(64);
const ROUNDS = Math.max(1, Number(process.env.CHAOS_ROUNDS ?? 1));
const CLIENTS = 4;
const PER_CLIENT = 10;
const TIMEOUT_MS = 240_000 * ROUNDS;

let dataDir: string;
let hook: WebhookReceiver;
let server: BackendProcess;
let postmasterKills = 0;
const children: ChildProcess[] = [];
const figures: string[] = [];
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const startServerProcess = () =>
  startBackendProcess(children, [dataDir], {
    ...process.env,
    CONTACT_WEBHOOK_URL: hook.url,
    CONTACT_WEBHOOK_SECRET: SECRET,
  });

const admin = () => serverAdmin(dataDir);

/** Runs `query` as the superuser, retrying while PostgreSQL restarts. */
async function adminQuery<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  for (;;) {
    // (PostgreSQL goes with the server: a dead server is the failure, not a wait.)
    if (!alive(server.child)) throw new Error(`the server died: ${server.stderr().slice(-2000)}`);
    const client = await admin().catch(() => null);
    if (client) {
      try {
        return (await client.query<T>(text, values)).rows;
      } catch {
        // (the database went away between connect and query)
      } finally {
        await client.end().catch(() => {});
      }
    }
    await sleep(100);
  }
}

/** Polls /healthz until stopped; collects every answer that was not a 200. */
const watchHealth = () => watchUrl(`${server.url}/healthz`);

/** CLIENTS clients storing PER_CLIENT leads each; a 503 is retried until stored (as the form does). */
async function load(tag: string): Promise<number> {
  let stored = 0;
  const client = async (c: number) => {
    for (let i = 0; i < PER_CLIENT; i++) {
      for (;;) {
        const res = await fetch(`${server.url}/rest/v1/${CONTACT_TABLE}`, {
          method: 'POST',
          headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'Chaos', business_name: 'Monkey Ltd', email: `${tag}-${c}-${i}@chaos.example` }),
        }).catch(() => null);
        await res?.arrayBuffer();
        if (res?.status === 201) break;
        if (!alive(server.child)) throw new Error(`the server died: ${server.stderr().slice(-2000)}`);
        await sleep(50);
      }
      stored++;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  return stored;
}

async function postmasterPid(): Promise<number> {
  return (await readPostmasterLock(dataDirLayout(dataDir).cluster))!.pid;
}

type Attack = 'terminate the delivery connections' | 'kill a backend' | 'kill the postmaster';

/** Attacks the database while a delivery is held open; returns what it hit. */
async function attack(kind: Attack): Promise<string> {
  if (kind === 'terminate the delivery connections') {
    // Repeated for a while: the worker's connections come and go (a claim, an outcome, idle).
    let terminated = 0;
    for (let i = 0; i < 40; i++) {
      const rows = await adminQuery<{ ok: boolean }>(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = 'ringwise-delivery'`,
      );
      terminated += rows.filter((row) => row.ok).length;
      await sleep(10);
    }
    expect(terminated, 'delivery connections were terminated').toBeGreaterThan(0);
    return `${terminated} delivery connections terminated`;
  }
  if (kind === 'kill a backend') {
    const rows = await adminQuery<{ pid: number; application_name: string }>(
      `select pid, application_name from pg_stat_activity
        where application_name in ('ringwise-delivery', 'ringwise-rest') order by application_name = 'ringwise-delivery' desc limit 1`,
    );
    expect(rows.length, 'a backend of the server to kill').toBe(1);
    process.kill(rows[0]!.pid, 'SIGKILL');
    return `backend ${rows[0]!.pid} (${rows[0]!.application_name}) killed`;
  }
  const pid = await postmasterPid();
  process.kill(pid, 'SIGKILL');
  postmasterKills++;
  return `postmaster ${pid} killed`;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'delivery-chaos-'));
  hook = await startWebhookReceiver();
  server = await startServerProcess();
}, 180_000);

afterAll(async () => {
  await killBackends(children, dataDir);
  await hook?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (figures.length) console.log(`delivery chaos:\n${figures.join('\n')}`);
}, 60_000);

describe('the outbox survives its database', () => {
  const attacks: Attack[] = ['terminate the delivery connections', 'kill a backend', 'kill the postmaster'];
  for (const kind of attacks) {
    it(
      `${kind} during a delivery, under load (× ${ROUNDS})`,
      async () => {
        for (let round = 0; round < ROUNDS; round++) {
          if (kind === 'kill the postmaster' && postmasterKills === MAX_RESTARTS - 1) {
            // The keeper would give up at the next kill: a fresh server run on the same folder.
            const exited = new Promise((done) => server.child.once('exit', done));
            server.child.kill('SIGTERM');
            await exited;
            server = await startServerProcess();
            postmasterKills = 0;
          }
          const health = watchHealth();
          hook.mode = 'hang';
          const held = hook.hits.length + 1;
          const storing = load(`${kind.split(' ')[1]}-${round}`);
          await hook.waitFor(held);
          const hit = await attack(kind);
          // The receivers answer again: every held delivery and every later one is accepted.
          hook.mode = 'accept';
          hook.release();
          const stored = await storing;
          expect(alive(server.child), `${kind}: the server process is alive (${server.stderr().slice(-2000)})`).toBe(
            true,
          );
          // Every stored lead delivered (the test's timeout is the only bound).
          let waiting = -1;
          for (let looks = 0; waiting !== 0; looks++) {
            if (looks > 0) await sleep(100);
            const rows = await adminQuery<{ n: number }>(
              'select count(*)::int as n from public.contact_outbox where delivered_at is null',
            );
            waiting = rows[0]!.n;
            hook.release();
            expect(
              alive(server.child),
              `${kind}: the server is alive while delivering (${server.stderr().slice(-2000)})`,
            ).toBe(true);
          }
          const { failures, requests } = await health.stop();
          expect(alive(server.child), `${kind}: still alive after the deliveries`).toBe(true);
          expect(requests, 'healthz was polled during the attack').toBeGreaterThan(0);
          expect(failures, `${kind}: /healthz answered 200 throughout`).toEqual([]);
          figures.push(
            `${kind} #${round + 1}: ${hit}; ${stored} leads stored under load; ${hook.hits.length} webhook calls so far`,
          );
        }
        const ids = (await adminQuery<{ id: string }>('select id::text as id from public.contact_submissions')).map(
          (row) => row.id,
        );
        const keys = new Set(hook.hits.map((h) => h.headers['idempotency-key']));
        expect(
          ids.filter((id) => !keys.has(id)),
          'every stored lead reached the receiver',
        ).toEqual([]);
        const mismatched = hook.hits.filter(
          (h) => h.headers['idempotency-key'] !== (JSON.parse(h.body) as { id: string }).id,
        );
        expect(mismatched.length, 'each attempt carries its lead id as the Idempotency-Key').toBe(0);
      },
      TIMEOUT_MS,
    );
  }
});

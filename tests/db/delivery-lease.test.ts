/**
 * The outbox's claims (issue 34), on the real PostgreSQL with servers on one DATABASE_URL and a
 * channel that records each delivery (a Channel, the port the webhook and the mail implement):
 * - two servers (two delivery workers) on one database deliver each lead exactly once;
 * - one slow receiver does not hold the other leads back (deliveries run side by side);
 * - a claim whose lease ran out (its worker died) is claimed again; a live claim is left alone.
 */
import { rm } from 'node:fs/promises';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app.ts';
import { startLocalServer } from '../fixtures/backend.ts';
import { connectAdmin, startBareCluster } from '../fixtures/postgres.ts';
import type { Channel, Lead } from '../../server/leads/lead.ts';
import { CONCURRENCY } from '../../server/leads/outbox.ts';
import type { RunningCluster } from '../../server/postgres/cluster.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../shared/local-backend.ts';

const PASSWORD = 'lease-password-for-tests';
let dataDir: string;
let cluster: RunningCluster;
let admin: pg.Client;
let servers: RunningServer[] = [];
const url = () => `postgres://app:${PASSWORD}@127.0.0.1:${cluster.port}/app`;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A channel that records every lead it is handed; leads whose email starts with `slow` wait for release(). */
function recordingChannel() {
  const delivered: Lead[] = [];
  const held: Array<() => void> = [];
  const channel: Channel = {
    name: 'webhook',
    async deliver(lead) {
      if (lead.email.startsWith('slow')) await new Promise<void>((done) => held.push(done));
      delivered.push(lead);
    },
  };
  return { channel, delivered, held, release: () => held.splice(0).forEach((done) => done()) };
}

async function start(channel: Channel, leaseMs?: number): Promise<RunningServer> {
  const server = await startLocalServer({
    distDir: null,
    rateLimit: null,
    databaseUrl: url(),
    databasePoolMax: 4,
    delivery: { channels: [channel], retry: { baseMs: 50, maxMs: 1_000 }, leaseMs, pollMs: 200 },
  });
  servers.push(server);
  return server;
}

async function post(server: RunningServer, email: string): Promise<void> {
  const res = await fetch(`${server.url}/rest/v1/${CONTACT_TABLE}`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Ann Lee', business_name: 'Lee Plumbing', email }),
  });
  await res.arrayBuffer();
  expect(res.status, `stored ${email}`).toBe(201);
}

async function undelivered(prefix: string): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `select count(*)::int as n from public.contact_outbox o join public.contact_submissions s on s.id = o.submission_id
      where o.delivered_at is null and s.email like $1`,
    [`${prefix}%`],
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  ({ dataDir, cluster } = await startBareCluster('delivery-lease-'));
  admin = await connectAdmin(cluster);
  await admin.query(`create role app login createrole password '${PASSWORD}'`);
  await admin.query('create database app owner app');
  await admin.end();
  admin = await connectAdmin(cluster, 'app');
}, 180_000);
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close().catch(() => {});
}, 60_000);
afterAll(async () => {
  await admin?.end().catch(() => {});
  await cluster?.stop();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('delivery claims', () => {
  it('two servers on one database deliver each lead once', async () => {
    const recorder = recordingChannel();
    const [a, b] = [await start(recorder.channel), await start(recorder.channel)];
    const emails = Array.from({ length: 60 }, (_, i) => `pair-${i}@lee.com`);
    await Promise.all(emails.map((email, i) => post(i % 2 ? a : b, email)));
    while ((await undelivered('pair-')) > 0) await sleep(50);
    const counts = new Map<string, number>();
    for (const lead of recorder.delivered) counts.set(lead.email, (counts.get(lead.email) ?? 0) + 1);
    expect(
      [...counts.values()].filter((n) => n !== 1),
      'no lead delivered twice',
    ).toEqual([]);
    expect(counts.size, 'every lead delivered').toBe(emails.length);
  }, 120_000);

  it('one slow receiver does not hold the other leads back', async () => {
    const recorder = recordingChannel();
    const server = await start(recorder.channel);
    await post(server, 'slow-1@lee.com');
    while (recorder.held.length < 1) await sleep(20);
    const others = Array.from({ length: CONCURRENCY * 2 }, (_, i) => `quick-${i}@lee.com`);
    for (const email of others) await post(server, email);
    // Delivered while the slow one is still held (one at a time, they would wait for it).
    while ((await undelivered('quick-')) > 0) await sleep(50);
    expect(recorder.held.length, 'the slow delivery is still in flight').toBe(1);
    recorder.release();
    while ((await undelivered('slow-')) > 0) await sleep(50);
    expect(recorder.delivered.map((lead) => lead.email).sort()).toEqual([...others, 'slow-1@lee.com'].sort());
  }, 120_000);

  it('a claim whose lease ran out is claimed again; a live claim is left alone', async () => {
    const recorder = recordingChannel();
    await start(recorder.channel);
    // Two leads claimed by workers that are gone (one lease ended, one holds), in one transaction:
    // the running worker never sees them unclaimed.
    await admin.query('begin');
    for (const email of ['expired@lee.com', 'held@lee.com']) {
      await admin.query(
        `insert into public.contact_submissions (name, business_name, email) values ('Ann', 'Lee', $1)`,
        [email],
      );
    }
    await admin.query(
      `update public.contact_outbox o set claimed_by = 'gone:1:x #1',
              claimed_until = case s.email when 'expired@lee.com' then now() - interval '1 second' else now() + interval '1 hour' end
         from public.contact_submissions s where s.id = o.submission_id and s.email in ('expired@lee.com', 'held@lee.com')`,
    );
    await admin.query('commit');
    while ((await undelivered('expired@')) > 0) await sleep(50);
    // The live claim's lease ends now: the same worker takes it at its next look.
    expect(
      recorder.delivered.map((lead) => lead.email),
      'only the expired claim was taken',
    ).toEqual(['expired@lee.com']);
    await admin.query(
      `update public.contact_outbox o set claimed_until = now() from public.contact_submissions s where s.id = o.submission_id and s.email = 'held@lee.com'`,
    );
    while ((await undelivered('held@')) > 0) await sleep(50);
    expect(recorder.delivered.map((lead) => lead.email)).toEqual(['expired@lee.com', 'held@lee.com']);
    const { rows } = await admin.query<{ claimed_by: string | null }>(
      'select claimed_by from public.contact_outbox where delivered_at is not null',
    );
    expect(
      rows.every((row) => row.claimed_by === null),
      'a recorded outcome ends its claim',
    ).toBe(true);
  }, 120_000);
});

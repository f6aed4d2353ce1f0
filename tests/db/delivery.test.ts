/**
 * Delivery of stored leads by the real server on the real embedded PostgreSQL, to local receivers:
 * - a stored lead reaches the webhook and the mailbox, and its job is closed;
 * - a failing channel is retried with exponential back-off (read from the job's own timestamps,
 *   not from a clock), logged once per attempt, and a channel that already accepted is skipped;
 * - kill -9 of the server while the webhook call is in flight: once its lease runs out the next
 *   start delivers it again, and the receiver sees one lead id (the Idempotency-Key lets it drop
 *   the repeat).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createMailChannel } from '../../server/leads/mail.ts';
import { createWebhookChannel } from '../../server/leads/webhook.ts';
import { connect } from '../../server/postgres/bootstrap.ts';
import { dataDirLayout, isAlive, readPostmasterLock } from '../../server/postgres/data-dir.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../shared/local-backend.ts';
import { startTestBackend, type TestBackend } from '../fixtures/backend.ts';
import {
  startSmtpReceiver,
  startWebhookReceiver,
  type SmtpReceiver,
  type WebhookReceiver,
} from '../fixtures/receivers.ts';

const SECRET = 's'.repeat(64);
const SERVER = fileURLToPath(new URL('../fixtures/backend-process.ts', import.meta.url));

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
}, 60_000);

async function post(url: string, email: string): Promise<number> {
  const res = await fetch(`${url}/rest/v1/${CONTACT_TABLE}`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Ann Lee', business_name: 'Lee Plumbing', email, additional_info: 'Please call' }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** The server's database, as its superuser (the test reads jobs directly). */
async function admin(backend: TestBackend): Promise<pg.Client> {
  const cluster = backend.server.cluster!;
  const client = await connect(
    { host: cluster.host, port: cluster.port },
    'supabase_admin',
    cluster.credentials.supabase_admin,
    'tests',
  );
  cleanups.push(() => client.end());
  return client;
}

interface JobRow {
  attempts: number;
  delivered_at: Date | null;
  delivered_channels: string[];
  last_error: string | null;
  wait_ms: number;
}

async function job(client: pg.Client, email: string): Promise<JobRow | undefined> {
  const { rows } = await client.query<JobRow>(
    `select o.attempts, o.delivered_at, o.delivered_channels, o.last_error,
            (extract(epoch from o.next_attempt_at - o.last_attempt_at) * 1000)::float8 as wait_ms
       from public.contact_outbox o join public.contact_submissions s on s.id = o.submission_id where s.email = $1`,
    [email],
  );
  return rows[0];
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((done) => setTimeout(done, 25));
  }
}

describe('a server with a webhook and an email channel', () => {
  let hook: WebhookReceiver;
  let smtp: SmtpReceiver;

  async function start(log: string[] = []): Promise<TestBackend> {
    hook = await startWebhookReceiver();
    smtp = await startSmtpReceiver();
    cleanups.push(
      () => hook.close(),
      () => smtp.close(),
    );
    const channels = [
      createWebhookChannel({ url: hook.url, secret: SECRET }),
      createMailChannel({ smtpUrl: smtp.url, to: ['sales@business.test'] }),
    ];
    const backend = await startTestBackend({
      delivery: { channels, retry: { baseMs: 40, maxMs: 10_000 } },
      log: (line) => log.push(line),
    });
    cleanups.push(() => backend.close());
    return backend;
  }

  it('delivers a stored lead to both and closes its job', async () => {
    const backend = await start();
    expect(await post(backend.server.url, 'both@lee.com'), 'stored').toBe(201);
    await hook.waitFor(1);
    await smtp.waitFor(1);
    const db = await admin(backend);
    const row = await until(
      () => job(db, 'both@lee.com'),
      (r) => r?.delivered_at != null,
    );
    expect(row, 'closed after one attempt').toMatchObject({
      attempts: 1,
      delivered_channels: ['webhook', 'email'],
      last_error: null,
    });
    const { id } = JSON.parse(hook.hits[0]!.body) as { id: string };
    expect(hook.hits[0]!.headers['idempotency-key'], 'webhook key').toBe(id);
    expect(smtp.mails[0]!.data, 'mail key').toContain(`Message-ID: <${id}@ringwise.contact>`);
  });

  it('retries a failing channel with doubling waits, one log line per attempt, without repeating the channel that worked', async () => {
    const log: string[] = [];
    const backend = await start(log);
    hook.mode = 'refuse';
    expect(await post(backend.server.url, 'retry@lee.com')).toBe(201);
    const db = await admin(backend);
    const row = await until(
      () => job(db, 'retry@lee.com'),
      (r) => (r?.attempts ?? 0) >= 4,
    );
    expect(row!.last_error, 'the failure is stored').toMatch(/^webhook: HTTP 503/);
    expect(row!.delivered_channels, 'email accepted once, kept').toEqual(['email']);
    // Each failed attempt said its wait once: 40 ms · 2^(n−1), ±20 % jitter.
    const waits = log
      .map((line) => /delivery attempt (\d+) failed .* next attempt in (\d+) ms/.exec(line))
      .filter((m) => m !== null);
    expect(
      waits.slice(0, 4).map((m) => Number(m[1])),
      'attempts 1, 2, 3, 4 each logged once',
    ).toEqual([1, 2, 3, 4]);
    waits.slice(0, 4).forEach((m, i) => {
      const plain = 40 * 2 ** i;
      expect(Number(m[2]), `wait after attempt ${i + 1}`).toBeGreaterThanOrEqual(plain * 0.8 - 1);
      expect(Number(m[2]), `wait after attempt ${i + 1}`).toBeLessThanOrEqual(plain * 1.2 + 1);
    });
    const stored = await job(db, 'retry@lee.com');
    expect(Math.round(stored!.wait_ms), 'the job holds the logged wait').toBe(Number(waits[stored!.attempts - 1]?.[2]));
    hook.mode = 'accept';
    const done = await until(
      () => job(db, 'retry@lee.com'),
      (r) => r?.delivered_at != null,
    );
    expect(done!.delivered_channels.sort(), 'both channels now').toEqual(['email', 'webhook']);
    const failures = log.filter((line) => line.includes('delivery attempt'));
    expect(failures, 'one log line per failed attempt').toHaveLength(done!.attempts - 1);
    expect(failures[0], 'the line names the attempt, reason and wait').toMatch(
      /^Contact request [0-9a-f-]{36}: delivery attempt 1 failed \(webhook: HTTP 503 from 127\.0\.0\.1:\d+\); next attempt in \d+ ms\.$/,
    );
    expect(smtp.mails, 'the email was not sent again').toHaveLength(1);
    expect(new Set(hook.hits.map((h) => h.headers['idempotency-key'])).size, 'every attempt carried the same key').toBe(
      1,
    );
  });
});

describe('kill -9 between storing and delivering', () => {
  const children: ChildProcess[] = [];
  let dataDir: string;
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (dataDir) {
      const lock = await readPostmasterLock(dataDirLayout(dataDir).cluster).catch(() => null);
      if (lock && isAlive(lock.pid)) process.kill(lock.pid, 'SIGQUIT');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  function spawnServer(webhook: string): Promise<{ child: ChildProcess; url: string }> {
    const child = spawn(process.execPath, [SERVER, dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // A short lease: the killed server's claim runs out soon, and the next start takes the job again.
      env: {
        ...process.env,
        CONTACT_WEBHOOK_URL: webhook,
        CONTACT_WEBHOOK_SECRET: SECRET,
        RINGWISE_TEST_LEASE_MS: '1000',
      },
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((done, fail) => {
      createInterface({ input: child.stdout! }).once('line', (line) =>
        done({ child, url: (JSON.parse(line) as { url: string }).url }),
      );
      child.once('exit', (code) => fail(new Error(`server exited ${code}: ${stderr}`)));
    });
  }

  it('delivers after the next start, and the receiver sees one lead', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'delivery-kill-'));
    const hook = await startWebhookReceiver();
    cleanups.push(() => hook.close());
    hook.mode = 'hang';
    const first = await spawnServer(hook.url);
    expect(await post(first.url, 'killed@lee.com'), 'stored and acknowledged').toBe(201);
    await hook.waitFor(1);
    // The delivery is in flight (the receiver holds it): kill the server without a chance to record anything.
    const exited = new Promise((done) => first.child.once('exit', done));
    first.child.kill('SIGKILL');
    await exited;
    hook.mode = 'accept';
    const second = await spawnServer(hook.url);
    await hook.waitFor(2);
    const ids = hook.hits.map((h) => (JSON.parse(h.body) as { id: string }).id);
    expect(new Set(ids).size, 'one lead at the receiver, however often it was sent').toBe(1);
    expect(
      hook.hits.every((h) => h.headers['idempotency-key'] === ids[0]),
      'same key each time',
    ).toBe(true);
    const exit2 = new Promise((done) => second.child.once('exit', done));
    second.child.kill('SIGTERM');
    await exit2;
  }, 240_000);
});

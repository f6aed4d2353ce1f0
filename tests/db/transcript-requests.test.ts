/**
 * "Email me a copy" (issue 38) on the real embedded PostgreSQL, through the real server:
 * - the migration's constraints refuse what they must, even for a request that skips the route
 *   (anon's insert through /rest/v1), anon reads nothing, and a job goes only with its request;
 * - a request POSTed to /api/transcript-requests is stored, its job written by the trigger, and
 *   the delivery worker mails it to the visitor's address, once (the request's id as Message-ID);
 * - a refusing SMTP server is retried with the contact outbox's back-off, then delivered;
 * - the database dropping the worker's and the route's connections (pg_terminate_backend, as
 *   tests/db/delivery-chaos does for contact jobs) crashes nothing: the server (in this process)
 *   answers the next request, and both jobs are delivered.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailChannel } from '../../server/leads/mail.ts';
import { connectAdmin } from '../fixtures/postgres.ts';
import { createTranscriptMailChannel } from '../../server/transcripts/mail.ts';
import { TRANSCRIPT_PATH } from '../../server/transcripts/route.ts';
import { startTestBackend, type TestBackend } from '../fixtures/backend.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../fixtures/receivers.ts';

const TURN = { speaker: 'visitor', name: 'You', text: 'Do you fix boilers?', at: '2026-11-28T08:00:00.000Z' };
const ROW = { email: 'ada@example.com', assistant: 'Ada', locale: 'en', transcript: [TURN] };

let smtp: SmtpReceiver;
let backend: TestBackend;
let admin: pg.Client;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  backend = await startTestBackend({
    delivery: {
      channels: [createMailChannel({ smtpUrl: smtp.url, to: ['sales@business.test'] })],
      transcripts: [createTranscriptMailChannel({ smtpUrl: smtp.url, from: 'sales@business.test' })],
      retry: { baseMs: 40, maxMs: 10_000 },
    },
  });
  admin = await connectAdmin(backend.server.cluster!);
}, 120_000);

afterAll(async () => {
  await admin?.end();
  await backend?.close();
  await smtp?.close();
}, 60_000);

/** anon's insert, as the REST endpoint runs it (its role, RLS and grants), with no route checks in front. */
async function insertAsAnon(row: Record<string, unknown>): Promise<string> {
  const columns = Object.keys(row);
  try {
    await admin.query('begin; set local role anon');
    await admin.query(
      `insert into public.transcript_requests (${columns.join(', ')})
         select ${columns.join(', ')} from json_populate_record(null::public.transcript_requests, $1::json)`,
      [JSON.stringify(row)],
    );
    await admin.query('commit');
    return 'stored';
  } catch (error) {
    await admin.query('rollback');
    return (error as { code: string }).code;
  }
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((done) => setTimeout(done, 25));
  }
}

const job = async (email: string) =>
  (
    await admin.query<{ id: string; attempts: number; delivered_at: Date | null; last_error: string | null }>(
      `select r.id, o.attempts, o.delivered_at, o.last_error
         from public.transcript_outbox o join public.transcript_requests r on r.id = o.request_id where r.email = $1`,
      [email],
    )
  ).rows[0];

describe('the migration', () => {
  it('refuses a bad address, an empty, non-array or 201-turn transcript, a bad URL or zone (23514)', async () => {
    const refused = [
      { ...ROW, email: 'ada@example' },
      { ...ROW, email: 'ada @example.com' },
      { ...ROW, transcript: [] },
      { ...ROW, transcript: { turns: [TURN] } },
      { ...ROW, transcript: Array(201).fill(TURN) },
      { ...ROW, page_url: 'javascript:alert(1)' },
      { ...ROW, locale: 'en_US; drop' },
      { ...ROW, assistant: '' },
      // time_zone (migration 20261128090000): an IANA name's shape, 1 to 64 characters.
      { ...ROW, time_zone: 'Europe/Berlin; drop' },
      { ...ROW, time_zone: '' },
      { ...ROW, time_zone: `Europe/${'B'.repeat(58)}` },
      { ...ROW, time_zone: '../etc/passwd' },
    ];
    for (const row of refused) expect(await insertAsAnon(row), JSON.stringify(row).slice(0, 80)).toBe('23514');
    expect(await insertAsAnon({ ...ROW, email: 'constraints@example.com' }), 'a good row').toBe('stored');
    const zoned = { ...ROW, email: 'zone@example.com', time_zone: `America/Argentina/${'B'.repeat(46)}` };
    expect(zoned.time_zone).toHaveLength(64);
    expect(await insertAsAnon(zoned), 'a 64-character zone').toBe('stored');
    expect(await insertAsAnon({ ...ROW, email: 'zone@example.com', time_zone: 'Etc/GMT+5' })).toBe('stored');
    const count = await admin.query(
      `select count(*)::int as n from public.transcript_requests where email like 'ada%'`,
    );
    expect(count.rows[0].n).toBe(0);
  });

  it('gives anon no read of requests or jobs, and keeps a job while its request exists', async () => {
    for (const sql of ['select * from public.transcript_requests', 'select * from public.transcript_outbox']) {
      await admin.query('begin; set local role anon');
      await expect(admin.query(sql), sql).rejects.toMatchObject({ code: '42501' });
      await admin.query('rollback');
    }
    expect(await insertAsAnon({ ...ROW, email: 'keep@example.com' })).toBe('stored');
    const { id } = (await until(() => job('keep@example.com'), Boolean))!;
    await expect(admin.query('delete from public.transcript_outbox where request_id = $1', [id])).rejects.toMatchObject(
      {
        code: '23503',
      },
    );
    await admin.query('delete from public.transcript_requests where id = $1', [id]);
    expect(await job('keep@example.com'), 'gone with its request').toBeUndefined();
  });
});

describe('the route and the delivery', () => {
  it('stores a request and mails it to the visitor once, the request id as Message-ID', async () => {
    const before = smtp.mails.length;
    const res = await fetch(`${backend.server.url}${TRANSCRIPT_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ...ROW,
        email: 'visitor@example.com',
        pageUrl: 'https://shop.example/boilers',
        timeZone: 'Europe/Berlin',
      }),
    });
    expect(res.status).toBe(202);
    const row = await until(
      () => job('visitor@example.com'),
      (r) => r?.delivered_at != null,
    );
    expect(row).toMatchObject({ attempts: 1, last_error: null });
    const mails = smtp.mails.slice(before).filter((mail) => mail.to.includes('visitor@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toContain(`Message-ID: <${row!.id}@ringwise.transcript>`);
    expect(mails[0]!.data).toContain('Subject: Your conversation with Ada');
    // The visitor's zone, stored by the route and read by the worker: 08:00 UTC is 09:00 in Berlin.
    expect(mails[0]!.data).toContain('Times are in Europe/Berlin (November 28, 2026).');
    // Quoted-printable: its soft line breaks (=CRLF) fall where nodemailer counts 76.
    expect(mails[0]!.data.replace(/=\r?\n/g, '')).toContain('[09:00:00] You: Do you fix boilers?');
    const stored = await admin.query('select time_zone from public.transcript_requests where id = $1', [row!.id]);
    expect(stored.rows[0].time_zone).toBe('Europe/Berlin');
  });

  it('retries a refusing SMTP server with the outbox back-off, then delivers', async () => {
    smtp.mode = 'refuse';
    const res = await fetch(`${backend.server.url}${TRANSCRIPT_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...ROW, email: 'retry@example.com' }),
    });
    expect(res.status).toBe(202);
    const failed = await until(
      () => job('retry@example.com'),
      (r) => (r?.attempts ?? 0) >= 2,
    );
    expect(failed!.delivered_at).toBeNull();
    expect(failed!.last_error).toMatch(/^email: the SMTP server refused or failed/);
    smtp.mode = 'accept';
    const done = await until(
      () => job('retry@example.com'),
      (r) => r?.delivered_at != null,
    );
    expect(done!.attempts).toBeGreaterThanOrEqual(3);
  });

  it('survives its connections being dropped mid-retry, then delivers', async () => {
    smtp.mode = 'refuse';
    const post = (email: string) =>
      fetch(`${backend.server.url}${TRANSCRIPT_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...ROW, email }),
      }).then((res) => res.status);
    expect(await post('dropped@example.com')).toBe(202);
    await until(
      () => job('dropped@example.com'),
      (r) => (r?.attempts ?? 0) >= 1,
    );
    let terminated = 0;
    // Repeated: the worker's connections come and go (a claim, an outcome, a look at the next due time).
    for (let i = 0; i < 40; i++) {
      const { rows } = await admin.query<{ ok: boolean }>(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity
          where application_name in ('ringwise-delivery', 'ringwise-rest')`,
      );
      terminated += rows.filter((row) => row.ok).length;
      await new Promise((done) => setTimeout(done, 10));
    }
    expect(terminated, 'connections were terminated').toBeGreaterThan(0);
    smtp.mode = 'accept';
    // The first try after the drop may meet a dead pooled connection (503); the next one stores it.
    let status = 0;
    for (let i = 0; i < 5 && status !== 202; i++) status = await post('after-drop@example.com');
    expect(status).toBe(202);
    for (const email of ['dropped@example.com', 'after-drop@example.com'])
      expect(
        (await until(
          () => job(email),
          (r) => r?.delivered_at != null,
        ))!.last_error,
        email,
      ).toBeNull();
  });
});

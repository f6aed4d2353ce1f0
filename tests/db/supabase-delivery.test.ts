/**
 * Notifications on a Supabase deployment: the migrations applied to a database modelled on a
 * Supabase project (roles, today's default privileges, applied as `supabase db push` does), a
 * lead inserted as PostgREST inserts it for the site (authenticator → anon), and `npm run deliver`
 * (DATABASE_URL = the project's database as postgres) delivers it to the webhook: switching the
 * site to Supabase does not silently drop notifications.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertStatement } from '../../server/database.ts';
import type { ConnectionTarget } from '../../server/postgres/bootstrap.ts';
import { verifyWebhook } from '../../server/leads/webhook.ts';
import { startTestCluster, type TestCluster } from '../fixtures/postgres.ts';
import {
  startSmtpReceiver,
  startWebhookReceiver,
  type SmtpReceiver,
  type WebhookReceiver,
} from '../fixtures/receivers.ts';

const DELIVER = fileURLToPath(new URL('../../server/leads/deliver.ts', import.meta.url));
const SECRET = 'd'.repeat(64);

let pgc: TestCluster;
let project: ConnectionTarget;
let hook: WebhookReceiver;
let smtp: SmtpReceiver;
let child: ChildProcess | undefined;
beforeAll(async () => {
  pgc = await startTestCluster('supabase-deliver-');
  project = await pgc.createProjectDatabase('supabase_project', 'current');
  hook = await startWebhookReceiver();
  smtp = await startSmtpReceiver();
}, 180_000);
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await hook?.close();
  await smtp?.close();
  await pgc?.stop();
}, 60_000);

/** The site's insert on Supabase: PostgREST as anon. */
async function insertAsSite(email: string): Promise<void> {
  const columns = ['name', 'business_name', 'email'].map((name) => ({ name, type: 'text' }));
  await insertAsAnon('contact_submissions', columns, { name: 'Ann Lee', business_name: 'Lee Plumbing', email });
}

async function insertAsAnon(table: string, columns: { name: string; type: string }[], row: object): Promise<void> {
  const api = await pgc.connectAs('authenticator', project.database);
  try {
    await api.query('begin; set local role anon');
    await api.query(insertStatement(table, columns, false), [JSON.stringify(row)]);
    await api.query('commit');
  } finally {
    await api.end();
  }
}

const projectUrl = () =>
  `postgres://postgres:${pgc.cluster.credentials.postgres}@${project.host}:${project.port}/${project.database}`;

/** Starts `npm run deliver` with `env` on top of the project's DATABASE_URL; resolves with its first line. */
async function startDeliver(env: Record<string, string>): Promise<string> {
  child = spawn(process.execPath, [DELIVER], {
    env: { ...process.env, DATABASE_URL: projectUrl(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<string>((done, fail) => {
    createInterface({ input: child!.stdout! }).once('line', done);
    child!.once('exit', (code) => fail(new Error(`deliver exited ${code}: ${stderr}`)));
  });
}

async function stopDeliver(): Promise<void> {
  const exited = new Promise((done) => child!.once('exit', done));
  child!.kill('SIGTERM');
  expect(await exited, 'stops cleanly').toBe(0);
}

it('delivers leads stored through Supabase’s API with `npm run deliver`', async () => {
  await insertAsSite('before@lee.com');
  const first = await startDeliver({ CONTACT_WEBHOOK_URL: hook.url, CONTACT_WEBHOOK_SECRET: SECRET });
  expect(first, 'says where from and where to, without the password').toMatch(
    /^Delivering contact requests from postgres:\/\/postgres@127\.0\.0\.1:\d+\/supabase_project to: webhook http:\/\/127\.0\.0\.1:\d+\/hooks\/contact\.$/,
  );
  await hook.waitFor(1);
  // A lead stored while it runs is found by its next look at the outbox.
  await insertAsSite('during@lee.com');
  await hook.waitFor(2);
  const emails = hook.hits.map((h) => (JSON.parse(h.body) as { email: string }).email);
  expect(emails, 'both leads, in order').toEqual(['before@lee.com', 'during@lee.com']);
  expect(
    hook.hits.every((h) => verifyWebhook(SECRET, h.headers['ringwise-signature'] as string, h.body)),
    'signed',
  ).toBe(true);
  await stopDeliver();
  const owner = await pgc.connectAs('postgres', project.database);
  try {
    const { rows } = await owner.query<{ n: number }>(
      'select count(*)::int as n from public.contact_outbox where delivered_at is not null',
    );
    expect(rows[0]?.n, 'both jobs closed').toBe(2);
  } finally {
    await owner.end();
  }
}, 120_000);

it('with SMTP set, `npm run deliver` also mails the transcript copies visitors asked for (issue 38)', async () => {
  const turn = { speaker: 'visitor', name: 'You', text: 'Do you fix boilers?', at: '2026-11-28T08:00:00.000Z' };
  const columns = [
    ...['email', 'assistant', 'locale'].map((name) => ({ name, type: 'text' })),
    { name: 'transcript', type: 'jsonb' },
  ];
  await insertAsAnon('transcript_requests', columns, {
    email: 'visitor@example.com',
    assistant: 'Ada',
    locale: 'en',
    transcript: [turn],
  });
  await startDeliver({ SMTP_URL: smtp.url, CONTACT_NOTIFY_TO: 'sales@lee.test' });
  for (;;) {
    if (smtp.mails.some((mail) => mail.to.includes('visitor@example.com'))) break;
    await new Promise((done) => setTimeout(done, 25));
  }
  const copy = smtp.mails.find((mail) => mail.to.includes('visitor@example.com'))!;
  expect(copy.data, 'the transcript in the mail').toContain('Do you fix boilers?');
  await stopDeliver();
}, 120_000);

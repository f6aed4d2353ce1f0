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
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/receivers.ts';

const DELIVER = fileURLToPath(new URL('../../server/leads/deliver.ts', import.meta.url));
const SECRET = 'd'.repeat(64);

let pgc: TestCluster;
let project: ConnectionTarget;
let hook: WebhookReceiver;
let child: ChildProcess | undefined;
beforeAll(async () => {
  pgc = await startTestCluster('supabase-deliver-');
  project = await pgc.createProjectDatabase('supabase_project', 'current');
  hook = await startWebhookReceiver();
}, 180_000);
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await hook?.close();
  await pgc?.stop();
}, 60_000);

/** The site's insert on Supabase: PostgREST as anon. */
async function insertAsSite(email: string): Promise<void> {
  const api = await pgc.connectAs('authenticator', project.database);
  try {
    await api.query('begin; set local role anon');
    const columns = ['name', 'business_name', 'email'].map((name) => ({ name, type: 'text' }));
    await api.query(insertStatement('contact_submissions', columns, false), [
      JSON.stringify({ name: 'Ann Lee', business_name: 'Lee Plumbing', email }),
    ]);
    await api.query('commit');
  } finally {
    await api.end();
  }
}

it('delivers leads stored through Supabase’s API with `npm run deliver`', async () => {
  await insertAsSite('before@lee.com');
  const url = `postgres://postgres:${pgc.cluster.credentials.postgres}@${project.host}:${project.port}/${project.database}`;
  child = spawn(process.execPath, [DELIVER], {
    env: { ...process.env, DATABASE_URL: url, CONTACT_WEBHOOK_URL: hook.url, CONTACT_WEBHOOK_SECRET: SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const first = await new Promise<string>((done, fail) => {
    createInterface({ input: child!.stdout! }).once('line', done);
    child!.once('exit', (code) => fail(new Error(`deliver exited ${code}: ${stderr}`)));
  });
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
  const exited = new Promise((done) => child!.once('exit', done));
  child.kill('SIGTERM');
  expect(await exited, 'stops cleanly').toBe(0);
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

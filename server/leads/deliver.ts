/**
 * `npm run deliver`: the delivery worker on its own, for a site whose contact requests go to a
 * Supabase project (or any DATABASE_URL that no `npm start` serves). The outbox migration fills
 * `public.contact_outbox` there too (the same trigger, applied by `supabase db push`); this
 * command, run where it can reach the project's database (DATABASE_URL = the project's connection
 * string, role postgres), delivers each job to the webhook and/or email configured exactly as for
 * `npm start`, with the same retries, until it is stopped (SIGINT/SIGTERM finish the deliveries in
 * progress first). Several may run at once: a job is taken by one of them at a time.
 * With SMTP_URL set and the transcripts' migration applied, it also mails the visitors' transcript
 * copies (`public.transcript_outbox`, issue 38) the way a running server does.
 */
import { pathToFileURL } from 'node:url';
import { describeDatabaseUrl } from '../external/prepare.ts';
import { openDeliveryPool } from './delivery-pool.ts';
import { startDeliveryWorker, type DeliveryWorker } from './outbox.ts';
import { TRANSCRIPT_QUEUE } from './queues.ts';
import { readDeliveryConfig } from './settings.ts';
import { loadEnv } from '../../shared/config.ts';

async function main(): Promise<void> {
  const env = loadEnv(); // `.env`, then the environment on top (shared/config.ts)
  const url = env.DATABASE_URL?.trim();
  if (!url)
    throw new Error(
      "DATABASE_URL is not set: set it to the database that holds the contact requests (on Supabase: the project's connection string).",
    );
  const config = readDeliveryConfig(env);
  if (config.channels.length === 0)
    throw new Error(
      'No notification is set up: set CONTACT_WEBHOOK_URL and CONTACT_WEBHOOK_SECRET, or SMTP_URL and CONTACT_NOTIFY_TO.',
    );
  // Every connection has an error listener (a dropped one fails a look, never the process).
  const pool = openDeliveryPool({ connectionString: url }, 'ringwise-deliver');
  let transcriptsTable = false;
  try {
    const { rows } = await pool.query<{ ok: boolean; transcripts: boolean }>(
      "select to_regclass('public.contact_outbox') is not null as ok, to_regclass('public.transcript_outbox') is not null as transcripts",
    );
    transcriptsTable = rows[0]?.transcripts === true;
    if (!rows[0]?.ok)
      throw new Error(
        `${describeDatabaseUrl(url)} has no public.contact_outbox: apply the migrations first (\`supabase db push\`, or start the server on it once).`,
      );
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const worker = startDeliveryWorker({
    pool,
    role: null,
    channels: config.channels,
    log: (line) => console.error(line),
  });
  console.log(`Delivering contact requests from ${describeDatabaseUrl(url)} to: ${config.summary.join('; ')}.`);
  // The visitors' transcript copies: the same worker on their own outbox, by email only.
  const workers: DeliveryWorker[] = [worker];
  if (config.transcripts.length > 0 && transcriptsTable) {
    workers.push(
      startDeliveryWorker({
        pool,
        role: null,
        channels: config.transcripts,
        queue: TRANSCRIPT_QUEUE,
        log: console.error,
      }),
    );
    console.log('Mailing transcript copies to the visitors who ask for one.');
  } else if (config.transcripts.length > 0)
    console.error('No public.transcript_outbox (an older schema): transcript copies are not mailed.');
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void Promise.all(workers.map((each) => each.stop()))
        .then(() => pool.end())
        .finally(() => {
          for (const channel of [...config.channels, ...config.transcripts]) channel.close?.();
          process.exit(0);
        });
    });
  }
  // The worker's timers do not hold the process open; this does, until a signal.
  setInterval(() => {}, 1 << 30);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}

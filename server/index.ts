/**
 * Production server of `npm start`: serves the built site (dist/) and, unless the site was built
 * for a Supabase project (PUBLIC_SUPABASE_URL set), the embedded contact backend on the same
 * origin: `POST /rest/v1/contact_submissions` on a real PostgreSQL 17 in DATA_DIR, or on your own
 * PostgreSQL (DATABASE_URL); stored leads are delivered to a webhook and/or by email.
 *
 * Environment (all optional, see .env.example): PORT (4321), HOST (localhost), DATA_DIR
 * (.data/postgres), RESET_DATA=1 (wipe the data folder at start), CONTACT_RATE_LIMIT (5/60),
 * ALLOWED_ORIGINS, POSTGRES_OS_USER (postgres; only when running as root), DATABASE_URL,
 * DATABASE_POOL_MAX (10), CONTACT_WEBHOOK_URL + CONTACT_WEBHOOK_SECRET, SMTP_URL +
 * CONTACT_NOTIFY_TO (+ CONTACT_NOTIFY_FROM).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DATA_DIR, startServer, type RunningServer } from './app.ts';
import { parseAllowedOrigins } from './origins.ts';
import { parseRateLimit } from './rate-limit.ts';
import { readDeliveryConfig, type DeliveryConfig } from './leads/settings.ts';
import { describeDatabaseUrl, parsePoolMax } from './external/prepare.ts';

const root = fileURLToPath(new URL('../dist/', import.meta.url));
if (!existsSync(root)) {
  console.error('No build found in dist/: run `npm run build` (or `npm start`, which builds first).');
  process.exit(1);
}
const supabaseUrl = process.env.PUBLIC_SUPABASE_URL?.trim();
const dataDir = process.env.DATA_DIR?.trim() || DEFAULT_DATA_DIR;
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;

let server: RunningServer;
let delivery: DeliveryConfig | undefined;
try {
  delivery = readDeliveryConfig(process.env);
  server = await startServer({
    distDir: root,
    port: Number(process.env.PORT ?? 4321),
    host: process.env.HOST ?? 'localhost',
    embeddedBackend: !supabaseUrl,
    dataDir,
    resetData: process.env.RESET_DATA === '1',
    rateLimit: parseRateLimit(process.env.CONTACT_RATE_LIMIT),
    allowedOrigins: parseAllowedOrigins(process.env.ALLOWED_ORIGINS),
    delivery,
    databaseUrl,
    databasePoolMax: parsePoolMax(process.env.DATABASE_POOL_MAX),
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
console.log(`Serving the site on ${server.url}`);
if (supabaseUrl) console.log(`Contact requests go to Supabase at ${supabaseUrl}.`);
else if (databaseUrl) console.log(`Contact requests are stored in ${describeDatabaseUrl(databaseUrl)} (DATABASE_URL; list them with \`npm run submissions\`).`);
else console.log(`Contact requests are stored in ${resolve(dataDir)} (embedded PostgreSQL 17; list them with \`npm run submissions\`).`);
if (!supabaseUrl) console.log(delivery?.summary.length ? `New contact requests are delivered to: ${delivery.summary.join('; ')}.` : 'No notification is set up (CONTACT_WEBHOOK_URL, SMTP_URL): contact requests are only stored.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

/**
 * Production server of `npm start`: serves the built site (dist/) and, unless the site was built
 * for a Supabase project (PUBLIC_SUPABASE_URL set), the embedded contact backend on the same
 * origin: `POST /rest/v1/contact_submissions` on a real PostgreSQL 17 in DATA_DIR.
 *
 * Environment (all optional, see .env.example): PORT (4321), HOST (localhost), DATA_DIR
 * (.data/postgres), RESET_DATA=1 (wipe the data folder at start), CONTACT_RATE_LIMIT (5/60),
 * ALLOWED_ORIGINS, POSTGRES_OS_USER (postgres; only when running as root).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DATA_DIR, startServer, type RunningServer } from './app.ts';
import { parseAllowedOrigins } from './origins.ts';
import { parseRateLimit } from './rate-limit.ts';

const root = fileURLToPath(new URL('../dist/', import.meta.url));
if (!existsSync(root)) {
  console.error('No build found in dist/: run `npm run build` (or `npm start`, which builds first).');
  process.exit(1);
}
const supabaseUrl = process.env.PUBLIC_SUPABASE_URL?.trim();
const dataDir = process.env.DATA_DIR?.trim() || DEFAULT_DATA_DIR;

let server: RunningServer;
try {
  server = await startServer({
    distDir: root,
    port: Number(process.env.PORT ?? 4321),
    host: process.env.HOST ?? 'localhost',
    embeddedBackend: !supabaseUrl,
    dataDir,
    resetData: process.env.RESET_DATA === '1',
    rateLimit: parseRateLimit(process.env.CONTACT_RATE_LIMIT),
    allowedOrigins: parseAllowedOrigins(process.env.ALLOWED_ORIGINS),
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
console.log(`Serving the site on ${server.url}`);
if (supabaseUrl) console.log(`Contact requests go to Supabase at ${supabaseUrl}.`);
else console.log(`Contact requests are stored in ${resolve(dataDir)} (embedded PostgreSQL 17; list them with \`npm run submissions\`).`);

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

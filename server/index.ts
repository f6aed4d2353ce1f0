/**
 * Production server of `npm start` (scripts/start.ts builds first): serves the built site (dist/)
 * and, unless the site was built for a Supabase project, the embedded contact backend on the same
 * origin: `POST /rest/v1/contact_submissions` on a real PostgreSQL 17 in the data folder.
 *
 * Configuration: shared/config.ts (`.env`, then the environment on top; see .env.example). What the
 * site was built for — its origin, base path and contact backend — comes from the build's manifest
 * (dist/build-manifest.json), never from this process' environment, so the server always matches
 * the pages it serves. Server variables: PORT, HOST, DATA_DIR, RESET_DATA, CONTACT_RATE_LIMIT,
 * ALLOWED_ORIGINS, TRUST_PROXY, POSTGRES_OS_USER, DATABASE_URL (your own PostgreSQL instead of the
 * embedded one), DATABASE_POOL_MAX, CONTACT_WEBHOOK_URL + CONTACT_WEBHOOK_SECRET, SMTP_URL +
 * CONTACT_NOTIFY_TO (+ CONTACT_NOTIFY_FROM): stored leads are delivered to a webhook and/or by email.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from './app.ts';
import { listenOrigins } from './origins.ts';
import { describeDatabaseUrl } from './external/prepare.ts';
import { stoppedLine } from './shutdown-report.ts';
import { readStartSettings, type StartSettings } from './start-settings.ts';
import { readBuildManifest, type BuildManifest } from '../shared/build-manifest.ts';
import { envValue, loadEnv } from '../shared/config.ts';
import { portInUseSentence } from '../shared/ports.ts';

const root = fileURLToPath(new URL('../dist/', import.meta.url));

/** Prints one sentence and exits: every start-up failure an operator can fix. */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!existsSync(root)) fail('No build found in dist/: run `npm run build` (or `npm start`, which builds first).');

let env;
let settings: StartSettings;
let build: BuildManifest;
try {
  env = loadEnv();
  // The same checks `npm start` ran before its build step (server/start-settings.ts).
  settings = readStartSettings(env);
  build = await readBuildManifest(root);
} catch (error) {
  fail((error as Error).message);
}
const { port, host, dataDir, databaseUrl, delivery } = settings;
const supabaseUrl = build.contactBackend.kind === 'supabase' ? build.contactBackend.url : '';

let server: RunningServer;
try {
  server = await startServer({
    distDir: root,
    port,
    host,
    embeddedBackend: !supabaseUrl,
    dataDir: dataDir.path,
    resetData: settings.resetData,
    rateLimit: settings.rateLimit,
    allowedOrigins: settings.allowedOrigins,
    trustProxy: settings.trustProxy,
    basePath: build.basePath,
    delivery,
    databaseUrl,
    databasePoolMax: settings.databasePoolMax,
  });
} catch (error) {
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') fail(portInUseSentence('PORT', port, host, 'npm start'));
  fail((error as Error).message);
}

const sitePath = build.basePath === '/' ? '' : build.basePath;
console.log(`Serving the site on ${server.url}${sitePath} (built for ${build.siteOrigin}${sitePath}).`);
if (sitePath) {
  // Crawlers read robots.txt only at the host's root, which this site does not own under a base path.
  console.log(
    `Note: under BASE_PATH, crawlers read robots.txt at ${build.siteOrigin}/robots.txt, not ${sitePath}/robots.txt: ` +
      `add the line \`Sitemap: ${build.siteOrigin}${sitePath}/sitemap-index.xml\` to the host's own robots.txt.`,
  );
}
if (!listenOrigins(host, server.port).includes(build.siteOrigin)) {
  console.log(
    `Note: the site was built for ${build.siteOrigin} (PUBLIC_SITE_URL), not ${server.url}: its canonical links, sitemap and /widget ` +
      `snippet name ${build.siteOrigin}, and contact requests are accepted from there. Right behind a reverse proxy that serves ` +
      `${build.siteOrigin}; otherwise rebuild with PUBLIC_SITE_URL=${server.url}.`,
  );
}
const envSupabase = envValue(env, 'PUBLIC_SUPABASE_URL') ?? '';
if (envSupabase !== supabaseUrl) {
  console.log(
    `Note: the build sends contact requests to ${supabaseUrl || 'the embedded backend'}, but PUBLIC_SUPABASE_URL is now ` +
      `${envSupabase ? envSupabase : 'unset'}: run \`npm run build\` (or \`npm start\`) to build for the new value.`,
  );
}
if (supabaseUrl) console.log(`Contact requests go to Supabase at ${supabaseUrl} (no database is started).`);
else if (databaseUrl)
  console.log(
    `Contact requests are stored in ${describeDatabaseUrl(databaseUrl)} (DATABASE_URL; list them with \`npm run submissions\`).`,
  );
else {
  console.log(
    `Contact requests are stored in ${dataDir.path} (${dataDir.reason}; embedded PostgreSQL 17; list them with \`npm run submissions\`).`,
  );
}
if (!supabaseUrl) {
  console.log(
    delivery.summary.length
      ? `New contact requests are delivered to: ${delivery.summary.join('; ')}.`
      : 'No notification is set up (CONTACT_WEBHOOK_URL, SMTP_URL): contact requests are only stored.',
  );
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      // A second signal: the operator does not want to wait for open requests.
      console.log('Stopping now.');
      process.exit(1);
    }
    stopping = true;
    console.log('Shutting down: finishing open requests (send the signal again to stop at once).');
    server.close().then(
      (report) => {
        console.log(stoppedLine(report));
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

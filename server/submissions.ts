/**
 * `npm run submissions`: lists the stored contact requests, newest first, with the delivery state
 * of each. The work is split by job: submissions/read.ts reads (a consistent snapshot, page by
 * page), submissions/format.ts writes (table, CSV, JSON, every invisible character escaped),
 * submissions/options.ts parses the command line; this file runs them. The readers and formats
 * are re-exported here for the tests and tools that import the command's module.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { dataDirFrom, loadEnv } from '../shared/config.ts';
import { dataDirLayout } from './postgres/data-dir.ts';
import { createFormatter } from './submissions/format.ts';
import { parseArgs, usage } from './submissions/options.ts';
import { readSubmissions } from './submissions/read.ts';

export {
  COLUMNS,
  createFormatter,
  csvField,
  deliverySummary,
  escapeVisible,
  safeJson,
  type DeliveryState,
  type Format,
  type Submission,
} from './submissions/format.ts';
export { parseArgs, parseSince, type CliOptions } from './submissions/options.ts';
export { listSubmissions, PAGE_SIZE, readSubmissions, type ReadOptions } from './submissions/read.ts';

/** Writes `text` to stdout, waiting when the pipe is full (so pages are not piled up in memory). */
function write(text: string): Promise<void> {
  if (!text) return Promise.resolve();
  return new Promise((done) => {
    if (process.stdout.write(text)) done();
    else process.stdout.once('drain', done);
  });
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    await write(usage(dataDirFrom(loadEnv()).path));
    return;
  }
  const env = loadEnv();
  const dataDir = dataDirFrom(env).path;
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const formatter = createFormatter(options.format);
  let started = false;
  for await (const page of readSubmissions(dataDir, {
    since: options.since,
    databaseUrl,
    log: (line) => console.error(line),
  })) {
    if (!started) {
      started = true;
      await write(formatter.start());
    }
    await write(formatter.page(page));
  }
  if (!started && !databaseUrl && options.format === 'table' && !existsSync(dataDirLayout(dataDir).cluster)) {
    await write(
      `No database in ${dataDirLayout(dataDir).root} yet: start the site with \`npm start\` and send a request.\n`,
    );
    return;
  }
  if (!started) await write(formatter.start());
  await write(formatter.end());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}

/**
 * `npm run backup [-- <folder>]`: writes a consistent dump of the contact database (dump.ts) to
 * `<folder>/ringwise-backup-<date>T<time>Z.jsonl.gz` (folder: BACKUP_DIR, default `backups`,
 * created 0700; the file is 0600: it holds visitors' personal data) and prints its path on stdout
 * (a summary goes to stderr, so `FILE=$(npm run -s backup)` works). The file appears only when
 * complete: it is written under a temporary name, flushed to disk, then renamed.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';
import { dumpDatabase } from './dump.ts';
import { loadEnv } from '../../shared/config.ts';
import { openCommandDatabase } from './open.ts';

/** Default folder of backups (relative to the working directory). */
export const DEFAULT_BACKUP_DIR = 'backups';

/** The file name for a backup taken at `now`: ringwise-backup-2026-11-25T18-07-09Z.jsonl.gz */
export function backupFileName(now: Date = new Date()): string {
  return `ringwise-backup-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.jsonl.gz`;
}

/** Writes a backup into `folder`; resolves with its path and the rows per table. */
export async function writeBackup(
  folder: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ file: string; counts: Record<string, number> }> {
  const database = await openCommandDatabase('backup', false, env);
  if (!database) throw new Error('There is no database to back up yet: start the site with `npm start` first.');
  const file = resolve(folder, backupFileName());
  const partial = `${file}.partial`;
  try {
    await mkdir(resolve(folder), { recursive: true, mode: 0o700 });
    const gzip = createGzip();
    const out = createWriteStream(partial, { mode: 0o600, flags: 'wx' });
    gzip.pipe(out);
    const written = finished(out);
    const counts = await dumpDatabase(database.client, (line) =>
      gzip.write(line + '\n') ? Promise.resolve() : new Promise<void>((done) => gzip.once('drain', () => done())),
    );
    gzip.end();
    await written;
    const handle = await open(partial, 'r+');
    await handle.sync();
    await handle.close();
    await rename(partial, file);
    return { file, counts };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h') || args.length > 1) {
    process.stdout.write(
      "Usage: npm run backup [-- <folder>]\n\nWrites a consistent backup of the contact database (DATABASE_URL, or the embedded one in DATA_DIR)\nto <folder> (default BACKUP_DIR or ./backups) and prints the file's path. Restore it with `npm run restore <file>`.\n",
    );
    if (args.length > 1) process.exitCode = 1;
    return;
  }
  const folder = args[0] ?? (loadEnv().BACKUP_DIR?.trim() || DEFAULT_BACKUP_DIR);
  const { file, counts } = await writeBackup(folder);
  const size = (await stat(file)).size;
  console.error(
    `Backed up ${Object.entries(counts)
      .map(([t, n]) => `${n} row(s) of ${t}`)
      .join(', ')} (${size.toLocaleString('en')} bytes).`,
  );
  process.stdout.write(`${file}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}

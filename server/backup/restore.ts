/**
 * `npm run restore <file> [--force]`: loads a backup of `npm run backup` into the contact database
 * (DATABASE_URL, or the embedded one in DATA_DIR, created when the folder has none). All or
 * nothing, in one transaction; a database that already holds rows is refused unless --force,
 * which replaces them. The file is trusted for nothing: lines are read as a stream with a maximum
 * length (lines.ts), and load.ts accepts only the tables `npm run backup` writes.
 */
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createGunzip } from 'node:zlib';
import { boundedLines } from './lines.ts';
import { loadDump } from './load.ts';
import { openCommandDatabase } from './open.ts';

/** Restores `file`; resolves with the rows per table. */
export async function restoreBackup(
  file: string,
  force: boolean,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Record<string, number>> {
  const path = resolve(file);
  try {
    await access(path);
  } catch {
    throw new Error(`No backup file at ${path}.`);
  }
  const database = await openCommandDatabase('restore', true, env);
  if (!database) throw new Error('The database could not be created.');
  const gunzip = createGunzip();
  const input = createReadStream(path).pipe(gunzip);
  // A damaged gzip stream ends the lines early: the missing end line then refuses the restore.
  // (A read stopped by the loader, e.g. at an over-long line, aborts the stream: that is not damage.)
  const failed = new Promise<never>((_, reject) =>
    gunzip.on('error', (error) => {
      if (error.name !== 'AbortError') reject(new Error(`The backup file is damaged (${error.message}).`));
    }),
  );
  failed.catch(() => {});
  try {
    return await Promise.race([
      loadDump(database.client, boundedLines(input), { force, target: database.name }),
      failed,
    ]);
  } finally {
    input.destroy();
    await database.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    process.stderr.write(
      'Usage: npm run restore -- <file> [--force]\n\nLoads a backup written by `npm run backup`. Refuses a database that holds rows unless --force (which replaces them).\n',
    );
    process.exitCode = 1;
    return;
  }
  const counts = await restoreBackup(files[0]!, force);
  console.log(
    `Restored ${Object.entries(counts)
      .map(([t, n]) => `${n} row(s) of ${t}`)
      .join(', ')} from ${resolve(files[0]!)}.`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}

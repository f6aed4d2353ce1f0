/**
 * Private files of the data folder (server/postgres/data-dir.ts): written whole through a
 * temporary file (mode 0600, fsynced, then linked or renamed into place), and the folder fsync
 * that makes a new name survive a power loss.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Writes `text` to `path` through a temporary file (mode 0600), fsynced; `exclusive` fails with EEXIST when `path` exists. */
export async function writePrivateFile(path: string, text: string, exclusive: boolean): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    // link() creates the name only if it does not exist yet, with the whole content at once;
    // rename() replaces atomically.
    if (exclusive) await link(temp, path);
    else await rename(temp, path);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  await syncDir(dirname(path));
}

/** fsyncs a folder, so a file created or renamed in it survives a power loss. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY);
  try {
    await handle.sync();
  } catch (error) {
    // Some file systems refuse fsync on folders (EINVAL); the data itself is fsynced.
    if ((error as NodeJS.ErrnoException).code !== 'EINVAL') throw error;
  } finally {
    await handle.close();
  }
}

/**
 * The data folder of the embedded backend and the small files beside PostgreSQL's own:
 *
 * ```
 * DATA_DIR/                0700, owned by the user PostgreSQL runs as
 *   cluster/               PostgreSQL's files (PGDATA, 0700; files 0600), with its postmaster.pid lock
 *   credentials.json       0600: the generated passwords of supabase_admin, postgres and authenticator
 *   owner.json             0600: which process (server or `npm run submissions`) runs the cluster
 * ```
 *
 * The folder's mode and owner are re-checked at every start (and tightened, saying so), because
 * the rows are leads: nobody but the server's user may read them.
 */
import { spawnSync } from 'node:child_process';
import { chmod, chown, lstat, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { RunAs } from './os-user.ts';
import { writePrivateFile } from './private-file.ts';

export { loadOrCreateCredentials, readCredentials, type Credentials } from './credentials.ts';
export { syncDir } from './private-file.ts';

/** Paths inside a data folder. */
export interface DataDirLayout {
  /** The data folder itself (absolute). */
  root: string;
  /** PGDATA. */
  cluster: string;
  credentials: string;
  owner: string;
}

/** The paths of `dataDir`. */
export function dataDirLayout(dataDir: string): DataDirLayout {
  const root = resolve(dataDir);
  return {
    root,
    cluster: join(root, 'cluster'),
    credentials: join(root, 'credentials.json'),
    owner: join(root, 'owner.json'),
  };
}

function expectedUid(runAs: RunAs | null): number | undefined {
  return runAs?.uid ?? process.getuid?.();
}

/** `0o755` → `0755`, for messages. */
function octal(mode: number): string {
  return '0' + (mode & 0o777).toString(8);
}

/**
 * Creates the data folder (mode 0700, owned by the user PostgreSQL runs as; missing parent
 * folders get the usual 0755 so that user can reach it) or re-checks an existing one: it must be a
 * folder, owned by that user (as root: given to it), with no rights for group or others
 * (tightened to 0700 with one line saying so). The credentials and owner files are re-checked
 * the same way (0600, owned by this process' user). Throws one sentence when it cannot be fixed.
 */
export async function prepareDataDir(
  layout: DataDirLayout,
  runAs: RunAs | null,
  log: (line: string) => void,
): Promise<void> {
  await mkdir(dirname(layout.root), { recursive: true });
  let created = false;
  try {
    await mkdir(layout.root, { mode: 0o700 });
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const info = await stat(layout.root);
  if (!info.isDirectory()) throw new Error(`DATA_DIR ${layout.root} is not a folder.`);
  const uid = expectedUid(runAs);
  if (uid !== undefined && info.uid !== uid) {
    // Root hands the folder to PostgreSQL's user only when it is new or empty, never someone's files.
    if (runAs && (created || (await readdir(layout.root)).length === 0)) await chown(layout.root, runAs.uid, runAs.gid);
    else
      throw new Error(
        `The data folder ${layout.root} belongs to another user (uid ${info.uid}): run the server as that user, or set DATA_DIR to another folder.`,
      );
  }
  if (runAs) {
    // PostgreSQL runs as another user than this process: it needs a way through every parent folder.
    const probe = spawnSync('test', ['-w', layout.root, '-a', '-x', layout.root], { uid: runAs.uid, gid: runAs.gid });
    if (probe.status !== 0) {
      throw new Error(
        `PostgreSQL runs as the system user ${runAs.name} (it refuses to run as root), and ${runAs.name} cannot reach the data folder ` +
          `${layout.root} (a parent folder is closed to it): set DATA_DIR to a folder it can enter, such as /var/lib/ringwise, or run as a non-root user.`,
      );
    }
  }
  if ((info.mode & 0o077) !== 0) {
    await chmod(layout.root, 0o700);
    log(
      `Tightened the permissions of the data folder ${layout.root} from ${octal(info.mode)} to 0700 (contact requests are private).`,
    );
  }
  for (const file of [layout.credentials, layout.owner]) {
    const meta = await lstat(file).catch(() => null);
    if (!meta) continue;
    if (!meta.isFile()) throw new Error(`${file} is not a regular file: remove it.`);
    if ((meta.mode & 0o077) !== 0) {
      await chmod(file, 0o600);
      log(`Tightened the permissions of ${file} from ${octal(meta.mode)} to 0600.`);
    }
  }
}

/** Who runs the cluster of a data folder. */
export interface OwnerRecord {
  /** Process id of the server or `npm run submissions` that started PostgreSQL. */
  pid: number;
  kind: 'server' | 'reader';
  /** The postmaster this record belongs to (records of earlier runs do not match it). */
  postmasterPid: number;
  /** True once roles and migrations are in place (readers may connect). */
  ready: boolean;
}

/** Writes the owner record (atomically, 0600). */
export async function writeOwner(layout: DataDirLayout, record: OwnerRecord): Promise<void> {
  await writePrivateFile(layout.owner, JSON.stringify(record) + '\n', false);
}

/** The owner record, or null when there is none or it is unreadable. */
export async function readOwner(layout: DataDirLayout): Promise<OwnerRecord | null> {
  try {
    const value = JSON.parse(await readFile(layout.owner, 'utf8')) as OwnerRecord;
    return Number.isInteger(value.pid) && Number.isInteger(value.postmasterPid) ? value : null;
  } catch {
    return null;
  }
}

/** Removes the owner record if it is `record` (a later owner's stays). */
export async function clearOwner(layout: DataDirLayout, record: OwnerRecord): Promise<void> {
  const current = await readOwner(layout);
  if (current && current.pid === record.pid && current.postmasterPid === record.postmasterPid)
    await rm(layout.owner, { force: true });
}

/** The lines of PostgreSQL's `postmaster.pid` that matter here. */
export interface PostmasterLock {
  pid: number;
  port: number;
  /** `starting`, `ready`, `stopping` or `standby` (PostgreSQL's PM_STATUS_*). */
  status: string;
}

/** Reads `<cluster>/postmaster.pid`; null when it is absent or still being written. */
export async function readPostmasterLock(clusterDir: string): Promise<PostmasterLock | null> {
  let text: string;
  try {
    text = await readFile(join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'EACCES')
      throw new Error(`Cannot read the data folder ${dirname(clusterDir)}: run as the user that runs the server.`);
    throw error;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, port: Number(lines[3]), status: (lines[7] ?? '').trim() };
}

/** Whether a process with this id exists (owned by anyone). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the folder holds an initialised cluster. */
export async function isInitialised(layout: DataDirLayout): Promise<boolean> {
  return (await stat(join(layout.cluster, 'PG_VERSION')).catch(() => null))?.isFile() ?? false;
}

/** Prefix of the temporary folders `initdb` writes into before they are renamed to `cluster/`. */
export const INIT_PREFIX = '.init-';

/** Removes temporary init folders left by processes that no longer run. */
export async function removeStaleInits(layout: DataDirLayout): Promise<void> {
  for (const name of await readdir(layout.root)) {
    if (!name.startsWith(INIT_PREFIX)) continue;
    const pid = Number(name.slice(INIT_PREFIX.length).split('-')[0]);
    if (!Number.isInteger(pid) || !isAlive(pid)) await rm(join(layout.root, name), { recursive: true, force: true });
  }
}

/** Whether a name in the data folder is one of this server's (see the layout above). */
function isOurs(layout: DataDirLayout, name: string): boolean {
  const path = join(layout.root, name);
  return (
    path === layout.cluster ||
    path === layout.credentials ||
    path === layout.owner ||
    name.startsWith(INIT_PREFIX) ||
    name.endsWith('.tmp')
  );
}

/**
 * Deletes everything in the data folder (RESET_DATA=1), keeping the folder itself. Refuses with one
 * sentence when the folder holds anything this server did not put there, so a mistyped DATA_DIR
 * never wipes someone's files.
 */
export async function wipeDataDir(layout: DataDirLayout): Promise<void> {
  const names = await readdir(layout.root).catch(() => [] as string[]);
  const foreign = names.filter((name) => !isOurs(layout, name));
  if (foreign.length > 0) {
    throw new Error(
      `RESET_DATA=1 only wipes a data folder of this server, and ${layout.root} also holds ${foreign.length} other ` +
        `entr${foreign.length === 1 ? 'y' : 'ies'} (${foreign.slice(0, 3).join(', ')}): empty it yourself, or set DATA_DIR to another folder.`,
    );
  }
  await Promise.all(names.map((name) => rm(join(layout.root, name), { recursive: true, force: true })));
}

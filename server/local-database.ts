/**
 * The data folder's database for a command (`npm run submissions`, `backup`, `restore`): a
 * connection to the running server's PostgreSQL, or to one started for the command when no
 * server runs (holding the folder's lock meanwhile, so a server started then refuses with one
 * sentence, and vice versa). A folder this user cannot read is one "Permission denied" sentence
 * naming the folder and the user, never "no database".
 */
import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import type pg from 'pg';
import { connect, prepareDatabase } from './postgres/bootstrap.ts';
import {
  DataDirInUseError,
  HANDOVER_WAIT_MS,
  inspectDataDir,
  isDataDirInUseError,
  startCluster,
} from './postgres/cluster.ts';
import { dataDirLayout, isInitialised, readCredentials, type DataDirLayout } from './postgres/data-dir.ts';

/** An open connection and how to let go of it (and of the PostgreSQL started for it). */
export interface LocalConnection {
  client: pg.Client;
  close(): Promise<void>;
}

/** Options of {@link openDataFolder}. */
export interface OpenFolderOptions {
  /** The login role. */
  role: 'authenticator' | 'postgres';
  /** Create the database when the folder has none (restore). @default false */
  create?: boolean;
  log: (line: string) => void;
  /** application_name of the connection. */
  name: string;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** The name of the user with id `uid` (from /etc/passwd), or the id itself. */
async function userName(uid: number): Promise<string> {
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  return (
    passwd
      .split('\n')
      .find((line) => line.split(':')[2] === String(uid))
      ?.split(':')[0] ?? `uid ${uid}`
  );
}

/** Throws one "Permission denied" sentence naming the folder and the user when this process cannot read the data folder. */
export async function assertReadable(layout: DataDirLayout, command = 'npm run submissions'): Promise<void> {
  for (const [path, mode] of [
    [layout.root, constants.R_OK | constants.X_OK],
    [layout.cluster, constants.R_OK | constants.X_OK],
    [layout.credentials, constants.R_OK],
  ] as const) {
    try {
      await access(path, mode);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EACCES') continue;
      const me = userInfo();
      const owner = await stat(layout.root).then(
        (s) => userName(s.uid),
        () => 'the user that runs the server',
      );
      throw new Error(
        `Permission denied: user ${me.username} (uid ${me.uid}) cannot read the data folder ${layout.root}. ` +
          `Run the command as ${owner} (the folder's owner, e.g. \`sudo -u ${owner} ${command}\`) or as root.`,
      );
    }
  }
}

/** Opens the data folder's database as `options.role`; null when the folder has no database (and `create` is off). */
export async function openDataFolder(dataDir: string, options: OpenFolderOptions): Promise<LocalConnection | null> {
  const { role, create = false, log, name } = options;
  const layout = dataDirLayout(dataDir);
  await assertReadable(layout, name.replace('ringwise-', 'npm run '));
  const exists = await stat(layout.root).then(
    () => true,
    () => false,
  );
  if (!create && (!exists || !(await isInitialised(layout)))) return null;
  const deadline = Date.now() + HANDOVER_WAIT_MS;
  for (;;) {
    const state = await inspectDataDir(dataDir);
    if (state.state === 'free') {
      let cluster;
      try {
        cluster = await startCluster({ dataDir, kind: 'reader', log });
      } catch (error) {
        // A server took the folder first: go through it once it is ready.
        if (isDataDirInUseError(error) && Date.now() < deadline) continue;
        throw error;
      }
      try {
        await prepareDatabase({ host: cluster.host, port: cluster.port }, cluster.credentials);
        await cluster.markReady();
        const client = await connect({ host: cluster.host, port: cluster.port }, role, cluster.credentials[role], name);
        return {
          client,
          async close() {
            await client.end().catch(() => {});
            await cluster.stop();
          },
        };
      } catch (error) {
        await cluster.stop();
        throw error;
      }
    }
    const { owner } = state;
    if (owner?.alive && owner.kind === 'server' && owner.ready && state.status === 'ready') {
      const credentials = await readCredentials(layout);
      if (!credentials)
        throw new Error(`${layout.credentials} is missing: the database of ${layout.root} cannot be read.`);
      const client = await connect({ host: '127.0.0.1', port: state.port }, role, credentials[role], name);
      return { client, close: () => client.end().catch(() => {}) };
    }
    // A server is starting, another command is running, or the PostgreSQL of a stopped server is
    // shutting down: wait for it.
    if (Date.now() > deadline) {
      const who = owner?.alive
        ? owner.kind === 'server'
          ? `a server (pid ${owner.pid}) that did not become ready`
          : `another command (pid ${owner.pid})`
        : `PostgreSQL (pid ${state.postmasterPid})`;
      throw new DataDirInUseError(
        `The data folder ${layout.root} is in use by ${who}: try again in a moment.`,
        owner?.pid ?? null,
      );
    }
    await sleep(100);
  }
}

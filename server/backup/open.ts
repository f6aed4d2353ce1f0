/**
 * The database `npm run backup` and `npm run restore` work on, as the owner of its tables:
 * DATABASE_URL when set (its role), else the data folder's embedded PostgreSQL (role postgres),
 * through the running server's PostgreSQL or one started for the command.
 */
import type pg from 'pg';
import { dataDirFrom, loadEnv } from '../../shared/config.ts';
import { connectUrl, describeDatabaseUrl } from '../external/prepare.ts';
import { openDataFolder } from '../local-database.ts';
import { dataDirLayout } from '../postgres/data-dir.ts';

/** An open database for a command. */
export interface CommandDatabase {
  client: pg.Client;
  /** What to call it in messages: the data folder, or DATABASE_URL without its password. */
  name: string;
  close(): Promise<void>;
}

/** Opens it; null when the data folder has no database yet and `create` is off. */
export async function openCommandDatabase(
  command: string,
  create: boolean,
  environment: NodeJS.ProcessEnv = process.env,
): Promise<CommandDatabase | null> {
  // The one configuration reader: `.env`, then the environment on top (shared/config.ts).
  const env = loadEnv(undefined, environment);
  const url = env.DATABASE_URL?.trim();
  if (url) {
    const client = await connectUrl(url, `ringwise-${command}`);
    return { client, name: describeDatabaseUrl(url), close: () => client.end().catch(() => {}) };
  }
  const dataDir = dataDirFrom(env).path;
  const connection = await openDataFolder(dataDir, {
    role: 'postgres',
    create,
    log: (line) => console.error(line),
    name: `ringwise-${command}`,
  });
  return connection && { ...connection, name: `The database in ${dataDirLayout(dataDir).root}` };
}

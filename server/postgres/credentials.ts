/**
 * The generated database passwords of a data folder (`credentials.json`, 0600; see
 * server/postgres/data-dir.ts for the layout): their shape, reading and checking the file, and
 * creating it once, safely when two processes start together.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { DataDirLayout } from './data-dir.ts';
import { writePrivateFile } from './private-file.ts';

/** The database roles the backend logs in as, and their generated passwords. */
export interface Credentials {
  /** The cluster's superuser (as on Supabase, where `postgres` is not one). */
  supabase_admin: string;
  /** Owner of the database; runs the migrations, as `supabase db push` does. */
  postgres: string;
  /** PostgREST's login role; switches to anon or service_role per transaction. */
  authenticator: string;
}

const ROLES = ['supabase_admin', 'postgres', 'authenticator'] as const;

function parseCredentials(text: string, path: string): Credentials {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(
      `${path} is damaged (not JSON): restore it from a backup, or start with RESET_DATA=1 (deletes the stored requests).`,
    );
  }
  const record = value as Record<string, unknown>;
  for (const role of ROLES) {
    if (typeof record?.[role] !== 'string' || !record[role])
      throw new Error(`${path} has no password for ${role}: restore it, or start with RESET_DATA=1.`);
  }
  return {
    supabase_admin: String(record.supabase_admin),
    postgres: String(record.postgres),
    authenticator: String(record.authenticator),
  };
}

/** The credentials of a data folder; null when it has none yet. */
export async function readCredentials(layout: DataDirLayout): Promise<Credentials | null> {
  let text: string;
  try {
    text = await readFile(layout.credentials, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'EACCES')
      throw new Error(
        `Cannot read ${layout.credentials}: run as the user that runs the server (the file is private to it).`,
      );
    throw error;
  }
  return parseCredentials(text, layout.credentials);
}

/**
 * Reads the folder's credentials, or generates them (24 random bytes per role) when the folder
 * has none. Two processes racing here end up with the same file: the first one to link it wins
 * and the other reads it.
 */
export async function loadOrCreateCredentials(layout: DataDirLayout): Promise<Credentials> {
  const existing = await readCredentials(layout);
  if (existing) return existing;
  const fresh = Object.fromEntries(
    ROLES.map((role) => [role, randomBytes(24).toString('base64url')]),
  ) as unknown as Credentials;
  try {
    await writePrivateFile(layout.credentials, JSON.stringify(fresh, null, 2) + '\n', true);
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readCredentials(layout);
    if (!winner) throw new Error(`${layout.credentials} vanished while starting.`);
    return winner;
  }
}

/**
 * The start-up line about the database's migrations: which ones this start applied and which
 * were already there, so an operator sees at a glance that a deploy's migration ran (once, even
 * with several servers starting at once on one DATABASE_URL).
 */
import { listMigrations, MIGRATIONS_DIR } from './postgres/bootstrap.ts';

/** "Migrations in <where>: applied …; already present: …." for the versions `applied` of `dir`'s migrations. */
export async function migrationsLine(
  where: string,
  applied: readonly string[],
  dir: string = MIGRATIONS_DIR,
): Promise<string> {
  const all = await listMigrations(dir);
  const name = (m: { version: string; name: string }) => `${m.version}_${m.name}`;
  const done = all.filter((m) => applied.includes(m.version)).map(name);
  const present = all.filter((m) => !applied.includes(m.version)).map(name);
  const parts = [
    `applied ${done.length ? done.join(', ') : 'none'}`,
    ...(present.length ? [`already present: ${present.join(', ')}`] : []),
  ];
  return `Migrations in ${where}: ${parts.join('; ')}.`;
}

/**
 * `npm run submissions`: prints the stored contact requests of the embedded backend as a table,
 * newest first. Asks the running server through its admin socket when there is one (PGlite is
 * single-process); otherwise opens the data folder itself. DATA_DIR as for `npm start`.
 * With Supabase in production, read the table in the Supabase dashboard instead.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_DATA_DIR } from './app.ts';
import { readSubmissionsFromServer } from './admin.ts';
import { openContactDatabase, type Submission } from './database.ts';

/** Longest cell shown; longer text is cut with an ellipsis so the table stays readable. */
const MAX_CELL = 60;

/** Renders submissions as a plain-text table (one line per request, newest first). */
export function formatSubmissions(rows: readonly Submission[]): string {
  if (rows.length === 0) return 'No contact requests yet.';
  const headers = ['created_at', 'name', 'business_name', 'email', 'additional_info'] as const;
  const cell = (value: string | null) => {
    const text = (value ?? '').replace(/\s+/g, ' ');
    return text.length > MAX_CELL ? text.slice(0, MAX_CELL - 1) + '…' : text;
  };
  const table = rows.map((r) => headers.map((h) => cell(r[h])));
  const widths = headers.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]?.length ?? 0)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' │ ').trimEnd();
  return [line(headers), widths.map((w) => '─'.repeat(w)).join('─┼─'), ...table.map(line), '', `${rows.length} request(s).`].join('\n');
}

async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR?.trim() || DEFAULT_DATA_DIR;
  let rows = await readSubmissionsFromServer(dataDir);
  if (rows === null) {
    if (!existsSync(dataDir)) {
      console.log(`No database in ${resolve(dataDir)} yet: start the site with \`npm start\` and send a request.`);
      return;
    }
    const db = await openContactDatabase({ dataDir });
    try {
      rows = await db.listSubmissions();
    } finally {
      await db.close();
    }
  }
  console.log(formatSubmissions(rows));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}

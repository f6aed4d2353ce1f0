/**
 * The data folder: rows survive a restart, RESET_DATA wipes them, one server per folder, and the
 * admin socket (used by `npm run submissions`) reads from a running server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSubmissionsFromServer } from '../../../server/admin.ts';
import { startServer } from '../../../server/app.ts';
import { formatSubmissions } from '../../../server/submissions.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../../site/lib/local-backend.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'contact-data-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function insert(url: string, email: string, name = 'Ann Lee') {
  const res = await fetch(`${url}/rest/v1/${CONTACT_TABLE}`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, business_name: 'Lee Plumbing', email, additional_info: null }),
  });
  expect(res.status, `insert ${email}`).toBe(201);
}

describe('the data folder', () => {
  it('keeps rows across restarts, serves them over the admin socket, and is used by one server at a time', async () => {
    const first = await startServer({ distDir: null, port: 0, host: '127.0.0.1', dataDir, resetData: true });
    try {
      await insert(first.url, 'first@example.com', 'First');
      await insert(first.url, 'second@example.com', 'Second');
      const live = await readSubmissionsFromServer(dataDir);
      expect(live?.map((r) => r.email), 'newest first, from the running server').toEqual(['second@example.com', 'first@example.com']);
      await expect(startServer({ distDir: null, port: 0, host: '127.0.0.1', dataDir }), 'second server on the same folder').rejects.toThrow(
        /Another server is using the data folder/,
      );
    } finally {
      await first.close();
    }
    expect(await readSubmissionsFromServer(dataDir), 'no server, no socket').toBeNull();

    const again = await startServer({ distDir: null, port: 0, host: '127.0.0.1', dataDir });
    try {
      const rows = await again.db?.listSubmissions();
      expect(rows?.map((r) => r.email), 'persisted').toEqual(['second@example.com', 'first@example.com']);
    } finally {
      await again.close();
    }

    const reset = await startServer({ distDir: null, port: 0, host: '127.0.0.1', dataDir, resetData: true });
    try {
      expect(await reset.db?.listSubmissions(), 'RESET_DATA wipes the folder').toEqual([]);
    } finally {
      await reset.close();
    }
  }, 120_000);
});

describe('formatSubmissions', () => {
  it('prints a header, one line per request and a count', () => {
    const text = formatSubmissions([
      { id: 'b', created_at: '2025-06-02T10:00:00.000Z', name: 'Bo', business_name: 'Bo Co', email: 'bo@co.com', additional_info: 'line one\nline two' },
      { id: 'a', created_at: '2025-06-01T10:00:00.000Z', name: 'Ann', business_name: 'Lee', email: 'ann@lee.com', additional_info: null },
    ]);
    const lines = text.split('\n');
    expect(lines[0], 'header').toMatch(/^created_at\s+│ name\s+│ business_name │ email\s+│ additional_info$/);
    expect(lines[2], 'newest first, newlines flattened').toContain('line one line two');
    expect(lines[3], 'second row').toContain('ann@lee.com');
    expect(lines.at(-1), 'count').toBe('2 request(s).');
  });

  it('says so when there is nothing', () => {
    expect(formatSubmissions([])).toBe('No contact requests yet.');
  });
});

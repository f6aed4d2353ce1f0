/**
 * The browser's contact backend: which endpoint it picks, and the real supabase-js insert port
 * against the embedded backend on a loopback port.
 */
import { describe, expect, it } from 'vitest';
import { loadContactInsert, resolveContactBackend } from '../../../site/lib/contact-backend.ts';
import { networkMessage, sendContactRequest } from '../../../site/lib/contact.ts';
import { LOCAL_ANON_KEY } from '../../../shared/local-backend.ts';
import { inputOf, useTestBackend } from '../../fixtures/backend.ts';

describe('resolveContactBackend', () => {
  it('uses the configured Supabase project when its URL is set', () => {
    expect(resolveContactBackend({ url: 'https://abc.supabase.co', anonKey: 'anon' }, 'https://site.example')).toEqual({
      url: 'https://abc.supabase.co',
      anonKey: 'anon',
    });
  });
  it('falls back to the page origin and the published local key', () => {
    expect(resolveContactBackend({ url: '', anonKey: '' }, 'http://localhost:4321')).toEqual({
      url: 'http://localhost:4321',
      anonKey: LOCAL_ANON_KEY,
    });
  });
});

describe('loadContactInsert with the embedded backend', () => {
  const backend = useTestBackend();

  it('inserts the row, no read-back, and reports a network failure when the backend is gone', async () => {
    const insert = await loadContactInsert({ url: backend.server.url, anonKey: LOCAL_ANON_KEY });
    const row = {
      name: 'Ann Lee',
      business_name: 'Lee Plumbing',
      email: 'port@example.com',
      additional_info: 'Mornings',
    };
    expect(await sendContactRequest(row, insert), 'sent').toEqual({ ok: true });
    expect((await backend.rows()).map(inputOf), 'stored as sent').toEqual([row]);

    const aborted = new AbortController();
    aborted.abort();
    const result = await insert(row, aborted.signal);
    expect(result.status, 'an aborted request never reaches the server').toBe(0);

    await backend.server.close();
    const down = await sendContactRequest(row, insert);
    // Node's fetch says "fetch failed" where Chromium says "Failed to fetch": the visitor reads it in a sentence.
    expect(down, 'backend down').toMatchObject({ ok: false, message: networkMessage('fetch failed') });
  });
});

/**
 * Idempotent contact requests (issue 34) on the real embedded backend: a row carries the form's
 * request id, and a repeat (the form's retry after a 503, the visitor's click after a lost answer,
 * several at once) stores nothing and answers like the first — through raw HTTP and through the
 * site's real supabase-js port. The migration's trigger does it for a plain INSERT under anon's
 * rights, so the same holds on Supabase (the database test of the migration:
 * contact-submissions.test.ts). Rows without an id are inserted as before.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadContactInsert } from '../../site/lib/contact-backend.ts';
import { sendContactRequest } from '../../site/lib/contact.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../shared/local-backend.ts';
import { useTestBackend } from '../fixtures/backend.ts';

const backend = useTestBackend();

const row = (email: string, request_id: string) => ({
  name: 'Ann Lee',
  business_name: 'Lee Plumbing',
  email,
  additional_info: null,
  request_id,
});

async function post(body: object) {
  const res = await fetch(`${backend.server.url}/rest/v1/${CONTACT_TABLE}`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.text(), range: res.headers.get('content-range') };
}

const stored = async (email: string) => (await backend.rows()).filter((r) => r.email === email).length;

describe('a contact request with a request id', () => {
  it('is stored once however often it is sent, and each repeat answers like the first', async () => {
    const id = randomUUID();
    const first = await post(row('once@lee.com', id));
    const again = await post(row('once@lee.com', id));
    expect(first, `stored: ${first.body}`).toMatchObject({ status: 201, body: '' });
    expect(again, 'the repeat answers like the first').toEqual(first);
    const racing = await Promise.all(
      Array.from({ length: 8 }, () => post(row('race@lee.com', id.replace(/.$/, id.endsWith('0') ? '1' : '0')))),
    );
    expect(
      racing.map((r) => r.status),
      'eight at once, all 201',
    ).toEqual(Array(8).fill(201));
    expect(await stored('once@lee.com'), 'one row').toBe(1);
    expect(await stored('race@lee.com'), 'one row from the race').toBe(1);
  });

  it('through the site’s supabase-js port: a retry after a lost answer stores nothing more', async () => {
    const insert = await loadContactInsert({ url: backend.server.url, anonKey: LOCAL_ANON_KEY });
    const submission = row('port@lee.com', randomUUID());
    expect(await sendContactRequest(submission, insert)).toEqual({ ok: true });
    // The answer was lost on the way (the browser saw a network error): the visitor sends again.
    expect(await sendContactRequest(submission, insert)).toEqual({ ok: true });
    expect(await stored('port@lee.com')).toBe(1);
  });

  it('leaves rows without an id alone (older pages): any number of them', async () => {
    const plain = { name: 'Ann Lee', business_name: 'Lee Plumbing', email: 'noid@lee.com', additional_info: null };
    for (let i = 0; i < 3; i++) expect((await post(plain)).status).toBe(201);
    expect(await stored('noid@lee.com')).toBe(3);
  });
});

/**
 * The embedded backend's PostgREST-compatible endpoint, over real HTTP on a loopback port, with
 * the real supabase-js and a raw client for the malformed requests supabase-js never sends.
 */
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/app.ts';
import { statusForPgCode } from '../../../server/rest.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../../site/lib/local-backend.ts';

let server: RunningServer;
let endpoint: string;

beforeAll(async () => {
  server = await startServer({ distDir: null, port: 0, host: '127.0.0.1', dataDir: null, maxBodyBytes: 16 * 1024 });
  endpoint = `${server.url}/rest/v1/${CONTACT_TABLE}`;
}, 120_000);
afterAll(async () => {
  await server.close();
}, 120_000);

const row = (email: string) => ({ name: 'Ann Lee', business_name: 'Lee Plumbing', email, additional_info: null });

async function rows() {
  if (!server.db) throw new Error('no database');
  return server.db.listSubmissions();
}

function post(body: string, headers: Record<string, string> = {}, path = endpoint) {
  return fetch(path, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json', ...headers },
    body,
  });
}

function client(key = LOCAL_ANON_KEY) {
  return createClient(server.url, key, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
}

describe('inserts through supabase-js', () => {
  it('stores the row and answers 201 with no data', async () => {
    const result = await client().from(CONTACT_TABLE).insert({ ...row('sdk@example.com'), additional_info: 'Hi there' });
    expect(result.error, 'no error').toBeNull();
    expect(result.status, 'PostgREST created').toBe(201);
    expect(result.data, 'no read-back').toBeNull();
    const stored = (await rows()).filter((r) => r.email === 'sdk@example.com');
    expect(stored.map(({ name, business_name, email, additional_info }) => ({ name, business_name, email, additional_info })), 'exact values').toEqual([
      { ...row('sdk@example.com'), additional_info: 'Hi there' },
    ]);
  });

  it('reports a CHECK violation as 400 with the Postgres code', async () => {
    const result = await client().from(CONTACT_TABLE).insert(row('not-an-email'));
    expect(result.status, 'status').toBe(400);
    expect(result.error?.code, 'code').toBe('23514');
    expect(result.error?.message, 'names the constraint').toContain('contact_submissions_email_check');
  });

  it('refuses a wrong key with 401 and a PostgREST error body', async () => {
    const result = await client('sb_publishable_wrong').from(CONTACT_TABLE).insert(row('wrongkey@example.com'));
    expect(result.status, 'status').toBe(401);
    expect(result.error, 'body').toEqual({ code: 'PGRST301', message: 'Invalid API key', details: null, hint: expect.any(String) });
  });

  it('refuses a read-back (.select()) with 401 / 42501, as Supabase does for anon', async () => {
    const result = await client().from(CONTACT_TABLE).insert(row('readback@example.com')).select();
    expect(result.status, 'status').toBe(401);
    expect(result.error?.code, 'code').toBe('42501');
    expect((await rows()).some((r) => r.email === 'readback@example.com'), 'rolled back').toBe(false);
  });

  it('stores a bulk insert (array body with the columns parameter)', async () => {
    const result = await client().from(CONTACT_TABLE).insert([row('bulk1@example.com'), { ...row('bulk2@example.com'), additional_info: 'x' }]);
    expect(result.error, 'no error').toBeNull();
    const emails = (await rows()).map((r) => r.email);
    expect(emails, 'both rows').toEqual(expect.arrayContaining(['bulk1@example.com', 'bulk2@example.com']));
  });
});

describe('malformed and refused requests', () => {
  it('answers 401 PGRST302 without a key', async () => {
    const res = await post(JSON.stringify(row('nokey@example.com')), { apikey: '' });
    expect(res.status, 'status').toBe(401);
    expect(await res.json(), 'body').toEqual({
      code: 'PGRST302',
      message: 'No API key found in request',
      details: null,
      hint: 'No `apikey` request header or url param was found.',
    });
  });

  it('accepts the key as a Bearer token too', async () => {
    const res = await post(JSON.stringify(row('bearer@example.com')), { apikey: '', Authorization: `Bearer ${LOCAL_ANON_KEY}` });
    expect(res.status, 'status').toBe(201);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await post('name=Ann', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(res.status, 'status').toBe(415);
    expect((await res.json()).code, 'code').toBe('PGRST107');
  });

  it('answers 400 PGRST102 for malformed JSON and for JSON that is not an object', async () => {
    for (const body of ['{"name":', '', '"just a string"', '[]', '[1,2]', 'null']) {
      const res = await post(body);
      expect(res.status, `status for ${JSON.stringify(body)}`).toBe(400);
      expect((await res.json()).code, `code for ${JSON.stringify(body)}`).toBe('PGRST102');
    }
  });

  it('answers 413 for a body over the limit, declared or streamed', async () => {
    const big = JSON.stringify({ ...row('big@example.com'), additional_info: 'x'.repeat(20_000) });
    const declared = await post(big);
    expect(declared.status, 'Content-Length over the limit').toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await fetch(endpoint, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(streamed.status, 'chunked body over the limit').toBe(413);
    expect((await streamed.json()).code, 'code').toBe('PGRST413');
  });

  it('answers 404 PGRST205 for an unknown table or path', async () => {
    for (const path of ['/rest/v1/users', '/rest/v1/', '/rest/v1/contact_submissions/1', '/rest/v1/%E0%A4%A']) {
      const res = await post(JSON.stringify(row('x@example.com')), {}, server.url + path);
      expect(res.status, `status for ${path}`).toBe(404);
      expect((await res.json()).code, `code for ${path}`).toBe('PGRST205');
    }
  });

  it('answers 405 with Allow for other methods', async () => {
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE']) {
      const res = await fetch(endpoint, { method, headers: { apikey: LOCAL_ANON_KEY } });
      expect(res.status, `status for ${method}`).toBe(405);
      expect(res.headers.get('allow'), `Allow for ${method}`).toBe('POST, OPTIONS');
    }
  });

  it('answers 400 PGRST204 for an unknown column and 401/42501 for id or created_at', async () => {
    const unknown = await post(JSON.stringify({ ...row('col@example.com'), phone: '1' }));
    expect(unknown.status, 'unknown column').toBe(400);
    expect((await unknown.json()).code, 'unknown column code').toBe('PGRST204');
    for (const extra of [{ id: '4b1c8a0e-7e3a-4c1e-9d35-2f0a5c1f9b11' }, { created_at: '2020-01-01T00:00:00Z' }]) {
      const res = await post(JSON.stringify({ ...row('col@example.com'), ...extra }));
      expect(res.status, `status for ${Object.keys(extra)[0]}`).toBe(401);
      expect((await res.json()).code, 'code').toBe('42501');
    }
  });

  it('answers 406 for a schema other than public', async () => {
    const res = await post(JSON.stringify(row('schema@example.com')), { 'Content-Profile': 'auth' });
    expect(res.status, 'status').toBe(406);
  });

  it('answers CORS preflights like PostgREST', async () => {
    const res = await fetch(endpoint, {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'apikey, content-type, x-client-info' },
    });
    expect(res.status, 'status').toBe(200);
    expect(res.headers.get('access-control-allow-origin'), 'origin').toBe('*');
    expect(res.headers.get('access-control-allow-methods'), 'methods').toContain('POST');
    expect(res.headers.get('access-control-allow-headers'), 'headers').toContain('apikey');
  });

  it('keeps serving after all of the above', async () => {
    const res = await post(JSON.stringify(row('still-alive@example.com')));
    expect(res.status, 'status').toBe(201);
    expect(await res.text(), 'empty body').toBe('');
  });
});

describe('concurrency', () => {
  it('never interleaves transactions: 50 concurrent clients, half of them failing, store exactly the valid half', async () => {
    const requests = Array.from({ length: 50 }, (_, i) =>
      post(JSON.stringify(i % 2 === 0 ? row(`conc${i}@example.com`) : { ...row(`conc${i}@example.com`), name: '' })),
    );
    const statuses = (await Promise.all(requests)).map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length, 'valid ones created').toBe(25);
    expect(statuses.filter((s) => s === 400).length, 'invalid ones refused').toBe(25);
    const stored = (await rows()).map((r) => r.email).filter((e) => e.startsWith('conc'));
    expect(stored.sort(), 'exactly the even ones, once each').toEqual(
      Array.from({ length: 25 }, (_, k) => `conc${k * 2}@example.com`).sort(),
    );
  });
});

describe('statusForPgCode', () => {
  it.each([
    ['42501', 401],
    ['23514', 400],
    ['23502', 400],
    ['22001', 400],
    ['23505', 409],
    ['23503', 409],
    ['42P01', 404],
    ['25006', 405],
    ['53300', 503],
    ['XX000', 500],
    ['P0001', 400],
  ])('maps %s to %i', (code, status) => {
    expect(statusForPgCode(code)).toBe(status);
  });

  it('maps 42501 to 403 for an authenticated caller', () => {
    expect(statusForPgCode('42501', false)).toBe(403);
  });
});

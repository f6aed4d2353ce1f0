/**
 * The embedded backend's PostgREST-compatible endpoint, over real HTTP on a loopback port, on the
 * real embedded PostgreSQL, with the real supabase-js and a raw client for the malformed requests
 * supabase-js never sends.
 */
import { request } from 'node:http';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH, statusForPgCode, waitText } from '../../../server/rest.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../../shared/local-backend.ts';
import { inputOf, startTestBackend, type TestBackend } from '../../fixtures/backend.ts';
import { preflight } from '../../lib/preflight.ts';

const ALLOWED = 'https://partner.example';
const logLines: string[] = [];
let backend: TestBackend;
let endpoint: string;

beforeAll(async () => {
  backend = await startTestBackend({
    maxBodyBytes: 16 * 1024,
    allowedOrigins: [ALLOWED],
    log: (line) => logLines.push(line),
  });
  endpoint = `${backend.server.url}/rest/v1/${CONTACT_TABLE}`;
}, 180_000);
afterAll(async () => {
  await backend?.close();
}, 60_000);

const row = (email: string) => ({ name: 'Ann Lee', business_name: 'Lee Plumbing', email, additional_info: null });

async function stored(email: string) {
  return (await backend.rows()).filter((r) => r.email === email);
}

function post(body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}, path = endpoint) {
  return fetch(path, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json', ...headers },
    body,
  });
}

function client(key = LOCAL_ANON_KEY) {
  return createClient(backend.server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

describe('inserts through supabase-js', () => {
  it('stores the row and answers 201 with no data', async () => {
    const result = await client()
      .from(CONTACT_TABLE)
      .insert({ ...row('sdk@example.com'), additional_info: 'Hi there' });
    expect(result.error, 'no error').toBeNull();
    expect(result.status, 'PostgREST created').toBe(201);
    expect(result.data, 'no read-back').toBeNull();
    expect((await stored('sdk@example.com')).map(inputOf), 'exact values').toEqual([
      { ...row('sdk@example.com'), additional_info: 'Hi there' },
    ]);
  });

  it('reports a CHECK violation as 400 with the Postgres code', async () => {
    const result = await client().from(CONTACT_TABLE).insert(row('not-an-email'));
    expect(result.status, 'status').toBe(400);
    expect(result.error?.code, 'code').toBe('23514');
    expect(result.error?.message, 'names the constraint').toContain('contact_submissions_email_check');
  });

  it('refuses a name of only a no-break space (400, 23514)', async () => {
    const result = await client()
      .from(CONTACT_TABLE)
      .insert({ ...row('nbsp@example.com'), name: '\u00a0' });
    expect(result.status, 'status').toBe(400);
    expect(result.error?.code, 'code').toBe('23514');
  });

  it('refuses a wrong key with 401 and a PostgREST error body', async () => {
    const result = await client('sb_publishable_wrong').from(CONTACT_TABLE).insert(row('wrongkey@example.com'));
    expect(result.status, 'status').toBe(401);
    expect(result.error, 'body').toEqual({
      code: 'PGRST301',
      message: 'Invalid API key',
      details: null,
      hint: expect.any(String),
    });
  });

  it('refuses a read-back (.select()) with 401 / 42501, as Supabase does for anon', async () => {
    const result = await client().from(CONTACT_TABLE).insert(row('readback@example.com')).select();
    expect(result.status, 'status').toBe(401);
    expect(result.error?.code, 'code').toBe('42501');
    expect(await stored('readback@example.com'), 'rolled back').toEqual([]);
  });

  it('refuses a bulk insert (an array) with 400 and stores none of it', async () => {
    const result = await client()
      .from(CONTACT_TABLE)
      .insert([row('bulk1@example.com'), row('bulk2@example.com')]);
    expect(result.status, 'status').toBe(400);
    expect(result.error?.code, 'PostgREST-shaped').toBe('PGRST102');
    expect(result.error?.message, 'says why').toMatch(/one JSON object, not an array/);
    expect([...(await stored('bulk1@example.com')), ...(await stored('bulk2@example.com'))], 'nothing stored').toEqual(
      [],
    );
  });
});

describe('malformed and refused requests', () => {
  it('answers 401 PGRST302 without a key, and accepts the key as a Bearer token', async () => {
    const res = await post(JSON.stringify(row('nokey@example.com')), { apikey: '' });
    expect(res.status, 'status').toBe(401);
    expect(await res.json(), 'body').toEqual({
      code: 'PGRST302',
      message: 'No API key found in request',
      details: null,
      hint: 'No `apikey` request header or url param was found.',
    });
    const bearer = await post(JSON.stringify(row('bearer@example.com')), {
      apikey: '',
      Authorization: `Bearer ${LOCAL_ANON_KEY}`,
    });
    expect(bearer.status, 'bearer').toBe(201);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await post('name=Ann', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(res.status, 'status').toBe(415);
    expect((await res.json()).code, 'code').toBe('PGRST107');
  });

  it('answers 400 PGRST102 for malformed JSON and for JSON that is not one object', async () => {
    for (const body of ['{"name":', '', '"just a string"', '[]', '[1,2]', 'null', '42']) {
      const res = await post(body);
      expect(res.status, `status for ${JSON.stringify(body)}`).toBe(400);
      expect((await res.json()).code, `code for ${JSON.stringify(body)}`).toBe('PGRST102');
    }
  });

  it('answers 400 for the 61 KB, 1,150-row array of the spam report, storing nothing', async () => {
    const rows = Array.from({ length: 1150 }, (_, i) => row(`spam${i}@example.com`));
    const body = JSON.stringify(rows);
    const big = await startTestBackend({ maxBodyBytes: 128 * 1024 });
    try {
      const res = await fetch(`${big.server.url}/rest/v1/${CONTACT_TABLE}`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
        body,
      });
      expect(res.status, `status for ${body.length} bytes`).toBe(400);
      expect(await big.rows(), 'no row').toEqual([]);
    } finally {
      await big.close();
    }
  }, 120_000);

  it('answers 400 (not 500) for deep nesting, and keeps serving', async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const bodies = [
      `{"name":${deep(3000)},"business_name":"B","email":"deep@example.com"}`,
      '{"a":'.repeat(1500) + '1' + '}'.repeat(1500),
      deep(MAX_JSON_DEPTH + 1),
    ];
    for (const body of bodies) {
      const res = await post(body);
      expect(res.status, `status for ${body.slice(0, 12)}…`).toBe(400);
      expect(await res.json(), 'PostgREST-shaped, naming the limit').toMatchObject({
        code: 'PGRST102',
        message: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
      });
    }
    expect((await post(JSON.stringify(row('after-deep@example.com')))).status, 'still serving').toBe(201);
  });

  it('answers 400 for an object or array as a column value', async () => {
    const res = await post(JSON.stringify({ ...row('object@example.com'), name: { first: 'Ann' } }));
    expect(res.status, 'status').toBe(400);
    expect((await res.json()).message, 'names the column').toContain("'name'");
  });

  it('answers 400 for invalid UTF-8 instead of storing U+FFFD, and stores valid multi-byte text exactly', async () => {
    const prefix = Buffer.from(`{"name":"Ann `);
    const invalid = Buffer.concat([
      prefix,
      Buffer.from([0xc3, 0x28]),
      Buffer.from(`","business_name":"B","email":"utf8bad@example.com"}`),
    ]);
    const res = await post(
      new Uint8Array(invalid.buffer.slice(invalid.byteOffset, invalid.byteOffset + invalid.byteLength) as ArrayBuffer),
    );
    expect(res.status, 'status').toBe(400);
    expect((await res.json()).message, 'says so').toMatch(/UTF-8/);
    expect(await stored('utf8bad@example.com'), 'nothing stored').toEqual([]);
    const good = await post(JSON.stringify({ ...row('utf8good@example.com'), name: 'Zoë Ødegård 李' }));
    expect(good.status, 'valid UTF-8').toBe(201);
    expect((await stored('utf8good@example.com'))[0]?.name, 'stored exactly').toBe('Zoë Ødegård 李');
  });

  it('answers 400 for a NUL character or a lone surrogate in a value', async () => {
    for (const name of ['Ann\\u0000Lee', 'Ann\\ud800']) {
      const res = await post(`{"name":"${name}","business_name":"B","email":"escape@example.com"}`);
      expect(res.status, `status for ${name}`).toBe(400);
    }
    expect(await stored('escape@example.com'), 'nothing stored').toEqual([]);
  });

  it('answers 413 for a body over the limit, declared or streamed', async () => {
    const big = JSON.stringify({ ...row('big@example.com'), additional_info: 'x'.repeat(20_000) });
    expect((await post(big)).status, 'Content-Length over the limit').toBe(413);
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
      const res = await post(JSON.stringify(row('x@example.com')), {}, backend.server.url + path);
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
    expect((await post(JSON.stringify(row('schema@example.com')), { 'Content-Profile': 'auth' })).status).toBe(406);
  });

  it('logs an upload the client aborts as one line, and keeps serving', async () => {
    const before = logLines.length;
    await new Promise<void>((done) => {
      const url = new URL(endpoint);
      const req = request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json', 'Content-Length': '1000' },
      });
      req.on('error', () => done());
      req.write('{"name":"A');
      setTimeout(() => {
        req.destroy();
        done();
      }, 200);
    });
    // The server notices the closed socket on its own schedule: wait for its line.
    for (let i = 0; i < 200 && logLines.length === before; i++) await new Promise((r) => setTimeout(r, 25));
    const lines = logLines.slice(before);
    expect(lines, 'exactly one line').toHaveLength(1);
    expect(lines[0], 'says what happened').toMatch(/^contact request from \S+ aborted by the client after 10 bytes$/);
    expect((await post(JSON.stringify(row('after-abort@example.com')))).status, 'still serving').toBe(201);
  });

  it('sends the security headers with API answers too', async () => {
    const res = await post(JSON.stringify(row('headers@example.com')));
    expect(res.headers.get('x-content-type-options'), 'nosniff').toBe('nosniff');
    expect(res.headers.get('content-security-policy'), 'API policy').toContain("frame-ancestors 'none'");
    expect(res.headers.get('cache-control'), 'no caching').toBe('no-store');
  });
});

describe('CORS: the site’s own origin and ALLOWED_ORIGINS only', () => {
  const preflightFrom = (origin: string) => preflight(endpoint, origin, 'apikey, content-type, x-client-info');

  it('answers preflights of the own origin and of an allowed one with that origin', async () => {
    for (const origin of [new URL(backend.server.url).origin, `http://localhost:${backend.server.port}`, ALLOWED]) {
      const res = await preflightFrom(origin);
      expect(res.status, `status for ${origin}`).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), `echoes ${origin}, never *`).toBe(origin);
      expect(res.headers.get('access-control-allow-headers'), 'headers').toContain('apikey');
    }
  });

  it('refuses other origins: no CORS headers, 403, and nothing stored from their POST', async () => {
    const res = await preflightFrom('https://evil.example');
    expect(res.status, 'preflight status').toBe(403);
    expect(res.headers.get('access-control-allow-origin'), 'no CORS header').toBeNull();
    const direct = await post(JSON.stringify(row('cors-evil@example.com')), { Origin: 'https://evil.example' });
    expect(direct.status, 'post status').toBe(403);
    expect(direct.headers.get('access-control-allow-origin'), 'no CORS header on the POST').toBeNull();
    const nul = await post(JSON.stringify(row('cors-null@example.com')), { Origin: 'null' });
    expect(nul.status, 'opaque origin (sandboxed frame, file:)').toBe(403);
    expect(
      [...(await stored('cors-evil@example.com')), ...(await stored('cors-null@example.com'))],
      'nothing stored',
    ).toEqual([]);
  });

  it('accepts requests without an Origin (not from a browser) and from an allowed origin', async () => {
    expect((await post(JSON.stringify(row('cors-none@example.com')))).status, 'no Origin').toBe(201);
    const allowed = await post(JSON.stringify(row('cors-partner@example.com')), { Origin: ALLOWED });
    expect(allowed.status, 'allowed origin').toBe(201);
    expect(allowed.headers.get('access-control-allow-origin'), 'readable by that origin').toBe(ALLOWED);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once a client used its requests, counting every POST', async () => {
    const limited = await startTestBackend({ rateLimit: { limit: 3, windowMs: 60_000 } });
    try {
      const url = `${limited.server.url}/rest/v1/${CONTACT_TABLE}`;
      const send = (email: string) =>
        fetch(url, {
          method: 'POST',
          headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
          body: JSON.stringify(row(email)),
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await send(`rate${i}@example.com`)).status);
      expect(statuses, 'the first three pass').toEqual([201, 201, 201]);
      const refused = await send('rate3@example.com');
      expect(refused.status, 'the fourth is refused').toBe(429);
      const retry = Number(refused.headers.get('retry-after'));
      expect(retry, 'Retry-After in seconds, within the window').toBeGreaterThanOrEqual(1);
      expect(retry, 'Retry-After within the window').toBeLessThanOrEqual(60);
      const body = await refused.json();
      expect(body.code, 'code').toBe('RW429');
      expect(body.message, 'a sentence for people').toMatch(
        /^Too many contact requests from your address\. Please try again in \d+ seconds?\.$/,
      );
      expect((await limited.rows()).map((r) => r.email).sort(), 'the refused one is not stored').toEqual([
        'rate0@example.com',
        'rate1@example.com',
        'rate2@example.com',
      ]);
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('rate limit: requests without the key', () => {
  it('do not spend the quota of their address (they are counted apart, and refused past the limit)', async () => {
    const limited = await startTestBackend({ rateLimit: { limit: 3, windowMs: 60_000 } });
    try {
      const url = `${limited.server.url}/rest/v1/${CONTACT_TABLE}`;
      const send = (email: string, headers: Record<string, string>) =>
        fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify(row(email)),
        }).then((r) => r.status);
      const keyless = [];
      for (let i = 0; i < 3; i++) keyless.push(await send(`nokey${i}@example.com`, {}));
      for (let i = 0; i < 3; i++)
        keyless.push(await send(`badkey${i}@example.com`, { apikey: 'sb_publishable_wrong' }));
      expect(keyless, 'keyless and wrong-key requests: 401, then 429 once their own bucket is used up').toEqual([
        401, 401, 401, 429, 429, 429,
      ]);
      const keyed = [];
      for (let i = 0; i < 4; i++) keyed.push(await send(`keyed${i}@example.com`, { apikey: LOCAL_ANON_KEY }));
      expect(keyed, 'the address still has its whole quota for real requests').toEqual([201, 201, 201, 429]);
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('Expect: 100-continue', () => {
  /** A raw POST that sends its body only after 100 Continue; says whether 100 came. */
  function expectContinue(length: number, body: string): Promise<{ status: number; continued: boolean }> {
    const url = new URL(endpoint);
    return new Promise((resolve, reject) => {
      let continued = false;
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            apikey: LOCAL_ANON_KEY,
            'Content-Type': 'application/json',
            'Content-Length': String(length),
            Expect: '100-continue',
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, continued }));
        },
      );
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
      req.on('error', reject);
    });
  }

  it('answers an over-limit Content-Length with 413 at once, without 100 Continue', async () => {
    const result = await expectContinue(10 * 1024 * 1024, '');
    expect(result, '413 before any body was asked for').toEqual({ status: 413, continued: false });
  });

  it('sends 100 Continue to an acceptable request, then stores it', async () => {
    const body = JSON.stringify(row('continue@example.com'));
    expect(await expectContinue(Buffer.byteLength(body), body)).toEqual({ status: 201, continued: true });
    expect((await stored('continue@example.com')).length, 'stored once').toBe(1);
  });
});

describe('concurrency', () => {
  it('50 concurrent clients, half of them invalid, store exactly the valid half', async () => {
    const requests = Array.from({ length: 50 }, (_, i) =>
      post(JSON.stringify(i % 2 === 0 ? row(`conc${i}@example.com`) : { ...row(`conc${i}@example.com`), name: '' })),
    );
    const statuses = (await Promise.all(requests)).map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length, 'valid ones created').toBe(25);
    expect(statuses.filter((s) => s === 400).length, 'invalid ones refused').toBe(25);
    const emails = (await backend.rows()).map((r) => r.email).filter((e) => e.startsWith('conc'));
    expect(emails.sort(), 'exactly the even ones, once each').toEqual(
      Array.from({ length: 25 }, (_, k) => `conc${k * 2}@example.com`).sort(),
    );
  });
});

describe('waitText', () => {
  it('says short waits in seconds and long ones in whole minutes, rounded up', () => {
    expect([1, 45, 90, 91, 594, 3600].map(waitText)).toEqual([
      '1 second',
      '45 seconds',
      '90 seconds',
      '2 minutes',
      '10 minutes',
      '60 minutes',
    ]);
  });
});

describe('jsonDepth', () => {
  it('counts nesting outside strings and stops past the limit', () => {
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[["}')).toBe(1);
    expect(jsonDepth('[[1],[2,[3]]]')).toBe(3);
    expect(jsonDepth('['.repeat(MAX_JSON_DEPTH + 1))).toBe(Infinity);
  });
});

describe('statusForPgCode', () => {
  it.each([
    ['42501', 401],
    ['23514', 400],
    ['23502', 400],
    ['22001', 400],
    ['22P05', 400],
    ['23505', 409],
    ['23503', 409],
    ['42P01', 404],
    ['25006', 405],
    ['53300', 503],
    ['57014', 504],
    ['XX000', 500],
    ['P0001', 400],
  ])('maps %s to %i', (code, status) => {
    expect(statusForPgCode(code)).toBe(status);
  });

  it('maps 42501 to 403 for an authenticated caller', () => {
    expect(statusForPgCode('42501', false)).toBe(403);
  });
});

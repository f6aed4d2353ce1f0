/**
 * `POST /api/transcript-requests` (issue 38) in front of the database: the checks, limits, rate
 * limit and answers, over a node:http server and a recording stand-in for the database port
 * (ContactDatabase, which the real server's PostgreSQL implements; tests/db/transcript-requests
 * runs the same route on the real one).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import type { ContactDatabase } from '../../../../server/database.ts';
import { createRateLimiter } from '../../../../server/rate-limit.ts';
import { createTranscriptHandler, TRANSCRIPT_PATH, TRANSCRIPT_TABLE } from '../../../../server/transcripts/route.ts';
import { MAX_TRANSCRIPT_BODY_BYTES, MAX_TRANSCRIPT_TURNS } from '../../../../server/transcripts/request.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
});

const TURN = { speaker: 'visitor', name: 'You', text: 'Do you fix boilers?', at: '2026-11-28T08:00:00.000Z' };
const REQUEST = { email: 'ada@example.com', assistant: 'Ada', locale: 'en-GB', transcript: [TURN] };

async function serve(options: { delivers?: boolean; limit?: number; fail?: Error } = {}) {
  const inserts: Array<{ table: string; columns: readonly string[]; row: object }> = [];
  const lines: string[] = [];
  const db: ContactDatabase = {
    tables: new Map(),
    async insertAsAnon(table, columns, row) {
      if (options.fail) throw options.fail;
      inserts.push({ table, columns, row });
      return [];
    },
    ping: async () => {},
    close: async () => {},
  };
  const handler = createTranscriptHandler({
    db,
    allowOrigin: (origin) => origin === undefined || origin === 'https://shop.example',
    rateLimiter: options.limit ? createRateLimiter({ limit: options.limit, windowMs: 600_000 }) : null,
    delivers: options.delivers ?? true,
    clientAddress: () => '192.0.2.1',
    log: (line) => lines.push(line),
  });
  const server = createServer((req, res) => void handler(req, res));
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${TRANSCRIPT_PATH}`;
  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { message: string } };
  };
  return { inserts, lines, post, url };
}

test('a good request is stored as one row of transcript_requests and answered 202', async () => {
  const { inserts, post } = await serve();
  const answer = await post({ ...REQUEST, pageUrl: 'https://shop.example/boilers' });
  expect(answer.status).toBe(202);
  expect(inserts).toEqual([
    {
      table: TRANSCRIPT_TABLE,
      columns: ['email', 'assistant', 'locale', 'page_url', 'transcript', 'time_zone'],
      row: {
        email: 'ada@example.com',
        assistant: 'Ada',
        locale: 'en-GB',
        page_url: 'https://shop.example/boilers',
        transcript: [TURN],
        time_zone: null,
      },
    },
  ]);
});

test('bad JSON is 400, a bad field is 400 naming it, too many turns or bytes is 413; nothing stored', async () => {
  const { inserts, post } = await serve();
  expect((await post('{"email": ')).status).toBe(400);
  const badEmail = await post({ ...REQUEST, email: 'ada@example' });
  expect(badEmail.status).toBe(400);
  expect(badEmail.body.message).toMatch(/^email must be one plain address/);
  const badTurn = await post({ ...REQUEST, transcript: [{ ...TURN, speaker: 'system' }] });
  expect([badTurn.status, badTurn.body.message]).toEqual([
    400,
    'transcript[1].speaker must be "assistant" or "visitor".',
  ]);
  expect((await post({ ...REQUEST, transcript: [] })).status).toBe(400);
  expect((await post({ ...REQUEST, pageUrl: 'javascript:alert(1)' })).status).toBe(400);
  const many = await post({ ...REQUEST, transcript: Array(MAX_TRANSCRIPT_TURNS + 1).fill(TURN) });
  expect([many.status, many.body.message]).toEqual([413, `transcript has 201 turns; at most ${MAX_TRANSCRIPT_TURNS}.`]);
  const big = await post({ ...REQUEST, transcript: [{ ...TURN, text: 'x'.repeat(MAX_TRANSCRIPT_BODY_BYTES) }] });
  expect(big.status).toBe(413);
  expect(big.body.message).toBe(`The request is larger than ${MAX_TRANSCRIPT_BODY_BYTES} bytes.`);
  expect((await post(REQUEST, { 'Content-Type': 'text/plain' })).status).toBe(415);
  expect(inserts).toEqual([]);
});

test('timeZone: a known zone is stored, a malformed one is 400 naming it, an unknown name is null', async () => {
  const { inserts, post } = await serve();
  expect((await post({ ...REQUEST, timeZone: 'America/Argentina/Buenos_Aires' })).status).toBe(202);
  expect((await post({ ...REQUEST, timeZone: 'Etc/GMT+5' })).status).toBe(202);
  const message = 'timeZone must be an IANA time zone name (Europe/Berlin) of at most 64 characters.';
  for (const bad of ['Europe/Berlin; drop', `Europe/${'B'.repeat(58)}`, '', 42, '../etc/passwd', 'Europe//Berlin']) {
    const answer = await post({ ...REQUEST, timeZone: bad });
    expect([bad, answer.status, answer.body.message]).toEqual([bad, 400, message]);
  }
  // Well formed, but not in this server's zone data (a browser's may be newer): kept, mailed in UTC.
  expect((await post({ ...REQUEST, timeZone: 'Mars/Olympus_Mons' })).status).toBe(202);
  expect(inserts.map(({ row }) => (row as { time_zone: unknown }).time_zone)).toEqual([
    'America/Argentina/Buenos_Aires',
    'Etc/GMT+5',
    null,
  ]);
});

test('the rate limit answers 429 with Retry-After after the limit; a foreign origin is 403', async () => {
  const { inserts, post } = await serve({ limit: 2 });
  expect((await post(REQUEST)).status).toBe(202);
  expect((await post(REQUEST)).status).toBe(202);
  const third = await post(REQUEST);
  expect(third.status).toBe(429);
  expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(third.body.message).toMatch(/^Too many transcript requests from your address/);
  expect(inserts).toHaveLength(2);
  const other = await serve();
  expect((await other.post(REQUEST, { Origin: 'https://evil.example' })).status).toBe(403);
  expect((await other.post(REQUEST, { Origin: 'https://shop.example' })).status).toBe(202);
});

test('without mail (no SMTP_URL) it is 503 and stores nothing; a database that is away is 503, one log line', async () => {
  const off = await serve({ delivers: false });
  const answer = await off.post(REQUEST);
  expect([answer.status, answer.body.message]).toEqual([
    503,
    'This server does not send email, so it cannot send a transcript.',
  ]);
  expect(off.inserts).toEqual([]);
  const away = await serve({ fail: Object.assign(new Error('Connection terminated unexpectedly'), {}) });
  expect((await away.post(REQUEST)).status).toBe(503);
  expect(away.lines).toEqual(['transcript request failed, answered 503: Connection terminated unexpectedly']);
});

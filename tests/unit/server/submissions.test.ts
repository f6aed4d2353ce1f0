/**
 * `npm run submissions`: its escaping and export formats (pure), its options, and the real
 * command against real data folders: with and without a running server, 36,000 hostile rows
 * streamed page by page, CSV formula injection neutralised, `--since`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmod } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../server/postgres/bootstrap.ts';
import { inspectDataDir } from '../../../server/postgres/cluster.ts';
import {
  createFormatter,
  csvField,
  deliverySummary,
  escapeVisible,
  listSubmissions,
  parseArgs,
  parseSince,
  safeJson,
  type Submission,
} from '../../../server/submissions.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../../shared/local-backend.ts';
import { startTestBackend, type TestBackend } from '../../fixtures/backend.ts';
import { useTempDir } from '../../fixtures/temp-dir.ts';

const CLI = fileURLToPath(new URL('../../../server/submissions.ts', import.meta.url));

/** Runs the real command on `dataDir`; stdout as text. */
function run(
  dataDir: string,
  args: string[] = [],
  as: { uid?: number; gid?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...as,
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A child that cannot start (EACCES: Node unreachable for that user) answers at once, not never.
    child.on('error', (error) =>
      done({ code: null, stdout: '', stderr: `could not start the command: ${error.message}` }),
    );
    child.on('close', (code) => done({ code, stdout: Buffer.concat(out).toString('utf8'), stderr }));
  });
}

/** As root the permission case runs the command as nobody: only when nobody can reach this checkout's Node and CLI (not in a 0700 home). */
const asRoot = process.getuid?.() === 0;
const nobodyCanRun =
  !asRoot ||
  spawnSync(process.execPath, ['-e', `require('node:fs').accessSync(${JSON.stringify(CLI)})`], {
    uid: 65534,
    gid: 65534,
  }).status === 0;

const row = (over: Partial<Submission> = {}): Submission => ({
  id: '00000000-0000-4000-8000-000000000001',
  created_at: '2026-11-01T10:00:00.000Z',
  name: 'Ann Lee',
  business_name: 'Lee Plumbing',
  email: 'ann@lee.com',
  additional_info: null,
  ...over,
});

describe('escaping for the terminal', () => {
  it('shows controls, escape sequences, bidi overrides and invisible characters as escapes', () => {
    expect(escapeVisible('a\u001b[2Jb')).toBe('a\\x1b[2Jb');
    expect(escapeVisible('line\nnext\tTab\r')).toBe('line\\nnext\\tTab\\r');
    expect(escapeVisible('evil\u202egnp.exe')).toBe('evil\\u{202e}gnp.exe');
    expect(escapeVisible('zero\u200bwidth\ufeff\u2066\u2069')).toBe('zero\\u{200b}width\\u{feff}\\u{2066}\\u{2069}');
    expect(escapeVisible('c1\u009bcsi\u007f')).toBe('c1\\x9bcsi\\x7f');
    expect(escapeVisible('tag\u{e0041}')).toBe('tag\\u{e0041}');
    expect(escapeVisible('back\\slash'), 'a backslash doubles, so escapes stay unambiguous').toBe('back\\\\slash');
    expect(escapeVisible('Zoë Ødegård 李 👨‍👩‍👧'.replace(/\u200d/g, '')), 'ordinary text untouched').toBe(
      'Zoë Ødegård 李 👨👩👧',
    );
  });

  it('keeps JSON lossless while escaping the same characters as \\uXXXX', () => {
    const value = { name: 'a\u202eb\u0085c\u2028d\u{e0041}', info: 'x"\\' };
    const text = safeJson(value);
    expect(text, 'nothing invisible left raw').not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
    expect(text).toContain('\\u202e');
    expect(text).toContain('\\udb40\\udc41');
    expect(JSON.parse(text), 'parses back to the same data').toEqual(value);
  });

  it('writes CSV fields quoted, with formulas neutralised and every invisible character escaped as the table does', () => {
    expect(csvField('=HYPERLINK("http://evil","click")')).toBe(`"'=HYPERLINK(""http://evil"",""click"")"`);
    for (const start of ['+1', '-2', '@SUM(A1)'])
      expect(csvField(start), `starts with ${JSON.stringify(start[0])}`).toBe(`"'${start}"`);
    // Fullwidth forms, which spreadsheets in CJK locales read as the ASCII ones.
    for (const start of ['\uff1dHYPERLINK("x")', '\uff0b1', '\uff0d2', '\uff20SUM(A1)']) {
      expect(csvField(start), `starts with U+${start.codePointAt(0)!.toString(16).toUpperCase()}`).toBe(
        `"'${start.replace(/"/g, '""')}"`,
      );
    }
    expect(csvField('\tTab'), 'a leading tab: neutralised and shown').toBe(`"'\\tTab"`);
    expect(csvField('\r=1+1'), 'a leading CR: neutralised and shown').toBe(`"'\\r=1+1"`);
    expect(csvField('line one\nline two\r\nthree\rfour'), 'CR and LF shown, never raw').toBe(
      '"line one\\nline two\\r\\nthree\\rfour"',
    );
    expect(csvField('esc\u001b[31m'), 'escape sequences shown').toBe('"esc\\x1b[31m"');
    expect(csvField('bidi\u202e zero\u200b\ufeff tag\u{e0041} sep\u2028'), 'bidi, zero-width, tag, separators').toBe(
      '"bidi\\u{202e} zero\\u{200b}\\u{feff} tag\\u{e0041} sep\\u{2028}"',
    );
    for (const value of ['a\r\nb', 'x\u202ey', 'z\u{e0001}', '"q"\n']) {
      expect(csvField(value), `nothing invisible left raw in ${JSON.stringify(value)}`).not.toMatch(
        /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u,
      );
      expect(csvField(value), 'the same escapes as the table').toBe(`"${escapeVisible(value).replace(/"/g, '""')}"`);
    }
    expect(csvField(null), 'null is an empty field').toBe('');
  });

  it('sums up a delivery in one line', () => {
    const base = { attempts: 0, channels: [], delivered_at: null, next_attempt_at: null, last_error: null };
    expect(deliverySummary({ ...base, state: 'pending' })).toBe('pending');
    expect(deliverySummary({ ...base, state: 'delivered', attempts: 1, channels: ['webhook', 'email'] })).toBe(
      'delivered (webhook, email)',
    );
    expect(deliverySummary({ ...base, state: 'not sent' })).toBe('not sent (stored before notifications)');
    expect(
      deliverySummary({
        ...base,
        state: 'failing',
        attempts: 6,
        next_attempt_at: '2026-11-25T18:00:00.000Z',
        last_error: 'webhook: HTTP 503',
      }),
    ).toBe('FAILING: 6 attempt(s), next 2026-11-25T18:00:00.000Z; webhook: HTTP 503');
    expect(deliverySummary(null)).toBe('no job');
  });
});

describe('formats', () => {
  it('a table: header, one escaped line per request, a count; and a sentence when there is none', () => {
    const f = createFormatter('table');
    const text =
      f.start() + f.page([row({ additional_info: 'one\ntwo\u202e' }), row({ email: 'bo@co.com' })]) + f.end();
    const lines = text.split('\n');
    expect(lines[0], 'header').toMatch(
      /^created_at\s+│ name\s+│ business_name\s+│ email\s+│ additional_info\s+│ delivery$/,
    );
    expect(lines[2], 'escaped cell').toContain('one\\ntwo\\u{202e}');
    expect(lines[3], 'second row').toContain('bo@co.com');
    expect(text.trimEnd().split('\n').at(-1), 'count').toBe('2 request(s).');
    const empty = createFormatter('table');
    expect(empty.start() + empty.end()).toContain('No contact requests yet.');
  });

  it('JSON: one array across pages; CSV: a header and CRLF lines', () => {
    const json = createFormatter('json');
    const text = json.start() + json.page([row()]) + json.page([row({ email: 'b@b.co' })]) + json.end();
    expect((JSON.parse(text) as Submission[]).map((r) => r.email)).toEqual(['ann@lee.com', 'b@b.co']);
    const none = createFormatter('json');
    expect(JSON.parse(none.start() + none.end()), 'empty array').toEqual([]);
    const csv = createFormatter('csv');
    expect(csv.start() + csv.page([row()])).toBe(
      '"created_at","name","business_name","email","additional_info","delivery"\r\n"2026-11-01T10:00:00.000Z","Ann Lee","Lee Plumbing","ann@lee.com",,"no job"\r\n',
    );
  });
});

describe('options', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('parses --since as a date, a date and time, or a duration back from now', () => {
    expect(parseSince('2026-11-01', now).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(parseSince('2026-11-01T09:30Z', now).toISOString()).toBe('2026-11-01T09:30:00.000Z');
    expect(parseSince('12h', now).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(parseSince('7d', now).toISOString()).toBe('2026-11-15T12:00:00.000Z');
    expect(parseSince('30m', now).toISOString()).toBe('2026-11-22T11:30:00.000Z');
    for (const bad of ['yesterday', '7 weeks', '2026-13-45', ''])
      expect(() => parseSince(bad, now), bad).toThrow(/--since takes a date/);
  });

  it('parses the arguments and refuses unknown or conflicting ones with one sentence', () => {
    expect(parseArgs([], now)).toEqual({ format: 'table', help: false });
    expect(parseArgs(['--csv', '--since', '7d'], now)).toEqual({
      format: 'csv',
      help: false,
      since: new Date('2026-11-15T12:00:00Z'),
    });
    expect(parseArgs(['--json', '--since=2026-11-01'], now).format).toBe('json');
    expect(parseArgs(['--format', 'csv'], now).format, '--format csv').toBe('csv');
    expect(parseArgs(['--format=json'], now).format, '--format=json').toBe('json');
    expect(parseArgs(['--format', 'table'], now).format, '--format table').toBe('table');
    expect(parseArgs(['--csv', '--format', 'csv'], now).format, 'an alias agreeing with --format').toBe('csv');
    expect(() => parseArgs(['--csv', '--json'])).toThrow('Choose one format: --csv and --json disagree.');
    expect(() => parseArgs(['--format', 'table', '--json'])).toThrow(
      'Choose one format: --format table and --json disagree.',
    );
    expect(() => parseArgs(['--format', 'xml'])).toThrow('--format takes table, csv, json, not "xml".');
    expect(() => parseArgs(['--format'])).toThrow(/--format needs a value/);
    expect(() => parseArgs(['--since'])).toThrow(/--since needs a value/);
    expect(() => parseArgs(['--xml'])).toThrow(/Unknown option "--xml"/);
  });
});

describe('the command on real data folders', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
    const post = (body: object) =>
      fetch(`${backend.server.url}/rest/v1/${CONTACT_TABLE}`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (
        await post({
          name: '=HYPERLINK("http://evil.example","Click me")',
          business_name: '+1 555 0100',
          email: 'formula@example.com',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await post({
          name: 'Bidi \u202eevil',
          business_name: 'Tabs',
          email: 'bidi@example.com',
          additional_info: 'first\n\tsecond',
        })
      ).status,
    ).toBe(201);
    // Older requests, written as the table owner (anon cannot backdate).
    const cluster = backend.server.cluster!;
    const owner = await connect({ host: cluster.host, port: cluster.port }, 'postgres', cluster.credentials.postgres);
    await owner.query(
      `insert into public.contact_submissions (name, business_name, email, additional_info, created_at)
       values ('Old One', 'Old Co', 'old@example.com', null, now() - interval '30 days')`,
    );
    await owner.end();
  }, 180_000);
  afterAll(async () => {
    await backend?.close();
  }, 60_000);

  it('reads through the running server: a table, JSON and CSV, newest first, filtered by --since', async () => {
    const table = await run(backend.dataDir);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout, 'escaped bidi override').toContain('Bidi \\u{202e}evil');
    expect(table.stdout, 'no raw invisible character').not.toMatch(/[\u202e\u001b]/);
    expect(table.stdout.trimEnd().split('\n').at(-1)).toBe('3 request(s).');

    const json = await run(backend.dataDir, ['--json']);
    const rows = JSON.parse(json.stdout) as Submission[];
    expect(
      rows.map((r) => r.email),
      'newest first',
    ).toEqual(['bidi@example.com', 'formula@example.com', 'old@example.com']);
    expect(rows[0]?.additional_info, 'JSON is lossless').toBe('first\n\tsecond');
    expect(rows[0]?.created_at, 'ISO 8601 UTC').toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const csv = await run(backend.dataDir, ['--csv', '--since', '7d']);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.split('\r\n');
    expect(lines, 'header, two recent requests, final line break').toHaveLength(4);
    expect(csv.stdout, 'formula neutralised').toContain(
      `"'=HYPERLINK(""http://evil.example"",""Click me"")","'+1 555 0100"`,
    );
    expect(csv.stdout, 'the old one filtered out').not.toContain('old@example.com');
    expect(csv.stdout, 'bidi and line breaks inside fields shown as escapes').toContain(
      '"Bidi \\u{202e}evil","Tabs","bidi@example.com","first\\n\\tsecond","pending"',
    );
    expect(csv.stdout.replace(/\r\n/g, ''), 'no raw CR, LF or invisible character inside a row').not.toMatch(
      /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u,
    );
    const format = await run(backend.dataDir, ['--format', 'csv', '--since', '7d']);
    expect(format.stdout, '--format csv is --csv').toBe(csv.stdout);
    expect(rows[0]?.delivery, 'JSON carries the delivery state (no channel configured here: pending)').toMatchObject({
      state: 'pending',
      attempts: 0,
      channels: [],
    });
    expect(table.stdout.split('\n')[2], 'the table shows it').toMatch(/│ pending$/);
  }, 120_000);

  it('pages on the stored microseconds: rows of one millisecond across page boundaries, each exactly once, in order', async () => {
    const cluster = backend.server.cluster!;
    const owner = await connect({ host: cluster.host, port: cluster.port }, 'postgres', cluster.credentials.postgres);
    // Eleven requests within one millisecond, in an order their ids do not follow.
    await owner.query(
      `insert into public.contact_submissions (name, business_name, email, created_at)
       select 'Same ms ' || i, 'Co', 'same-ms-' || i || '@example.com', timestamptz '2026-01-01 00:00:00.123000+00' + (((i * 7) % 11) || ' microseconds')::interval
         from generate_series(1, 11) i`,
    );
    await owner.end();
    try {
      const all = await listSubmissions(backend.dataDir);
      for (const pageSize of [1, 2, 3, 4, 5]) {
        const paged = await listSubmissions(backend.dataDir, { pageSize });
        expect(
          paged.map((r) => r.id),
          `page size ${pageSize}: the same rows in the same order`,
        ).toEqual(all.map((r) => r.id));
      }
      const sameMs = all.filter((r) => r.email.startsWith('same-ms-'));
      expect(
        sameMs.map((r) => r.created_at),
        'formatted to the millisecond',
      ).toEqual(Array(11).fill('2026-01-01T00:00:00.123Z'));
      expect(
        sameMs.map((r) => r.email),
        'newest (most microseconds) first',
      ).toEqual(
        Array.from({ length: 11 }, (_, k) => k + 1)
          .sort((a, b) => ((b * 7) % 11) - ((a * 7) % 11))
          .map((i) => `same-ms-${i}@example.com`),
      );
    } finally {
      const cleanup = await connect(
        { host: cluster.host, port: cluster.port },
        'postgres',
        cluster.credentials.postgres,
      );
      await cleanup.query("delete from public.contact_submissions where email like 'same-ms-%'");
      await cleanup.end();
    }
  });

  it('refuses a bad option with one sentence and exit code 1', async () => {
    const bad = await run(backend.dataDir, ['--since', 'tomorrow']);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toMatch(/^--since takes a date/);
  });
});

describe('the command without a running server', () => {
  const tempDir = useTempDir('cli-', 0o755);
  let dataDir: string;
  beforeAll(() => {
    dataDir = tempDir();
  });

  it('says so for a folder with no database yet', async () => {
    const result = await run(join(dataDir, 'never-started'));
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^No database in .+never-started yet: start the site with `npm start` and send a request\.$/m,
    );
  });

  it.runIf(nobodyCanRun)(
    'says "permission denied", naming the folder and the user, for a folder it cannot read (never "no database")',
    async () => {
      const folder = join(dataDir, 'private');
      const backend = await startTestBackend({ dataDir: folder });
      await backend.close();
      // As root, read as the user nobody from a folder closed to it; as another user, close it to everyone.
      await chmod(folder, asRoot ? 0o700 : 0o000);
      try {
        const result = await run(folder, [], asRoot ? { uid: 65534, gid: 65534 } : {});
        expect(result.code, 'an error exit').toBe(1);
        const user = asRoot ? 'nobody' : userInfo().username;
        expect(result.stderr.trim()).toMatch(
          new RegExp(
            `^Permission denied: user ${user} \\(uid \\d+\\) cannot read the data folder ${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\. Run the command as \\S+`,
          ),
        );
        expect(result.stdout, 'never "no database"').not.toMatch(/No database/);
      } finally {
        await chmod(folder, 0o700);
      }
    },
    180_000,
  );

  it('starts PostgreSQL for the read, streams 36,000 hostile rows escaped, and stops it again', async () => {
    const folder = join(dataDir, 'many');
    const backend = await startTestBackend({ dataDir: folder });
    const cluster = backend.server.cluster!;
    const owner = await connect({ host: cluster.host, port: cluster.port }, 'postgres', cluster.credentials.postgres);
    // Characters the CHECKs still allow inside text: bidi overrides, zero-width joiners, tabs and
    // line breaks in additional info, at full length.
    await owner.query(
      `insert into public.contact_submissions (name, business_name, email, additional_info)
       select 'Name ' || i || E' \\u202e\\u200d x', 'Co ' || i, 'bulk' || i || '@example.com',
              'line' || repeat(E'\\t\\u2066tab\\n\\u200bnext ', 60) || i
         from generate_series(1, 36000) i`,
    );
    await owner.end();
    await backend.close();
    expect(await inspectDataDir(folder), 'no server runs').toEqual({ state: 'free' });

    const result = await run(folder);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.filter((l) => l.includes('@example.com')).length, 'one line per request').toBe(36_000);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('36000 request(s).');
    expect(result.stdout, 'nothing invisible or controlling reaches the terminal').not.toMatch(
      /[\p{Cf}\u0000-\u0009\u000b-\u001f\u007f-\u009f]/u,
    );
    expect(await inspectDataDir(folder), 'its PostgreSQL stopped after the read').toEqual({ state: 'free' });
  }, 300_000);
});

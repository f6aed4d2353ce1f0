/**
 * `npm start` from a fresh checkout inside a 0700 home folder (root's home on a fresh server),
 * started from another folder, configured only by the checkout's `.env`:
 * - it starts, without loosening the home's permissions: as root the data folder is outside the
 *   checkout (where PostgreSQL's system user can reach it), as a normal user in the checkout;
 * - `.env` reached the build: the sitemap, the /widget snippet and the server's allowed origin
 *   all name PUBLIC_SITE_URL from `.env`, and the server says the origin it listens on differs;
 * - BASE_PATH from `.env`: the site lives under /voice, and every link, asset and script the
 *   pages name is below it and answers;
 * - it is ready (/readyz) and stops cleanly on SIGTERM.
 * Slow (a full build in the copy), run once.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSlug, ROOT_DATA_PARENT } from '../../../shared/config.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../../shared/local-backend.ts';
import { cleanEnv } from '../../fixtures/clean-env.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SITE = 'https://voice.example.test';
const BASE = '/voice';
const isRoot = process.getuid?.() === 0;

let scratch = '';
let home = '';
let checkout = '';
let port = 0;
let server: ChildProcess | null = null;
let output = '';
let exit: Promise<number | null>;

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => done(free));
    });
  });
}

/** The checkout's files as a clone would have them (tracked and new, not ignored), with this checkout's node_modules. */
function copyCheckout(to: string): void {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(to, file));
  }
  // This checkout's packages, except the workspace link: `@ringwise/voice-widget` must be the
  // copy's own widget/ (the build writes its dist/ there), not this checkout's, which a fresh
  // clone has not built when the unit tests run.
  const modules = join(to, 'node_modules');
  mkdirSync(join(modules, '@ringwise'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry !== '@ringwise') symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  symlinkSync('../../widget', join(modules, '@ringwise', 'voice-widget'));
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'start-anywhere-'));
  home = join(scratch, 'home');
  mkdirSync(home, { mode: 0o700 });
  chmodSync(home, 0o700);
  checkout = join(home, 'ringwise');
  copyCheckout(checkout);
  port = await freePort();
  writeFileSync(
    join(checkout, '.env'),
    `PUBLIC_SITE_URL=${SITE}\nBASE_PATH=${BASE}\nPORT=${port}\nHOST=127.0.0.1\nCONTACT_RATE_LIMIT=off\n`,
  );
  // From another folder: npm start works wherever the shell is.
  server = spawn(process.execPath, [join(checkout, 'scripts', 'start.ts')], {
    cwd: scratch,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  exit = new Promise((done) => server!.once('exit', (code) => done(code)));
  await Promise.race([
    new Promise<void>((done) =>
      server!.stdout!.on('data', () => output.includes('Contact requests are stored in') && done()),
    ),
    exit.then((code) => {
      throw new Error(`npm start exited (${code}) before it served:\n${output}`);
    }),
  ]);
}, 600_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await exit;
  }
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  if (isRoot && checkout) rmSync(join(ROOT_DATA_PARENT, checkoutSlug(checkout)), { recursive: true, force: true });
}, 60_000);

const url = (path: string) => `http://127.0.0.1:${port}${path}`;

describe('npm start from a checkout in a 0700 home', () => {
  it('starts with its data folder where the database user can reach it, and leaves the home 0700', () => {
    const expected = isRoot
      ? join(ROOT_DATA_PARENT, checkoutSlug(checkout), 'postgres')
      : join(checkout, '.data', 'postgres');
    expect(output, output).toContain(`Contact requests are stored in ${expected} (`);
    expect(statSync(home).mode & 0o777, 'the home folder’s mode').toBe(0o700);
    expect(output, 'no error line').not.toMatch(/\[ERROR\]|Error:/);
  });

  it('built with .env: sitemap, /widget snippet and the start-up lines name PUBLIC_SITE_URL', async () => {
    expect(output).toContain(`Serving the site on http://127.0.0.1:${port}${BASE} (built for ${SITE}${BASE}).`);
    expect(output, 'the origin warning').toContain(
      `Note: the site was built for ${SITE} (PUBLIC_SITE_URL), not http://127.0.0.1:${port}`,
    );
    const sitemap = await (await fetch(url(`${BASE}/sitemap-0.xml`))).text();
    expect(sitemap).toContain(`<loc>${SITE}${BASE}/widget</loc>`);
    const widget = await (await fetch(url(`${BASE}/widget`))).text();
    expect(widget, 'the snippet in the HTML').toContain(
      `&lt;script src=&quot;${SITE}${BASE}/widget/voice-widget.js&quot;`,
    );
    expect(widget, 'the CSP sources in the HTML').toContain(`script-src <span data-served-origin>${SITE}</span>`);
  });

  it('under BASE_PATH: every link, asset and script of the pages is below it and answers; / redirects there', async () => {
    const root = await fetch(url('/'), { redirect: 'manual' });
    expect([root.status, root.headers.get('location')], '/ → the base path').toEqual([302, BASE]);
    const sitemap = await (await fetch(url(`${BASE}/sitemap-0.xml`))).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(pages, 'the sitemap lists the home page, /widget and the guides').toEqual(
      expect.arrayContaining([`${BASE}/`, `${BASE}/widget`]),
    );
    const seen = new Map<string, number>();
    for (const page of pages) {
      const html = await (await fetch(url(page))).text();
      for (const [, ref] of html.matchAll(/\s(?:href|src|component-url|renderer-url)="(\/[^"#]*)/g)) {
        if (ref!.startsWith('//')) continue;
        expect(ref!.startsWith(`${BASE}/`) || ref === BASE, `${page} names ${ref} outside ${BASE}`).toBe(true);
        if (!seen.has(ref!)) seen.set(ref!, (await fetch(url(ref!))).status);
      }
    }
    expect(
      [...seen].filter(([, status]) => status !== 200),
      'links that do not answer 200',
    ).toEqual([]);
    expect(seen.has(`${BASE}/widget/voice-widget.js`), 'the /widget page loads the loader below the base path').toBe(
      true,
    );
  });

  it('accepts contact requests from the built origin, refuses another, and is ready', async () => {
    const post = (origin: string, email: string) =>
      fetch(url(`${BASE}/rest/v1/${CONTACT_TABLE}`), {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json', Origin: origin },
        body: JSON.stringify({ name: 'Ann', business_name: 'Lee', email }),
      });
    expect((await post(SITE, 'env@example.com')).status, 'PUBLIC_SITE_URL from .env').toBe(201);
    expect((await post('https://elsewhere.example', 'x@example.com')).status, 'another origin').toBe(403);
    expect((await fetch(url('/readyz'))).status).toBe(200);
  });

  it('stops cleanly on SIGTERM', async () => {
    server!.kill('SIGTERM');
    expect(await exit, output).toBe(0);
  }, 60_000);
});

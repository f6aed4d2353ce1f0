/**
 * `npm start` before the server (scripts/lib/start-flow.ts), with a fake build: every
 * configuration check and the port come before any build step; an unchanged checkout is served
 * without building; a failed build keeps serving the last good one with a loud line per problem;
 * without a good build the start fails. The guides' check is the real build's first step.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseStartArgs, prepareStart, type StartOptions } from '../../../scripts/lib/start-flow.ts';
import { siteBuild } from '../../../scripts/lib/site-build.ts';
import type { BuildResult } from '../../../scripts/lib/staged-build.ts';

let root = '';
let out: string[] = [];
let steps: string[] = [];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'start-flow-'));
  mkdirSync(join(root, 'content', 'guides'), { recursive: true });
  writeFileSync(join(root, 'content', 'guides', 'a.md'), '---\ntitle: x\n---\n');
  out = [];
  steps = [];
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const okBuild = async (outDir: string): Promise<BuildResult> => {
  steps.push('build');
  mkdirSync(outDir);
  writeFileSync(join(outDir, 'build-manifest.json'), '{}');
  return { ok: true };
};

const start = (overrides: Partial<StartOptions> = {}) =>
  prepareStart({
    root,
    distDir: join(root, 'dist'),
    env: { PUBLIC_SITE_URL: 'https://www.example.com' },
    force: false,
    checkPorts: async () => void steps.push('ports'),
    build: okBuild,
    log: (line) => out.push(line),
    error: (line) => out.push(`ERR ${line}`),
    ...overrides,
  });

describe('every configuration check before any build step', () => {
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    [
      'a half-set webhook pair',
      { CONTACT_WEBHOOK_URL: 'https://crm.example.com/hook' },
      /^CONTACT_WEBHOOK_SECRET must be set/,
    ],
    [
      'a half-set email pair',
      { SMTP_URL: 'smtp://mail.example.com:587' },
      /^SMTP_URL is set but CONTACT_NOTIFY_TO is not/,
    ],
    [
      'PUBLIC_SITE_URL with a path',
      { PUBLIC_SITE_URL: 'https://www.example.com/voice' },
      /^PUBLIC_SITE_URL: .* has a path/,
    ],
    ['a bad BASE_PATH', { BASE_PATH: '/a b' }, /^BASE_PATH: /],
    ['a bad rate limit', { CONTACT_RATE_LIMIT: 'lots' }, /CONTACT_RATE_LIMIT/],
    ['a bad TRUST_PROXY', { TRUST_PROXY: 'maybe' }, /TRUST_PROXY/],
    [
      'a DATABASE_URL that is not PostgreSQL',
      { DATABASE_URL: 'mysql://db/x' },
      /^DATABASE_URL must start with postgres:\/\//,
    ],
    ['a bad PORT', { PORT: '99999' }, /^PORT must be a port number/],
  ];
  for (const [name, env, message] of cases) {
    it(`${name}: one sentence, no port check, no build`, async () => {
      expect(await start({ env: { PUBLIC_SITE_URL: 'https://www.example.com', ...env } })).toBe('fail');
      expect(out).toEqual([expect.stringMatching(new RegExp(`^ERR ${message.source.replace(/^\^/, '')}`))]);
      expect(steps, 'nothing after the check ran').toEqual([]);
    });
  }

  it('a taken port stops the start before the build', async () => {
    const taken = start({ checkPorts: async () => Promise.reject(new Error('PORT 4321 is in use.')) });
    expect([await taken, out, steps]).toEqual(['fail', ['ERR PORT 4321 is in use.'], []]);
  });
});

describe('build only what changed', () => {
  it('builds the first time, then serves at once; --rebuild builds', async () => {
    expect(await start()).toBe('serve');
    expect(await start()).toBe('serve');
    expect(await start({ force: true })).toBe('serve');
    expect(steps).toEqual(['ports', 'build', 'ports', 'ports', 'build']);
    expect(out).toEqual([
      'Building the site: dist/ has no record of what it was built from.',
      'Built: dist/ replaced by the new build.',
      expect.stringMatching(
        /^dist\/ was built from these sources and this configuration \(.+ UTC\): serving it without building/,
      ),
      'Building the site: as asked (--rebuild).',
      'Built: dist/ replaced by the new build.',
    ]);
  });

  it('a changed build-time variable or guide builds again; a run-time variable does not', async () => {
    await start();
    await start({ env: { PUBLIC_SITE_URL: 'https://www.example.com', PORT: '4999' } });
    expect(
      steps.filter((s) => s === 'build'),
      'PORT changes nothing',
    ).toHaveLength(1);
    await start({ env: { PUBLIC_SITE_URL: 'https://other.example.com' } });
    writeFileSync(join(root, 'content', 'guides', 'b.md'), 'new');
    await start({ env: { PUBLIC_SITE_URL: 'https://other.example.com' } });
    expect(steps.filter((s) => s === 'build')).toHaveLength(3);
    expect(out).toContain(
      'Building the site: the sources, content or build-time configuration changed since dist/ was built.',
    );
  });
});

describe('a failed build', () => {
  const failing = async (): Promise<BuildResult> => ({
    ok: false,
    problems: ['content/guides/a.md:2:22: the front matter is not valid YAML (…): quote it.'],
  });

  it('keeps serving the last good build, one loud line per problem, and says so', async () => {
    await start();
    out = [];
    writeFileSync(join(root, 'content', 'guides', 'a.md'), 'changed');
    expect(await start({ build: failing }), 'the server still starts').toBe('serve');
    expect(out).toEqual([
      'Building the site: the sources, content or build-time configuration changed since dist/ was built.',
      'ERR ✖ content/guides/a.md:2:22: the front matter is not valid YAML (…): quote it.',
      expect.stringMatching(
        /^ERR ✖ The build failed, so the site was not updated: serving the last good build in dist\/ \(built .+ UTC\)\. Fix the above, then restart\.$/,
      ),
    ]);
  });

  it('without a good build the start fails (npm start exits non-zero)', async () => {
    expect(await start({ build: failing })).toBe('fail');
    expect(out.at(-1)).toBe(
      'ERR ✖ The server did not start: the build failed and dist/ holds no earlier good build to serve. Fix the above, then run `npm start` again.',
    );
  });
});

describe('the deploy step: npm start -- --build-only', () => {
  const page = () => readFileSync(join(root, 'dist', 'index.html'), 'utf8');
  const versioned =
    (version: string) =>
    async (outDir: string): Promise<BuildResult> => {
      steps.push(`build ${version}`);
      mkdirSync(outDir);
      writeFileSync(join(outDir, 'build-manifest.json'), '{}');
      writeFileSync(join(outDir, 'index.html'), version);
      return { ok: true };
    };

  it('builds beside the served dist/ (no port check: the server runs), and the restart moves it in without building', async () => {
    await start({ build: versioned('v1') });
    writeFileSync(join(root, 'content', 'guides', 'a.md'), 'changed');
    expect(await start({ buildOnly: true, build: versioned('v2') })).toBe('done');
    expect(page(), 'the running server still serves the old build').toBe('v1');
    expect(await start({ build: versioned('never') })).toBe('serve');
    expect([page(), steps]).toEqual(['v2', ['ports', 'build v1', 'build v2', 'ports']]);
    expect(out).toContain(
      'Built into dist.next/; the server still serves dist/. Restart it (e.g. `systemctl restart ringwise`) to serve the new build.',
    );
    expect(out.at(-1)).toMatch(
      /^Moved in the build prepared by `npm start -- --build-only` \(.+ UTC\): serving it without building\.$/,
    );
    expect(existsSync(join(root, 'dist.next')), 'moved, not copied').toBe(false);
  });

  it('a failed deploy build fails the command (so `&& systemctl restart` does not run) and leaves dist/ alone', async () => {
    await start({ build: versioned('v1') });
    writeFileSync(join(root, 'content', 'guides', 'a.md'), 'changed');
    const failing = async (): Promise<BuildResult> => ({ ok: false, problems: ['site/x.astro:1:1: bad; fix it.'] });
    expect(await start({ buildOnly: true, build: failing })).toBe('fail');
    expect([page(), existsSync(join(root, 'dist.next'))]).toEqual(['v1', false]);
    expect(out.slice(-2)).toEqual([
      'ERR ✖ site/x.astro:1:1: bad; fix it.',
      expect.stringMatching(/^ERR ✖ The build failed: nothing was prepared/),
    ]);
  });

  it('a crash restart while the deploy step builds serves the last good build at once and says so', async () => {
    await start({ build: versioned('v1') });
    writeFileSync(join(root, 'content', 'guides', 'a.md'), 'changed');
    // The deploy step (this process stands in for it: alive) holds the lock for its build.
    writeFileSync(join(root, 'dist.lock'), JSON.stringify({ pid: process.pid, token: 'deploy', purpose: 'deploy' }));
    expect(await start({ build: versioned('never') })).toBe('serve');
    expect([page(), steps]).toEqual(['v1', ['ports', 'build v1', 'ports']]);
    expect(out.at(-1)).toMatch(
      new RegExp(
        `^The deploy step \\(\`npm start -- --build-only\`, process ${process.pid}\\) is building: ` +
          'serving the last good build in dist/ \\(built .+ UTC\\) now instead of waiting\\. Restart once it has finished\\.$',
      ),
    );
  });

  it('a prepared build for other inputs is not moved in: the start builds', async () => {
    await start({ build: versioned('v1') });
    writeFileSync(join(root, 'content', 'guides', 'a.md'), 'changed');
    await start({ buildOnly: true, build: versioned('v2') });
    writeFileSync(join(root, 'content', 'guides', 'a.md'), 'changed again');
    await start({ build: versioned('v3') });
    expect([page(), existsSync(join(root, 'dist.next'))]).toEqual(['v3', false]);
  });
});

describe('the real build checks the guides first', () => {
  it('several broken front matters: one sentence each, before any tool runs', async () => {
    const guides = join(root, 'content', 'guides');
    writeFileSync(join(guides, 'a.md'), "---\ntitle: 'Open quote\ndescription: 'x'\n---\n");
    writeFileSync(join(guides, 'b.md'), '---\ntitle: A: b\n---\n');
    // No package.json or node_modules here: had it gone on to the widget or Astro, it would fail differently.
    const result = await siteBuild(root)(join(root, 'dist.staging-1'));
    expect(result).toEqual({
      ok: false,
      problems: [
        expect.stringMatching(
          /^content\/guides\/a\.md:4:1: the front matter is not valid YAML \(.+\): line 2 opens a ' quote that it does not close/,
        ),
        expect.stringMatching(
          /^content\/guides\/b\.md:2:9: the front matter is not valid YAML \(bad indentation of a mapping entry\)/,
        ),
      ],
    });
  });
});

describe('arguments', () => {
  it('--rebuild, or one sentence for anything else', () => {
    expect([parseStartArgs([]), parseStartArgs(['--rebuild']), parseStartArgs(['--build-only'])]).toEqual([
      { rebuild: false, buildOnly: false },
      { rebuild: true, buildOnly: false },
      { rebuild: false, buildOnly: true },
    ]);
    expect(() => parseStartArgs(['--rebiuld'])).toThrow(
      'npm start: unknown argument --rebiuld (options: `--rebuild` builds even when',
    );
  });
});

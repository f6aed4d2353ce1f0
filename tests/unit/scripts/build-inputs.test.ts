/**
 * The hash `npm start` compares with the one stored with dist/ (scripts/lib/build-inputs.ts):
 * it changes with every input of the build and with nothing else.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInputFiles, buildInputsHash, buildTimeConfig } from '../../../scripts/lib/build-inputs.ts';

let root = '';
const write = (file: string, text: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'build-inputs-'));
  for (const file of [
    'site/pages/index.astro',
    'content/guides/a.md',
    'public/robots.txt',
    'shared/config.ts',
    'widget/src/x.ts',
    'widget/build.ts',
  ])
    write(file, file);
  for (const file of ['astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', 'README.md'])
    write(file, file);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const env = { PUBLIC_SITE_URL: 'https://a.example', PORT: '4321' };

describe('the build inputs hash', () => {
  it('lists the sources, content, public files, shared modules, widget sources and the build configuration', () => {
    write('widget/dist/cdn/voice-widget.js', 'output');
    write('site/node_modules/x/index.js', 'package');
    expect(buildInputFiles(root)).toEqual([
      'astro.config.mjs',
      'content/guides/a.md',
      'package-lock.json',
      'package.json',
      'public/robots.txt',
      'shared/config.ts',
      'site/pages/index.astro',
      'tsconfig.json',
      'widget/build.ts',
      'widget/src/x.ts',
    ]);
  });

  it('changes with a source, a guide, the lockfile, a build-time variable or the Node version', () => {
    const base = buildInputsHash(root, env, 'v22');
    const changed = (file: string) => {
      write(file, 'changed');
      const hash = buildInputsHash(root, env, 'v22');
      write(file, file);
      return hash;
    };
    expect(buildInputsHash(root, env, 'v22'), 'deterministic').toBe(base);
    for (const file of [
      'content/guides/a.md',
      'site/pages/index.astro',
      'package-lock.json',
      'widget/src/x.ts',
      'astro.config.mjs',
    ]) {
      expect(changed(file), file).not.toBe(base);
    }
    write('content/guides/new.md', 'a new guide');
    expect(buildInputsHash(root, env, 'v22'), 'a new guide').not.toBe(base);
    rmSync(join(root, 'content/guides/new.md'));
    expect(buildInputsHash(root, { ...env, PUBLIC_SITE_URL: 'https://b.example' }, 'v22'), 'PUBLIC_SITE_URL').not.toBe(
      base,
    );
    expect(buildInputsHash(root, { ...env, BASE_PATH: '/voice' }, 'v22'), 'BASE_PATH').not.toBe(base);
    expect(buildInputsHash(root, { ...env, PUBLIC_VOICE_PUBLIC_KEY: 'k' }, 'v22'), 'any PUBLIC_ variable').not.toBe(
      base,
    );
    expect(buildInputsHash(root, env, 'v24'), 'Node').not.toBe(base);
  });

  it('does not change with run-time variables, build outputs or files the build does not read', () => {
    const base = buildInputsHash(root, env, 'v22');
    const runtime = {
      ...env,
      PORT: '9999',
      DATABASE_URL: 'postgres://x',
      CONTACT_RATE_LIMIT: 'off',
      PUBLIC_CONTACT_EMAIL: ' ',
    };
    expect(buildInputsHash(root, runtime, 'v22'), 'run-time variables (and a blank PUBLIC_ one, read as unset)').toBe(
      base,
    );
    write('widget/dist/cdn/voice-widget.js', 'another output');
    write('README.md', 'docs');
    write('dist/index.html', 'served');
    expect(buildInputsHash(root, env, 'v22')).toBe(base);
  });

  it('the configuration part is every set PUBLIC_ variable and BASE_PATH', () => {
    expect(buildTimeConfig({ PUBLIC_B: 'b', PUBLIC_A: 'a', BASE_PATH: '/v', PORT: '1', PUBLIC_C: '' })).toEqual({
      BASE_PATH: '/v',
      PUBLIC_A: 'a',
      PUBLIC_B: 'b',
    });
  });
});

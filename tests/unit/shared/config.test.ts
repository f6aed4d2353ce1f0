/**
 * The one configuration reader: `.env`, then the environment on top; the shared defaults; and the
 * data folder's default (outside the checkout as root, so a checkout in a 0700 home works).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  applyEnvFile,
  basePathFrom,
  checkoutSlug,
  dataDirFrom,
  DEFAULT_PORT,
  loadEnv,
  portFrom,
  ROOT_DATA_PARENT,
  siteUrlFrom,
} from '../../../shared/config.ts';

const scratch = mkdtempSync(join(tmpdir(), 'config-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function checkout(name: string, env?: string): string {
  const root = join(scratch, name);
  mkdirSync(root, { recursive: true });
  if (env !== undefined) writeFileSync(join(root, '.env'), env);
  return root;
}

describe('.env and the environment', () => {
  it('reads .env, and a variable set in the environment wins, even when empty', () => {
    const root = checkout(
      'precedence',
      'PUBLIC_SITE_URL=https://from-file.example\nPORT=5000\nHOST=0.0.0.0\n# a comment\nQUOTED="a b"\n',
    );
    const env = loadEnv(root, { PORT: '6000', HOST: '' });
    expect(env.PUBLIC_SITE_URL, 'from .env').toBe('https://from-file.example');
    expect(env.PORT, 'the environment wins').toBe('6000');
    expect(env.HOST, 'set but empty still wins').toBe('');
    expect(env.QUOTED).toBe('a b');
  });
  it('applies .env to the build’s environment only where it is unset, and says which', () => {
    const root = checkout('apply', 'PUBLIC_SITE_URL=https://from-file.example\nPORT=5000\n');
    const environment: Record<string, string | undefined> = { PORT: '6000' };
    expect(applyEnvFile(root, environment)).toEqual(['PUBLIC_SITE_URL']);
    expect(environment).toEqual({ PORT: '6000', PUBLIC_SITE_URL: 'https://from-file.example' });
  });
  it('is empty without a .env', () => {
    expect(loadEnv(checkout('none'), {})).toEqual({});
  });
});

describe('values', () => {
  it('PORT: the default, a number, or one sentence naming it', () => {
    expect(portFrom({})).toBe(DEFAULT_PORT);
    expect(portFrom({ PORT: ' 8080 ' })).toBe(8080);
    expect(() => portFrom({ PORT: 'eighty' })).toThrow('PORT must be a port number from 1 to 65535, not "eighty".');
    expect(() => portFrom({ E2E_PORT: '70000' }, 'E2E_PORT')).toThrow(/^E2E_PORT must be/);
  });
  it('PUBLIC_SITE_URL: an origin; a path is pointed to BASE_PATH', () => {
    expect(siteUrlFrom({})).toBe('http://localhost:4321');
    expect(siteUrlFrom({ PUBLIC_SITE_URL: 'https://Voice.Example.com/' })).toBe('https://voice.example.com');
    expect(() => siteUrlFrom({ PUBLIC_SITE_URL: 'https://example.com/voice' })).toThrow(/BASE_PATH=\/voice/);
    expect(() => siteUrlFrom({ PUBLIC_SITE_URL: 'example.com' })).toThrow(/is not a URL/);
    expect(() => siteUrlFrom({ PUBLIC_SITE_URL: 'ftp://example.com' })).toThrow(/http\(s\) origin/);
  });
  it('BASE_PATH: / by default, else a clean path without trailing slash', () => {
    expect(basePathFrom({})).toBe('/');
    expect(basePathFrom({ BASE_PATH: 'voice/' })).toBe('/voice');
    expect(basePathFrom({ BASE_PATH: '/tools/voice' })).toBe('/tools/voice');
    expect(() => basePathFrom({ BASE_PATH: '/a/../b' })).toThrow(/BASE_PATH/);
    expect(() => basePathFrom({ BASE_PATH: '/a b' })).toThrow(/BASE_PATH/);
  });
});

describe('the data folder', () => {
  const asRoot = { isRoot: true, home: '/root' };
  const asUser = { isRoot: false, home: join(scratch, 'home') };

  it('DATA_DIR wins, relative to the checkout', () => {
    const root = checkout('dd');
    expect(dataDirFrom({ DATA_DIR: '/srv/leads' }, root, asRoot).path).toBe('/srv/leads');
    expect(dataDirFrom({ DATA_DIR: 'var/db' }, root, asUser)).toMatchObject({
      path: join(root, 'var/db'),
      source: 'DATA_DIR',
    });
  });
  it('as root: outside the checkout, one folder per checkout', () => {
    const a = checkout('a');
    const choice = dataDirFrom({}, a, asRoot);
    expect(choice.source).toBe('root-default');
    expect(choice.path).toBe(join(ROOT_DATA_PARENT, checkoutSlug(a), 'postgres'));
    expect(choice.path.startsWith(a), 'not inside the checkout').toBe(false);
    expect(dataDirFrom({}, checkout('b'), asRoot).path, 'another checkout, another folder').not.toBe(choice.path);
  });
  it('keeps a checkout’s existing .data/postgres (nothing moves under an existing install)', () => {
    const root = checkout('legacy');
    mkdirSync(join(root, '.data', 'postgres', 'cluster'), { recursive: true });
    expect(dataDirFrom({}, root, asRoot)).toMatchObject({ path: join(root, '.data/postgres'), source: 'checkout' });
  });
  it('as a normal user: in the checkout, or in ~/.local/state when the checkout is not writable', () => {
    const root = checkout('user');
    expect(dataDirFrom({}, root, asUser)).toMatchObject({ path: join(root, '.data/postgres'), source: 'checkout' });
    if (process.getuid?.() !== 0) {
      // Root may write anywhere, so only a normal user can see the read-only case for real.
      chmodSync(root, 0o555);
      expect(dataDirFrom({}, root, asUser).path).toBe(
        join(asUser.home, '.local/state/ringwise', checkoutSlug(root), 'postgres'),
      );
      chmodSync(root, 0o755);
    }
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forbiddenValues, jwtPayload, parseDotenv, scanForSecrets, scanText } from '../../../bench/lib/secrets.ts';

/** A JWT-shaped token (unsigned: the scan never verifies signatures) with this payload. */
function jwt(payload: object): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU`;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('secrets scan', () => {
  it('flags a Supabase service-role JWT and allows the anon one', () => {
    const service = jwt({ iss: 'supabase', ref: 'abcd', role: 'service_role', iat: 1 });
    const anon = jwt({ iss: 'supabase', ref: 'abcd', role: 'anon', iat: 1 });
    expect(jwtPayload(service)?.role, 'payload decodes').toBe('service_role');
    const findings = scanText(`const a="${anon}";const s="${service}";`, 'app.js');
    expect(
      findings.map((f) => f.kind),
      'only the service-role key is a finding',
    ).toEqual(['Supabase service-role JWT (payload role "service_role")']);
    expect(findings[0]!.excerpt, 'the excerpt never holds the whole token').not.toContain(service);
  });

  it.each([
    ['sb_secret_', 'x="sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz"'],
    ['sbp_', 'sbp_0123456789abcdef0123456789abcdef01234567'],
    ['sk_live_', 'key: "sk_live_51HqLyjWDarjtT1zdp7dcXYZ"'],
    ['sk-', 'Authorization: Bearer sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD'],
    ['GitHub', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789AB'],
    ['AWS', 'AKIAIOSFODNN7EXAMPLE'],
    ['Slack', 'xoxb-123456789012-abcdefghijkl'],
    ['PEM', '-----BEGIN RSA PRIVATE KEY-----\nMIIE…'],
    ['PEM (PKCS#8)', '-----BEGIN PRIVATE KEY-----'],
  ])('flags a %s token', (_label, text) => {
    expect(scanText(text, 'f.js'), `"${text.slice(0, 20)}…" should be found`).toHaveLength(1);
  });

  it('does not flag ordinary minified code, CSS or public keys', () => {
    const text =
      'function task(e){return e.mask-image}.risk-assessment-panel{color:red}' +
      'const key="pk-test-fixture",assistant="2f1c8a0e-6b7d-4c2e-9d1a-0123456789ab";var sk=1;';
    expect(scanText(text, 'app.js'), 'no false positives').toEqual([]);
  });

  it('finds values of a .env file (not PUBLIC_ ones) and secret-named environment variables', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    dirs.push(dir);
    const envFile = join(dir, '.env');
    writeFileSync(
      envFile,
      '# comment\nPUBLIC_SUPABASE_ANON_KEY=public-anon-value-123\nVOICE_PRIVATE_KEY="0f9e8d7c-6b5a-4321-8765-abcdefabcdef"\nSHORT=abc\n',
    );
    expect(parseDotenv('A=1\nexport B="two words" \n C = x # note')).toEqual([
      ['A', '1'],
      ['B', 'two words'],
      ['C', 'x'],
    ]);
    const forbidden = forbiddenValues([envFile, join(dir, '.env.missing')], {
      DEPLOY_TOKEN: 'tok-1234567890',
      PUBLIC_VOICE_PUBLIC_KEY: 'pk-public-1234567',
      HOME: '/root/home/dir',
    });
    expect(
      forbidden.map((f) => f.name),
      'private .env entries and secret-named env vars only',
    ).toEqual([`${envFile}: VOICE_PRIVATE_KEY`, 'environment: DEPLOY_TOKEN']);

    const dist = join(dir, 'dist');
    mkdirSync(join(dist, '_astro'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<p>public-anon-value-123 pk-public-1234567</p>');
    writeFileSync(join(dist, '_astro', 'a.js'), 'const k="0f9e8d7c-6b5a-4321-8765-abcdefabcdef"');
    writeFileSync(join(dist, '_astro', 'a.js.map'), '{"sourcesContent":["tok-1234567890"]}');
    writeFileSync(join(dist, 'img.png'), Buffer.from([0x89, 0x50, 0x00, 0x4e]));
    const { files, findings } = scanForSecrets([dist, join(dir, 'absent')], forbidden, dir);
    expect(files, 'three text files scanned, the binary skipped').toBe(3);
    expect(findings.map((f) => `${f.file} ${f.kind}`).sort()).toEqual([
      `dist/_astro/a.js value of ${envFile}: VOICE_PRIVATE_KEY`,
      'dist/_astro/a.js.map value of environment: DEPLOY_TOKEN',
    ]);
  });
});

/**
 * The build manifest: what the server takes from the build (origin, base path, contact backend),
 * and one sentence when it is missing or from another version.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_MANIFEST_FILE, buildManifest, readBuildManifest } from '../../../shared/build-manifest.ts';

const dist = mkdtempSync(join(tmpdir(), 'manifest-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('build manifest', () => {
  it('names Supabase when the build had PUBLIC_SUPABASE_URL, the embedded backend otherwise', () => {
    expect(buildManifest({ siteOrigin: 'https://a.example', basePath: '/', supabaseUrl: '' }).contactBackend).toEqual({
      kind: 'embedded',
    });
    expect(
      buildManifest({ siteOrigin: 'https://a.example', basePath: '/', supabaseUrl: 'https://x.supabase.co' })
        .contactBackend,
    ).toEqual({
      kind: 'supabase',
      url: 'https://x.supabase.co',
    });
  });
  it('reads back what the build wrote', async () => {
    const manifest = buildManifest({ siteOrigin: 'https://a.example', basePath: '/voice', supabaseUrl: '' });
    writeFileSync(join(dist, BUILD_MANIFEST_FILE), JSON.stringify(manifest));
    expect(await readBuildManifest(dist)).toEqual(manifest);
  });
  it('says to rebuild when it is missing or not a manifest', async () => {
    await expect(readBuildManifest(join(dist, 'nowhere'))).rejects.toThrow(
      /build-manifest.json is missing or unreadable: rebuild the site with `npm run build`/,
    );
    writeFileSync(join(dist, BUILD_MANIFEST_FILE), JSON.stringify({ siteOrigin: 'https://a.example' }));
    await expect(readBuildManifest(dist)).rejects.toThrow(/is not a build manifest of this version: rebuild/);
  });
});

/**
 * Writes `dist/build-manifest.json` after the build (shared/build-manifest.ts): the site origin,
 * base path and contact backend this build was made for, so `npm start` serves it the way it was
 * built whatever its own environment says.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { BUILD_MANIFEST_FILE, buildManifest } from '../../shared/build-manifest.ts';
import { loadEnv } from '../../shared/config.ts';

/** The integration. */
export default function buildManifestFile(): AstroIntegration {
  let siteOrigin = '';
  let basePath = '/';
  let root = '';
  return {
    name: 'ringwise-build-manifest',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        siteOrigin = config.site ? new URL(config.site).origin : '';
        basePath = config.base.replace(/\/+$/, '') || '/';
      },
      'astro:build:done': async ({ dir, logger }) => {
        // Loaded here, not at the top: content/site.ts imports the widget package, which the
        // config loader (astro dev, astro check) must not need.
        const { readSiteConfig } = await import('../../content/site.ts');
        const { supabase } = readSiteConfig(loadEnv(root));
        const manifest = buildManifest({ siteOrigin, basePath, supabaseUrl: supabase.url });
        await writeFile(join(fileURLToPath(dir), BUILD_MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
        logger.info(
          `wrote ${BUILD_MANIFEST_FILE} (site ${siteOrigin}${basePath === '/' ? '' : basePath}, contact backend: ${manifest.contactBackend.kind})`,
        );
      },
    },
  };
}

// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import islandStyleInHead from './site/integrations/island-style-in-head.ts';
import widgetFiles from './site/integrations/widget-files.ts';
import { widgetSourceAlias } from './site/integrations/widget-source.ts';
import securityHeaders from './site/integrations/security-headers.ts';
import afterPaintDirective from './site/integrations/after-paint-directive.ts';
import buildManifestFile from './site/integrations/build-manifest.ts';
import { applyEnvFile, basePathFrom, siteUrlFrom } from './shared/config.ts';

// The one configuration (shared/config.ts): `.env` fills what the environment leaves unset, before
// anything reads a variable, so Vite's import.meta.env, the integrations and the server agree.
applyEnvFile();
const base = basePathFrom(process.env);

export default defineConfig({
  /** Public origin of the site: canonical URLs, Open Graph, the sitemap and the /widget snippet use it. */
  site: siteUrlFrom(process.env),
  /** Sub-path the site is served under (BASE_PATH), `/` by default. */
  base,
  srcDir: './site',
  publicDir: './public',
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'always' },
  // securityHeaders last: it hashes the inline scripts of the final pages.
  integrations: [
    react(),
    sitemap(),
    islandStyleInHead(),
    widgetFiles(),
    afterPaintDirective(),
    buildManifestFile(),
    securityHeaders(),
  ],
  // envDir false: Vite reads no .env file itself; shared/config.ts has put .env into process.env above.
  vite: { resolve: { alias: widgetSourceAlias }, envDir: false },
});

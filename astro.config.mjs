// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import islandStyleInHead from './site/integrations/island-style-in-head.ts';
import widgetFiles from './site/integrations/widget-files.ts';
import { widgetSourceAlias } from './site/integrations/widget-source.ts';

/** Public origin of the site: canonical URLs, Open Graph and the sitemap use it. */
const site = process.env.PUBLIC_SITE_URL || 'http://localhost:4321';

export default defineConfig({
  site,
  srcDir: './site',
  publicDir: './public',
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [react(), sitemap(), islandStyleInHead(), widgetFiles()],
  vite: { resolve: { alias: widgetSourceAlias } },
});

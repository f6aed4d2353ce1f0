// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import islandStyleInHead from './site/integrations/island-style-in-head.ts';
import widgetFiles from './site/integrations/widget-files.ts';
import { widgetSourceAlias } from './site/integrations/widget-source.ts';
import securityHeaders from './site/integrations/security-headers.ts';
import afterPaintDirective from './site/integrations/after-paint-directive.ts';

/** Public origin of the site: canonical URLs, Open Graph and the sitemap use it. */
const site = process.env.PUBLIC_SITE_URL || 'http://localhost:4321';

export default defineConfig({
  site,
  srcDir: './site',
  publicDir: './public',
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'always' },
  // securityHeaders last: it hashes the inline scripts of the final pages.
  integrations: [react(), sitemap(), islandStyleInHead(), widgetFiles(), afterPaintDirective(), securityHeaders()],
  vite: { resolve: { alias: widgetSourceAlias } },
});

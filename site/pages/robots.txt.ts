/**
 * robots.txt: everything may be crawled; points crawlers at the sitemap on this site's origin
 * (PUBLIC_SITE_URL), so it is generated rather than a static file in public/.
 */
import type { APIRoute } from 'astro';
import { withBase } from '../lib/base-path.ts';

/** Builds robots.txt at build time. */
export const GET: APIRoute = ({ site, url }) => {
  const sitemap = new URL(withBase('/sitemap-index.xml'), site ?? url.origin).href;
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};

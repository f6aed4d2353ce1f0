/**
 * Astro writes the islands' one-line stylesheet (`astro-island{display:contents}`) just before
 * the first island, i.e. inside <body>, where HTML does not permit <style>. This integration
 * moves that exact element into <head> of every built page after the build, so pages validate.
 * Nothing else in the HTML is touched.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { htmlFiles } from './html-files.ts';

/** The element Astro emits before the first island (see astro/dist/runtime/server/scripts.js). */
export const ISLAND_STYLE_ELEMENT = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/**
 * Returns the page with the island stylesheet moved from <body> to the end of <head>.
 * Pages without it, or that already have it in <head>, are returned unchanged.
 */
export function moveIslandStyleToHead(html: string): string {
  const headEnd = html.indexOf('</head>');
  const at = html.indexOf(ISLAND_STYLE_ELEMENT);
  if (headEnd < 0 || at < 0 || at < headEnd) return html;
  const without = html.slice(0, at) + html.slice(at + ISLAND_STYLE_ELEMENT.length);
  return without.slice(0, headEnd) + ISLAND_STYLE_ELEMENT + without.slice(headEnd);
}

/** The integration: rewrites built pages in `astro:build:done`. */
export default function islandStyleInHead(): AstroIntegration {
  return {
    name: 'island-style-in-head',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        let moved = 0;
        for (const file of await htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          const fixed = moveIslandStyleToHead(html);
          if (fixed !== html) {
            await writeFile(file, fixed);
            moved++;
          }
        }
        logger.info(`moved the island stylesheet into <head> on ${moved} page(s)`);
      },
    },
  };
}

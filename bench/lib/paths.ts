/**
 * Where things are, for the bench and the gates: the built site, the widget's script-tag build,
 * the guide sources, and the routes every gate must cover.
 */
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The built site (`npm run build`). */
export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
/** The widget package's build output. */
export const WIDGET_DIST = fileURLToPath(new URL('../../widget/dist/', import.meta.url));
/** The script-tag build (loader + chunks fetched next to it). */
export const WIDGET_CDN = fileURLToPath(new URL('../../widget/dist/cdn/', import.meta.url));
/** Guide sources: each `*.md` here is the page `/qa/<name>`. */
export const GUIDES_DIR = fileURLToPath(new URL('../../content/guides/', import.meta.url));
/** Where `npm run bench` writes its JSON and Markdown. */
export const RESULTS_DIR = fileURLToPath(new URL('../../bench/results/', import.meta.url));

/** Routes of the guides, from the Markdown files in content/guides/ (sorted). */
export function guideRoutes(): string[] {
  if (!existsSync(GUIDES_DIR)) return [];
  return readdirSync(GUIDES_DIR)
    .filter((n) => n.endsWith('.md') && !n.startsWith('_'))
    .map((n) => `/qa/${n.replace(/\.md$/, '')}`)
    .sort();
}

/** Every route a gate covers: the landing page, the guides' index, every guide, the widget page and the 404 page. */
export function requiredRoutes(): string[] {
  return ['/', '/qa', ...guideRoutes(), '/widget', '/404'];
}

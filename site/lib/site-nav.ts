/**
 * The site's own pages in the header and footer (beside the landing's section links), and which
 * of them the visitor is on. Pure and browser-safe: the header island and the static footer share it.
 */
import { withBase } from './base-path.ts';
import { GUIDES_BASE_PATH } from './guides.ts';
import { navCopy } from '../../content/ui.ts';

/** A page of the site in the navigation. */
export interface PageLink {
  /** Site-relative path below the base path, e.g. `/widget`. */
  readonly href: string;
  /** The link text. */
  readonly label: string;
}

/** The pages every header and footer links to, in order: the owner's page, then the guides' index. */
export function sitePages(): PageLink[] {
  return [
    { href: withBase('/widget'), label: navCopy.widget },
    { href: withBase(GUIDES_BASE_PATH), label: navCopy.guides },
  ];
}

/** A path without its trailing slashes (`/qa/` and `/qa` are one page; `/` stays `/`). */
function trimSlash(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

/**
 * The `aria-current` value of a link to `href` on the page at `currentPath`: `'page'` when the link
 * leads to this very page, `'true'` when this page lies below it (a guide, or the second page of the
 * guides' index, under "Guides"), `undefined` otherwise. The home page never contains the others.
 */
export function currentMark(href: string, currentPath: string): 'page' | 'true' | undefined {
  const link = trimSlash(href);
  const here = trimSlash(currentPath);
  if (link === here) return 'page';
  if (link !== '/' && here.startsWith(`${link}/`)) return 'true';
  return undefined;
}

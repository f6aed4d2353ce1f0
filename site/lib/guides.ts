/**
 * Guide collection helpers: the public path of a guide, the order guides are listed in, the few a
 * page links to (a bounded set, so no page grows with the number of guides), and the pages of the
 * guides' index.
 */
import type { GuideData } from './guide-schema.ts';
import { withBase } from './base-path.ts';

/** Where guide pages live: `/qa/<id>`; the index of every guide is `/qa` itself. */
export const GUIDES_BASE_PATH = '/qa';

/** How many guides a page links to at most (a guide's "More guides", the footer, the 404). */
export const RELATED_GUIDES_LIMIT = 6;

/** How many guides one page of the index lists; more go to `/qa/page/2` and on. */
export const GUIDES_PER_INDEX_PAGE = 24;

/** Public path of the guide with this collection id (its file name without `.md`), below the base path. */
export function guidePath(id: string): string {
  return withBase(`${GUIDES_BASE_PATH}/${id}`);
}

/** Public path of page `page` (1-based) of the guides' index: `/qa`, then `/qa/page/2`, … */
export function guideIndexPath(page: number): string {
  return withBase(page <= 1 ? GUIDES_BASE_PATH : `${GUIDES_BASE_PATH}/page/${page}`);
}

/** Minimal shape of a guide entry needed for sorting. */
export interface GuideLike {
  readonly id: string;
  readonly data: Pick<GuideData, 'order' | 'title'> & Partial<Pick<GuideData, 'updated'>>;
}

/** Guides in list order: by `order` (lowest first), then by title. Returns a new array. */
export function sortGuides<T extends GuideLike>(guides: readonly T[]): T[] {
  return [...guides].sort((a, b) => a.data.order - b.data.order || a.data.title.localeCompare(b.data.title, 'en'));
}

/**
 * The guides a page links to: the newest (by `updated`; equal dates in list order), without the
 * guide the page shows, at most `limit`. The schema has no topic or tag to match on, so "relevant"
 * is "most recently reviewed". Bounded, so a page's size does not grow with the collection.
 */
export function relatedGuides<T extends GuideLike>(
  guides: readonly T[],
  exceptId?: string,
  limit = RELATED_GUIDES_LIMIT,
): T[] {
  const time = (guide: T) => guide.data.updated?.getTime() ?? 0;
  return sortGuides(guides.filter((guide) => guide.id !== exceptId))
    .sort((a, b) => time(b) - time(a))
    .slice(0, limit);
}

/** One page of the guides' index. */
export interface GuideIndexPage<T> {
  /** 1-based number of this page. */
  readonly page: number;
  /** How many pages the index has (1 when there are no guides). */
  readonly pages: number;
  /** The guides on this page, in list order. */
  readonly items: readonly T[];
  /** This page's path; `prev` and `next` are the neighbours' (undefined at the ends). */
  readonly href: string;
  readonly prev?: string;
  readonly next?: string;
}

/**
 * The page numbers a page of the index links to: the first, the last, and `around` on each side of
 * `page`, in order, with `null` where numbers are left out (shown as "…"). Bounded (at most
 * 2 × around + 5 entries), so the index's pages do not grow with the number of pages either.
 */
export function pageNumbers(page: number, pages: number, around = 1): Array<number | null> {
  const shown = [...new Set([1, pages, ...Array.from({ length: 2 * around + 1 }, (_, i) => page - around + i)])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => {
    const gap = i > 0 ? n - shown[i - 1]! : 1;
    // One number left out is shown itself: "…" would be no shorter.
    return gap === 1 ? [n] : gap === 2 ? [n - 1, n] : [null, n];
  });
}

/** The guides, in list order, split into pages of `perPage` (at least one page, even when empty). */
export function guideIndexPages<T extends GuideLike>(
  guides: readonly T[],
  perPage = GUIDES_PER_INDEX_PAGE,
): GuideIndexPage<T>[] {
  if (!Number.isInteger(perPage) || perPage < 1)
    throw new Error(`guideIndexPages needs a whole number of guides per page, not ${perPage}.`);
  const sorted = sortGuides(guides);
  const pages = Math.max(1, Math.ceil(sorted.length / perPage));
  return Array.from({ length: pages }, (_, i) => ({
    page: i + 1,
    pages,
    items: sorted.slice(i * perPage, (i + 1) * perPage),
    href: guideIndexPath(i + 1),
    prev: i > 0 ? guideIndexPath(i) : undefined,
    next: i + 1 < pages ? guideIndexPath(i + 2) : undefined,
  }));
}

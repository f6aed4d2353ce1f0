/**
 * Guide collection helpers: the public path of a guide and the order guides are listed in.
 */
import type { GuideData } from './guide-schema.ts';
import { withBase } from './base-path.ts';

/** Where guide pages live: `/qa/<id>`. */
export const GUIDES_BASE_PATH = '/qa';

/** Public path of the guide with this collection id (its file name without `.md`), below the base path. */
export function guidePath(id: string): string {
  return withBase(`${GUIDES_BASE_PATH}/${id}`);
}

/** Minimal shape of a guide entry needed for sorting. */
export interface GuideLike {
  readonly id: string;
  readonly data: Pick<GuideData, 'order' | 'title'>;
}

/** Guides in list order: by `order` (lowest first), then by title. Returns a new array. */
export function sortGuides<T extends GuideLike>(guides: readonly T[]): T[] {
  return [...guides].sort((a, b) => a.data.order - b.data.order || a.data.title.localeCompare(b.data.title, 'en'));
}

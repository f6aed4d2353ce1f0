/**
 * Guide lists (site/lib/guides.ts): the bounded "related" set a page links to, and the pages of
 * the /qa index.
 */
import { describe, expect, it } from 'vitest';
import {
  GUIDES_PER_INDEX_PAGE,
  RELATED_GUIDES_LIMIT,
  guideIndexPages,
  guideIndexPath,
  pageNumbers,
  relatedGuides,
} from '../../../site/lib/guides.ts';

/** `n` guides g0…g(n-1), reviewed on consecutive days (g(n-1) the newest), all in list position 100. */
function guides(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `g${i}`,
    data: { order: 100, title: `Guide ${String(i).padStart(4, '0')}`, updated: new Date(Date.UTC(2026, 0, 1 + i)) },
  }));
}

describe('relatedGuides', () => {
  it("is the newest six, without the page's own guide, however many there are", () => {
    for (const n of [7, 50, 400]) {
      const related = relatedGuides(guides(n), `g${n - 1}`);
      expect(related.length, `${n} guides: bounded`).toBe(RELATED_GUIDES_LIMIT);
      expect(
        related.map((g) => g.id),
        `${n} guides: newest first, itself left out`,
      ).toEqual(Array.from({ length: 6 }, (_, i) => `g${n - 2 - i}`));
    }
    expect(RELATED_GUIDES_LIMIT, "the issue's bound").toBe(6);
  });

  it('takes what there is when there are fewer, and orders equal dates by list order', () => {
    expect(
      relatedGuides(guides(3)).map((g) => g.id),
      'three guides',
    ).toEqual(['g2', 'g1', 'g0']);
    const sameDay = [
      { id: 'b', data: { order: 2, title: 'B', updated: new Date('2026-01-01') } },
      { id: 'a', data: { order: 1, title: 'A', updated: new Date('2026-01-01') } },
      { id: 'c', data: { order: 0, title: 'C', updated: new Date('2026-02-01') } },
    ];
    expect(
      relatedGuides(sameDay).map((g) => g.id),
      'newest, then list order',
    ).toEqual(['c', 'a', 'b']);
    expect(
      relatedGuides(guides(10), undefined, 2).map((g) => g.id),
      'a smaller limit',
    ).toEqual(['g9', 'g8']);
  });
});

describe('guideIndexPages', () => {
  it("lists every guide once, in list order, a page's worth at a time, with neighbours", () => {
    const all = guides(GUIDES_PER_INDEX_PAGE * 2 + 5);
    const pages = guideIndexPages(all);
    expect(
      pages.map((p) => p.items.length),
      'page sizes',
    ).toEqual([24, 24, 5]);
    expect(
      pages.flatMap((p) => p.items.map((g) => g.id)),
      'every guide once, in list (title) order',
    ).toEqual(all.map((g) => g.id));
    expect(
      pages.map((p) => [p.page, p.pages, p.href, p.prev, p.next]),
      'paths',
    ).toEqual([
      [1, 3, '/qa', undefined, '/qa/page/2'],
      [2, 3, '/qa/page/2', '/qa', '/qa/page/3'],
      [3, 3, '/qa/page/3', '/qa/page/2', undefined],
    ]);
  });

  it("is one page up to a page's worth, and one empty page with no guides", () => {
    expect(guideIndexPages(guides(24)).length, '24 guides').toBe(1);
    expect(guideIndexPages(guides(25)).length, '25 guides').toBe(2);
    expect(
      guideIndexPages([]).map((p) => [p.items.length, p.pages, p.next]),
      'no guides',
    ).toEqual([[0, 1, undefined]]);
  });

  it('refuses a page size that is not a whole number above zero', () => {
    expect(() => guideIndexPages(guides(3), 0), 'zero').toThrow(/whole number of guides per page, not 0/);
    expect(() => guideIndexPages(guides(3), 2.5), 'fraction').toThrow(/not 2.5/);
  });

  it('names page 1 /qa and later pages /qa/page/N', () => {
    expect([guideIndexPath(1), guideIndexPath(2), guideIndexPath(10)]).toEqual(['/qa', '/qa/page/2', '/qa/page/10']);
  });
});

describe('pageNumbers', () => {
  it('shows the first, the last and the neighbours of the current page, with gaps', () => {
    expect(pageNumbers(1, 1), 'one page').toEqual([1]);
    expect(pageNumbers(1, 3), 'three pages').toEqual([1, 2, 3]);
    expect(pageNumbers(1, 13), 'first of 13').toEqual([1, 2, null, 13]);
    expect(pageNumbers(7, 13), 'middle of 13').toEqual([1, null, 6, 7, 8, null, 13]);
    expect(pageNumbers(13, 13), 'last of 13').toEqual([1, null, 12, 13]);
    expect(pageNumbers(3, 13), 'a single left-out number is shown, not "…"').toEqual([1, 2, 3, 4, null, 13]);
  });

  it('stays bounded however many pages there are', () => {
    for (const pages of [10, 100, 10_000]) {
      for (const page of [1, 2, Math.floor(pages / 2), pages]) {
        expect(pageNumbers(page, pages).length, `page ${page} of ${pages}`).toBeLessThanOrEqual(7);
      }
    }
  });
});

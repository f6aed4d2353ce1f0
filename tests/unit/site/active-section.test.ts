import { describe, expect, it } from 'vitest';
import {
  ACTIVE_SECTION_OFFSET_PX,
  HEADER_SOLID_AFTER_PX,
  NAVIGATOR_VISIBLE_AFTER_PX,
  activeSectionId,
  isHeaderSolid,
  isNavigatorVisible,
  type SectionPosition,
} from '../../../site/lib/active-section.ts';
import { landingSections } from '../../../content/landing.ts';

const sections: SectionPosition[] = [
  { id: 'hero', top: 0 },
  { id: 'roi-calculator', top: 800 },
  { id: 'features', top: 1600 },
  { id: 'contact', top: 2400 },
];
/** A tall page whose bottom is far away, so the bottom rule never applies. */
const at = (scrollY: number) => ({ scrollY, viewportHeight: 700, documentHeight: 10_000 });

describe('activeSectionId', () => {
  it('uses the spec offset of 100 px', () => {
    expect(ACTIVE_SECTION_OFFSET_PX, 'spec: section at scroll position + 100 px').toBe(100);
  });

  it('is the first section at the top of the page', () => {
    expect(activeSectionId(sections, at(0)), 'scrollY 0').toBe('hero');
  });

  it('switches exactly when a section top reaches scrollY + 100', () => {
    expect(activeSectionId(sections, at(699)), 'line at 799, one px above roi').toBe('hero');
    expect(activeSectionId(sections, at(700)), 'line at 800, roi top').toBe('roi-calculator');
    expect(activeSectionId(sections, at(1499)), 'line at 1599').toBe('roi-calculator');
    expect(activeSectionId(sections, at(1500)), 'line at 1600, features top').toBe('features');
  });

  it('walks through every section in order while scrolling down', () => {
    const seen: string[] = [];
    for (let y = 0; y <= 2400; y += 10) {
      const id = activeSectionId(sections, at(y));
      if (id && seen.at(-1) !== id) seen.push(id);
    }
    expect(seen, 'each section becomes active once, in page order').toEqual(sections.map((s) => s.id));
  });

  it('honours a custom offset', () => {
    expect(activeSectionId(sections, at(790), 0), 'offset 0: roi starts at 800').toBe('hero');
    expect(activeSectionId(sections, at(790), 10), 'offset 10: line at 800').toBe('roi-calculator');
  });

  it('is the first section when the page starts below the first section top', () => {
    const shifted = sections.map((s) => ({ ...s, top: s.top + 500 }));
    expect(activeSectionId(shifted, at(0)), 'line at 100 is above every section').toBe('hero');
  });

  it('is the last section once scrolled to the bottom, even if its top never reaches the line', () => {
    const metrics = { scrollY: 2000, viewportHeight: 700, documentHeight: 2700 };
    expect(activeSectionId(sections, metrics), 'bottom of page, line at 2100 < contact top 2400').toBe('contact');
    expect(
      activeSectionId(sections, { ...metrics, scrollY: 1999.4 }),
      'within 1 px of the bottom counts as the bottom (fractional scroll positions)',
    ).toBe('contact');
    expect(activeSectionId(sections, { ...metrics, scrollY: 1990 }), '10 px above the bottom').toBe('features');
  });

  it('ignores the bottom rule when the page does not scroll', () => {
    const metrics = { scrollY: 0, viewportHeight: 3000, documentHeight: 3000 };
    expect(activeSectionId(sections, metrics), 'short page: nothing to scroll').toBe('hero');
  });

  it('returns null for no sections', () => {
    expect(activeSectionId([], at(0)), 'empty list').toBeNull();
  });

  it('knows every landing section, in the order of the spec', () => {
    expect(
      landingSections.map((s) => s.id),
      'spec section order',
    ).toEqual([
      'hero',
      'roi-calculator',
      'features',
      'problem',
      'testimonials',
      'how-it-works',
      'guarantee',
      'contact',
    ]);
  });
});

describe('scroll thresholds', () => {
  it('turns the header solid only past 50 px', () => {
    expect(HEADER_SOLID_AFTER_PX, 'spec threshold').toBe(50);
    expect(isHeaderSolid(0), 'top of page').toBe(false);
    expect(isHeaderSolid(50), 'exactly 50 px is not past 50').toBe(false);
    expect(isHeaderSolid(51), 'past 50 px').toBe(true);
  });

  it('shows the navigator only past 300 px', () => {
    expect(NAVIGATOR_VISIBLE_AFTER_PX, 'spec threshold').toBe(300);
    expect(isNavigatorVisible(0), 'top of page').toBe(false);
    expect(isNavigatorVisible(300), 'exactly 300 px is not past 300').toBe(false);
    expect(isNavigatorVisible(301), 'past 300 px').toBe(true);
  });
});

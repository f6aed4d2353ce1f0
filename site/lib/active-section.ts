/**
 * Which landing section is "current" for a scroll position: the pure logic behind the section
 * navigator's active dot, kept free of the DOM so it can be unit tested.
 */

/** The header turns solid once the page is scrolled further than this many pixels. */
export const HEADER_SOLID_AFTER_PX = 50;

/** The section navigator appears once the page is scrolled further than this many pixels. */
export const NAVIGATOR_VISIBLE_AFTER_PX = 300;

/** The active section is the one under this point, measured down from the top of the viewport. */
export const ACTIVE_SECTION_OFFSET_PX = 100;

/** A section's id and where it starts, in document coordinates (px from the top of the page). */
export interface SectionPosition {
  /** The section element's id. */
  readonly id: string;
  /** Distance from the top of the document to the section's top edge. */
  readonly top: number;
}

/** The scroll state the active section depends on. */
export interface ScrollMetrics {
  /** Current vertical scroll position (`window.scrollY`). */
  readonly scrollY: number;
  /** Height of the viewport (`window.innerHeight`). */
  readonly viewportHeight: number;
  /** Full scrollable height of the document (`document.documentElement.scrollHeight`). */
  readonly documentHeight: number;
}

/**
 * Returns the id of the active section: the last section (in page order) whose top is at or above
 * `scrollY + offset`. Above the first section the first one is active. Once the page is scrolled
 * to the very bottom, the last section is active even if its top never reaches the offset line
 * (short final sections could otherwise never be highlighted).
 *
 * `sections` must be in page order. Returns null only when `sections` is empty.
 *
 * @param offset distance below the top of the viewport that decides the section. @default 100
 */
export function activeSectionId(
  sections: readonly SectionPosition[],
  metrics: ScrollMetrics,
  offset: number = ACTIVE_SECTION_OFFSET_PX,
): string | null {
  const first = sections[0];
  if (!first) return null;
  const last = sections[sections.length - 1] ?? first;
  const maxScroll = metrics.documentHeight - metrics.viewportHeight;
  // A 1px tolerance: browsers report fractional scroll positions at the bottom edge.
  if (maxScroll > 0 && metrics.scrollY >= maxScroll - 1) return last.id;
  const line = metrics.scrollY + offset;
  let active = first.id;
  for (const section of sections) {
    if (section.top <= line) active = section.id;
    else break;
  }
  return active;
}

/** Whether the header should be solid (white, blurred) at this scroll position. */
export function isHeaderSolid(scrollY: number): boolean {
  return scrollY > HEADER_SOLID_AFTER_PX;
}

/** Whether the section navigator should be shown at this scroll position. */
export function isNavigatorVisible(scrollY: number): boolean {
  return scrollY > NAVIGATOR_VISIBLE_AFTER_PX;
}

/**
 * Inline SVG icons (no fonts, no image requests, nothing a CSP must allow), drawn on a 24-unit grid
 * with round 2-unit strokes in `currentColor`, so they follow their button's text colour in every
 * theme and state. Decorative: every button carries a text or an `aria-label`, so icons are
 * `aria-hidden`. The loader ships the launcher's icons and the builder; the card brings its own
 * path data (`card-icons.ts`) and draws through the host, so nothing is downloaded twice.
 */

/** A handset; rotated 135° it is "hang up". */
const HANDSET =
  'M5 4h3.5l1.8 4.6-2.4 1.6a11 11 0 0 0 5.9 5.9l1.6-2.4 4.6 1.8V19a1.6 1.6 0 0 1-1.7 1.6A16 16 0 0 1 3.4 5.7 1.6 1.6 0 0 1 5 4z';

/** The launcher's icons (the card uses them too, through its host). */
export const LAUNCHER_ICONS = {
  phone: HANDSET,
  chat: 'M4 4.5h16v11.5H10l-6 4z',
  minimize: 'M6 9.5l6 6 6-6',
} as const;

/** The launcher's icon names. */
export type IconName = keyof typeof LAUNCHER_ICONS;

const SVG = 'http://www.w3.org/2000/svg';

/**
 * A new `<svg>` drawing `d` (path data, optionally transformed), hidden from assistive technology.
 * Its stroke (2 units, round, `currentColor`) comes from the launcher's stylesheet.
 */
export function svgIcon(d: string, transform?: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  const path = document.createElementNS(SVG, 'path');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  path.setAttribute('d', d);
  if (transform) path.setAttribute('transform', transform);
  svg.append(path);
  return svg;
}

/**
 * The widget's icons: inline SVG (no fonts, no image requests, nothing a CSP must allow), drawn on
 * a 24-unit grid with round 2-unit strokes in `currentColor`, so they follow the text colour of
 * their button in every theme and state. Decorative: every button carries a text or an
 * `aria-label`, so icons are `aria-hidden`. All of them ship in the loader (the launcher paints
 * three) and the card gets them through its host, so no icon is downloaded twice.
 */

const HANDSET = 'M5 4h3.5l1.8 4.6-2.4 1.6a11 11 0 0 0 5.9 5.9l1.6-2.4 4.6 1.8V19a1.6 1.6 0 0 1-1.7 1.6A16 16 0 0 1 3.4 5.7 1.6 1.6 0 0 1 5 4z';

/** Path data (and an optional transform) of each icon. */
const PATHS = {
  phone: [HANDSET],
  phoneDown: [HANDSET, 'rotate(135 12 12)'],
  chat: ['M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-5 4v-4.5A1.5 1.5 0 0 1 4 14.5z'],
  mic: ['M12 3a3 3 0 0 0-3 3v5a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21'],
  micOff: ['M12 3a3 3 0 0 0-3 3v5a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M3 3l18 18'],
  send: ['M20.5 3.5 3.5 10.6l7 2.9 2.9 7zM20.5 3.5l-10 10'],
  close: ['M6 6l12 12M18 6 6 18'],
  minimize: ['M6 9.5l6 6 6-6'],
  alert: ['M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7.5v6M12 16.5v.01'],
  stop: ['M8 8h8v8H8z'],
  wave: ['M5 10v4M9 7v10M13 4.5v15M17 8v8M21 11v2'],
} as const;

/** The icons there are. */
export type IconName = keyof typeof PATHS;

const SVG = 'http://www.w3.org/2000/svg';

/** A new `<svg>` of the named icon, hidden from assistive technology. */
export function icon(name: IconName): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  const path = document.createElementNS(SVG, 'path');
  const [d, transform] = PATHS[name] as readonly [string, string?];
  for (const [key, value] of Object.entries({
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
  })) {
    svg.setAttribute(key, value);
  }
  path.setAttribute('d', d);
  if (transform) path.setAttribute('transform', transform);
  svg.append(path);
  return svg;
}

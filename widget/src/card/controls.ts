/**
 * The card's building blocks: `add` (the host's element builder that appends), its icons (its own,
 * the launcher's, and the phone rotated to "hang up"), and buttons with a visible or hidden
 * label that is also their accessible name.
 */
import type { CardHost, LauncherIcons } from '../ports/card-port.ts';
import { CARD_ICONS, type CardIconName } from './icons.ts';

/** The icons a card draws: its own, the launcher's, and the phone rotated to "hang up". */
export type Glyph = CardIconName | keyof LauncherIcons | 'phoneDown';

/** Creates `<tag class part …attrs>` under `parent` and returns it. */
export type Add = <K extends keyof HTMLElementTagNameMap>(
  parent: Element,
  tag: K,
  className?: string,
  part?: string,
  attrs?: Record<string, string>,
) => HTMLElementTagNameMap[K];

/** What the card's parts build with. */
export interface Controls {
  add: Add;
  icon(glyph: Glyph): SVGSVGElement;
  /** A `<button class part>` with an optional icon and a label span (`setLabel`). */
  button(parent: Element, className: string, part: string, glyph?: Glyph): HTMLButtonElement;
  /** Swaps a button's icon (nothing when it already shows `glyph`). */
  setIcon(el: HTMLButtonElement, glyph: Glyph): void;
}

/** The building blocks over the host's `h` and `svgIcon`. */
export function controls(host: CardHost): Controls {
  const { h } = host;
  const add: Add = (parent, tag, className, part, attrs) => parent.appendChild(h(tag, className, part, attrs));
  const icon = (glyph: Glyph): SVGSVGElement =>
    glyph === 'phoneDown'
      ? host.svgIcon(host.icons.phone, 'rotate(135 12 12)')
      : host.svgIcon(
          glyph in CARD_ICONS ? CARD_ICONS[glyph as CardIconName] : host.icons[glyph as keyof LauncherIcons],
        );
  return {
    add,
    icon,
    button(parent, className, part, glyph) {
      const el = add(parent, 'button', className, part);
      if (glyph) el.append(icon(glyph));
      add(el, 'span', 'lb');
      return el;
    },
    setIcon(el, glyph) {
      if (el.dataset.icon === glyph) return;
      el.dataset.icon = glyph;
      el.querySelector('svg')?.replaceWith(icon(glyph));
    },
  };
}

/**
 * Names a button: its `aria-label` and its label span (written only when it changed). A button
 * that may show its icon alone (`ic`, or `hy` in hybrid mode) also gets the label as its tooltip.
 */
export function setLabel(el: HTMLButtonElement, label: string): void {
  el.setAttribute('aria-label', label);
  if (/\b(ic|hy)\b/.test(el.className)) el.title = label;
  const span = el.querySelector('.lb') as HTMLSpanElement;
  if (span.textContent !== label) span.textContent = label;
}

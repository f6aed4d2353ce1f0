/**
 * Thumbs on a finished reply of the assistant (`feedback="message"` or `"both"`): 'Helpful' and
 * 'Not helpful', real buttons in the log's order. Once one is chosen it stays pressed, both are
 * disabled and a short thanks is shown (each reply is rated once).
 */
import type { VoiceLabels } from '../../i18n/labels.ts';
import type { Controls } from '../controls.ts';
import { RICH_ICONS } from './icons.ts';

/** Adds the thumbs under `bubble`; `rate` is told 1 (up) or -1 (down). */
export function addThumbs(
  bubble: Element,
  { add, button }: Controls,
  svgIcon: (path: string, transform?: string) => SVGSVGElement,
  labels: VoiceLabels,
  rate: (rating: 1 | -1) => void,
): HTMLElement {
  const group = add(bubble, 'div', 'fb', 'feedback');
  const choices: [1 | -1, string, string | undefined][] = [
    [1, labels.feedbackUp, undefined],
    [-1, labels.feedbackDown, 'rotate(180 12 12)'],
  ];
  const buttons = choices.map(([rating, label, turn]) => {
    const thumb = button(group, 'ib', rating > 0 ? 'thumb-up' : 'thumb-down');
    thumb.prepend(svgIcon(RICH_ICONS.thumb, turn));
    thumb.setAttribute('aria-label', label);
    thumb.setAttribute('aria-pressed', 'false');
    thumb.addEventListener('click', () => {
      for (const other of buttons) other.disabled = true;
      thumb.setAttribute('aria-pressed', 'true');
      add(group, 'span', 'ty').textContent = labels.feedbackThanks;
      rate(rating);
    });
    return thumb;
  });
  return group;
}

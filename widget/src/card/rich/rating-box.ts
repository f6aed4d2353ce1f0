/**
 * The end-of-conversation question: "How was this conversation?", a 1–5 rating as a radio group
 * (native radios: arrow keys move, the screen reader says "3 of 5, radio, 3 of 5"), an optional
 * comment, 'Send' (once a rating is chosen) and 'Skip'.
 */
import type { VoiceLabels } from '../../i18n/labels.ts';
import { format } from '../../i18n/labels.ts';
import { setLabel, type Controls } from '../controls.ts';
import { FEEDBACK_COMMENT_MAX } from '../../conversation/feedback.ts';
import { RICH_ICONS } from './icons.ts';

/** What the box reports: a rating with its comment, or null when skipped. */
export type RatingAnswer = { rating: number; comment: string } | null;

/** The box and what it needs. */
export interface RatingBox {
  readonly el: HTMLElement;
  /** Writes the texts in the current language. */
  label(labels: VoiceLabels): void;
  /** Clears a previous answer (the caller decides where focus goes). */
  reset(): void;
}

/** Builds the (hidden) box under `parent`; `answer` is told the visitor's answer. */
export function ratingBox(
  parent: Element,
  { add, button }: Controls,
  svgIcon: (path: string) => SVGSVGElement,
  answer: (result: RatingAnswer) => void,
): RatingBox {
  const el = add(parent, 'section', 'box rt', 'rating', { 'aria-labelledby': 'rr' });
  el.hidden = true;
  const title = add(el, 'h3', 'bt', '', { id: 'rr' });
  const stars = add(el, 'div', 'st', '', { role: 'radiogroup', 'aria-labelledby': 'rr' });
  const radios = [1, 2, 3, 4, 5].map((n) => {
    const holder = add(stars, 'label');
    holder.append(svgIcon(RICH_ICONS.star));
    return add(holder, 'input', '', '', { type: 'radio', name: 'rating', value: String(n) });
  });
  const comment = add(el, 'textarea', 'in', 'rating-comment', { rows: '2', maxlength: String(FEEDBACK_COMMENT_MAX) });
  const row = add(el, 'div', 'row');
  const skip = button(row, 'sec', 'rating-skip');
  const send = button(row, 'pri', 'rating-send');
  const chosen = () => radios.find((radio) => radio.checked);
  const sync = () => {
    send.disabled = !chosen();
    const value = chosen()?.value ?? '0';
    stars.dataset.value = value;
  };
  stars.addEventListener('change', sync);
  skip.addEventListener('click', () => answer(null));
  send.addEventListener('click', () => {
    const radio = chosen();
    if (radio) answer({ rating: Number(radio.value), comment: comment.value });
  });
  sync();
  return {
    el,
    label(labels) {
      title.textContent = labels.rateTitle;
      radios.forEach((radio, i) => radio.setAttribute('aria-label', format(labels.rateOption, { n: i + 1 })));
      comment.setAttribute('aria-label', labels.rateComment);
      comment.placeholder = labels.rateComment;
      setLabel(skip, labels.rateSkip);
      setLabel(send, labels.rateSend);
    },
    reset() {
      for (const radio of radios) radio.checked = false;
      comment.value = '';
      sync();
    },
  };
}

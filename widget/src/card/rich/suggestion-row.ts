/**
 * A row of suggested replies: real buttons, one per option, in a `role="group"` named by the
 * labels. The row is one element the card moves where it belongs (the empty state for starters,
 * the end of the log for the assistant's `suggest_replies`); its buttons are rebuilt only when
 * the options change.
 */
import type { Add } from '../controls.ts';

/** The row and its drawing function. */
export interface SuggestionRow {
  readonly el: HTMLDivElement;
  /** Shows `options` (none: hidden) under `parent`, named `label`; a tap calls `pick` with the text. */
  show(parent: Element, options: readonly string[], label: string): void;
}

/** Makes the row; `pick` is told the chosen text. */
export function suggestionRow(add: Add, holder: Element, pick: (text: string) => void): SuggestionRow {
  const el = add(holder, 'div', 'sg', 'suggestions', { role: 'group' });
  let shown = '';
  el.addEventListener('click', (event) => {
    const chosen = (event.target as Element).closest('button');
    if (chosen) pick(chosen.textContent ?? '');
  });
  return {
    el,
    show(parent, options, label) {
      el.hidden = !options.length;
      if (!options.length) return;
      if (el.parentElement !== parent || el !== parent.lastElementChild) parent.append(el);
      el.setAttribute('aria-label', label);
      const key = options.join('\n');
      if (key === shown) return;
      shown = key;
      el.replaceChildren();
      for (const option of options) add(el, 'button', 'sec', 'suggestion').textContent = option;
    },
  };
}

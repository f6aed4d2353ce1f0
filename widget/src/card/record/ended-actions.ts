/**
 * The ended state's row of transcript actions (issue 38): Copy, Download .txt / .md, as buttons in
 * the card's `endedActions` slot. Drawn by the record file when a call ended; hidden while nothing
 * was heard. One row at 320 px: the downloads show their file type only (".txt", ".md") beside
 * "Copy transcript", and are named in full for screen readers and in their tooltip; the ended block
 * stays one block (issue 36), not a second stack of buttons.
 */
import type { CardHost } from '../../ports/card-port.ts';
import type { CardDom } from '../template.ts';
import type { RecordContext } from '../record-part.ts';
import { recordLabels, transcriptKit } from './transcript-actions.ts';

/** What the downloads show: their file type, the same in every language. */
const SHORT: Partial<Record<string, string>> = { downloadText: '.txt', downloadMarkdown: '.md' };

/** The row's handle: `render` draws its labels and whether it shows. */
export interface EndedActions {
  render(): void;
}

/** Builds the row into `dom.endedActions`. */
export function endedActions(host: CardHost, dom: CardDom, ctx: RecordContext): EndedActions {
  const kit = transcriptKit(host, dom, ctx);
  const row = dom.endedActions;
  const buttons = kit.actions().map((action) => {
    const el = row.appendChild(host.h('button', 'sec', `ended-${action.label}`, { type: 'button' }));
    el.addEventListener('click', action.run);
    return { action, el };
  });
  const render = () => {
    const t = recordLabels(ctx);
    for (const { action, el } of buttons) {
      const name = t[action.label];
      const shown = SHORT[action.label] ?? name;
      if (el.textContent !== shown) el.textContent = shown;
      if (shown === name) continue;
      if (el.getAttribute('aria-label') !== name) el.setAttribute('aria-label', name);
      el.title = name;
      // A file type reads left to right in a right-to-left card too (".txt", not "txt.").
      el.dir = 'ltr';
    }
    row.hidden = !kit.turns().length;
  };
  render();
  return { render };
}

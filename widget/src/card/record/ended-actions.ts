/**
 * The ended state's row of transcript actions (issue 38): Copy, Download .txt / .md, as buttons in
 * the card's `endedActions` slot. Drawn by the record file when a call ended; hidden while nothing
 * was heard.
 */
import type { CardHost } from '../../ports/card-port.ts';
import type { CardDom } from '../template.ts';
import type { RecordContext } from '../record-part.ts';
import { recordLabels, transcriptKit } from './transcript-actions.ts';

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
    for (const { action, el } of buttons) if (el.textContent !== t[action.label]) el.textContent = t[action.label];
    row.hidden = !kit.turns().length;
  };
  render();
  return { render };
}

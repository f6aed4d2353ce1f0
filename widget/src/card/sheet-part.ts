/**
 * The card's side of the phone's modal sheet (sheet.ts, its own file `voice-widget-sheet.js`):
 * asked for when the card is made or opened on a screen as narrow as the sheet's (`SHEET_MEDIA`),
 * so a wide screen never fetches it. Until it is in, the sheet is drawn as before, not modal; a
 * file that cannot be loaded is tried again at the next opening.
 */
import type { CardHost } from '../ports/card-port.ts';
import type { ModalSheet } from './sheet.ts';

/** sheet.ts's `SHEET_MEDIA`, copied so the card file does not carry the sheet's code. */
const NARROW = '(max-width: 480px)';

/** The modal sheet, loaded when first needed. */
export function lazySheet(host: CardHost, card: HTMLElement, render: () => void): ModalSheet {
  let sheet: ModalSheet | null = null;
  let loading: Promise<unknown> | null = null;
  const narrow = typeof matchMedia === 'function' ? matchMedia(NARROW) : null;
  const ask = () =>
    (loading ??= host.load('sheet').then(
      (module) => {
        // The card may be gone meanwhile (the element left the page).
        if (!card.isConnected) return;
        sheet = module.modalSheet(host, card);
        render();
      },
      () => (loading = null),
    ));
  if (narrow?.matches) void ask();
  return {
    update() {
      if (!sheet && !card.hidden && narrow?.matches) void ask();
      sheet?.update();
    },
    destroy: () => sheet?.destroy(),
  };
}

/**
 * The phone's bottom sheet as a modal dialog (issue 36, item 8). While the open card is the sheet
 * (a floating widget at most 480 px wide: shell.css draws it over a dimmed backdrop), the card is
 * `aria-modal`, the page behind it is `inert` (every sibling on the way from the element up to
 * `<body>`, so neither Tab nor a screen reader reaches it) and Tab cycles inside the card. Escape
 * collapses it (listeners.ts) and focus goes back to the launcher (index.ts). Wider, the card is a
 * panel beside the page and nothing of the page is touched. Its own file (`voice-widget-sheet.js`),
 * loaded by the card on a screen that narrow (index.ts), so wider screens never fetch it.
 */
import type { CardHost } from '../ports/card-port.ts';

/** What the sheet file exports. */
export interface SheetModule {
  modalSheet: typeof modalSheet;
}

declare module '../ports/manifest.ts' {
  interface WidgetModules {
    /** The phone's sheet as a modal dialog, loaded by the card on a narrow screen. */
    sheet: SheetModule;
  }
}

/** Where the open card is the phone's sheet; the same width as shell.css's backdrop (index.ts has a copy). */
export const SHEET_MEDIA = '(max-width: 480px)';

/** What Tab can reach inside the card. */
const FOCUSABLE = 'button,input,select,textarea,a[href],[tabindex="0"]';

/** The modal sheet of one card. */
export interface ModalSheet {
  /** Follows the card's state after a drawing: modal (page inert) or not. */
  update(): void;
  /** Gives the page back and stops listening. */
  destroy(): void;
}

/** Makes the card's modal sheet behaviour. */
export function modalSheet(host: CardHost, card: HTMLElement): ModalSheet {
  const media = typeof matchMedia === 'function' ? matchMedia(SHEET_MEDIA) : null;
  /** What this card made inert (the page's own `inert` elements are left alone). */
  let inerted: Element[] = [];
  const modal = () => !card.hidden && host.isOpen() && !!media?.matches && host.container.dataset.position !== 'inline';

  const release = () => {
    for (const el of inerted) el.removeAttribute('inert');
    inerted = [];
  };
  const hold = () => {
    const body = host.element.ownerDocument.body;
    for (let node: Element = host.element; node !== body && node.parentElement; node = node.parentElement) {
      for (const sibling of node.parentElement.children) {
        if (sibling === node || sibling.hasAttribute('inert') || /^(SCRIPT|STYLE|LINK)$/.test(sibling.tagName))
          continue;
        sibling.setAttribute('inert', '');
        inerted.push(sibling);
      }
    }
  };
  const update = () => {
    const now = modal();
    if (now === card.hasAttribute('aria-modal')) return;
    if (now) {
      card.setAttribute('aria-modal', 'true');
      hold();
    } else {
      card.removeAttribute('aria-modal');
      release();
    }
  };

  // Tab and Shift+Tab wrap around inside the sheet (the page is inert, but the browser's own UI is not).
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !card.hasAttribute('aria-modal')) return;
    const reachable = [...card.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0,
    );
    const first = reachable[0];
    const last = reachable.at(-1);
    const focused = (card.getRootNode() as ShadowRoot).activeElement;
    const wrap = event.shiftKey ? focused === first || focused === card : focused === last;
    if (!first || !last || !wrap) return;
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  };
  card.addEventListener('keydown', onKey);
  // A phone turned sideways (or a window resized) past the sheet's width: modal or not again.
  media?.addEventListener('change', update);

  return {
    update,
    destroy() {
      card.removeEventListener('keydown', onKey);
      media?.removeEventListener('change', update);
      release();
      card.removeAttribute('aria-modal');
    },
  };
}

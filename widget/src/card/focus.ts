/**
 * Where focus goes in the card: after opening or consent, the message field (the card itself in
 * voice mode); and when the focused control disappears (Cancel once connected, Hang Up once
 * ended), the next sensible one.
 */
import type { CardHost } from '../ports/card-port.ts';
import type { CardDom } from './template.ts';

/** The card's focus moves. */
export interface CardFocus {
  /** Focus for after opening or consent: the message field, else the card itself. */
  main(): void;
  /**
   * After a drawing: when `previous` (focused before it) is gone, focus the next sensible
   * control; with none yet (the call is ending) the card holds focus until one appears.
   */
  keep(previous: Element | null): void;
}

/** Makes the card's focus moves. */
export function cardFocus(host: CardHost, dom: CardDom): CardFocus {
  const { card } = dom;
  let stray = false;
  return {
    main: () => (host.mode() === 'voice' ? card : dom.input).focus(),
    keep(previous) {
      const gone = (el: Element) => !el.isConnected || !!el.closest('[hidden]') || (el as HTMLButtonElement).disabled;
      // A closed card: the element gives focus back to the launcher.
      if (card.hidden || !previous || !card.contains(previous)) return;
      if (previous !== card) stray = false;
      if (!gone(previous) && !(stray && previous === card)) return;
      const next = [dom.retry, dom.callAgain, dom.call, dom.input, dom.mute, dom.hangUp, dom.cancel].find(
        (el) => !gone(el),
      );
      stray = !next;
      (next ?? card).focus();
    },
  };
}

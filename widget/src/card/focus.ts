/**
 * Where focus goes in the card: after opening or consent, the message field (the card itself in
 * voice mode); when the focused control disappears (Cancel once connected, Hang Up once
 * ended), the next sensible one; and when the page gives focus back to the element (its modal
 * closing), where it was in the card, or what took that control's place.
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
  /**
   * Focus given back to the card (a page's modal that opened from it closed): the control focused
   * last, else what took its place beside it (a focusable status, e.g. "passed on" where the
   * hand-over button was), else where opening puts it.
   */
  back(): void;
}

/** Makes the card's focus moves. */
export function cardFocus(host: CardHost, dom: CardDom): CardFocus {
  const { card } = dom;
  let stray = false;
  /** The last control focused in the card. */
  let last: HTMLElement | null = null;
  card.addEventListener('focusin', (event) => (last = event.target as HTMLElement));
  const gone = (el: Element) => !el.isConnected || !!el.closest('[hidden]') || (el as HTMLButtonElement).disabled;
  const main = () => (host.mode() === 'voice' ? card : dom.input).focus();
  return {
    main,
    keep(previous) {
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
    back() {
      if (last && !gone(last)) return last.focus();
      const instead = last?.parentElement?.querySelector<HTMLElement>(':scope>[tabindex="-1"]:not([hidden])');
      (instead ?? { focus: main }).focus();
    },
  };
}

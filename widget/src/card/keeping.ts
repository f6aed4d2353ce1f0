/**
 * Loads the card's side of `persist` (keep.ts, its own file) when it is needed: at once when an
 * earlier page kept something, else once there is something to keep. Not loaded (offline,
 * blocked): this conversation is not kept, and it goes on here.
 */
import type { CardHost } from '../chunks/card-port.ts';
import { keptAny } from '../conversation/continuity-store.ts';
import type { ConversationController } from '../conversation/controller.ts';
import type { CardKeep } from './keep.ts';

/** The kept conversation, once loaded. */
export interface Keeping {
  /** The loaded keeper, or `null` (not loaded yet, or `persist` off). */
  readonly keep: CardKeep | null;
  /** Loads the keeper if `persist` is on (once). */
  start(): void;
}

/** Makes the keeping of a card; `changed` re-renders the card, `card` is its node. */
export function keeping(host: CardHost, controller: ConversationController, changed: () => void, card: HTMLElement): Keeping {
  const persist = host.element.getAttribute('persist');
  let loading = false;
  let keep: CardKeep | null = null;
  const state: Keeping = {
    get keep() {
      return keep;
    },
    start() {
      if (loading || persist === null || persist.trim() === 'false') return;
      loading = true;
      host.load('keep').then(
        (module) => {
          if (card.isConnected) keep = module.keepConversation(host, controller, changed);
        },
        () => {
          // Not loaded: this conversation is not kept (it goes on here).
        },
      );
    },
  };
  if (keptAny(() => sessionStorage)) state.start();
  return state;
}

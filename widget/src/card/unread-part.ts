/**
 * The card's side of the unread badge (unread-badge.ts, its own file `voice-widget-unread.js`):
 * the count stays here (conversation/unread.ts, so answers that arrive before the file count),
 * and the file is asked for with the first unread answer; until it is in, nothing is drawn. A
 * file that cannot be loaded is tried again with the next drawing that has something unread.
 */
import type { CardHost } from '../ports/card-port.ts';
import { UnreadCounter } from '../conversation/unread.ts';
import type { Controls } from './controls.ts';
import type { CardFrame } from './frame.ts';
import type { UnreadBadge } from './unread-badge.ts';

/** The badge as the card draws it: with each frame, removed with the card. */
export interface UnreadPart {
  render(frame: CardFrame): void;
  destroy(): void;
}

/** Counts the answers that arrive while the card is closed; loads the badge for the first. */
export function unreadPart(host: CardHost, kit: Controls, render: () => void): UnreadPart {
  const counter = new UnreadCounter();
  let badge: UnreadBadge | null = null;
  let loading: Promise<unknown> | null = null;
  let gone = false;
  return {
    render({ view, labels }) {
      const count = counter.update(view.conversation, host.isOpen());
      if (badge) badge.render(count, labels);
      else if (count)
        loading ??= host.load('unread').then(
          (module) => {
            // The card may be gone meanwhile (the element left the page).
            if (gone) return;
            badge = module.unreadBadge(host, kit);
            render();
          },
          () => (loading = null),
        );
    },
    destroy() {
      gone = true;
      badge?.destroy();
    },
  };
}

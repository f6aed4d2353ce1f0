/**
 * The unread badge on the closed launcher: how many answers of the assistant arrived while the
 * card was closed (conversation/unread.ts counts them), cleared when the card opens. The number
 * is drawn on the launcher's corner (hidden from screen readers) and said in words through the
 * launcher's description (`aria-describedby`), so its name stays the element's.
 */
import type { CardHost } from '../ports/card-port.ts';
import { UnreadCounter } from '../conversation/unread.ts';
import { plural } from '../i18n/labels.ts';
import type { Controls } from './controls.ts';
import type { CardFrame } from './frame.ts';

/** The badge: drawn with each frame, removed with the card. */
export interface UnreadBadge {
  render(frame: CardFrame): void;
  destroy(): void;
}

/** Builds the badge into the launcher. */
export function unreadBadge(host: CardHost, { add }: Controls): UnreadBadge {
  const counter = new UnreadCounter();
  const badge = add(host.launcher, 'span', 'ub', 'unread', { 'aria-hidden': 'true' });
  // A description outside the button (ids resolve in the shadow root).
  const words = add(host.container, 'span', 'sr', '', { id: 'ub' });
  host.launcher.setAttribute('aria-describedby', 'ub');
  return {
    render({ view, labels }) {
      const count = counter.update(view.conversation, host.isOpen());
      badge.hidden = !count;
      badge.textContent = count > 9 ? '9+' : String(count);
      // 1 new answer, 2 new answers: the language's own plural rules (its `lang`).
      words.textContent = count ? plural(labels.unread, count, host.container.lang) : '';
    },
    destroy() {
      badge.remove();
      words.remove();
      host.launcher.removeAttribute('aria-describedby');
    },
  };
}

/**
 * The unread badge on the closed launcher, its own file (`voice-widget-unread.js`): loaded by the
 * card (unread-part.ts) when the first answer arrives while the card is closed, never on the
 * click's first frame (the card is open then: nothing to show). The number is drawn on the
 * launcher's corner (hidden from screen readers) and said in words through the launcher's
 * description (`aria-describedby`), so its name stays the element's.
 */
import type { CardHost } from '../ports/card-port.ts';
import { plural, type VoiceLabels } from '../i18n/labels.ts';
import type { Controls } from './controls.ts';
import UNREAD_CSS from './styles/unread.css?raw';

/** What the unread file exports. */
export interface UnreadModule {
  unreadBadge: typeof unreadBadge;
}

declare module '../ports/manifest.ts' {
  interface WidgetModules {
    /** The unread badge on the closed launcher, loaded by the card with the first unread answer. */
    unread: UnreadModule;
  }
}

/** The badge: drawn with each frame, removed with the card. */
export interface UnreadBadge {
  /** Shows `count` unread answers (none: hidden). */
  render(count: number, labels: VoiceLabels): void;
  destroy(): void;
}

/** Builds the badge into the launcher (and its stylesheet into the shadow root). */
export function unreadBadge(host: CardHost, { add }: Controls): UnreadBadge {
  host.style(UNREAD_CSS);
  const badge = add(host.launcher, 'span', 'ub', 'unread', { 'aria-hidden': 'true' });
  // A description outside the button (ids resolve in the shadow root).
  const words = add(host.container, 'span', 'sr', '', { id: 'ub' });
  host.launcher.setAttribute('aria-describedby', 'ub');
  return {
    render(count, labels) {
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

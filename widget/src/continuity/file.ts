/**
 * The card's side of `persist` (issue 22): when the element's `persist` is on, the card keeps its
 * conversation for the tab through `ConversationContinuity` and gives back what an earlier page
 * kept (the turns, the chat session, a call to rejoin). Off, or where Web Crypto is missing
 * (pages over plain http), nothing is kept. The entry is scoped to the key, the API URL and the
 * target's id (store.ts), never to the page, so every page of the site finds it.
 */
import type { CardHost } from '../ports/card-port.ts';
import { canPlayAudio, ConversationContinuity, type ContinuityPort, type RestoreState } from './continuity.ts';
import { pageContextOf } from '../conversation/page-context.ts';
import { conversationKeyOf } from './in-card.ts';

/** What the card asks of the kept conversation. */
export interface CardKeep {
  /** Where a kept call stands ('resume': show 'Resume call'; 'gone' / 'elsewhere': say so). */
  state(): RestoreState;
  /** The 'Resume call' tap. */
  resume(): void;
  /** The visitor hangs up: nothing of the call is kept. */
  hangUp(): void;
  /** Consent declined: everything kept is removed, nothing more kept. */
  forget(): void;
  destroy(): void;
}

/** What the keep file exports. */
export interface KeepModule {
  keepConversation: typeof keepConversation;
}

declare module '../ports/manifest.ts' {
  interface WidgetModules {
    /** Keeps the conversation for the tab, loaded by a `persist` card. */
    keep: KeepModule;
  }
}

/**
 * Starts keeping the card's conversation when `persist` is on; `changed` re-renders the card;
 * `watching` is called once the conversation is watched here (or nothing can be kept), so what
 * kept it until now stops (in-card.ts's `keepUntilLoaded`).
 */
export function keepConversation(
  host: CardHost,
  conversation: ContinuityPort,
  changed: () => void,
  watching: () => void = () => {},
): CardKeep {
  const { element } = host;
  const persist = element.getAttribute('persist');
  let continuity: ConversationContinuity | null = null;
  let destroyed = false;
  if (persist !== null && persist.trim() !== 'false') {
    conversationKeyOf(element)
      .then((key) => {
        if (destroyed || !key) return watching();
        continuity = new ConversationContinuity(conversation, {
          storage: () => sessionStorage,
          key,
          page: pageContextOf(location, document.title),
          audioAllowed: canPlayAudio,
          // Hidden comes before the page is left (and before the engine's own page-hide handler
          // leaves the call); a page left without being hidden first still gets `pagehide`.
          onPageHide: (handler) => {
            const visibility = () => handler(document.visibilityState === 'hidden');
            const hide = () => handler(true);
            document.addEventListener('visibilitychange', visibility);
            addEventListener('pagehide', hide, true);
            return () => {
              document.removeEventListener('visibilitychange', visibility);
              removeEventListener('pagehide', hide, true);
            };
          },
          onChange: changed,
          // The card opens to show the call it rejoins (the element's own `open()`).
          onKeptCall: () => (element as HTMLElement & { open(): void }).open(),
        });
        watching();
        return continuity.restore();
      })
      .catch(() => {
        // A digest or storage that fails: the conversation is simply not kept.
        watching();
      });
  }
  return {
    state: () => continuity?.state ?? 'none',
    resume: () => void continuity?.resume(),
    hangUp: () => continuity?.hangUp(),
    forget: () => continuity?.forget(),
    destroy() {
      destroyed = true;
      continuity?.destroy();
    },
  };
}

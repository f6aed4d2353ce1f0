/**
 * Loads the card's side of `persist` (keep.ts, its own file) when it is needed: at once when an
 * earlier page kept something, else once there is something to keep. Not loaded (offline,
 * blocked): this conversation is not kept, and it goes on here.
 *
 * Until keep.ts runs, a page that is left still hands its conversation on (`keepUntilLoaded`):
 * the keep file is fetched at low priority and then works out the entry's name (a digest), so a
 * visitor who follows a link soon after the call started — or a loaded machine — left before it
 * ran, kept nothing, and the next page did not rejoin the call.
 */
import type { CardHost } from '../ports/card-port.ts';
import type { ContinuityPort } from './continuity.ts';
import { conversationKey, keptAny, savedCallOf, writeConversation } from './store.ts';
import type { ConversationController } from '../conversation/controller.ts';
import { entryOf } from './entry.ts';
import { elementTarget } from '../conversation/element-start.ts';
import { pageContextOf } from '../conversation/page-context.ts';
import type { CardKeep } from './file.ts';

/** The kept conversation, once loaded. */
export interface Keeping {
  /** The loaded keeper, or `null` (not loaded yet, or `persist` off). */
  readonly keep: CardKeep | null;
  /** Loads the keeper if `persist` is on (once). */
  start(): void;
}

/** The entry's name for the element's key, API URL and target; `null` when nothing can be kept (no digest, unreadable overrides). */
export async function conversationKeyOf(element: HTMLElement): Promise<string | null> {
  const attr = (name: string) => element.getAttribute(name)?.trim() ?? '';
  let target;
  try {
    target = elementTarget(element);
  } catch {
    // Overrides that cannot be read: the card says so at the first call; nothing is kept.
    return null;
  }
  return conversationKey(attr('public-key'), attr('api-base-url'), target);
}

/**
 * Until the keep file runs: at `pagehide` (captured, so before the engine's own handler leaves
 * the call) writes what keep.ts would write when the page is left — the turns, the chat session
 * and the running call; after a call ended on this page, nothing (as keep.ts). Returns its
 * remover (keep.ts takes over).
 */
export function keepUntilLoaded(
  element: HTMLElement,
  conversation: Omit<ContinuityPort, 'restore' | 'rejoin' | 'addMessage'>,
  storage: () => Storage,
): () => void {
  let key: string | null = null;
  let phase = conversation.getSnapshot().phase;
  let ended = false;
  conversationKeyOf(element).then(
    (name) => (key = name),
    () => {},
  );
  const off = conversation.subscribe(() => {
    const was = phase;
    phase = conversation.getSnapshot().phase;
    if (phase === 'starting') ended = false;
    else if (phase === 'idle' && was !== 'idle') ended = true;
  });
  const left = () => {
    const live = conversation.liveCall();
    const now = Date.now();
    const entry = entryOf(
      conversation,
      live ? savedCallOf(live.webCall, live.connectedAt, now) : undefined,
      true,
      pageContextOf(location, document.title).pagePath,
      now,
    );
    if (key && entry && !ended && element.isConnected) writeConversation(storage, key, entry);
  };
  addEventListener('pagehide', left, true);
  return () => {
    off();
    removeEventListener('pagehide', left, true);
  };
}

/** Makes the keeping of a card; `changed` re-renders the card, `card` is its node. */
export function keeping(
  host: CardHost,
  controller: ConversationController,
  changed: () => void,
  card: HTMLElement,
): Keeping {
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
      const early = keepUntilLoaded(host.element, controller, () => sessionStorage);
      host.load('keep').then(
        (module) => {
          if (card.isConnected) keep = module.keepConversation(host, controller, changed, early);
          else early();
        },
        () => {
          // Not loaded: this conversation is not kept beyond what `early` hands on (it goes on here).
        },
      );
    },
  };
  if (keptAny(() => sessionStorage)) state.start();
  // Fetched now, at low priority (the card mounts on intent or in idle time): the click's call
  // then keeps its conversation without a download beside POST /call/web and the call machine.
  else if (persist !== null && persist.trim() !== 'false') host.load('keep', true).catch(() => {});
  return state;
}

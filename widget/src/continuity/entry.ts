/**
 * The entry a page writes for the next one (store.ts): what the keep file writes
 * (continuity.ts) and what the card writes when the page is left before that file runs
 * (in-card.ts). Its own module: the loader, which reads the store, does not carry it.
 */
import type { SavedCall, SavedConversation } from './store.ts';

/** What a page keeps of its conversation (the controller's side, as continuity.ts's port). */
export interface KeptSource {
  getSnapshot(): {
    readonly conversation: readonly {
      readonly role: 'user' | 'assistant';
      readonly text: string;
      readonly via: 'voice' | 'text';
      readonly at?: number;
    }[];
  };
  sessionId(): string | null;
}

/**
 * The entry a page writes: the turns with text, the chat's session id and, when the page is
 * being left (`leaving`), the running `call`. `null` when there is nothing to keep.
 */
export function entryOf(
  source: KeptSource,
  call: SavedCall | undefined,
  leaving: boolean,
  page: string,
  now: number,
): Omit<SavedConversation, 'v'> | null {
  const turns = source
    .getSnapshot()
    .conversation.filter((turn) => turn.text)
    .map(({ role, text, via, at }) => ({ role, text, via, at })); // `at` 0 or absent: read back without
  const sessionId = source.sessionId();
  if (!turns.length && !sessionId && !call) return null;
  return { updatedAt: now, turns, ...(sessionId && { sessionId }), ...(call && leaving && { call }), page };
}

/**
 * What was typed goes into the call: when a voice call starts after a chat (hybrid mode), the
 * conversation so far is added to the call as the platform's `add-message` turns, each with
 * `triggerResponseEnabled: false`, so the assistant knows it without answering it.
 *
 * Why not a field of `POST /call/web`: the platform documents `sessionId` / `previousChatId`
 * for `POST /chat` only; the web call has none, and overriding `model.messages` would replace
 * the saved assistant's own messages (its system prompt) and require restating its model.
 */
import type { ConversationMessage } from '../core/messages.ts';

/** At most this many of the latest turns are handed to the call. */
export const HANDOFF_TURN_LIMIT = 40;

/** A turn as the handoff reads it. */
export interface HandoffTurn {
  readonly role: 'user' | 'assistant';
  readonly text: string;
}

/** The `add-message` messages for the turns before the call (empty text skipped), oldest first. */
export function chatTurnsForCall(turns: readonly HandoffTurn[]): ConversationMessage[] {
  return turns
    .filter((turn) => turn.text.trim())
    .slice(-HANDOFF_TURN_LIMIT)
    .map((turn) => ({ role: turn.role, content: turn.text }));
}

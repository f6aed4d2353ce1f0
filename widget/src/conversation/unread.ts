/**
 * The unread badge's count: the assistant's answers that arrived while the card was closed. Pure:
 * fed the conversation and whether the card is open at each view change; opening clears it.
 */
import type { Turn } from './view.ts';

/** Counts the assistant's finished answers while the card is closed. */
export class UnreadCounter {
  /** Finished assistant turns the visitor has seen (the card was open when they arrived). */
  #seen = 0;
  /** How many there are now. */
  count = 0;

  /**
   * Takes the conversation and whether the card is open; returns the count. A turn counts once
   * its text is final (a streaming answer counts when it is done), a cleared conversation resets.
   */
  update(conversation: readonly Turn[], open: boolean): number {
    const answers = conversation.filter((turn) => turn.role === 'assistant' && turn.text && !turn.partial).length;
    if (open || answers < this.#seen) this.#seen = answers;
    this.count = answers - this.#seen;
    return this.count;
  }
}

/**
 * The hand-over to a person (issue 26, item 4): what `ringwise-handoff` carries, and ending a
 * call politely (a chat handed to a call is chat-into-call.ts).
 */
import type { CallView, Turn } from './view.ts';

/** One turn as the hand-over reports it: who, what, and when it began (epoch ms). */
export interface HandOverTurn {
  readonly role: Turn['role'];
  readonly text: string;
  readonly at: number;
}

/** How the page's hand-over ended: the visitor sent it to a person, or closed the form unsent. */
export type HandOverOutcome = 'sent' | 'cancelled';

/** The `ringwise-handoff` event's detail. */
export interface HandOverDetail {
  readonly turns: readonly HandOverTurn[];
  /** The call, when one ran. */
  readonly callId?: string;
  /** The chat session, when there was one. */
  readonly sessionId?: string;
  /**
   * The page's answer, called while the event is dispatched: the outcome, or a promise of it
   * (e.g. resolved when its contact form was sent or closed). The card says "passed on" (and a
   * call ends after the assistant's last words) only once it is `'sent'`; `'cancelled'` gives the
   * card back as it was, with its hand-over button. Unanswered, the event itself is the hand-over.
   */
  readonly respondWith: (outcome: HandOverOutcome | PromiseLike<HandOverOutcome>) => void;
}

/**
 * Reads the page's answer to a hand-over: `respond` goes into the event's detail; after the
 * dispatch, `outcome()` is the answer (`'sent'` at once when nobody answered: the event was the
 * hand-over). A second answer is ignored; an answer that is not an outcome, or a rejected
 * promise, counts as `'cancelled'` (nothing is claimed that was not confirmed).
 */
export function handOverAnswer(): {
  respond: HandOverDetail['respondWith'];
  outcome(): Promise<HandOverOutcome>;
} {
  let answer: Promise<HandOverOutcome> | null = null;
  return {
    respond(outcome) {
      answer ??= Promise.resolve(outcome).then(
        (value) => (value === 'sent' ? 'sent' : 'cancelled'),
        () => 'cancelled' as const,
      );
    },
    outcome: () => answer ?? Promise.resolve('sent'),
  };
}

/**
 * The detail for `turns` (what is still being said counts: the visitor may ask mid-sentence;
 * empty turns are left out). `at` gives each turn's start time; unknown ones get `now`.
 */
export function handOverDetail(
  turns: readonly Turn[],
  at: (turn: Turn) => number | undefined,
  ids: { callId?: string | null; sessionId?: string | null },
  respondWith: HandOverDetail['respondWith'],
  now = Date.now(),
): HandOverDetail {
  const said = turns.flatMap((turn) => {
    const text = [turn.text, turn.partial].filter(Boolean).join(' ').trim();
    return text ? [{ role: turn.role, text, at: at(turn) ?? now }] : [];
  });
  return {
    turns: said,
    ...(ids.callId && { callId: ids.callId }),
    ...(ids.sessionId && { sessionId: ids.sessionId }),
    respondWith,
  };
}

/** What `endPolitely` needs of the conversation. */
export interface PoliteEndPort {
  getSnapshot(): CallView;
  subscribe(listener: () => void): () => void;
  stop(): void;
}

/**
 * Hangs up once the assistant has finished speaking (at once when it is silent), so its last
 * words are not cut off. Does nothing without a live call. Returns a function that cancels it.
 */
export function endPolitely(port: PoliteEndPort): () => void {
  const live = () => ['active', 'reconnecting'].includes(port.getSnapshot().phase);
  if (!live()) return () => {};
  let off: (() => void) | null = null;
  const check = () => {
    if (!live()) return off?.();
    if (port.getSnapshot().speaking) return;
    off?.();
    off = null;
    port.stop();
  };
  off = port.subscribe(check);
  check();
  return () => off?.();
}

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

/** The `ringwise-handoff` event's detail. */
export interface HandOverDetail {
  readonly turns: readonly HandOverTurn[];
  /** The call, when one ran. */
  readonly callId?: string;
  /** The chat session, when there was one. */
  readonly sessionId?: string;
}

/**
 * The detail for `turns` (what is still being said counts: the visitor may ask mid-sentence;
 * empty turns are left out). `at` gives each turn's start time; unknown ones get `now`.
 */
export function handOverDetail(
  turns: readonly Turn[],
  at: (turn: Turn) => number | undefined,
  ids: { callId?: string | null; sessionId?: string | null },
  now = Date.now(),
): HandOverDetail {
  const said = turns.flatMap((turn) => {
    const text = [turn.text, turn.partial].filter(Boolean).join(' ').trim();
    return text ? [{ role: turn.role, text, at: at(turn) ?? now }] : [];
  });
  return { turns: said, ...(ids.callId && { callId: ids.callId }), ...(ids.sessionId && { sessionId: ids.sessionId }) };
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

/**
 * Pure reducers of the conversation's turns: voice transcripts (partial replaced by final, one
 * speaker's sentences joined), the streamed chat reply, the limit on kept turns.
 */
import type { VoiceMessage } from '../core/types.ts';
import type { Turn } from './view.ts';

/** Older turns are dropped beyond this many (whole turns, so nothing starts mid-sentence). */
export const TURN_LIMIT = 200;

/** `turns` with `added` at the end, the oldest dropped beyond `TURN_LIMIT`. */
export function appendTurns(turns: readonly Turn[], added: readonly Turn[]): Turn[] {
  return [...turns, ...added].slice(-TURN_LIMIT);
}

/** `a` and `b` joined by a space (either may be empty). */
export function joinText(a: string, b: string): string {
  return a && b ? `${a} ${b}` : a || b;
}

/** A transcript's change to the turns (see `transcriptChange`). */
export type TranscriptChange = { last: Turn } | { add: Omit<Turn, 'id'> } | null;

/**
 * What a voice message changes: the last turn rewritten (`last`: same speaker, by voice), a new
 * turn (`add`), or nothing (`null`: not a transcript).
 */
export function transcriptChange(turns: readonly Turn[], message: VoiceMessage): TranscriptChange {
  if (message.type !== 'transcript' || typeof message.transcript !== 'string') return null;
  const role = message.role === 'user' ? 'user' : 'assistant';
  const final = message.transcriptType === 'final';
  const last = turns[turns.length - 1];
  if (last && last.role === role && last.via === 'voice') {
    // A partial transcript may correct itself: that is a rewrite, not an extension (see Turn.rewrites).
    const rewrites = final || message.transcript.startsWith(last.partial) ? last.rewrites : (last.rewrites ?? 0) + 1;
    return {
      last: final
        ? { ...last, text: joinText(last.text, message.transcript), partial: '' }
        : { ...last, partial: message.transcript, rewrites },
    };
  }
  return {
    add: { role, text: final ? message.transcript : '', partial: final ? '' : message.transcript, via: 'voice' },
  };
}

/**
 * The reply streams into turn `id`: `partial` is the reply so far, and `rewrites` counts the
 * times it was replaced instead of extended, so a renderer can append just the new end.
 */
export function streamReply(turns: readonly Turn[], id: number, text: string, replaced: boolean): Turn[] {
  return turns.map((turn) =>
    turn.id === id ? { ...turn, partial: text, rewrites: replaced ? (turn.rewrites ?? 0) + 1 : turn.rewrites } : turn,
  );
}

/** Ends reply `id`: its final `text`, else what arrived (nothing: the turn goes); `cut`: why it ends early. */
export function endReply(turns: readonly Turn[], id: number, text: string | null, cut?: Turn['cut']): Turn[] {
  return turns
    .map((turn) => (turn.id === id ? { ...turn, text: text ?? turn.partial, partial: '', ...(cut && { cut }) } : turn))
    .filter((turn) => turn.id !== id || turn.text);
}

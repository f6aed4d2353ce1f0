/**
 * Assembling a chat reply from the platform's chunks (`ChatClient`'s wire format): text deltas
 * are appended, a full `output` replaces or completes them, text beyond the cap is cut, and the
 * platform's error chunk becomes an `AnswerError`. Pure: no I/O, no timers.
 */
import type { ReplyCut } from '../api/answer-limits.ts';
import { CHAT_WEB_PATH } from '../api/chat-web.ts';
import { AnswerError } from '../api/errors/answer-error.ts';
import { apiErrorMessage } from '../api/errors/api-error.ts';

/** Method and path of the chat request, for the errors of its answer. */
export const CHAT_CONTEXT = { method: 'POST', path: CHAT_WEB_PATH };

/** Text deltas of the reply's messages: `chat.output[n].content`. */
const CONTENT_PATH = /^chat\.output\[(\d+)\]\.content$/;

/** A stream chunk's fields the client reads; anything else is ignored. */
interface ChatChunk {
  sessionId?: unknown;
  path?: unknown;
  delta?: unknown;
  output?: unknown;
  error?: unknown;
}

/** What one chunk changed: the `chat-delta` event's payload. */
export interface ReplyChange {
  /** Text added at the end (all of `text` when `replaced`). */
  delta: string;
  /** The whole reply so far. */
  text: string;
  /** `text` replaced the reply instead of extending it. */
  replaced: boolean;
}

/** The assistant's text in an `output` field: a string, or the platform's array of messages. */
function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (!Array.isArray(output)) return '';
  return output
    .filter(
      (m: { role?: unknown; content?: unknown } | null) => m?.role === 'assistant' && typeof m.content === 'string',
    )
    .map((m: { content: string }) => m.content)
    .join('\n\n');
}

/**
 * The platform's `error` event (or `{ "error": … }` chunk) as an `AnswerError` carrying its message.
 * @param status HTTP status of the answer that carried it.
 * @param value The event's data, parsed when it is JSON.
 */
export function streamError(status: number, value: unknown): AnswerError {
  const inner = (value as { error?: unknown } | null)?.error;
  const source = inner && typeof inner === 'object' ? inner : value;
  const detail = source && typeof source === 'object' ? apiErrorMessage(source, status, '') : String(source ?? '');
  return new AnswerError(
    CHAT_CONTEXT,
    status,
    'error-event',
    `The platform reported an error in the stream (${detail || 'no detail'})`,
    {
      body: value,
    },
  );
}

/**
 * One reply being assembled. Appending a delta costs work in proportion to the delta (V8 joins
 * strings without copying the reply), never a re-read of the reply so far.
 */
export class ReplyAssembler {
  /** The reply so far. */
  text = '';
  /** Set when text was cut at `maxChars`. */
  cut: ReplyCut | null = null;
  /** The session id the last chunk carried, if any. */
  sessionId: string | null = null;
  /** Content index (`chat.output[n]`) of the last delta, to separate messages of one reply. */
  private index?: string;
  private readonly maxChars: number;
  private readonly status: number;

  /**
   * @param maxChars Most characters kept (`AnswerLimits.replyChars`).
   * @param status HTTP status of the answer (for an error chunk's `AnswerError`).
   */
  constructor(maxChars: number, status: number) {
    this.maxChars = maxChars;
    this.status = status;
  }

  /**
   * Applies one chunk: its session id, a text delta, or a full `output`; other values are ignored.
   * @returns What the text became, or `null` when it did not change.
   * @throws AnswerError (`error-event`) for the platform's error chunk.
   */
  apply(value: unknown): ReplyChange | null {
    if (!value || typeof value !== 'object') return null;
    const { sessionId, path, delta, output, error } = value as ChatChunk;
    if (typeof sessionId === 'string' && sessionId) this.sessionId = sessionId;
    if (error && delta === undefined && output === undefined) throw streamError(this.status, value);
    const previous = this.text;
    let added = '';
    let replaced = false;
    if (typeof delta === 'string' && delta) {
      const index = path === undefined ? '0' : typeof path === 'string' ? CONTENT_PATH.exec(path)?.[1] : undefined;
      if (index === undefined) return null;
      // A reply of several messages (chat.output[1] …): keep them apart.
      added = (this.index !== undefined && this.index !== index && previous ? '\n\n' : '') + delta;
      this.index = index;
    } else if (output !== undefined) {
      const full = outputText(output);
      // Usually the full text repeats what was streamed: nothing changes then. (One comparison per
      // `output` chunk, which costs as much as reading the chunk did.)
      if (!full || full === previous) return null;
      replaced = !full.startsWith(previous);
      added = replaced ? full : full.slice(previous.length);
    }
    const room = this.maxChars - (replaced ? 0 : previous.length);
    if (added.length > room) {
      added = added.slice(0, Math.max(0, room));
      this.cut = 'length';
    }
    if (!added && !replaced) return null;
    this.text = replaced ? added : previous + added;
    return { delta: added, text: this.text, replaced };
  }
}

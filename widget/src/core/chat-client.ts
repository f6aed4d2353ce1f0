import { ANSWER_LIMITS, type AnswerLimits, type ReplyCut } from '../api/answer-limits.ts';
import { requestChatWeb } from '../api/chat-web.ts';
import { DEFAULT_API_BASE_URL } from '../api/constants.ts';
import { AnswerError } from '../api/errors/answer-error.ts';
import { awaitAnswer, readChunks, readJsonAnswer } from '../api/read-answer.ts';
import { SseDecoder, type SseEvent } from '../api/sse.ts';
import { MISSING_TARGET_MESSAGE } from './constants.ts';
import { VoiceError } from './errors/voice-error.ts';
import { CHAT_CONTEXT, ReplyAssembler, streamError, type ReplyChange } from './chat-reply.ts';
import { ObservableClient } from './observable.ts';
import { requestErrorType } from './request-error-type.ts';
import { hasCallTarget } from './target.ts';
import type { CallTarget, VoiceErrorLike } from './types.ts';

/** Options of `new ChatClient(…)`. */
export interface ChatClientOptions {
  /** Public web key, sent as `Authorization: Bearer {publicKey}` on `POST /chat/web`. */
  publicKey: string;
  /** Base URL of the platform API. @default DEFAULT_API_BASE_URL (src/api/constants.ts) */
  apiBaseUrl?: string;
  /** `fetch` for `POST /chat/web`. @default globalThis.fetch, read at call time */
  fetch?: typeof fetch;
  /** Continue an earlier conversation (a `sessionId` the platform returned before). @default null */
  sessionId?: string | null;
  /** Time limits and size caps of an answer, each replacing its default. @default ANSWER_LIMITS (src/api/answer-limits.ts) */
  limits?: Partial<AnswerLimits>;
}

/** Options of `ChatClient.send`. */
export interface ChatSendOptions {
  /**
   * A `POST /chat/web` already in flight for this message (`requestChatWeb`'s promise, e.g. sent
   * by a loader at the click), adopted instead of sending a second request. It must carry the same
   * input, target and `sessionId` (`client.sessionId`).
   */
  request?: Promise<Response>;
}

/** `idle` (nothing in flight), `sending` (waiting for the answer's headers), `streaming` (reading the reply). */
export type ChatState = 'idle' | 'sending' | 'streaming';

/** A complete reply. */
export interface ChatReply {
  /** The assistant's whole text. */
  text: string;
  /** The conversation's session id (sent with every later message), `null` if the platform gave none. */
  sessionId: string | null;
  /** Why the reply was cut short (`text` ends where a limit cut it), `null` when it is whole. */
  cut: ReplyCut | null;
}

/** Read-only view of a chat client, for `useSyncExternalStore`. A new object on every change. */
export interface ChatSnapshot {
  readonly state: ChatState;
  readonly sessionId: string | null;
  /**
   * The reply being streamed, or the last one. Cleared when the next message is sent; kept (partial)
   * after `stop()` or an error.
   */
  readonly reply: string;
  /** Why `reply` was cut short (`length`: `limits.replyChars` or `bodyBytes`; `time`: `streamMs`), else `null`. */
  readonly cut: ReplyCut | null;
  /** The last error, cleared by the next send. */
  readonly error: VoiceErrorLike | null;
}

/** Event map of `ChatClient.on` / `off`. */
export interface ChatClientEvents {
  /** A message is being sent (after validation). */
  'chat-request': { input: string };
  /**
   * Reply text arrived: `delta` is the text added at the end, `text` the whole reply so far. When
   * `replaced` is true, `text` replaced the reply (a full `output`) and `delta` is all of it.
   * Append `delta` (render the whole `text` only when `replaced`): each delta then costs work in
   * proportion to itself, not to the reply.
   */
  'chat-delta': ReplyChange;
  /** The reply is complete (`[DONE]`, or the stream closed normally). */
  'chat-reply': ChatReply;
  error: VoiceErrorLike;
  'state-change': ChatState;
}

/** One message in flight. */
interface Turn {
  abort: AbortController;
  limits: AnswerLimits;
  /** `data: [DONE]` arrived. */
  done?: boolean;
  cut?: ReplyCut;
}

const CONTEXT = CHAT_CONTEXT;

const IDLE: ChatSnapshot = { state: 'idle', sessionId: null, reply: '', cut: null, error: null };

/**
 * The headless text-chat client: sends the visitor's messages to `POST {apiBaseUrl}/chat/web` and
 * streams the assistant's reply. Framework-free and SSR-safe (no DOM at import or construction),
 * no daily-js, no microphone; the same emitter and `VoiceError`s as `VoiceClient`.
 *
 * Wire format: the answer is `text/event-stream` (api/sse.ts decodes it); each event's data is one
 * JSON chunk: text deltas `{ "path": "chat.output[0].content", "delta": "…" }`, a full text
 * `{ "output": "…" }` (a string or the platform's array of messages; it replaces what was
 * streamed), the session id `{ "sessionId": "…" }` (kept and sent with every later message), and
 * the end `data: [DONE]`. Comments and chunks that do not parse are skipped, never thrown; an
 * `event: error` (or a chunk `{ "error": … }`) ends the message with an `answer-error`. A JSON
 * (non-streamed) answer `{ sessionId, output }` is read the same way.
 *
 * Limits (`options.limits`, defaults in api/answer-limits.ts): the answer's headers must come within
 * `firstByteMs`, each next chunk within `idleMs` (else `timeout-error`); a reply longer than
 * `replyChars` characters (or `bodyBytes` bytes of stream) or streamed for longer than `streamMs`
 * is cut there: it ends normally with `cut` set, so a UI can say so.
 *
 * Errors (on `error`, in the snapshot, and `send` resolves `null`): `validation-error` (empty input,
 * no target), `api-error` with `status` for any non-2xx answer (401/403: the key; 429: too many
 * requests, try again shortly; ≥ 500: the platform failed, a retry may work), `timeout-error`,
 * `answer-error` (a 2xx answer that is not JSON or cut off, a stream with no text and no end, the
 * platform's error event), `network-error` when no answer arrives or the stream breaks (the
 * partial reply stays in the snapshot).
 *
 * @example
 * const chat = new ChatClient({ publicKey });
 * chat.on('chat-delta', ({ text }) => render(text));
 * const reply = await chat.send('Do you work on Sundays?', { assistantId });
 */
export class ChatClient extends ObservableClient<ChatSnapshot, ChatClientEvents> {
  private readonly options: ChatClientOptions;
  private turn: Turn | null = null;
  private destroyed = false;

  /** @param options Public key, API base URL, fetch and an optional session to continue. */
  constructor(options: ChatClientOptions) {
    super({ ...IDLE, sessionId: options.sessionId ?? null });
    this.options = options;
  }

  /** The conversation's session id (`null` before the first reply, or after `reset()`). */
  get sessionId(): string | null {
    return this.snapshot.sessionId;
  }

  /**
   * Sends one message and streams the reply (`chat-delta` events, `snapshot.reply`).
   * @param input The visitor's text (sent trimmed).
   * @param target The assistant, squad or workflow, with optional overrides: the same target as a call.
   * @param options `request`: adopt a `POST /chat/web` already in flight instead of sending one.
   * @returns The complete reply at `[DONE]`; `null` on an error (emitted and in the snapshot), after
   *   `stop()`/`reset()`/`destroy()`, or when a message is already in flight (this one then sends
   *   nothing). Never rejects.
   */
  async send(input: string, target: CallTarget, options: ChatSendOptions = {}): Promise<ChatReply | null> {
    const { request } = options;
    // An adopted request this call does not consume must not become an unhandled rejection.
    request?.catch(() => {});
    const text = typeof input === 'string' ? input.trim() : '';
    if (!text || !hasCallTarget(target)) {
      const message = text ? MISSING_TARGET_MESSAGE : 'The message is empty.';
      this.fail(new VoiceError('validation-error', message));
      return null;
    }
    if (this.turn || this.destroyed) return null;
    const limits = { ...ANSWER_LIMITS, ...this.options.limits };
    const turn: Turn = { abort: new AbortController(), limits };
    const signal = turn.abort.signal;
    this.turn = turn;
    this.events.emit('chat-request', { input: text });
    this.set({ state: 'sending', error: null, reply: '', cut: null });
    try {
      const options = {
        baseUrl: this.options.apiBaseUrl ?? DEFAULT_API_BASE_URL,
        token: this.options.publicKey,
        fetch: this.options.fetch,
        signal,
      };
      const response = await awaitAnswer(
        request ?? requestChatWeb(options, { ...target, input: text, sessionId: this.snapshot.sessionId ?? undefined }),
        CONTEXT,
        signal,
        limits,
      );
      if (this.turn !== turn) {
        // Stopped while an adopted request (which stop() cannot abort) was still on its way.
        void response.body?.cancel().catch(() => {});
        return null;
      }
      if (!response.ok || /json/i.test(response.headers.get('content-type') ?? '')) {
        const body = await readJsonAnswer(response, CONTEXT, signal, limits);
        this.set({ state: 'streaming' });
        this.apply(turn, new ReplyAssembler(limits.replyChars, response.status), body);
      } else {
        this.set({ state: 'streaming' });
        await this.read(turn, response);
      }
      if (this.turn !== turn) return null;
      this.turn = null;
      const reply: ChatReply = { text: this.snapshot.reply, sessionId: this.snapshot.sessionId, cut: turn.cut ?? null };
      this.set({ state: 'idle', cut: reply.cut });
      this.events.emit('chat-reply', reply);
      return reply;
    } catch (error) {
      // After stop() the abort surfaces here: that is no error.
      if (this.turn !== turn) return null;
      this.turn = null;
      // Our own request (a timed-out one is still open) ends with the message.
      turn.abort.abort();
      this.set({ state: 'idle' });
      const type = requestErrorType(error);
      const status = (error as { status?: unknown }).status;
      this.fail(
        new VoiceError(type, (error as Error).message, {
          status: type === 'api-error' ? (status as number) : undefined,
          cause: error,
        }),
      );
      return null;
    }
  }

  /** Aborts the message in flight; its partial reply stays in the snapshot. No-op when idle. */
  stop(): void {
    const turn = this.turn;
    if (!turn) return;
    this.turn = null;
    // Aborts our own request and stops reading any answer (also an adopted one).
    turn.abort.abort();
    this.set({ state: 'idle' });
  }

  /** Starts a new conversation: stops what is in flight and forgets the session id and reply. */
  reset(): void {
    this.stop();
    this.set({ sessionId: null, reply: '', error: null });
  }

  /** Stops and removes every listener and subscriber. Idempotent; the instance is then inert. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.stop();
    this.dispose();
  }

  /**
   * Reads the event stream until `[DONE]`, its end or a limit; each network chunk is decoded and
   * parsed once. A stream that ends with neither text nor `[DONE]` is an `AnswerError`.
   */
  private async read(turn: Turn, response: Response): Promise<void> {
    const decoder = new SseDecoder();
    const reply = new ReplyAssembler(turn.limits.replyChars, response.status);
    // false: stop reading ([DONE], or the reply reached its cap).
    const take = (events: SseEvent[]): boolean => {
      for (const { event, data } of events) {
        if (data === '[DONE]') turn.done = true;
        else {
          let parsed: unknown;
          try {
            parsed = JSON.parse(data);
          } catch {
            parsed = undefined;
          }
          if (event === 'error') throw streamError(response.status, parsed ?? data);
          this.apply(turn, reply, parsed);
        }
        // Whatever follows [DONE] is not part of this reply.
        if (turn.done || turn.cut) return false;
      }
      return true;
    };
    const cut = await readChunks(
      response,
      CONTEXT,
      (text) => this.turn === turn && take(decoder.push(text)),
      turn.abort.signal,
      turn.limits,
    );
    if (this.turn !== turn) return;
    if (cut) turn.cut ??= cut;
    else if (!turn.done && !turn.cut) take(decoder.end());
    if (!turn.done && !turn.cut && !reply.text) {
      throw new AnswerError(CONTEXT, response.status, 'unreadable', 'The stream ended without text and without [DONE]');
    }
  }

  /** Applies one chunk to the reply (`ReplyAssembler`) and tells subscribers what changed. */
  private apply(turn: Turn, reply: ReplyAssembler, value: unknown): void {
    const change = reply.apply(value);
    if (reply.cut) turn.cut = reply.cut;
    if (reply.sessionId) this.set({ sessionId: reply.sessionId });
    if (!change) return;
    this.set({ reply: change.text });
    this.events.emit('chat-delta', change);
  }

  private fail(error: VoiceError): void {
    this.set({ error });
    this.events.emit('error', error);
  }
}

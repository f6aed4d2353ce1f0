import { CHAT_WEB_PATH, requestChatWeb } from '../api/chat-web.ts';
import { DEFAULT_API_BASE_URL } from '../api/constants.ts';
import { ApiError } from '../api/errors/api-error.ts';
import { NetworkError } from '../api/errors/network-error.ts';
import { readBody } from '../api/read-body.ts';
import { MISSING_TARGET_MESSAGE } from './constants.ts';
import { VoiceError } from './errors/voice-error.ts';
import { ObservableClient } from './observable.ts';
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
  /** The last error, cleared by the next send. */
  readonly error: VoiceErrorLike | null;
}

/** Event map of `ChatClient.on` / `off`. */
export interface ChatClientEvents {
  /** A message is being sent (after validation). */
  'chat-request': { input: string };
  /** Reply text arrived: `delta` is the new text, `text` the whole reply so far (render `text`). */
  'chat-delta': { delta: string; text: string };
  /** The reply is complete (`[DONE]`, or the stream closed normally). */
  'chat-reply': ChatReply;
  error: VoiceErrorLike;
  'state-change': ChatState;
}

/** One message in flight. */
interface Turn {
  abort: AbortController;
  reader?: ReadableStreamDefaultReader<Uint8Array>;
  /** Content index (`chat.output[n]`) of the last delta, to separate messages of one reply. */
  index?: string;
}

/** A stream chunk's fields the client reads; anything else is ignored. */
interface ChatChunk {
  sessionId?: unknown;
  path?: unknown;
  delta?: unknown;
  output?: unknown;
}

const CONTEXT = { method: 'POST', path: CHAT_WEB_PATH };

/** Text deltas of the reply's messages: `chat.output[n].content`. */
const CONTENT_PATH = /^chat\.output\[(\d+)\]\.content$/;

const IDLE: ChatSnapshot = { state: 'idle', sessionId: null, reply: '', error: null };

/** The assistant's text in an `output` field: a string, or the platform's array of messages. */
function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (!Array.isArray(output)) return '';
  return output
    .filter((m: { role?: unknown; content?: unknown } | null) => m?.role === 'assistant' && typeof m.content === 'string')
    .map((m: { content: string }) => m.content)
    .join('\n\n');
}

/**
 * The headless text-chat client: sends the visitor's messages to `POST {apiBaseUrl}/chat/web` and
 * streams the assistant's reply. Framework-free and SSR-safe (no DOM at import or construction),
 * no daily-js, no microphone; the same emitter and `VoiceError`s as `VoiceClient`.
 *
 * Wire format: the answer is `text/event-stream`; each `data:` line is one JSON chunk: text deltas
 * `{ "path": "chat.output[0].content", "delta": "…" }`, a full text `{ "output": "…" }` (a string
 * or the platform's array of messages; it replaces what was streamed), the session id
 * `{ "sessionId": "…" }` (kept and sent with every later message), and the end `data: [DONE]`.
 * Lines that are not `data:` (comments, `event:`) and chunks that do not parse are skipped, never
 * thrown. A JSON (non-streamed) answer `{ sessionId, output }` is read the same way.
 *
 * Errors (on `error`, in the snapshot, and `send` resolves `null`): `validation-error` (empty input,
 * no target), `api-error` with `status` for any non-2xx answer (401/403: the key; 429: too many
 * requests, try again shortly; ≥ 500: the platform failed, a retry may work), `network-error`
 * when no answer arrives or the stream breaks (the partial reply stays in the snapshot).
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
    const turn: Turn = { abort: new AbortController() };
    this.turn = turn;
    this.events.emit('chat-request', { input: text });
    this.set({ state: 'sending', error: null, reply: '' });
    try {
      let response: Response;
      try {
        response = request
          ? await request
          : await requestChatWeb(
            {
              baseUrl: this.options.apiBaseUrl ?? DEFAULT_API_BASE_URL,
              token: this.options.publicKey,
              fetch: this.options.fetch,
              signal: turn.abort.signal,
            },
            { ...target, input: text, sessionId: this.snapshot.sessionId ?? undefined },
          );
      } catch (error) {
        throw new NetworkError(CONTEXT, error);
      }
      if (this.turn !== turn) {
        // Stopped while an adopted request (which stop() cannot abort) was still on its way.
        void response.body?.cancel().catch(() => {});
        return null;
      }
      let body: unknown;
      if (!response.ok || /json/i.test(response.headers.get('content-type') ?? '')) {
        try {
          body = await readBody(response);
        } catch (error) {
          throw new NetworkError(CONTEXT, error);
        }
        if (!response.ok) throw new ApiError(response, CONTEXT, body);
      }
      this.set({ state: 'streaming' });
      if (body !== undefined) this.apply(turn, body);
      else await this.read(turn, response);
      if (this.turn !== turn) return null;
      this.turn = null;
      const reply: ChatReply = { text: this.snapshot.reply, sessionId: this.snapshot.sessionId };
      this.set({ state: 'idle' });
      this.events.emit('chat-reply', reply);
      return reply;
    } catch (error) {
      // After stop() the abort surfaces here: that is no error.
      if (this.turn !== turn) return null;
      this.turn = null;
      this.set({ state: 'idle' });
      const apiError = error instanceof ApiError;
      this.fail(
        new VoiceError(apiError ? 'api-error' : 'network-error', (error as Error).message, {
          status: apiError ? error.status : undefined,
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
    turn.abort.abort();
    turn.reader?.cancel().catch(() => {});
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

  /** Reads the event stream line by line until `[DONE]` or its end; a broken stream throws `NetworkError`. */
  private async read(turn: Turn, response: Response): Promise<void> {
    const reader = response.body?.getReader();
    if (!reader) return;
    turn.reader = reader;
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw new NetworkError(CONTEXT, error);
      }
      if (this.turn !== turn) return;
      // Streaming decode: a multi-byte character split between two network chunks stays whole.
      buffer += chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      // Lines may arrive in pieces: only complete lines are parsed, the rest waits for more.
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = chunk.done ? '' : lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith('data:')) continue;
        const data = line.slice(line.startsWith('data: ') ? 6 : 5);
        if (data === '[DONE]') {
          // Whatever follows [DONE] is not part of this reply.
          reader.cancel().catch(() => {});
          return;
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(data);
        } catch {
          continue;
        }
        this.apply(turn, parsed);
      }
      if (chunk.done) return;
    }
  }

  /** Applies one chunk: session id, a text delta, or a full `output`. */
  private apply(turn: Turn, value: unknown): void {
    if (!value || typeof value !== 'object') return;
    const { sessionId, path, delta, output } = value as ChatChunk;
    if (typeof sessionId === 'string' && sessionId) this.set({ sessionId });
    const previous = this.snapshot.reply;
    let text = previous;
    if (typeof delta === 'string' && delta) {
      const index = path === undefined ? '0' : typeof path === 'string' ? CONTENT_PATH.exec(path)?.[1] : undefined;
      if (index === undefined) return;
      // A reply of several messages (chat.output[1] …): keep them apart.
      text += (turn.index !== undefined && turn.index !== index && text ? '\n\n' : '') + delta;
      turn.index = index;
    } else if (output !== undefined) {
      text = outputText(output) || previous;
    }
    if (text === previous) return;
    this.set({ reply: text });
    this.events.emit('chat-delta', { delta: text.startsWith(previous) ? text.slice(previous.length) : text, text });
  }

  private fail(error: VoiceError): void {
    this.set({ error });
    this.events.emit('error', error);
  }

}

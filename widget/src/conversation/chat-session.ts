/**
 * `ChatSession`: the controller's typed half — one lazily loaded chat client (an `LazyClient`),
 * the reply streaming into its turn, the last input (for a retry) and the session id kept from
 * another page. It draws through the controller's view (`ChatHost`).
 */
import { DEFAULT_API_BASE_URL } from '../api/constants.ts';
import type { ChatClientEvents } from '../core/chat-client.ts';
import type { CallTarget } from '../core/types.ts';
import { CHAT_CLIENT_EVENTS, type ConversationControllerOptions } from './conversation-events.ts';
import type { ChatClientPort, ChatEngine } from './engine-port.ts';
import { clientKey, clientOptions, LazyClient } from './lazy-client.ts';
import { problemOf } from './problems.ts';
import { nextTask } from '../core/tasks.ts';
import { endReply, streamReply } from './turns.ts';
import type { Patch } from './view-store.ts';
import type { CallView, ProblemKind, ProblemSource, Turn } from './view.ts';

/** What the chat half needs of the controller (which is its host). */
export interface ChatHost {
  options_(): ConversationControllerOptions;
  readonly view_: CallView;
  set_(patch: Patch): void;
  push_(turns: Omit<Turn, 'id'>[], patch?: Patch): number;
  fail_(type: ProblemKind, cause: unknown, source: ProblemSource): false;
  /** Forwards a chat client's event (already renamed: `chat-state-change`). */
  forward_(event: string, payload: never): void;
  /** Replaces stale clients (see `LazyClient.stale`). */
  replaceStale_(): void;
}

/** See the module comment. */
export class ChatSession {
  /** The chat client's slot. */
  readonly slot_ = new LazyClient<ChatClientPort>();
  /** The turn the chat reply streams into. */
  #replyTurn = 0;
  #lastInput = '';
  /** A kept chat session (restored from another page) until a chat client has its own. */
  #sessionId: string | null = null;
  #host: ChatHost;

  constructor(host: ChatHost) {
    this.#host = host;
  }

  /** The chat's session id: the chat client's, else one restored from another page. */
  sessionId_(): string | null {
    return this.slot_.client_?.sessionId ?? this.#sessionId;
  }

  /** Continues a session kept by another page (the next message carries its id). */
  restore_(sessionId: string | null): void {
    this.#sessionId = sessionId;
  }

  /** The input a retry sends again ('' before any). */
  lastInput_(): string {
    return this.#lastInput;
  }

  /**
   * Sends a chat message (`said`: the visitor's turn, shown in the same change as the reply's).
   * This task only sends the request (with the conversation's session id; without request helpers
   * the client sends it) and draws the two turns; the chat client takes over in the next one.
   */
  async send_(input: string, target: CallTarget, said?: Omit<Turn, 'id'>): Promise<boolean> {
    const slot = this.slot_;
    const host = this.#host;
    const attempt = slot.begin_();
    this.#lastInput = input;
    const { requests, apiBaseUrl, publicKey } = host.options_();
    let request: Promise<Response> | undefined;
    if (requests) {
      const abort = (slot.abort_ = new AbortController());
      const sessionId = this.sessionId_();
      request = requests.requestChatWeb(
        { baseUrl: apiBaseUrl || DEFAULT_API_BASE_URL, token: publicKey ?? '', signal: abort.signal },
        { ...target, input, ...(sessionId && { sessionId }) },
      );
      request.catch(() => {});
    }
    const pending: Omit<Turn, 'id'> = { role: 'assistant', text: '', partial: '', via: 'text' };
    this.#replyTurn = host.push_(said ? [said, pending] : [pending], { chat: 'sending', problem: null, ended: false });
    if (request) await nextTask();
    if (!slot.current_(attempt)) return false;
    let client: ChatClientPort;
    try {
      client = await this.ensure_();
    } catch (error) {
      if (!slot.current_(attempt)) return false;
      slot.abort_?.abort();
      this.#finish(null);
      return host.fail_('engine-load-failed', error, 'chat');
    }
    if (!slot.current_(attempt)) return false;
    slot.abort_ = null;
    const reply = await client.send(input, target, request ? { request } : undefined);
    if (!slot.current_(attempt)) return false;
    const error = client.getSnapshot().error;
    this.#finish(reply?.text ?? null, reply?.cut ?? undefined);
    if (!reply && error) host.set_({ problem: problemOf(error, 'chat') });
    return !!reply;
  }

  /** Stops the reply being streamed; what arrived so far stays in the conversation. */
  stop_(): void {
    this.slot_.cancel_();
    this.slot_.client_?.stop();
    this.#finish(null);
  }

  /** The chat client, loading its engine first if needed. */
  ensure_(): Promise<ChatClientPort> {
    const host = this.#host;
    host.replaceStale_();
    if (this.slot_.client_) return Promise.resolve(this.slot_.client_);
    const { loadChatEngine, loadEngine } = host.options_();
    const load = loadChatEngine ?? (loadEngine as () => Promise<Partial<ChatEngine>>);
    return load().then(({ ChatClient }) => {
      if (!ChatClient) throw new Error('The engine module has no ChatClient.');
      // The key and URL as they are now (a `configure` may have come during the load).
      const options = host.options_();
      // The chat client's `state-change` is forwarded as `chat-state-change`.
      const forward = (event: string, payload: never) => {
        if (event === 'chat-delta') this.#onDelta(payload as ChatClientEvents['chat-delta']);
        host.forward_(event === 'state-change' ? 'chat-state-change' : event, payload);
      };
      // Two loads may race: the first client wins, no second one is made.
      return (
        this.slot_.client_ ??
        this.slot_.adopt_(new ChatClient(clientOptions(options)), clientKey(options), CHAT_CLIENT_EVENTS, forward, () =>
          this.#sync(),
        )
      );
    });
  }

  /** Ends the streamed reply (see `endReply`). */
  #finish(text: string | null, cut?: Turn['cut']): void {
    const id = this.#replyTurn;
    this.#replyTurn = 0;
    this.#host.set_({ conversation: endReply(this.#host.view_.conversation, id, text, cut), chat: 'idle' });
  }

  /** Folds the chat client's state into the view (the reply's text comes with each `chat-delta`). */
  #sync(): void {
    const client = this.slot_.client_;
    if (!client || !this.#replyTurn) return;
    const { state } = client.getSnapshot();
    this.#host.set_({ chat: state === 'idle' ? this.#host.view_.chat : state });
  }

  /** The reply streams into its turn (see `streamReply`). */
  #onDelta({ text, replaced }: ChatClientEvents['chat-delta']): void {
    if (this.#replyTurn)
      this.#host.set_({ conversation: streamReply(this.#host.view_.conversation, this.#replyTurn, text, replaced) });
  }
}

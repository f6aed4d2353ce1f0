/**
 * `ChatSession`: the controller's typed half — one lazily loaded chat client (an `LazyClient`),
 * the reply streaming into its turn, the last input (for a retry) and the session id kept from
 * another page. It draws into the controller's view store (`ChatHost`).
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
import type { ViewStore } from './view-store.ts';
import type { ProblemKind, ProblemSource, Turn } from './view.ts';

/** What the chat half needs of the controller (which makes it, with closures over its own state). */
export interface ChatHost {
  /** The controller's view store, which the chat draws into. */
  readonly store: ViewStore;
  /** The controller's options as they are now. */
  options(): ConversationControllerOptions;
  /** Shows a failure the engines never saw and sends it as an `error` event. */
  fail(type: ProblemKind, cause: unknown, source: ProblemSource): false;
  /** Forwards a chat client's event (already renamed: `chat-state-change`). */
  forward(event: string, payload: never): void;
  /** Replaces stale clients (see `LazyClient.stale`). */
  replaceStale(): void;
}

/** See the module comment. */
export class ChatSession {
  /** The chat client's slot. */
  readonly slot = new LazyClient<ChatClientPort>();
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
  sessionId(): string | null {
    return this.slot.client?.sessionId ?? this.#sessionId;
  }

  /** Continues a session kept by another page (the next message carries its id). */
  restore(sessionId: string | null): void {
    this.#sessionId = sessionId;
  }

  /** The input a retry sends again ('' before any). */
  lastInput(): string {
    return this.#lastInput;
  }

  /**
   * Sends a chat message (`said`: the visitor's turn, shown in the same change as the reply's).
   * This task only sends the request (with the conversation's session id; without request helpers
   * the client sends it) and draws the two turns; the chat client takes over in the next one.
   */
  async send(input: string, target: CallTarget, said?: Omit<Turn, 'id'>): Promise<boolean> {
    const slot = this.slot;
    const host = this.#host;
    const attempt = slot.begin();
    this.#lastInput = input;
    const { requests, apiBaseUrl, publicKey } = host.options();
    let request: Promise<Response> | undefined;
    if (requests) {
      const abort = new AbortController();
      slot.hold(abort);
      const sessionId = this.sessionId();
      request = requests.requestChatWeb(
        { baseUrl: apiBaseUrl || DEFAULT_API_BASE_URL, token: publicKey ?? '', signal: abort.signal },
        { ...target, input, ...(sessionId && { sessionId }) },
      );
      request.catch(() => {});
    }
    const pending: Omit<Turn, 'id'> = { role: 'assistant', text: '', partial: '', via: 'text' };
    const sending = { chat: 'sending', problem: null, ended: false } as const;
    this.#replyTurn = host.store.push(said ? [said, pending] : [pending], sending);
    if (request) await nextTask();
    if (!slot.current(attempt)) return false;
    let client: ChatClientPort;
    try {
      client = await this.ensure();
    } catch (error) {
      if (!slot.current(attempt)) return false;
      slot.dropRequest();
      this.#finish(null);
      return host.fail('engine-load-failed', error, 'chat');
    }
    if (!slot.current(attempt)) return false;
    slot.hold(null);
    const reply = await client.send(input, target, request ? { request } : undefined);
    if (!slot.current(attempt)) return false;
    const error = client.getSnapshot().error;
    this.#finish(reply?.text ?? null, reply?.cut ?? undefined);
    if (!reply && error) host.store.set({ problem: problemOf(error, 'chat') });
    return !!reply;
  }

  /** Stops the reply being streamed; what arrived so far stays in the conversation. */
  stop(): void {
    this.slot.cancel();
    this.slot.client?.stop();
    this.#finish(null);
  }

  /** The chat client, loading its engine first if needed. */
  ensure(): Promise<ChatClientPort> {
    const host = this.#host;
    host.replaceStale();
    if (this.slot.client) return Promise.resolve(this.slot.client);
    const { loadChatEngine, loadEngine } = host.options();
    const load = loadChatEngine ?? (loadEngine as () => Promise<Partial<ChatEngine>>);
    return load().then(({ ChatClient }) => {
      if (!ChatClient) throw new Error('The engine module has no ChatClient.');
      // The key and URL as they are now (a `configure` may have come during the load).
      const options = host.options();
      // The chat client's `state-change` is forwarded as `chat-state-change`.
      const forward = (event: string, payload: never) => {
        if (event === 'chat-delta') this.#onDelta(payload as ChatClientEvents['chat-delta']);
        host.forward(event === 'state-change' ? 'chat-state-change' : event, payload);
      };
      // Two loads may race: the first client wins, no second one is made.
      const made = () => new ChatClient(clientOptions(options));
      const slot = this.slot;
      return slot.client ?? slot.adopt(made(), clientKey(options), CHAT_CLIENT_EVENTS, forward, () => this.#sync());
    });
  }

  /** Ends the streamed reply (see `endReply`). */
  #finish(text: string | null, cut?: Turn['cut']): void {
    const id = this.#replyTurn;
    this.#replyTurn = 0;
    this.#host.store.set({ conversation: endReply(this.#host.store.view.conversation, id, text, cut), chat: 'idle' });
  }

  /** Folds the chat client's state into the view (the reply's text comes with each `chat-delta`). */
  #sync(): void {
    const client = this.slot.client;
    if (!client || !this.#replyTurn) return;
    const { state } = client.getSnapshot();
    this.#host.store.set({ chat: state === 'idle' ? this.#host.store.view.chat : state });
  }

  /** The reply streams into its turn (see `streamReply`). */
  #onDelta({ text, replaced }: ChatClientEvents['chat-delta']): void {
    if (this.#replyTurn)
      this.#host.store.set({
        conversation: streamReply(this.#host.store.view.conversation, this.#replyTurn, text, replaced),
      });
  }
}

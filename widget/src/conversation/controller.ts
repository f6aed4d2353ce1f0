/**
 * `ConversationController`: the framework-free view model shared by the card and the React hook.
 * One conversation across talking and typing: it owns at most one voice client and one chat
 * client, loads each engine lazily (on intent, or at the click), folds their snapshots and
 * events into one immutable `CallView` (a new object per change, for `useSyncExternalStore`),
 * and keeps one list of turns — voice transcripts, typed messages and chat replies — that no
 * switch between them clears.
 *
 * A click never waits for a download: `start` and `sendText` send `POST /call/web` /
 * `POST /chat/web` at once (with the injected request helpers) and hand the in-flight request to
 * the engine, which adopts it in a later task (loaded or not yet), so the request leaves first.
 *
 * It never throws into its caller: a missing key or target, an engine that fails to load and
 * every engine error end as `view.problem`.
 */
import { DEFAULT_API_BASE_URL } from '../api/constants.ts';
import type { DailyConfig } from '../core/call-port.ts';
import { MISSING_TARGET_MESSAGE } from '../core/constants.ts';
import type { AddMessageOptions, ConversationMessage } from '../core/messages.ts';
import type { CallTarget, JsonObject, VoiceClientEvents, VoiceErrorLike, VoiceMessage, WebCall } from '../core/types.ts';
import type { ContinuityPort } from '../conversation/continuity.ts';
import type { SavedTurn } from '../conversation/continuity-store.ts';
import { handoffMessages } from '../conversation/handoff.ts';
import { keptRoomTarget } from '../conversation/continuity-store.ts';
import type { requestChatWeb } from '../api/chat-web.ts';
import type { requestWebCall } from '../api/web-call.ts';
import type { ChatClientEvents } from '../core/chat-client.ts';
import { hasCallTarget } from '../core/target.ts';
import { loadFailureOf } from '../chunks/load-failure.ts';
import type { ClientTools, ToolCall, ToolError } from '../core/client-tools.ts';
import type { ChatClientPort, ChatEngine, VoiceClientPort, VoiceEngine } from './engine-port.ts';
import { startNow, type StartOptions } from './early-request.ts';
import { nextTask } from './tasks.ts';
import { START_STAGES } from '../core/start-stages.ts';
import { IDLE_VIEW, type CallProblem, type CallView, type ProblemKind, type ProblemSource, type Turn } from './view.ts';

/** Every `VoiceClientEvents` name, for forwarding (e.g. as DOM events): the core's one list. */
export { CLIENT_EVENTS } from '../core/client-events.ts';
import { CLIENT_EVENTS } from '../core/client-events.ts';

/** The chat client's events as the controller forwards them (`state-change` is renamed). */
export interface ChatEvents {
  'chat-request': ChatClientEvents['chat-request'];
  'chat-delta': ChatClientEvents['chat-delta'];
  'chat-reply': ChatClientEvents['chat-reply'];
  'chat-state-change': ChatClientEvents['state-change'];
}

/** A failure the engines never saw (`not-configured`, `no-target`, `engine-load-failed`, `invalid-overrides`…). */
export interface WidgetError extends Error {
  readonly type: ProblemKind;
}

/**
 * Every event the controller forwards: the voice client's, the chat client's, one `error` (theirs,
 * the widget's own, and client tools' failures), and `tool-call`: the assistant asked for a
 * client-side tool (before it runs).
 */
export interface ConversationEvents extends Omit<VoiceClientEvents, 'error'>, ChatEvents {
  error: VoiceErrorLike | WidgetError | ToolError;
  'tool-call': ToolCall;
}

/** Forwarded chat events (the chat client's `error` joins the voice client's). */
export const CHAT_EVENTS: readonly (keyof ChatEvents)[] = ['chat-request', 'chat-delta', 'chat-reply', 'chat-state-change'];

/** The chat client's own event names. */
const CHAT_CLIENT_EVENTS: readonly (keyof ChatClientEvents)[] = ['chat-request', 'chat-delta', 'chat-reply', 'error', 'state-change'];

/**
 * Receives forwarded events. For `tool-call`, returning `false` takes the call on the sink itself
 * (the DOM event's `preventDefault()`): a tool with no function in `clientTools` is then no error.
 */
export type EventSink = <K extends keyof ConversationEvents>(event: K, payload: ConversationEvents[K]) => unknown;

/** The request helpers of the API layer: how a click sends its request before the engine loads. */
export interface RequestHelpers {
  requestWebCall: typeof requestWebCall;
  requestChatWeb: typeof requestChatWeb;
}

/** Options of `ConversationController`. */
export interface ConversationControllerOptions {
  /** Loads the voice engine module (on intent or click; again after a failure). */
  loadEngine: () => Promise<VoiceEngine>;
  /**
   * Loads the chat engine module (no voice core, no daily-js).
   * @default `ChatClient` from the module `loadEngine` loads (when it has one)
   */
  loadChatEngine?: () => Promise<ChatEngine>;
  /** Public web token. Empty or missing: `start` / `sendText` report `not-configured`. */
  publicKey?: string | null;
  /** Base URL of the platform API. @default the platform's public API */
  apiBaseUrl?: string | null;
  /** Ask the engine for the assistant's video (only when something shows it). @default false */
  video?: boolean;
  /** Lets a click send its request before the engine is loaded. Without them the engine sends it. */
  requests?: RequestHelpers;
  /** Daily's advanced config (`bundlePathOverride`…), given to each new voice client. */
  dailyConfig?: DailyConfig;
  /**
   * The client-side tools, read at each `tool-calls` message (so they may change at any time).
   * See `client-tools.ts`: unknown tools and failing functions arrive as `error` events.
   */
  clientTools?: () => ClientTools | null | undefined;
  /**
   * Whether a call's room must outlive the page (`persist`): its `POST /call/web` carries
   * `roomDeleteOnUserLeaveEnabled: false`, and page hide leaves the call without ending it.
   */
  keepRoom?: () => boolean;
  /**
   * Receives every client event (e.g. to re-dispatch it as a DOM event). Widget-level failures
   * (`not-configured`, `no-target`, `engine-load-failed`) arrive as `error` events too.
   */
  onEvent?: EventSink;
}

/** Options of `start`: an early request (`startNow`, early-request.ts). */
export type { StartOptions };


/** Older turns are dropped beyond this many (whole turns, so nothing starts mid-sentence). */
const TURN_LIMIT = 200;

type Patch = { -readonly [K in keyof CallView]?: CallView[K] };

/** What both clients have: a snapshot subscription and named events. */
interface Emitting {
  subscribe(listener: () => void): () => void;
  on(event: string, handler: (payload: never) => void): unknown;
  off(event: string, handler: (payload: never) => void): unknown;
}

function problemOf(error: unknown, source: ProblemSource): CallProblem {
  const e = (error ?? {}) as Partial<CallProblem> & { message?: unknown };
  const type = typeof e.type === 'string' ? e.type : 'daily-call-join-error';
  const load = loadFailureOf(error);
  return { type, message: String(e.message ?? error), status: e.status, reason: e.reason, source, ...(load && { load }) };
}

function joinText(a: string, b: string): string {
  return a && b ? `${a} ${b}` : a || b;
}

/** See the module comment. */
export class ConversationController implements ContinuityPort {
  #options: ConversationControllerOptions;
  #view: CallView = IDLE_VIEW;
  #listeners = new Set<() => void>();
  #voice: VoiceClientPort | null = null;
  /** The voice engine module (it runs the client tools). */
  #engine: VoiceEngine | null = null;
  /** The missing `runClientTools` was reported. */
  #warnedTools = false;
  #chat: ChatClientPort | null = null;
  #key = '';
  /** Removers of each client's subscription and event handlers. */
  #offs: Record<ProblemSource, (() => void)[]> = { call: [], chat: [] };
  /** Bumped by every start and stop, so a stop during the engine load cancels that start. */
  #attempt = 0;
  #chatAttempt = 0;
  #loading = false;
  /** Aborts a request sent before its engine was loaded. */
  #abort: AbortController | null = null;
  #chatAbort: AbortController | null = null;
  #voiceError: unknown = null;
  #connectedAt = 0;
  #nextTurn = 1;
  /** The turn the chat reply streams into. */
  #replyTurn = 0;
  #lastInput = '';
  /** The running call's web call (from its start or rejoin), for a later page's rejoin. */
  #webCall: WebCall | null = null;
  /** A kept chat session (restored from another page) until a chat client has its own. */
  #sessionId: string | null = null;

  constructor(options: ConversationControllerOptions) {
    this.#options = { ...options };
  }

  /**
   * Updates key / API URL / Daily config. Clients made with an old key or URL are replaced once
   * idle; a new Daily config applies to the next voice client.
   */
  configure(options: Pick<ConversationControllerOptions, 'publicKey' | 'apiBaseUrl' | 'dailyConfig'>): void {
    this.#options = { ...this.#options, ...options };
    this.#replaceStale();
  }

  /** Current view (stable identity until something changes). */
  getSnapshot = (): CallView => this.#view;

  /** Subscribes to view changes; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /**
   * Loads an engine ahead of a click (hover, focus, touch): the voice engine and its daily chunk,
   * or the chat engine. Does nothing without a public key; failures are silent here and reported
   * by the action that needs the engine.
   */
  preload(kind: ProblemSource = 'call'): void {
    if (!this.#options.publicKey) return;
    const ready = kind === 'chat' ? this.#ensureChat() : this.#ensureVoice().then((client) => client.preload());
    ready.catch(() => {
      // Reported by start() / sendText(), where the visitor asked for something.
    });
  }

  /** Starts a call (no-op unless idle). Resolves `true` when the call started; never rejects. */
  async start(target: CallTarget, options: StartOptions = {}): Promise<boolean> {
    if (this.#view.phase !== 'idle') return false;
    let { request, abort } = options;
    if (!this.#check(target, 'call')) {
      abort?.abort();
      return false;
    }
    const attempt = ++this.#attempt;
    this.#loading = true;
    this.#set({ phase: 'loading', problem: null, ended: false, duration: 0, stage: null, stageIndex: 0 });
    const helpers = this.#options.requests;
    const keep = !!this.#options.keepRoom?.();
    const sendHere = !request && !!helpers;
    if (sendHere) ({ request, abort } = startNow({ token: this.#options.publicKey, baseUrl: this.#options.apiBaseUrl, target: keep ? keptRoomTarget(target) : target, requestWebCall: helpers.requestWebCall }));
    // The engine adopts the request and reports its failure; until then nobody else listens.
    request?.catch(() => {});
    this.#abort = abort ?? null;
    // The request leaves before a loaded engine starts the call.
    if (sendHere && this.#voice) await nextTask();
    const client = await this.#loadVoice(attempt);
    if (!client) return false;
    this.#abort = null;
    this.#sync();
    // What was said and typed before this call goes into it (handoff.ts), without a reply.
    const before = handoffMessages(this.#view.conversation);
    try {
      const call = await client.start(target, { ...(request && { request }), ...(keep && { roomDeleteOnUserLeaveEnabled: false }) });
      if (!call) return false;
      this.#webCall = call;
      for (const message of before) client.addMessage(message, { triggerResponseEnabled: false });
      return true;
    } catch (error) {
      // The core throws for validation errors (and reports them as events too).
      if (attempt === this.#attempt) this.#set({ problem: problemOf(error, 'call'), phase: 'idle' });
      return false;
    }
  }

  /** Hangs up, or cancels a start in progress (including the engine load and an early request). */
  stop(): void {
    this.#attempt++;
    this.#abort?.abort();
    this.#abort = null;
    if (this.#loading) {
      this.#loading = false;
      this.#set({ phase: 'idle' });
    }
    this.#voice?.stop();
  }

  /**
   * Sends what the visitor typed. During a call it joins the call's conversation (the platform's
   * `add-message` with role `user`) and shows at once; otherwise it is a chat message, whose reply
   * streams into the conversation. Resolves `true` when it was sent (for chat: when the reply
   * finished); `false` for empty text, while a reply streams, while a call connects or ends, and
   * on failure (then `view.problem` says why). Never rejects.
   */
  async sendText(text: string, target: CallTarget): Promise<boolean> {
    const input = text.trim();
    if (!input) return false;
    const { phase } = this.#view;
    if (phase === 'active' || phase === 'reconnecting') {
      this.#voice?.addMessage({ role: 'user', content: input });
      this.#push([{ role: 'user', text: input, partial: '', via: 'text' }]);
      return true;
    }
    if (phase !== 'idle' || this.#view.chat !== 'idle' || !this.#check(target, 'chat')) return false;
    return this.#sendChat(input, target, { role: 'user', text: input, partial: '', via: 'text' });
  }

  /** Sends the last chat message again (after a failure), without repeating it in the conversation. */
  retryChat(target: CallTarget): Promise<boolean> {
    if (!this.#lastInput || this.#view.chat !== 'idle' || !this.#check(target, 'chat')) return Promise.resolve(false);
    return this.#sendChat(this.#lastInput, target);
  }

  /** Stops the chat reply being streamed; what arrived so far stays in the conversation. */
  stopReply(): void {
    this.#chatAttempt++;
    this.#chatAbort?.abort();
    this.#chatAbort = null;
    this.#chat?.stop();
    this.#finishReply(null);
  }

  /** Mutes or unmutes the microphone of the running call. */
  setMuted(muted: boolean): void {
    this.#voice?.setMuted(muted);
    this.#sync();
  }

  /** Retries audio playback after the browser blocked it; call from a click handler. */
  resumeAudio(): void {
    this.#voice?.resumeAudio();
  }

  /** Sends an app message into the live call (JSON); ignored without a call. */
  send(message: JsonObject): void {
    this.#guard(() => this.#voice?.send(message as VoiceMessage));
  }

  /** Makes the assistant say `text` in the live call (hanging up after it when `endCallAfterSpoken`). */
  say(text: string, endCallAfterSpoken?: boolean): void {
    this.#guard(() => this.#voice?.say(String(text), endCallAfterSpoken));
  }

  /**
   * Adds a message to the live call's conversation (the platform's `add-message`); ignored
   * without a call. Not shown in `conversation`: it is context for the model (`role: 'system'`)
   * or words the host page puts in a speaker's mouth. A message without a string role and content
   * is reported as an `error` event (`validation-error`), never thrown.
   */
  addMessage(message: ConversationMessage, options?: AddMessageOptions): void {
    this.#guard(() => this.#voice?.addMessage(message, options));
  }

  /** Shows a problem the caller found (e.g. overrides it cannot read) and sends it as an `error` event. */
  fail(type: ProblemKind, message: string, source: ProblemSource = 'call'): false {
    return this.#fail(type, message, source);
  }

  /** Clears the last problem and the ended notice (the conversation stays). */
  dismiss(): void {
    this.#set({ problem: null, ended: false });
  }

  /** The running call's web call and when it connected (epoch ms); `null` without a call. */
  liveCall(): { webCall: WebCall; connectedAt: number } | null {
    return this.#webCall && this.#connectedAt ? { webCall: this.#webCall, connectedAt: this.#connectedAt } : null;
  }

  /** The chat's session id: the chat client's, else one restored from another page. */
  sessionId(): string | null {
    return this.#chat?.sessionId ?? this.#sessionId;
  }

  /**
   * Shows turns kept by another page of the tab (before anything else happens here) and
   * continues their chat session: the next message carries its `sessionId`.
   */
  restore(turns: readonly SavedTurn[], sessionId: string | null): void {
    this.#sessionId = sessionId;
    this.#push(turns.map((turn) => ({ ...turn, partial: '' })));
  }

  /**
   * Joins a call again that another page of the tab left running (no new `POST /call/web`):
   * the engine's `reconnect`, with the call's original connect time, so the elapsed time goes on.
   * Resolves `true` when joined; a failure shows as `view.problem`. Never rejects.
   */
  async rejoin(webCall: WebCall, connectedAt: number): Promise<boolean> {
    if (this.#view.phase !== 'idle') return false;
    const attempt = ++this.#attempt;
    this.#loading = true;
    this.#set({ phase: 'loading', problem: null, ended: false, duration: 0, stage: null, stageIndex: 0 });
    const client = await this.#loadVoice(attempt);
    if (!client) return false;
    this.#sync();
    try {
      if (!client.reconnect) throw new Error('The voice engine cannot rejoin a call (an older engine file).');
      await client.reconnect(webCall);
    } catch (error) {
      if (attempt === this.#attempt) this.#set({ problem: problemOf(error, 'call'), phase: 'idle' });
      return false;
    }
    if (attempt !== this.#attempt || client.getSnapshot().state !== 'active') return false;
    this.#webCall = webCall;
    this.#connectedAt = connectedAt;
    this.#set({ connectedAt });
    return true;
  }

  /**
   * Ends any call and reply, destroys the clients and forgets the conversation; the controller
   * stays usable (a later start creates new clients), which is what React StrictMode's
   * unmount/remount needs.
   */
  release(): void {
    this.stop();
    this.stopReply();
    this.#dispose('call');
    this.#dispose('chat');
    this.#view = IDLE_VIEW;
    this.#emit();
  }

  /**
   * The voice client for a start or rejoin (`attempt`), once its engine is loaded; `null` when a
   * stop cancelled the attempt meanwhile or the engine failed to load (then shown, and an early
   * request aborted).
   */
  async #loadVoice(attempt: number): Promise<VoiceClientPort | null> {
    let client: VoiceClientPort;
    try {
      client = await this.#ensureVoice();
    } catch (error) {
      if (attempt !== this.#attempt) return null;
      this.#loading = false;
      this.#abort?.abort();
      this.#fail('engine-load-failed', error, 'call');
      return null;
    }
    if (attempt !== this.#attempt) return null;
    this.#loading = false;
    return client;
  }

  /** Runs a host page's request to the call; what it throws becomes an `error` event. */
  #guard(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.#options.onEvent?.('error', error as VoiceErrorLike);
    }
  }

  #requestOptions(abort: AbortController) {
    return {
      baseUrl: this.#options.apiBaseUrl || DEFAULT_API_BASE_URL,
      token: this.#options.publicKey ?? '',
      signal: abort.signal,
    };
  }

  /** Reports a missing key or target (nothing is loaded or sent). */
  #check(target: CallTarget, source: ProblemSource): boolean {
    if (!this.#options.publicKey) return this.#fail('not-configured', 'No public key configured.', source);
    if (!hasCallTarget(target)) return this.#fail('no-target', MISSING_TARGET_MESSAGE, source);
    return true;
  }

  /**
   * `POST /chat/web` for a message, sent at once (before anything is drawn), with the session id of
   * the conversation so far; the chat client adopts it. Without request helpers, the client sends.
   */
  #requestChat(input: string, target: CallTarget): Promise<Response> | undefined {
    const helpers = this.#options.requests;
    if (!helpers) return undefined;
    this.#chatAbort = new AbortController();
    const sessionId = this.sessionId();
    const request = helpers.requestChatWeb(this.#requestOptions(this.#chatAbort), { ...target, input, ...(sessionId && { sessionId }) });
    request.catch(() => {});
    return request;
  }

  /**
   * Sends a chat message (`said`: the visitor's turn, shown in the same change as the reply's).
   * This task only sends the request and draws the two turns; the chat client takes over in the
   * next one, once the request has left.
   */
  async #sendChat(input: string, target: CallTarget, said?: Omit<Turn, 'id'>): Promise<boolean> {
    const attempt = ++this.#chatAttempt;
    this.#lastInput = input;
    const request = this.#requestChat(input, target);
    const pending: Omit<Turn, 'id'> = { role: 'assistant', text: '', partial: '', via: 'text' };
    this.#replyTurn = this.#push(said ? [said, pending] : [pending], { chat: 'sending', problem: null, ended: false });
    if (request) await nextTask();
    if (attempt !== this.#chatAttempt) return false;
    let client: ChatClientPort;
    try {
      client = await this.#ensureChat();
    } catch (error) {
      if (attempt !== this.#chatAttempt) return false;
      this.#chatAbort?.abort();
      this.#finishReply(null);
      return this.#fail('engine-load-failed', error, 'chat');
    }
    if (attempt !== this.#chatAttempt) return false;
    this.#chatAbort = null;
    const reply = await client.send(input, target, request ? { request } : undefined);
    if (attempt !== this.#chatAttempt) return false;
    const error = client.getSnapshot().error;
    this.#finishReply(reply?.text ?? null, reply?.cut ?? undefined);
    if (!reply && error) this.#set({ problem: problemOf(error, 'chat') });
    return !!reply;
  }

  /** Ends the streamed reply: its final text, else what arrived (nothing: the turn goes); `cut`: why it ends early. */
  #finishReply(text: string | null, cut?: Turn['cut']): void {
    const id = this.#replyTurn;
    this.#replyTurn = 0;
    const conversation = this.#view.conversation
      .map((turn) => (turn.id === id ? { ...turn, text: text ?? turn.partial, partial: '', ...(cut && { cut }) } : turn))
      .filter((turn) => turn.id !== id || turn.text);
    this.#set({ conversation, chat: 'idle' });
  }

  /** Appends turns (with `patch`, in one change); returns the last one's id. */
  #push(turns: Omit<Turn, 'id'>[], patch: Patch = {}): number {
    const added = turns.map((turn) => ({ id: this.#nextTurn++, ...turn }));
    this.#set({ ...patch, conversation: [...this.#view.conversation, ...added].slice(-TURN_LIMIT) });
    return this.#nextTurn - 1;
  }

  #currentKey(): string {
    return `${this.#options.publicKey ?? ''}\n${this.#options.apiBaseUrl ?? ''}`;
  }

  #replaceStale(): void {
    if (this.#key === this.#currentKey()) return;
    if (this.#voice && this.#view.phase === 'idle') this.#dispose('call');
    if (this.#chat && this.#view.chat === 'idle') this.#dispose('chat');
  }

  #clientOptions() {
    const options: { publicKey: string; apiBaseUrl?: string } = { publicKey: this.#options.publicKey ?? '' };
    if (this.#options.apiBaseUrl) options.apiBaseUrl = this.#options.apiBaseUrl;
    return options;
  }

  #ensureVoice(): Promise<VoiceClientPort> {
    this.#replaceStale();
    if (this.#voice) return Promise.resolve(this.#voice);
    return this.#options.loadEngine().then((engine) => {
      this.#engine = engine;
      // Two loads may race (intent, then click): the first client wins.
      const { dailyConfig } = this.#options;
      this.#voice ??= this.#adopt('call', new engine.VoiceClient({ ...this.#clientOptions(), video: !!this.#options.video, ...(dailyConfig && { dailyConfig }) }));
      return this.#voice;
    });
  }

  #ensureChat(): Promise<ChatClientPort> {
    this.#replaceStale();
    if (this.#chat) return Promise.resolve(this.#chat);
    const load = this.#options.loadChatEngine ?? (this.#options.loadEngine as () => Promise<Partial<ChatEngine>>);
    return load().then(({ ChatClient }) => {
      if (!ChatClient) throw new Error('The engine module has no ChatClient.');
      this.#chat ??= this.#adopt('chat', new ChatClient(this.#clientOptions()));
      return this.#chat;
    });
  }

  /** Takes a new client: remembers its key, listens to it. */
  #adopt<C extends VoiceClientPort | ChatClientPort>(kind: ProblemSource, client: C): C {
    this.#key = this.#currentKey();
    if (kind === 'chat') this.#chat = client as ChatClientPort;
    else this.#voice = client as VoiceClientPort;
    this.#listen(kind, kind === 'chat' ? CHAT_CLIENT_EVENTS : CLIENT_EVENTS, () => (kind === 'chat' ? this.#syncChat() : this.#sync()));
    return client;
  }

  /** Subscribes to a client and forwards its events (the chat client's `state-change` renamed). */
  #listen(kind: ProblemSource, events: readonly string[], sync: () => void): void {
    // Both clients' events are forwarded by name; their payload types live in ConversationEvents.
    const client = (kind === 'chat' ? this.#chat : this.#voice) as unknown as Emitting;
    const offs = this.#offs[kind];
    offs.push(client.subscribe(sync));
    for (const event of events) {
      const name = (kind === 'chat' && event === 'state-change' ? 'chat-state-change' : event) as keyof ConversationEvents;
      const handler = (payload: never) => {
        if (name === 'message') this.#onMessage(payload as VoiceMessage);
        if (name === 'chat-delta') this.#onDelta(payload as ChatClientEvents['chat-delta']);
        this.#options.onEvent?.(name, payload);
        if (name === 'message') this.#runTools(payload);
      };
      client.on(event, handler);
      offs.push(() => client.off(event, handler));
    }
  }

  #dispose(kind: ProblemSource): void {
    const client = kind === 'chat' ? this.#chat : this.#voice;
    if (!client) return;
    if (kind === 'chat') this.#chat = null;
    else this.#voice = null;
    for (const off of this.#offs[kind].splice(0)) off();
    client.destroy();
  }

  /** Runs the client-side tools a `tool-calls` message names (after its `message` event). */
  #runTools(message: VoiceMessage): void {
    const onEvent = this.#options.onEvent;
    const run = this.#engine?.runClientTools;
    if (!run) {
      if (message.type === 'tool-calls' && !this.#warnedTools) {
        this.#warnedTools = true;
        console.error('[ringwise] The voice engine module has no runClientTools: client tools cannot run.');
      }
      return;
    }
    run(message, this.#options.clientTools?.(), {
      announce: (call) => onEvent?.('tool-call', call) !== false,
      fail: (error) => {
        console.error(`[ringwise] ${error.message}`);
        onEvent?.('error', error);
      },
    });
  }

  /** Voice transcripts become turns: partial text replaced by final, same speaker joined. */
  #onMessage(message: VoiceMessage): void {
    if (message.type !== 'transcript' || typeof message.transcript !== 'string') return;
    const role = message.role === 'user' ? 'user' : 'assistant';
    const final = message.transcriptType === 'final';
    const turns = this.#view.conversation;
    const last = turns[turns.length - 1];
    if (last && last.role === role && last.via === 'voice') {
      // A partial transcript may correct itself: that is a rewrite, not an extension (see Turn.rewrites).
      const rewrites = final || message.transcript.startsWith(last.partial) ? last.rewrites : (last.rewrites ?? 0) + 1;
      const next = final ? { ...last, text: joinText(last.text, message.transcript), partial: '' } : { ...last, partial: message.transcript, rewrites };
      this.#set({ conversation: [...turns.slice(0, -1), next] });
    } else {
      this.#push([{ role, text: final ? message.transcript : '', partial: final ? '' : message.transcript, via: 'voice' }]);
    }
  }

  /** Folds the voice client's snapshot into the view. */
  #sync(): void {
    const client = this.#voice;
    if (!client || this.#loading) return;
    const s = client.getSnapshot();
    const previous = this.#view.phase;
    const inCall = previous === 'active' || previous === 'reconnecting' || previous === 'ending';
    const patch: Patch = {
      phase: s.state,
      muted: s.muted,
      speaking: s.speaking,
      volume: s.volume,
      stage: s.stage,
      stageIndex: s.stage ? START_STAGES.indexOf(s.stage) + 1 : 0,
      audioBlocked: s.audioBlocked,
      videoTrack: s.videoTrack ?? null,
    };
    // A voice error is taken once (a later chat problem must not be overwritten by it).
    if (s.error && s.error !== this.#voiceError) patch.problem = problemOf(s.error, 'call');
    this.#voiceError = s.error;
    if (s.state === 'active' && previous !== 'active' && previous !== 'reconnecting') {
      this.#connectedAt = Date.now();
      patch.connectedAt = this.#connectedAt;
    }
    if (s.state === 'idle' && inCall) {
      this.#webCall = null;
      patch.connectedAt = 0;
      patch.duration = this.#connectedAt ? Math.round((Date.now() - this.#connectedAt) / 1000) : 0;
      if (!s.error) patch.ended = true;
      this.#connectedAt = 0;
    }
    this.#set(patch);
  }

  /** Folds the chat client's state into the view (the reply's text comes with each `chat-delta`). */
  #syncChat(): void {
    const client = this.#chat;
    if (!client || !this.#replyTurn) return;
    const { state } = client.getSnapshot();
    this.#set({ chat: state === 'idle' ? this.#view.chat : state });
  }

  /**
   * The reply streams into its turn: `partial` is the reply so far, and `rewrites` counts the
   * times it was replaced instead of extended, so a renderer can append just the new end.
   */
  #onDelta({ text, replaced }: ChatClientEvents['chat-delta']): void {
    const id = this.#replyTurn;
    if (!id) return;
    const rewrite = (turn: Turn) => (replaced ? (turn.rewrites ?? 0) + 1 : turn.rewrites);
    this.#set({ conversation: this.#view.conversation.map((turn) => (turn.id === id ? { ...turn, partial: text, rewrites: rewrite(turn) } : turn)) });
  }

  /**
   * A failure the engines never saw: shown, and sent as an `error` event. `cause`: the message, or
   * the error (an engine that failed to load: its message, and which file and why).
   */
  #fail(type: ProblemKind, cause: unknown, source: ProblemSource): false {
    const message = cause instanceof Error ? cause.message : String(cause);
    const load = loadFailureOf(cause);
    const problem: CallProblem = { type, message, source, ...(load && { load }) };
    this.#set(source === 'call' ? { phase: 'idle', problem, stage: null, stageIndex: 0 } : { problem });
    this.#options.onEvent?.('error', Object.assign(new Error(message), { type }, load && { failure: load, cause }) as never);
    return false;
  }

  #set(patch: Patch): void {
    let changed = false;
    for (const key of Object.keys(patch) as (keyof CallView)[]) {
      if (this.#view[key] !== patch[key]) changed = true;
    }
    if (!changed) return;
    this.#view = { ...this.#view, ...patch };
    this.#emit();
  }

  #emit(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}

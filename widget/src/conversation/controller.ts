/**
 * `ConversationController`: the framework-free view model shared by the card and the React hook.
 * One conversation across talking and typing: it owns at most one voice client and one chat
 * client (an `LazyClient` each), loads each engine lazily (on intent, or at the click), folds
 * their snapshots and events into one immutable `CallView` (`ViewStore`), and keeps one list of
 * turns — voice transcripts, typed messages and chat replies — that no switch between them clears.
 *
 * A click never waits for a download: `start` and `sendText` send `POST /call/web` /
 * `POST /chat/web` at once (with the injected request helpers) and hand the in-flight request to
 * the engine, which adopts it in a later task (loaded or not yet), so the request leaves first.
 *
 * It never throws into its caller: a missing key or target, an engine that fails to load and
 * every engine error end as `view.problem`.
 */
import type { CallTarget, VoiceMessage, WebCall } from '../core/types.ts';
import { CLIENT_EVENTS } from '../core/client-events.ts';
import { CallCommands } from './call-commands.ts';
import { ChatSession, type ChatHost } from './chat-session.ts';
import type { ContinuityPort, SavedTurn } from './continuity-port.ts';
import type { ConversationControllerOptions, ConversationEvents } from './conversation-events.ts';
import { chatTurnsForCall } from './chat-into-call.ts';
import type { VoiceClientPort } from './engine-port.ts';
import { CallStarts, keptRoomTarget, startNow, type StartOptions } from '../core/call-request.ts';
import { clientKey, clientOptions } from './lazy-client.ts';
import { missingSetup, problemOf, widgetFailure } from './problems.ts';
import { ToolRunner } from './run-tools.ts';
import { nextTask } from '../core/tasks.ts';
import { transcriptChange } from './turns.ts';
import type { ProblemKind, ProblemSource } from './view.ts';

/** Every `VoiceClientEvents` name, for forwarding (e.g. as DOM events): the core's one list. */
export { CLIENT_EVENTS } from '../core/client-events.ts';
export {
  CHAT_EVENTS,
  type ChatEvents,
  type ConversationControllerOptions,
  type ConversationEvents,
  type EventSink,
  type RequestHelpers,
} from './conversation-events.ts';
export { isWidgetError, WidgetError } from './errors.ts';

/** Options of `start`: an early request (`startNow`, core/call-request.ts). */
export type { StartOptions };

/** See the module comment. */
export class ConversationController extends CallCommands implements ContinuityPort, ChatHost {
  #options: ConversationControllerOptions;
  #chat: ChatSession = new ChatSession(this);
  /** Runs the client tools through the voice engine module. */
  #tools = new ToolRunner();
  /** The gate of `start`: one start or call at a time. */
  #starts = new CallStarts(() => this.view_.phase !== 'idle');

  constructor(options: ConversationControllerOptions) {
    super();
    this.#options = { ...options };
  }

  /**
   * Updates key / API URL / Daily config. Clients made with an old key or URL are replaced once
   * idle; a new Daily config applies to the next voice client.
   */
  configure(options: Pick<ConversationControllerOptions, 'publicKey' | 'apiBaseUrl' | 'dailyConfig'>): void {
    this.#options = { ...this.#options, ...options };
    this.replaceStale_();
  }

  /**
   * Loads an engine ahead of a click (hover, focus, touch): the voice engine and its daily chunk,
   * or the chat engine. Does nothing without a public key; failures are silent here and reported
   * by the action that needs the engine.
   */
  preload(kind: ProblemSource = 'call'): void {
    if (!this.#options.publicKey) return;
    const ready = kind === 'chat' ? this.#chat.ensure_() : this.#ensureVoice().then((client) => client.preload());
    // Failures are reported by start() / sendText(), where the visitor asked for something.
    ready.catch(() => {});
  }

  protected sink_() {
    return this.#options.onEvent;
  }

  options_(): ConversationControllerOptions {
    return this.#options;
  }

  /** Starts a call (no-op unless idle). Resolves `true` when the call started; never rejects. */
  async start(target: CallTarget, options: StartOptions = {}): Promise<boolean> {
    const helpers = this.#options.requests;
    const keep = !!this.#options.keepRoom?.();
    const send =
      helpers &&
      (() =>
        startNow({
          token: this.#options.publicKey,
          baseUrl: this.#options.apiBaseUrl,
          target: keep ? keptRoomTarget(target) : target,
          requestWebCall: helpers.requestWebCall,
        }));
    // One start at a time (call-request.ts): a second start while one runs sends nothing.
    const opened = this.#starts.open(options, () => this.#check(target, 'call'), send);
    if (!opened) return false;
    const { request, abort, microphone, sentHere: sendHere } = opened;
    const attempt = this.#beginLoad();
    // The engine adopts the request and reports its failure; until then nobody else listens.
    request?.catch(() => {});
    this.voice_.abort_ = abort ?? null;
    // The request leaves before a loaded engine starts the call.
    if (sendHere && this.voice_.client_) await nextTask();
    const client = await this.#loadVoice(attempt);
    if (!client) return false;
    this.voice_.abort_ = null;
    this.syncVoice_();
    // What was said and typed before this call goes into it (chat-into-call.ts), without a reply.
    const before = chatTurnsForCall(this.view_.conversation);
    try {
      const call = await client.start(target, {
        ...(request && { request }),
        ...(microphone && { microphone }),
        ...(keep && { roomDeleteOnUserLeaveEnabled: false }),
      });
      if (!call) return false;
      this.call_.webCall = call;
      for (const message of before) client.addMessage(message, { triggerResponseEnabled: false });
      return true;
    } catch (error) {
      // The core throws for validation errors (and reports them as events too).
      if (this.voice_.current_(attempt)) this.set_({ problem: problemOf(error, 'call'), phase: 'idle' });
      return false;
    }
  }

  /** Hangs up, or cancels a start in progress (including the engine load and an early request). */
  stop(): void {
    this.voice_.cancel_();
    if (this.loading_) {
      this.loading_ = false;
      this.set_({ phase: 'idle' });
    }
    this.voice_.client_?.stop();
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
    const { phase } = this.view_;
    if (phase === 'active' || phase === 'reconnecting') {
      this.voice_.client_?.addMessage({ role: 'user', content: input });
      this.push_([{ role: 'user', text: input, partial: '', via: 'text' }]);
      return true;
    }
    if (phase !== 'idle' || this.view_.chat !== 'idle' || !this.#check(target, 'chat')) return false;
    return this.#chat.send_(input, target, { role: 'user', text: input, partial: '', via: 'text' });
  }

  /** Sends the last chat message again (after a failure), without repeating it in the conversation. */
  retryChat(target: CallTarget): Promise<boolean> {
    const input = this.#chat.lastInput_();
    if (!input || this.view_.chat !== 'idle' || !this.#check(target, 'chat')) return Promise.resolve(false);
    return this.#chat.send_(input, target);
  }

  /** Stops the chat reply being streamed; what arrived so far stays in the conversation. */
  stopReply(): void {
    this.#chat.stop_();
  }

  /** Shows a problem the caller found (e.g. overrides it cannot read) and sends it as an `error` event. */
  fail(type: ProblemKind, message: string, source: ProblemSource = 'call'): false {
    return this.fail_(type, message, source);
  }

  /** Clears the last problem and the ended notice (the conversation stays). */
  dismiss(): void {
    this.set_({ problem: null, ended: false });
  }

  /** The chat's session id: the chat client's, else one restored from another page. */
  sessionId(): string | null {
    return this.#chat.sessionId_();
  }

  /**
   * Shows turns kept by another page of the tab (before anything else happens here) and
   * continues their chat session: the next message carries its `sessionId`.
   */
  restore(turns: readonly SavedTurn[], sessionId: string | null): void {
    this.#chat.restore_(sessionId);
    this.push_(turns.map((turn) => ({ ...turn, partial: '' })));
  }

  /**
   * Joins a call again that another page of the tab left running (no new `POST /call/web`):
   * the engine's `reconnect`, with the call's original connect time, so the elapsed time goes on.
   * Resolves `true` when joined; a failure shows as `view.problem`. Never rejects.
   */
  async rejoin(webCall: WebCall, connectedAt: number): Promise<boolean> {
    if (this.view_.phase !== 'idle') return false;
    const attempt = this.#beginLoad();
    const client = await this.#loadVoice(attempt);
    if (!client) return false;
    this.syncVoice_();
    try {
      if (!client.reconnect) throw new Error('The voice engine cannot rejoin a call (an older engine file).');
      await client.reconnect(webCall);
    } catch (error) {
      if (this.voice_.current_(attempt)) this.set_({ problem: problemOf(error, 'call'), phase: 'idle' });
      return false;
    }
    if (!this.voice_.current_(attempt) || client.getSnapshot().state !== 'active') return false;
    this.call_.webCall = webCall;
    this.call_.connectedAt = connectedAt;
    this.set_({ connectedAt });
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
    this.voice_.dispose_();
    this.#chat.slot_.dispose_();
    this.reset_();
  }

  /** A start or rejoin begins: the view shows `loading` until the engine is in. */
  #beginLoad(): number {
    // The attempt first: what a view listener does on `loading` belongs to this attempt.
    const attempt = this.voice_.begin_();
    this.loading_ = true;
    this.set_({ phase: 'loading', problem: null, ended: false, duration: 0, stage: null, stageIndex: 0 });
    return attempt;
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
      if (!this.voice_.current_(attempt)) return null;
      this.loading_ = false;
      this.voice_.dropRequest_();
      this.fail_('engine-load-failed', error, 'call');
      return null;
    }
    if (!this.voice_.current_(attempt)) return null;
    this.loading_ = false;
    return client;
  }

  /** Reports a missing key or target (nothing is loaded or sent). */
  #check(target: CallTarget, source: ProblemSource): boolean {
    const missing = missingSetup(this.#options.publicKey, target);
    return missing ? this.fail_(missing[0], missing[1], source) : true;
  }

  /** Replaces clients made with an old key or URL, each once it is idle. */
  replaceStale_(): void {
    const key = clientKey(this.#options);
    if (this.voice_.stale_(key) && this.view_.phase === 'idle') this.voice_.dispose_();
    if (this.#chat.slot_.stale_(key) && this.view_.chat === 'idle') this.#chat.slot_.dispose_();
  }

  #ensureVoice(): Promise<VoiceClientPort> {
    this.replaceStale_();
    if (this.voice_.client_) return Promise.resolve(this.voice_.client_);
    return this.#options.loadEngine().then((engine) => {
      this.#tools.engine_ = engine;
      const { dailyConfig } = this.#options;
      // Two loads may race (intent, then click): the first client wins, no second one is made.
      const made = () =>
        new engine.VoiceClient({
          ...clientOptions(this.#options),
          video: !!this.#options.video,
          ...(dailyConfig && { dailyConfig }),
        });
      return (
        this.voice_.client_ ??
        this.voice_.adopt_(made(), clientKey(this.#options), CLIENT_EVENTS, this.forward_, () => this.syncVoice_())
      );
    });
  }

  /** A client's event: folded into the turns, forwarded, and a `tool-calls` message run. */
  forward_ = (event: string, payload: never): void => {
    const name = event as keyof ConversationEvents;
    if (name === 'message') this.#onMessage(payload as VoiceMessage);
    this.#options.onEvent?.(name, payload);
    if (name === 'message') this.#tools.run_(payload, this.#options);
  };

  /** Voice transcripts become turns (see `transcriptChange`). */
  #onMessage(message: VoiceMessage): void {
    const turns = this.view_.conversation;
    const change = transcriptChange(turns, message);
    if (change && 'last' in change) this.set_({ conversation: [...turns.slice(0, -1), change.last] });
    else if (change) this.push_([change.add]);
  }

  /** A failure the engines never saw: shown, and sent as an `error` event (see `widgetFailure`). */
  fail_(type: ProblemKind, cause: unknown, source: ProblemSource): false {
    const { problem, error } = widgetFailure(type, cause, source);
    this.set_(source === 'call' ? { phase: 'idle', problem, stage: null, stageIndex: 0 } : { problem });
    this.#options.onEvent?.('error', error as never);
    return false;
  }
}

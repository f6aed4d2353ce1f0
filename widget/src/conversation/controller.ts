/**
 * `ConversationController`: the framework-free view model shared by the card and the React hook.
 * One conversation across talking and typing: it owns at most one voice client and one chat
 * client (an `LazyClient` each), loads each engine lazily (on intent, or at the click), folds
 * their snapshots and events into one immutable `CallView` (its `ViewStore` member), and keeps one
 * list of turns — voice transcripts, typed messages and chat replies — that no switch between them
 * clears. The voice half is its `CallCommands` member, the typed half its `ChatSession` member.
 *
 * A click never waits for a download: `start` and `sendText` send `POST /call/web` /
 * `POST /chat/web` at once (with the injected request helpers) and hand the in-flight request to
 * the engine, which adopts it in a later task (loaded or not yet), so the request leaves first.
 *
 * It never throws into its caller: a missing key or target, an engine that fails to load and
 * every engine error end as `view.problem`.
 */
import type { CallTarget, JsonObject, VoiceMessage, WebCall } from '../core/types.ts';
import { CLIENT_EVENTS } from '../core/client-events.ts';
import { CallCommands } from './call-commands.ts';
import { ChatSession } from './chat-session.ts';
import type { ContinuityPort, SavedTurn } from './continuity-port.ts';
import type { ConversationControllerOptions, ConversationEvents } from './conversation-events.ts';
import { chatTurnsForCall } from './chat-into-call.ts';
import type { VoiceClientPort } from './engine-port.ts';
import { CallStarts, keptRoomTarget, type StartOptions } from '../core/call-request.ts';
import { clientKey, newVoiceClient } from './lazy-client.ts';
import { missingSetup, problemOf, widgetFailure } from './problems.ts';
import { ToolRunner } from './run-tools.ts';
import { nextTask } from '../core/tasks.ts';
import type { AddMessageOptions, ConversationMessage } from '../core/messages.ts';
import { ViewStore } from './view-store.ts';
import type { CallView, ProblemKind, ProblemSource } from './view.ts';

/** See the module comment. */
export class ConversationController implements ContinuityPort {
  #options: ConversationControllerOptions;
  /** The view and its subscribers. */
  readonly #store = new ViewStore();
  /** The voice half: its client's slot, the running call, the host page's requests to it. */
  readonly #voice = new CallCommands({
    store: this.#store,
    sink: () => this.#options.onEvent,
    ensure: () => this.#ensureVoice(),
    fail: (type, cause, source) => this.#fail(type, cause, source),
  });
  readonly #chat = new ChatSession({
    store: this.#store,
    options: () => this.#options,
    fail: (type, cause, source) => this.#fail(type, cause, source),
    forward: (event, payload) => this.#forward(event, payload),
    replaceStale: () => this.#replaceStale(),
  });
  /** Runs the client tools through the voice engine module. */
  readonly #tools = new ToolRunner();
  /** The gate of `start`: one start or call at a time. */
  readonly #starts = new CallStarts(() => this.#store.view.phase !== 'idle');

  constructor(options: ConversationControllerOptions) {
    this.#options = { ...options };
  }

  /** Current view (stable identity until something changes; bound, for `useSyncExternalStore`). */
  readonly getSnapshot: () => CallView = this.#store.getSnapshot;
  /** Subscribes to view changes; returns the unsubscribe function (bound). */
  readonly subscribe: (listener: () => void) => () => void = this.#store.subscribe;

  /** The running call's web call and when it connected (epoch ms); `null` without a call. */
  liveCall(): { webCall: WebCall; connectedAt: number } | null {
    return this.#voice.liveCall();
  }
  /** Mutes or unmutes the microphone of the running call. */
  setMuted(muted: boolean): void {
    this.#voice.setMuted(muted);
  }

  /** The voice client of the conversation (its audio settings), or null before its engine loaded. */
  voiceClient(): VoiceClientPort | null {
    return this.#voice.slot.client;
  }

  /** Retries audio playback after the browser blocked it; call from a click handler. */
  resumeAudio(): void {
    this.#voice.resumeAudio();
  }

  /** Sends an app message into the live call (JSON); ignored without a call. */
  send(message: JsonObject): void {
    this.#voice.send(message);
  }

  /** Makes the assistant say `text` in the live call (hanging up after it when `endCallAfterSpoken`). */
  say(text: string, endCallAfterSpoken?: boolean): void {
    this.#voice.say(text, endCallAfterSpoken);
  }

  /**
   * Adds a message to the live call's conversation (the platform's `add-message`); ignored
   * without a call. Not shown in `conversation`: it is context for the model (`role: 'system'`)
   * or words the host page puts in a speaker's mouth. A message without a string role and content
   * is reported as an `error` event (`validation-error`), never thrown.
   */
  addMessage(message: ConversationMessage, options?: AddMessageOptions): void {
    this.#voice.addMessage(message, options);
  }

  /**
   * Updates key / API URL / Daily config / room hosts. Clients made with an old key, URL or room hosts
   * are replaced once idle; a new Daily config applies to the next voice client.
   */
  configure(
    options: Pick<ConversationControllerOptions, 'publicKey' | 'apiBaseUrl' | 'dailyConfig' | 'roomHosts'>,
  ): void {
    this.#options = { ...this.#options, ...options };
    this.#replaceStale();
  }

  /**
   * Loads an engine ahead of a click (hover, focus, touch): the voice engine and its daily chunk, or the chat
   * engine. Nothing without a public key. Resolves when ready; failures are silent here (start() / sendText(),
   * where the visitor asked for something, report them).
   */
  preload(kind: ProblemSource = 'call'): Promise<void> {
    if (!this.#options.publicKey) return Promise.resolve();
    const ready = kind === 'chat' ? this.#chat.ensure() : this.#ensureVoice().then((client) => client.preload());
    return ready.then(() => {}).catch(() => {});
  }

  /** Starts a call (no-op unless idle). Resolves `true` when the call started; never rejects. */
  async start(target: CallTarget, options: StartOptions = {}): Promise<boolean> {
    const requestWebCall = this.#options.requests?.requestWebCall;
    const keep = !!this.#options.keepRoom?.();
    const startNow = requestWebCall && this.#options.startNow?.(); // none (yet): the engine sends the request
    const send =
      startNow &&
      (() =>
        startNow({
          token: this.#options.publicKey,
          baseUrl: this.#options.apiBaseUrl,
          target: keep ? keptRoomTarget(target) : target,
          requestWebCall,
        }));
    const opened = this.#starts.open(options, () => this.#check(target, 'call'), send); // one at a time: CallStarts
    if (!opened) return false;
    const { request, abort, microphone, clickedAt } = opened;
    const voice = this.#voice;
    const attempt = voice.begin();
    // The engine adopts the request and reports its failure; until then nobody else listens.
    request?.catch(() => {});
    voice.slot.hold(abort ?? null);
    // The request leaves, and the card's first frame is drawn, before a loaded engine starts the call.
    if (voice.slot.client) await nextTask();
    const client = await voice.load(attempt);
    if (!client) return false;
    voice.slot.hold(null);
    voice.sync();
    // What was said and typed before this call goes into it (chat-into-call.ts), without a reply.
    const before = chatTurnsForCall(this.#store.view.conversation);
    try {
      const call = await client.start(target, {
        ...(request && { request }),
        ...(microphone && { microphone, clickedAt }), // both startNow's: the click's time starts latency
        ...(keep && { roomDeleteOnUserLeaveEnabled: false }),
      });
      if (!call) return false;
      voice.record.webCall = call;
      for (const message of before) client.addMessage(message, { triggerResponseEnabled: false });
      return true;
    } catch (error) {
      // The core throws for validation errors (and reports them as events too).
      if (voice.slot.current(attempt)) this.#store.set({ problem: problemOf(error, 'call'), phase: 'idle' });
      return false;
    }
  }

  /** Hangs up, or cancels a start in progress (including the engine load and an early request). */
  stop(): void {
    this.#voice.stop();
  }

  /** Installs a lazy part of the live call (see `CallCommands.extend`; issue 37's turn cutting). */
  extendCall(make: Parameters<CallCommands['extend']>[0]): void {
    this.#voice.extend(make);
  }

  /**
   * Sends what the visitor typed: into the call during one (`CallCommands.typed`), else as a chat
   * message, whose reply streams into the conversation. Resolves `true` when it was sent (for chat:
   * when the reply finished); `false` for empty text, while a reply streams, while a call connects
   * or ends, and on failure (then `view.problem` says why). Never rejects.
   */
  async sendText(text: string, target: CallTarget): Promise<boolean> {
    const input = text.trim();
    if (!input) return false;
    if (this.#voice.typed(input)) return true;
    const { phase, chat } = this.#store.view;
    if (phase !== 'idle' || chat !== 'idle' || !this.#check(target, 'chat')) return false;
    return this.#chat.send(input, target, { role: 'user', text: input, partial: '', via: 'text' });
  }

  /** Sends the last chat message again (after a failure), without repeating it in the conversation. */
  retryChat(target: CallTarget): Promise<boolean> {
    const input = this.#chat.lastInput();
    if (!input || this.#store.view.chat !== 'idle' || !this.#check(target, 'chat')) return Promise.resolve(false);
    return this.#chat.send(input, target);
  }

  /** Stops the chat reply being streamed; what arrived so far stays in the conversation. */
  stopReply(): void {
    this.#chat.stop();
  }

  /** Shows a problem the caller found (unreadable overrides, a file not loaded) and sends it as an `error` event. */
  fail(type: ProblemKind, cause: unknown, source: ProblemSource = 'call'): false {
    return this.#fail(type, cause, source);
  }

  /** Clears the last problem and the ended notice (the conversation stays). */
  dismiss(): void {
    this.#store.set({ problem: null, ended: false });
  }

  /** The chat's session id: the chat client's, else one restored from another page. */
  sessionId(): string | null {
    return this.#chat.sessionId();
  }

  /**
   * Shows turns kept by another page of the tab (before anything else happens here) and
   * continues their chat session: the next message carries its `sessionId`.
   */
  restore(turns: readonly SavedTurn[], sessionId: string | null): void {
    this.#chat.restore(sessionId);
    this.#store.push(turns.map((turn) => ({ at: 0, ...turn, partial: '' }))); // an older entry's turn: no time (0)
  }

  /**
   * Joins a call again that another page of the tab left running (no new `POST /call/web`):
   * the engine's `reconnect`, with the call's original connect time, so the elapsed time goes on.
   * Resolves `true` when joined; a failure shows as `view.problem`. Never rejects.
   */
  rejoin(webCall: WebCall, connectedAt: number): Promise<boolean> {
    return this.#voice.rejoin(webCall, connectedAt);
  }

  /**
   * Ends any call and reply, destroys the clients and forgets the conversation; the controller
   * stays usable (a later start creates new clients), which is what React StrictMode's
   * unmount/remount needs.
   */
  release(): void {
    this.stop();
    this.stopReply();
    this.#voice.slot.dispose();
    this.#chat.slot.dispose();
    this.#store.reset();
  }

  /** Reports a missing key or target (nothing is loaded or sent). */
  #check(target: CallTarget, source: ProblemSource): boolean {
    const missing = missingSetup(this.#options.publicKey, target);
    return missing ? this.#fail(missing[0], missing[1], source) : true;
  }

  /** Replaces clients made with an old key or URL, each once it is idle. */
  #replaceStale(): void {
    const key = clientKey(this.#options);
    const { phase, chat } = this.#store.view;
    if (this.#voice.slot.stale(key) && phase === 'idle') this.#voice.slot.dispose();
    if (this.#chat.slot.stale(key) && chat === 'idle') this.#chat.slot.dispose();
  }

  #ensureVoice(): Promise<VoiceClientPort> {
    this.#replaceStale();
    const slot = this.#voice.slot;
    if (slot.client) return Promise.resolve(slot.client);
    return this.#options.loadEngine().then((engine) => {
      this.#tools.use(engine);
      // Two loads may race (intent, then click): the first client wins, no second one is made.
      const made = () => newVoiceClient(engine, this.#options);
      const forward = (event: string, payload: never) => this.#forward(event, payload);
      const sync = () => this.#voice.sync();
      return slot.client ?? slot.adopt(made(), clientKey(this.#options), CLIENT_EVENTS, forward, sync);
    });
  }

  /** A client's event: folded into the turns, forwarded, and a `tool-calls` message run. */
  #forward(event: string, payload: never): void {
    const name = event as keyof ConversationEvents;
    if (name === 'message') this.#voice.onMessage(payload as VoiceMessage);
    this.#options.onEvent?.(name, payload);
    if (name === 'message') this.#tools.run(payload, this.#options);
  }

  /** A failure the engines never saw: shown, and sent as an `error` event (see `widgetFailure`). */
  #fail(type: ProblemKind, cause: unknown, source: ProblemSource): false {
    const { problem, error } = widgetFailure(type, cause, source);
    this.#store.set(source === 'call' ? { phase: 'idle', problem, stage: null, stageIndex: 0 } : { problem });
    this.#options.onEvent?.('error', error as never);
    return false;
  }
}

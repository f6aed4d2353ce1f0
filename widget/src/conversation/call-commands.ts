/**
 * `CallCommands`: the voice half of the controller's state — the voice client's slot, the fold of
 * its snapshots into the view store, the running call's record, the engine load of a start or
 * rejoin — and what a host page asks of the live call (mute, audio, app messages, `say`,
 * `add-message`), passed to the voice client when there is one; a request that throws becomes an
 * `error` event, never an exception in the host page. The controller holds one (composition) and
 * hands it its view store; the controller's public methods delegate here.
 */
import type { AddMessageOptions, ConversationMessage } from '../core/messages.ts';
import type { JsonObject, VoiceErrorLike, VoiceMessage, WebCall } from '../core/types.ts';
import type { EventSink } from './conversation-events.ts';
import { problemOf } from './problems.ts';
import type { VoiceClientPort } from './engine-port.ts';
import { LazyClient } from './lazy-client.ts';
import { transcriptChange } from './turns.ts';
import type { ViewStore } from './view-store.ts';
import type { ProblemKind, ProblemSource } from './view.ts';
import { foldVoice, type CallRecord } from './voice-fold.ts';

/** What the voice half needs of the controller (which makes it, with closures over its own state). */
export interface CallHost {
  /** The controller's view store. */
  readonly store: ViewStore;
  /** Where `error` events go (read at each use: `configure` may change it). */
  sink(): EventSink | undefined;
  /** The voice client, loading its engine first if needed. */
  ensure(): Promise<VoiceClientPort>;
  /** Shows a failure the engines never saw and sends it as an `error` event. */
  fail(type: ProblemKind, cause: unknown, source: ProblemSource): false;
}

/**
 * A lazy part of the live call (see `CallCommands.extend`): sees each platform message before the
 * transcript fold; true when it took the message (the fold skipped).
 */
export type CallHook = (message: VoiceMessage) => boolean;

/** See the module comment. */
export class CallCommands {
  /** The voice client's slot. */
  readonly slot = new LazyClient<VoiceClientPort>();
  /** The running call (see `foldVoice`). */
  readonly record: CallRecord = { error: null, connectedAt: 0, webCall: null };
  /** A voice engine is loading for a start or rejoin (its client's snapshots are not shown yet). */
  #loading = false;
  /** The installed lazy part (`extend`), if any. */
  #hook: CallHook | null = null;
  readonly #store: ViewStore;
  readonly #host: CallHost;

  constructor(host: CallHost) {
    this.#host = host;
    this.#store = host.store;
  }

  /** The running call's web call and when it connected (epoch ms); `null` without a call. */
  liveCall(): { webCall: WebCall; connectedAt: number } | null {
    const { webCall, connectedAt } = this.record;
    return webCall && connectedAt ? { webCall, connectedAt } : null;
  }

  /** Folds the voice client's snapshot into the view (see `foldVoice`); not while its engine loads. */
  sync(): void {
    const client = this.slot.client;
    if (!client || this.#loading) return;
    this.#store.set(foldVoice(client.getSnapshot(), this.#store.view.phase, this.record));
  }

  /** A start or rejoin begins: the view shows `loading` until the engine is in; returns its attempt. */
  begin(): number {
    // The attempt first: what a view listener does on `loading` belongs to this attempt.
    const attempt = this.slot.begin();
    this.#loading = true;
    this.#store.set({ phase: 'loading', problem: null, ended: false, duration: 0, stage: null, stageIndex: 0 });
    return attempt;
  }

  /**
   * The voice client for a start or rejoin (`attempt`), once its engine is loaded; `null` when a
   * stop cancelled the attempt meanwhile or the engine failed to load (then shown, and an early
   * request aborted).
   */
  async load(attempt: number): Promise<VoiceClientPort | null> {
    let client: VoiceClientPort;
    try {
      client = await this.#host.ensure();
    } catch (error) {
      if (!this.slot.current(attempt)) return null;
      this.#loading = false;
      this.slot.dropRequest();
      this.#host.fail('engine-load-failed', error, 'call');
      return null;
    }
    if (!this.slot.current(attempt)) return null;
    this.#loading = false;
    return client;
  }

  /** Joins a kept call again (see the controller's `rejoin`). */
  async rejoin(webCall: WebCall, connectedAt: number): Promise<boolean> {
    if (this.#store.view.phase !== 'idle') return false;
    const attempt = this.begin();
    const client = await this.load(attempt);
    if (!client) return false;
    this.sync();
    try {
      if (!client.reconnect) throw new Error('The voice engine cannot rejoin a call (an older engine file).');
      await client.reconnect(webCall);
    } catch (error) {
      if (this.slot.current(attempt)) this.#store.set({ problem: problemOf(error, 'call'), phase: 'idle' });
      return false;
    }
    if (!this.slot.current(attempt) || client.getSnapshot().state !== 'active') return false;
    this.record.webCall = webCall;
    this.record.connectedAt = connectedAt;
    this.#store.set({ connectedAt });
    return true;
  }

  /**
   * Installs a lazy part of the live call, made with this call's host (its view store and event
   * sink): issue 37's turn cutting (conversation/turn-cuts.ts), which the call's audio file brings,
   * so the chat path never carries it.
   */
  extend(make: (host: CallHost) => CallHook): void {
    this.#hook = make(this.#host);
  }

  /**
   * What the visitor typed during a call joins it (`add-message`, role `user`) and shows at once;
   * it is their next turn, so a stopped assistant may speak again. False outside a call.
   */
  typed(input: string): boolean {
    const { phase } = this.#store.view;
    const client = this.slot.client;
    if (!client || (phase !== 'active' && phase !== 'reconnecting')) return false;
    client.setAssistantMuted?.(false);
    client.addMessage({ role: 'user', content: input });
    this.#store.push([{ role: 'user', text: input, partial: '', via: 'text' }]);
    return true;
  }

  /** Voice transcripts become turns (see `transcriptChange`), after the installed hook's look (`extend`). */
  onMessage(message: VoiceMessage): void {
    if (this.#hook?.(message)) return;
    const turns = this.#store.view.conversation;
    const change = transcriptChange(turns, message);
    if (change && 'last' in change) this.#store.set({ conversation: [...turns.slice(0, -1), change.last] });
    else if (change) this.#store.push([change.add]);
  }

  /** Hangs up, or cancels a start in progress (including the engine load and an early request). */
  stop(): void {
    this.slot.cancel();
    if (this.#loading) {
      this.#loading = false;
      this.#store.set({ phase: 'idle' });
    }
    this.slot.client?.stop();
  }

  /** Mutes or unmutes the microphone of the running call. */
  setMuted(muted: boolean): void {
    this.slot.client?.setMuted(muted);
    this.sync();
  }

  /** Retries audio playback after the browser blocked it; call from a click handler. */
  resumeAudio(): void {
    this.slot.client?.resumeAudio();
  }

  /** Sends an app message into the live call (JSON); ignored without a call. */
  send(message: JsonObject): void {
    this.#guard(() => this.slot.client?.send(message as VoiceMessage));
  }

  /** Makes the assistant say `text` in the live call (hanging up after it when `endCallAfterSpoken`). */
  say(text: string, endCallAfterSpoken?: boolean): void {
    this.#guard(() => this.slot.client?.say(String(text), endCallAfterSpoken));
  }

  /** Adds a message to the live call's conversation (see the controller's `addMessage`). */
  addMessage(message: ConversationMessage, options?: AddMessageOptions): void {
    this.#guard(() => this.slot.client?.addMessage(message, options));
  }

  /** Runs a host page's request to the call; what it throws becomes an `error` event. */
  #guard(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.#host.sink()?.('error', error as VoiceErrorLike);
    }
  }
}

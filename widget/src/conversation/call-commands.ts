/**
 * `CallCommands`: the voice half of the controller's state — the voice client's slot, the fold of
 * its snapshots into the view, the running call's record — and what a host page asks of the live
 * call (mute, audio, app messages, `say`, `add-message`), passed to the voice client when there is
 * one; a request that throws becomes an `error` event, never an exception in the host page. The
 * controller extends it.
 */
import type { AddMessageOptions, ConversationMessage } from '../core/messages.ts';
import type { JsonObject, VoiceErrorLike, VoiceMessage, WebCall } from '../core/types.ts';
import type { EventSink } from './conversation-events.ts';
import type { VoiceClientPort } from './engine-port.ts';
import { LazyClient } from './lazy-client.ts';
import { ViewStore } from './view-store.ts';
import { foldVoice, type CallRecord } from './voice-fold.ts';

/** See the module comment. */
export abstract class CallCommands extends ViewStore {
  /** The voice client's slot. */
  protected voice_ = new LazyClient<VoiceClientPort>();
  /** A voice engine is loading for a start or rejoin (its client's snapshots are not shown yet). */
  protected loading_ = false;
  /** The running call (see `foldVoice`). */
  protected call_: CallRecord = { error: null, connectedAt: 0, webCall: null };
  /** Where `error` events go. */
  protected abstract sink_(): EventSink | undefined;

  /** The running call's web call and when it connected (epoch ms); `null` without a call. */
  liveCall(): { webCall: WebCall; connectedAt: number } | null {
    const { webCall, connectedAt } = this.call_;
    return webCall && connectedAt ? { webCall, connectedAt } : null;
  }

  /** Folds the voice client's snapshot into the view (see `foldVoice`); not while its engine loads. */
  protected syncVoice_(): void {
    const client = this.voice_.client_;
    if (!client || this.loading_) return;
    this.set_(foldVoice(client.getSnapshot(), this.view_.phase, this.call_));
  }

  /** Mutes or unmutes the microphone of the running call. */
  setMuted(muted: boolean): void {
    this.voice_.client_?.setMuted(muted);
    this.syncVoice_();
  }

  /** The voice client of the conversation (its audio settings), or null before its engine loaded. */
  voiceClient(): VoiceClientPort | null {
    return this.voice_.client_ ?? null;
  }

  /** Retries audio playback after the browser blocked it; call from a click handler. */
  resumeAudio(): void {
    this.voice_.client_?.resumeAudio();
  }

  /** Sends an app message into the live call (JSON); ignored without a call. */
  send(message: JsonObject): void {
    this.#guard(() => this.voice_.client_?.send(message as VoiceMessage));
  }

  /** Makes the assistant say `text` in the live call (hanging up after it when `endCallAfterSpoken`). */
  say(text: string, endCallAfterSpoken?: boolean): void {
    this.#guard(() => this.voice_.client_?.say(String(text), endCallAfterSpoken));
  }

  /**
   * Adds a message to the live call's conversation (the platform's `add-message`); ignored
   * without a call. Not shown in `conversation`: it is context for the model (`role: 'system'`)
   * or words the host page puts in a speaker's mouth. A message without a string role and content
   * is reported as an `error` event (`validation-error`), never thrown.
   */
  addMessage(message: ConversationMessage, options?: AddMessageOptions): void {
    this.#guard(() => this.voice_.client_?.addMessage(message, options));
  }

  /** Runs a host page's request to the call; what it throws becomes an `error` event. */
  #guard(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.sink_()?.('error', error as VoiceErrorLike);
    }
  }
}

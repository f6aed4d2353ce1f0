/**
 * `ScriptedChatClient`: a chat client that sends nothing. It behaves as the core's `ChatClient`
 * does through the engine port (`ChatClientPort`) — the same states, events, errors, what `send()`
 * resolves with, the session kept — and is moved on by its levers (`delta`, `finish`, `fail`)
 * instead of a stream. Shipped as `@ringwise/voice-widget/testing`: scripted-engines.ts plays a
 * script with it (the site's /widget gallery, an app's tests); the widget's UI tests drive the same
 * class by hand (tests/unit/widget/element/fake-chat-engine.ts adds only records).
 * tests/unit/widget/contract holds it to the real client.
 */
import { hasCallTarget } from '../core/target.ts';
import { VoiceError } from '../core/errors/voice-error.ts';
import type { ChatClientEvents, ChatReply, ChatSendOptions, ChatSnapshot } from '../core/chat-client.ts';
import type { CallTarget, VoiceErrorType } from '../core/types.ts';
import type { ChatClientPort, EngineChatOptions } from '../conversation/engine-port.ts';
import { ScriptedObservable } from './scripted-observable.ts';
import type { FailureDetail } from './scripted-voice-client.ts';

/** The session id a scripted reply carries when none is given. */
export const SCRIPTED_SESSION = 'scripted-session';

/** See the module comment. */
export class ScriptedChatClient extends ScriptedObservable<ChatSnapshot, ChatClientEvents> implements ChatClientPort {
  /** The options the UI created the client with. */
  readonly options: EngineChatOptions;
  /** Resolves the message in flight (`finish`: the reply; `fail` or a stop: null). */
  #resolve: ((reply: ChatReply | null) => void) | null = null;
  #destroyed = false;

  /** @param options As the core's `ChatClient` takes them; `sessionId` continues a conversation. */
  constructor(options: EngineChatOptions) {
    super({ state: 'idle', sessionId: options.sessionId ?? null, reply: '', cut: null, error: null });
    this.options = options;
  }

  /** The conversation's session id (`null` before the first reply or after `reset()`). */
  get sessionId(): string | null {
    return this.snapshot.sessionId;
  }

  /**
   * As the core: resolves with the reply at `finish`, null on a failure, a stop, or while another
   * message is in flight (that one sends nothing); an empty message or no target fails at once.
   */
  async send(input: string, target: CallTarget, options?: ChatSendOptions): Promise<ChatReply | null> {
    options?.request?.catch(() => {});
    const text = typeof input === 'string' ? input.trim() : '';
    if (!text || !hasCallTarget(target)) {
      const error = new VoiceError(
        'validation-error',
        text ? 'No assistant, squad or workflow to ask.' : 'The message is empty.',
      );
      this.set({ error });
      this.events.emit('error', error);
      return null;
    }
    if (this.#resolve || this.#destroyed) return null;
    this.events.emit('chat-request', { input: text });
    this.set({ state: 'sending', error: null, reply: '', cut: null });
    return new Promise((resolve) => (this.#resolve = resolve));
  }

  /** As the core: aborts the message in flight (its partial reply stays). No-op when idle. */
  stop(): void {
    if (!this.#resolve) return;
    this.set({ state: 'idle' });
    this.#settle(null);
  }

  /** Starts a new conversation: stops what is in flight and forgets the session id and reply. */
  reset(): void {
    this.stop();
    this.set({ sessionId: null, reply: '', error: null });
  }

  /** Stops and removes every listener and subscriber. Idempotent. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.stop();
    this.dispose();
  }

  // The levers: what the platform's stream would do to the client.

  /** Lever: a piece of the reply arrives; the session id comes with the first piece, as the platform sends it. */
  delta(delta: string, sessionId: string = this.snapshot.sessionId ?? SCRIPTED_SESSION): void {
    const text = this.snapshot.reply + delta;
    this.set({ state: 'streaming', reply: text, sessionId });
    this.events.emit('chat-delta', { delta, text, replaced: false });
  }

  /** Lever: the reply ends (`[DONE]`), or is cut at a limit (`cut`); `send()` resolves with it. */
  finish(sessionId: string = this.snapshot.sessionId ?? SCRIPTED_SESSION, cut: ChatReply['cut'] = null): ChatReply {
    const reply: ChatReply = { text: this.snapshot.reply, sessionId, cut };
    this.set({ state: 'idle', sessionId, cut });
    this.events.emit('chat-reply', reply);
    this.#settle(reply);
    return reply;
  }

  /** Lever: the message fails as the core's does: idle, then the error in the snapshot, then `error`; `send()` resolves null. */
  fail(type: VoiceErrorType, detail: FailureDetail = {}): VoiceError {
    const error = new VoiceError(type, `Scripted ${type}`, detail);
    this.set({ state: 'idle' });
    this.set({ error });
    this.events.emit('error', error);
    this.#settle(null);
    return error;
  }

  #settle(reply: ChatReply | null): void {
    const resolve = this.#resolve;
    this.#resolve = null;
    resolve?.(reply);
  }
}

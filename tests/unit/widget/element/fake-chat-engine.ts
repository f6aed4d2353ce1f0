/**
 * A typed fake of the chat engine port (`ChatEngine` / `ChatClientPort`) for UI tests: records
 * what the UI sent and lets the test stream a reply token by token, finish or fail it.
 */
import type { ChatClientEvents, ChatReply, ChatSendOptions, ChatSnapshot } from '../../../../widget/src/core/chat-client.ts';
import type { CallTarget, VoiceErrorLike, VoiceErrorType } from '../../../../widget/src/core/types.ts';
import type { ChatClientPort, ChatEngine, EngineChatOptions } from '../../../../widget/src/conversation/engine-port.ts';
import { createFakeModule, FakeObservable, type FakeModule } from './fake-observable.ts';

/** A fake `ChatClient`. */
export class FakeChatClient extends FakeObservable<ChatSnapshot, ChatClientEvents> implements ChatClientPort {
  readonly options: EngineChatOptions;
  /** Every `send()`: input, target and options (an adopted `request`). */
  readonly sends: { input: string; target: CallTarget; options?: ChatSendOptions }[] = [];
  stops = 0;
  resets = 0;
  destroyed = false;
  #resolve: ((reply: ChatReply | null) => void) | null = null;

  constructor(options: EngineChatOptions) {
    super({ state: 'idle', sessionId: null, reply: '', error: null });
    this.options = options;
  }

  get sessionId(): string | null {
    return this.snapshot.sessionId;
  }

  send(input: string, target: CallTarget, options?: ChatSendOptions): Promise<ChatReply | null> {
    if (this.#resolve) return Promise.resolve(null);
    this.sends.push(options ? { input, target, options } : { input, target });
    this.emit('chat-request', { input });
    this.update({ state: 'sending', reply: '', error: null });
    return new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  /** Streams a piece of the reply. */
  delta(delta: string): void {
    const text = this.snapshot.reply + delta;
    this.update({ state: 'streaming', reply: text });
    this.emit('chat-delta', { delta, text });
  }

  /** Ends the reply (`[DONE]`). */
  finish(sessionId = 'session-1'): ChatReply {
    const reply = { text: this.snapshot.reply, sessionId };
    this.update({ state: 'idle', sessionId });
    this.emit('chat-reply', reply);
    this.#settle(reply);
    return reply;
  }

  /** Fails the message in flight like the client does: error event, snapshot error, resolves null. */
  fail(type: VoiceErrorType, extra: { status?: number } = {}): VoiceErrorLike {
    const error = Object.assign(new Error(`fake ${type}`), { type, ...extra }) as VoiceErrorLike;
    this.emit('error', error);
    this.update({ state: 'idle', error });
    this.#settle(null);
    return error;
  }

  stop(): void {
    this.stops++;
    this.update({ state: 'idle' });
    this.#settle(null);
  }

  reset(): void {
    this.resets++;
    this.update({ sessionId: null });
  }

  destroy(): void {
    this.destroyed = true;
  }

  #settle(reply: ChatReply | null): void {
    const resolve = this.#resolve;
    this.#resolve = null;
    resolve?.(reply);
  }
}

/** A fake chat engine module plus what happened to it. */
export type FakeChatEngine = FakeModule<ChatEngine, FakeChatClient>;

/** Creates a fake chat engine. */
export function createFakeChatEngine(): FakeChatEngine {
  return createFakeModule((register) => ({
    ChatClient: class extends FakeChatClient {
      constructor(options: EngineChatOptions) {
        super(options);
        register(this);
      }
    },
  }));
}

/**
 * The UI tests' chat engine: the widget's scripted chat client (`@ringwise/voice-widget/testing`,
 * widget/src/testing/scripted-chat-client.ts, held to the real `ChatClient` by tests/unit/widget/contract)
 * driven by hand through its levers (`delta`, `finish`, `fail`), plus records of what the UI sent.
 */
import type { ChatReply, ChatSendOptions, ChatSnapshot } from '../../../../widget/src/core/chat-client.ts';
import type { CallTarget } from '../../../../widget/src/core/types.ts';
import type { ChatEngine, EngineChatOptions } from '../../../../widget/src/conversation/engine-port.ts';
import { ScriptedChatClient } from '@ringwise/voice-widget/testing';
import { createFakeModule, type FakeModule } from './fake-observable.ts';

/** A scripted `ChatClient` that records what the UI sent. */
export class FakeChatClient extends ScriptedChatClient {
  // The shell's snapshot and subscribers, readable by the tests' assertions.
  declare snapshot: ChatSnapshot;
  declare readonly listeners: Set<() => void>;
  /** Every `send()`: input, target and options (an adopted `request`). */
  readonly sends: { input: string; target: CallTarget; options?: ChatSendOptions }[] = [];
  stops = 0;
  destroyed = false;

  override send(input: string, target: CallTarget, options?: ChatSendOptions): Promise<ChatReply | null> {
    if (this.snapshot.state === 'idle') this.sends.push(options ? { input, target, options } : { input, target });
    return super.send(input, target, options);
  }

  override stop(): void {
    this.stops++;
    super.stop();
  }

  override destroy(): void {
    this.destroyed = true;
    super.destroy();
  }

  /** Number of registered event handlers, all events together. */
  handlerCount(): number {
    return this.events.count();
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

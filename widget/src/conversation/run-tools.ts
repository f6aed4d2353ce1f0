/** Runs the client-side tools a `tool-calls` message names, through the voice engine module. */
import type { VoiceMessage } from '../core/types.ts';
import type { ConversationControllerOptions } from './conversation-events.ts';
import type { VoiceEngine } from './engine-port.ts';
import { LOG_PREFIX } from '../core/log.ts';

/** See the module comment; the controller holds one. */
export class ToolRunner {
  /** The voice engine module (it runs the client tools), once loaded. */
  #engine: VoiceEngine | null = null;
  /** The missing `runClientTools` was reported. */
  #warned = false;

  /** Takes the voice engine module once it is loaded. */
  use(engine: VoiceEngine): void {
    this.#engine = engine;
  }

  /**
   * Runs the tools `message` asks for (after its `message` event): `tool-call` announced first
   * (a sink returning `false` takes it on), failures logged and sent as `error`. An engine module
   * without `runClientTools` runs none, said once in the console.
   */
  run(message: VoiceMessage, options: Pick<ConversationControllerOptions, 'clientTools' | 'onEvent'>): void {
    const onEvent = options.onEvent;
    const run = this.#engine?.runClientTools;
    if (!run) {
      if (message.type === 'tool-calls' && !this.#warned) {
        this.#warned = true;
        console.error(`${LOG_PREFIX} The voice engine module has no runClientTools: client tools cannot run.`);
      }
      return;
    }
    run(message, options.clientTools?.(), {
      announce: (call) => onEvent?.('tool-call', call) !== false,
      fail: (error) => {
        console.error(`${LOG_PREFIX} ${error.message}`);
        onEvent?.('error', error);
      },
    });
  }
}

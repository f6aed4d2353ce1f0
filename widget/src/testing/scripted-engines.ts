/**
 * The scripted engines: a script (scripts.ts) played by the scripted clients
 * (scripted-voice-client.ts, scripted-chat-client.ts), which move themselves on through their
 * levers on a timer as a call or a stream would. They are what `voice-widget-engine.js` and
 * `voice-widget-chat.js` export, so the REAL element, card and hook run on them: the site's
 * /widget gallery plays each card state this way, and an app's tests can too. Nothing leaves the
 * page.
 */
import type { RequestHelpers } from '../conversation/conversation-events.ts';
import type { ChatEngine, VoiceEngine } from '../conversation/engine-port.ts';
import type { LoadModule, WidgetModules } from '../ports/manifest.ts';
import type { ChatReply, ChatSendOptions } from '../core/chat-client.ts';
import type { CallTarget, WebCall } from '../core/types.ts';
import type { VoiceStartOptions } from '../core/voice-client.ts';
import { SCRIPTED_SESSION, ScriptedChatClient } from './scripted-chat-client.ts';
import { ScriptedVoiceClient } from './scripted-voice-client.ts';
import type { EngineScript } from './scripts.ts';

const later = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The scripted engines for one script: what `voice-widget-engine.js` and `voice-widget-chat.js`
 * export. Each client they create plays the script from its own start: a moment after `start()`
 * the call fails, stays in a stage or connects (and may end by itself); a moment after `send()`
 * the message fails, or the reply streams word by word (and may stay half-way).
 */
export function createScriptedEngines(script: EngineScript): { engine: VoiceEngine; chat: ChatEngine } {
  const voice = script.voice ?? {};
  const chat = script.chat ?? { reply: '' };
  const { state: settled, ...settledRest } = voice.snapshot ?? {};

  /** Plays `voice`: after a moment the start fails, stays in a stage, or connects (and may end by itself). */
  class PlayedVoiceClient extends ScriptedVoiceClient {
    // The start being played: a stop (or a new start) makes the script of an older one stop.
    #run = 0;

    override start(target: CallTarget, options?: VoiceStartOptions): Promise<WebCall | null> {
      const before = this.getSnapshot().state;
      const started = super.start(target, options);
      if (before !== 'starting' && this.getSnapshot().state === 'starting') void this.#play(++this.#run);
      return started;
    }

    override async reconnect(webCall: WebCall): Promise<void> {
      await super.reconnect(webCall);
      this.update(settledRest);
    }

    override stop(): void {
      this.#run++;
      super.stop();
    }

    #playing(run: number, state: string): boolean {
      return run === this.#run && this.getSnapshot().state === state;
    }

    async #play(run: number): Promise<void> {
      await later();
      if (!this.#playing(run, 'starting')) return;
      this.update({ stage: 'web-call-creation' });
      if (voice.fail) {
        const { type, ...detail } = voice.fail;
        this.fail(type, detail);
        return;
      }
      if (settled !== 'active') {
        // Held in a stage (the "connecting" state) until stopped.
        this.update(voice.snapshot ?? {});
        return;
      }
      this.connect();
      this.update(settledRest);
      for (const message of voice.messages ?? []) this.emit('message', message);
      if (!voice.end) return;
      await later(1200);
      if (this.#playing(run, 'active')) this.stop();
    }
  }

  /** Plays `chat`: after a moment the message fails, or the reply streams word by word (and may stay half-way). */
  class PlayedChatClient extends ScriptedChatClient {
    #run = 0;

    override send(input: string, target: CallTarget, options?: ChatSendOptions): Promise<ChatReply | null> {
      const before = this.getSnapshot().state;
      const sent = super.send(input, target, options);
      if (before === 'idle' && this.getSnapshot().state === 'sending') void this.#play(++this.#run);
      return sent;
    }

    override stop(): void {
      this.#run++;
      super.stop();
    }

    #playing(run: number): boolean {
      return run === this.#run && this.getSnapshot().state !== 'idle';
    }

    async #play(run: number): Promise<void> {
      await later(200);
      if (!this.#playing(run)) return;
      if (chat.fail) {
        const { type, ...detail } = chat.fail;
        this.fail(type, detail);
        return;
      }
      const words = chat.reply.split(/(?<= )/);
      const shown = chat.stream === 'partial' ? words.slice(0, Math.ceil(words.length / 2)) : words;
      for (const word of shown) {
        this.delta(word, SCRIPTED_SESSION);
        await later(15);
        if (!this.#playing(run)) return;
      }
      // `partial`: the reply keeps streaming (the "streaming" state) until stopped.
      if (chat.stream !== 'partial') this.finish(SCRIPTED_SESSION);
    }
  }

  return { engine: { VoiceClient: PlayedVoiceClient }, chat: { ChatClient: PlayedChatClient } };
}

/**
 * The stand-in modules for one script, for the element (`defineVoiceCallElement(load, name,
 * NO_REQUESTS)`): scripted engines (`engine`, `chat`), no call stack (`daily` is refused: a
 * scripted call never loads it), and every other file the real one from `bundled` (the card, its
 * rich and audio parts, the click's start, languages; `loadBundledModule` for a bundler), so each
 * answers with what its callers expect.
 */
export function createScriptedModules(script: EngineScript, bundled: LoadModule): LoadModule {
  const { engine, chat: chatEngine } = createScriptedEngines(script);
  return <K extends keyof WidgetModules>(name: K) => {
    if (name === 'engine') {
      if (script.engineFails) return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      return Promise.resolve(engine as WidgetModules[K]);
    }
    if (name === 'chat') return Promise.resolve(chatEngine as WidgetModules[K]);
    if (name === 'daily') return Promise.reject(new Error('a scripted card has no call stack'));
    return bundled(name);
  };
}

/**
 * Request helpers for a scripted element: nothing leaves the page (a real click sends `POST
 * /call/web` or `/chat/web` before the engine is loaded; the scripted clients never read these
 * requests, which stay pending).
 */
export const NO_REQUESTS: RequestHelpers = {
  requestWebCall: () => new Promise<Response>(() => {}),
  requestChatWeb: () => new Promise<Response>(() => {}),
};

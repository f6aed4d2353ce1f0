/**
 * The /widget gallery's engines: each card state (card-states.ts) played by the scripted clients
 * (scripted-voice-client.ts, scripted-chat-client.ts), which move themselves on through their
 * levers on a timer as a call or a stream would: what `voice-widget-engine.js` and
 * `voice-widget-chat.js` export, for the REAL element and card. Nothing leaves the page.
 */
import type {
  CallTarget,
  ChatEngine,
  ChatReply,
  ChatSendOptions,
  LoadModule,
  RequestHelpers,
  VoiceEngine,
  VoiceStartOptions,
  WebCall,
  WidgetModules,
} from '@ringwise/voice-widget';
import type { CardState } from './card-states.ts';
import { ScriptedChatClient } from './scripted-chat-client.ts';
import { ScriptedVoiceClient } from './scripted-voice-client.ts';

const later = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/** The session id the gallery's replies carry. */
const GALLERY_SESSION = 'scripted-session';

/** The scripted engines for one state: what `voice-widget-engine.js` and `voice-widget-chat.js` export. */
export function createScriptedEngines(state: CardState): { engine: VoiceEngine; chat: ChatEngine } {
  const voice = state.voice ?? {};
  const chat = state.chat ?? { reply: '' };
  const { state: settled, ...settledRest } = voice.snapshot ?? {};

  /** Plays `voice`: after a moment the start fails, stays in a stage, or connects (and may end by itself). */
  class GalleryVoiceClient extends ScriptedVoiceClient {
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
  class GalleryChatClient extends ScriptedChatClient {
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
        this.delta(word, GALLERY_SESSION);
        await later(15);
        if (!this.#playing(run)) return;
      }
      // `partial`: the reply keeps streaming (the "streaming" state) until stopped.
      if (chat.stream !== 'partial') this.finish(GALLERY_SESSION);
    }
  }

  return { engine: { VoiceClient: GalleryVoiceClient }, chat: { ChatClient: GalleryChatClient } };
}

/**
 * The stand-in modules for one state: scripted engines (`engine`, `chat`), no call stack (`daily`
 * is refused: a scripted call never loads it), and every other file the real one from `bundled`
 * (the card, its rich and audio parts, the click's start, languages), so each answers with what
 * its callers expect.
 */
export function createScriptedModules(state: CardState, bundled: LoadModule): LoadModule {
  const { engine, chat: chatEngine } = createScriptedEngines(state);
  return <K extends keyof WidgetModules>(name: K) => {
    if (name === 'engine') {
      if (state.engineFails) return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      return Promise.resolve(engine as WidgetModules[K]);
    }
    if (name === 'chat') return Promise.resolve(chatEngine as WidgetModules[K]);
    if (name === 'daily') return Promise.reject(new Error('a scripted card has no call stack'));
    return bundled(name);
  };
}

/**
 * Request helpers for a scripted card: nothing leaves the page (a real click would send
 * `POST /call/web` or `/chat/web` before the engine is loaded; the script needs no platform).
 */
export const NO_REQUESTS: RequestHelpers = {
  requestWebCall: () => new Promise<Response>(() => {}),
  requestChatWeb: () => new Promise<Response>(() => {}),
};

/** Does what a visitor does to reach the state: open the card, type. */
export async function enact(element: HTMLElement, state: CardState): Promise<void> {
  if (state.action === 'none') return;
  const shadow = element.shadowRoot;
  shadow?.querySelector<HTMLButtonElement>('[part=launcher]')?.click();
  if (typeof state.action !== 'object') return;
  for (let i = 0; i < 50 && !shadow?.querySelector('[part=input]'); i++) await later(20);
  const input = shadow?.querySelector<HTMLInputElement>('[part=input]');
  if (!input) return;
  input.value = state.action.type;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
}

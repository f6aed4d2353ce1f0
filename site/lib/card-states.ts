/**
 * Every state of the widget's card, as a script a stand-in engine plays through the engine ports
 * (`VoiceEngine`, `ChatEngine`): the /widget gallery renders the REAL element with it, so a
 * website owner sees and themes each state, and the browser tests photograph the same states.
 * Nothing here talks to a platform: `createScriptedModules` answers with the script instead.
 */
import type {
  CallTarget,
  ChatClientEvents,
  ChatClientPort,
  ChatEngine,
  ChatReply,
  ChatSnapshot,
  ConversationMessage,
  EngineChatOptions,
  EngineClientOptions,
  JsonObject,
  LoadModule,
  RequestHelpers,
  VoiceClientEvents,
  VoiceClientPort,
  VoiceEngine,
  VoiceErrorType,
  VoiceMessage,
  VoiceSnapshot,
  WebCall,
  WidgetMode,
  WidgetModules,
} from '@ringwise/voice-widget';

/** A failure the script ends with. */
interface Failure {
  type: VoiceErrorType;
  status?: number;
  reason?: string;
}

/** What the stand-in voice client does when a call starts. */
interface VoiceScript {
  /** The snapshot the call settles in. */
  snapshot?: Partial<VoiceSnapshot>;
  /** Messages (transcripts) it receives. */
  messages?: VoiceMessage[];
  /** The start fails with this. */
  fail?: Failure;
  /** The call ends by itself once connected. */
  end?: boolean;
}

/** What the stand-in chat client answers. */
interface ChatScript {
  reply: string;
  /** `partial`: the reply stops half-way and keeps streaming (the "streaming" state). */
  stream?: 'done' | 'partial';
  fail?: Failure;
}

/** One state of the card. */
export interface CardState {
  /** Stable id (gallery anchor, screenshot file name). */
  readonly id: string;
  /** Caption. */
  readonly title: string;
  readonly mode: WidgetMode;
  /** Extra element attributes. */
  readonly attributes?: Readonly<Record<string, string>>;
  /** What a visitor does: nothing, open the card, or open it and type this. */
  readonly action: 'none' | 'open' | { type: string };
  readonly voice?: VoiceScript;
  readonly chat?: ChatScript;
  /** The engine file cannot be loaded. */
  readonly engineFails?: boolean;
}

const transcript = (role: string, text: string): VoiceMessage => ({ type: 'transcript', role, transcriptType: 'final', transcript: text });

/** Every state, in the order a visitor meets them. */
export const CARD_STATES: readonly CardState[] = [
  { id: 'idle', title: 'Idle: the launcher', mode: 'hybrid', action: 'none' },
  { id: 'open', title: 'Open, nothing said yet', mode: 'hybrid', action: 'open' },
  { id: 'connecting', title: 'Connecting (staged progress)', mode: 'voice', action: 'open', voice: { snapshot: { state: 'starting', stage: 'daily-call-join' } } },
  { id: 'active', title: 'In a call: listening', mode: 'voice', action: 'open', voice: { snapshot: { state: 'active' } } },
  { id: 'speaking', title: 'The agent is speaking', mode: 'voice', action: 'open', voice: { snapshot: { state: 'active', speaking: true, volume: 0.8 } } },
  { id: 'muted', title: 'Muted', mode: 'voice', action: 'open', voice: { snapshot: { state: 'active', muted: true } } },
  {
    id: 'transcript',
    title: 'Call with transcript',
    mode: 'voice',
    attributes: { transcript: '' },
    action: 'open',
    voice: {
      snapshot: { state: 'active', speaking: true, volume: 0.5 },
      messages: [
        transcript('assistant', 'Hi, thanks for calling. How can I help?'),
        transcript('user', 'My kitchen sink is leaking under the cabinet.'),
        transcript('assistant', 'Sorry to hear that. Is water still dripping right now, or only when the tap runs?'),
        { type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'Only when I' },
      ],
    },
  },
  {
    id: 'chat-streaming',
    title: 'Chat: the reply streams in',
    mode: 'chat',
    action: { type: 'Do you fix boilers on Sundays?' },
    chat: { reply: 'Yes, we do. Our Sunday rate applies from 8 am to 8 pm, and an engineer can usually be with you within two hours.', stream: 'partial' },
  },
  {
    id: 'consent',
    title: 'Consent before the first call or message',
    mode: 'hybrid',
    attributes: {
      'consent-required': '',
      'consent-content': 'This assistant is an AI. Calls and messages are recorded to improve our service. Read our [privacy policy](https://example.com/privacy).',
    },
    action: 'open',
  },
  { id: 'error-mic', title: 'Error: microphone denied', mode: 'voice', action: 'open', voice: { fail: { type: 'mic-permission-denied' } } },
  { id: 'error-no-mic', title: 'Error: no microphone', mode: 'voice', action: 'open', voice: { fail: { type: 'mic-not-found' } } },
  { id: 'error-mic-blocked', title: 'Error: microphone blocked by the page', mode: 'voice', action: 'open', voice: { fail: { type: 'mic-blocked' } } },
  { id: 'error-network', title: 'Error: network', mode: 'voice', action: 'open', voice: { fail: { type: 'network-error' } } },
  { id: 'error-key', title: 'Error: key rejected (401)', mode: 'voice', action: 'open', voice: { fail: { type: 'api-error', status: 401 } } },
  { id: 'error-busy', title: 'Error: busy (429)', mode: 'hybrid', action: { type: 'Hello?' }, chat: { reply: '', fail: { type: 'api-error', status: 429 } } },
  { id: 'error-server', title: 'Error: service failed (500)', mode: 'chat', action: { type: 'Hello?' }, chat: { reply: '', fail: { type: 'api-error', status: 500 } } },
  { id: 'error-engine', title: 'Error: engine could not load', mode: 'voice', action: 'open', engineFails: true },
  { id: 'error-ended', title: 'Error: the call dropped', mode: 'voice', action: 'open', voice: { fail: { type: 'meeting-ended', reason: 'pipeline-error' } } },
  { id: 'error-setup', title: 'Error: not set up (no key)', mode: 'voice', attributes: { 'public-key': '' }, action: 'open' },
  { id: 'ended', title: 'Call ended', mode: 'voice', action: 'open', voice: { snapshot: { state: 'active' }, end: true } },
];

type Listener = (payload: never) => void;

/**
 * A tiny emitter + snapshot store, the shape both ports share, behaving as the core's: a patch
 * that changes nothing notifies nobody, a changed `state` is also a `state-change` event.
 */
class Store<S extends { state: string }, E> {
  snapshot: S;
  #listeners = new Set<() => void>();
  #handlers = new Map<keyof E, Set<Listener>>();

  constructor(initial: S) {
    this.snapshot = initial;
  }

  getSnapshot = (): S => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  on<K extends keyof E>(event: K, handler: (payload: E[K]) => void): void {
    const set = this.#handlers.get(event) ?? new Set();
    set.add(handler as Listener);
    this.#handlers.set(event, set);
  }

  off<K extends keyof E>(event: K, handler: (payload: E[K]) => void): void {
    this.#handlers.get(event)?.delete(handler as Listener);
  }

  emit<K extends keyof E>(event: K, payload: E[K]): void {
    for (const handler of [...(this.#handlers.get(event) ?? [])]) (handler as (payload: E[K]) => void)(payload);
  }

  set(patch: Partial<S>): void {
    const previous = this.snapshot;
    if ((Object.keys(patch) as (keyof S)[]).every((key) => patch[key] === previous[key])) return;
    this.snapshot = { ...previous, ...patch };
    for (const listener of [...this.#listeners]) listener();
    if (this.snapshot.state !== previous.state) this.emit('state-change' as keyof E, this.snapshot.state as E[keyof E]);
  }
}

const later = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

function failure(failed: Failure): Error & Failure {
  return Object.assign(new Error(`Scripted ${failed.type}`), failed);
}

/** The stand-in engines for one state: what `voice-widget-engine.js` and `voice-widget-chat.js` export. */
export function createScriptedEngines(state: CardState): { engine: VoiceEngine; chat: ChatEngine } {
  const voice = state.voice ?? {};
  const chat = state.chat ?? { reply: '' };

  class ScriptedVoiceClient extends Store<VoiceSnapshot, VoiceClientEvents> implements VoiceClientPort {
    readonly options: EngineClientOptions;

    constructor(options: EngineClientOptions) {
      super({ state: 'idle', muted: false, speaking: false, volume: 0, stage: null, callId: null, error: null, audioBlocked: false, videoTrack: null });
      this.options = options;
    }

    // Resolves the start in flight with null (a stop), as the core's start does.
    #cancel: (() => void) | null = null;

    async start(_target: CallTarget): Promise<WebCall | null> {
      if (this.snapshot.state !== 'idle') return null;
      this.set({ state: 'starting', stage: 'initialization', error: null });
      const stopped = new Promise<null>((resolve) => (this.#cancel = () => resolve(null)));
      if ((await Promise.race([later(), stopped])) === null) return null;
      if (voice.fail) {
        const error = failure(voice.fail) as never;
        this.set({ state: 'idle', stage: null });
        this.set({ error });
        this.emit('call-start-failed', { stage: 'web-call-creation', error, totalDuration: 0 });
        this.emit('error', error);
        return null;
      }
      this.set({ stage: 'web-call-creation', ...voice.snapshot });
      if (this.getSnapshot().state !== 'active') return stopped;
      this.#cancel = null;
      this.emit('call-start-success', { callId: 'scripted-call', totalDuration: 0 });
      for (const message of voice.messages ?? []) this.emit('message', message);
      if (voice.end) {
        await later(1200);
        this.stop();
      }
      return { id: 'scripted-call', webCallUrl: 'https://example.invalid/room' };
    }

    async reconnect(_webCall: WebCall): Promise<void> {
      this.set({ state: 'active', stage: null, error: null, ...voice.snapshot });
    }

    /** As the core's: a start is cancelled; a call ends through `ending` (`call-end`), idle a task later. */
    stop(): void {
      const inCall = this.snapshot.state === 'active' || this.snapshot.state === 'reconnecting';
      this.#cancel?.();
      this.#cancel = null;
      if (this.snapshot.state === 'idle' || this.snapshot.state === 'ending') return;
      this.set({ state: inCall ? 'ending' : 'idle', stage: null, speaking: false, volume: 0, muted: false });
      if (!inCall) return;
      this.emit('call-end', undefined);
      this.emit('message', { type: 'status-update', status: 'ended' });
      void Promise.resolve().then(() => this.set({ state: 'idle' }));
    }

    addMessage(_message: ConversationMessage): void {}
    send(_message: JsonObject): void {}
    say(_message: string): void {}
    setMuted(muted: boolean): void {
      if (this.snapshot.state !== 'idle') this.set({ muted });
    }
    isMuted(): boolean {
      return this.snapshot.muted;
    }
    preload(): Promise<void> {
      return Promise.resolve();
    }
    resumeAudio(): void {}
    destroy(): void {}
  }

  class ScriptedChatClient extends Store<ChatSnapshot, ChatClientEvents> implements ChatClientPort {
    readonly options: EngineChatOptions;

    constructor(options: EngineChatOptions) {
      super({ state: 'idle', sessionId: null, reply: '', cut: null, error: null });
      this.options = options;
    }

    get sessionId(): string | null {
      return this.snapshot.sessionId;
    }

    // Resolves the message in flight with null (a stop), as the client's send does.
    #cancel: (() => void) | null = null;

    async send(input: string): Promise<ChatReply | null> {
      if (this.#cancel) return null;
      const stopped = new Promise<null>((resolve) => (this.#cancel = () => resolve(null)));
      this.emit('chat-request', { input });
      this.set({ state: 'sending', reply: '', error: null });
      if ((await Promise.race([later(200), stopped])) === null) return null;
      if (chat.fail) {
        this.#cancel = null;
        const error = failure(chat.fail) as never;
        this.set({ state: 'idle' });
        this.set({ error });
        this.emit('error', error);
        return null;
      }
      const words = chat.reply.split(/(?<= )/);
      const shown = chat.stream === 'partial' ? words.slice(0, Math.ceil(words.length / 2)) : words;
      for (const word of shown) {
        const text = this.snapshot.reply + word;
        this.set({ state: 'streaming', reply: text, sessionId: 'scripted-session' });
        this.emit('chat-delta', { delta: word, text, replaced: false });
        if ((await Promise.race([later(15), stopped])) === null) return null;
      }
      if (chat.stream === 'partial') return stopped;
      this.#cancel = null;
      const reply: ChatReply = { text: this.snapshot.reply, sessionId: 'scripted-session', cut: null };
      this.set({ state: 'idle', sessionId: reply.sessionId });
      this.emit('chat-reply', reply);
      return reply;
    }

    stop(): void {
      this.#cancel?.();
      this.#cancel = null;
      this.set({ state: 'idle' });
    }
    reset(): void {
      this.set({ sessionId: null });
    }
    destroy(): void {}
  }

  return { engine: { VoiceClient: ScriptedVoiceClient }, chat: { ChatClient: ScriptedChatClient } };
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

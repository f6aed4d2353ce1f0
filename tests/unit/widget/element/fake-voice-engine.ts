/**
 * A typed fake of the engine port (`VoiceEngine` / `VoiceClientPort`) for UI tests: records what
 * the UI asked for and lets the test drive snapshots and events.
 */
import type { AddMessageOptions, ConversationMessage } from '../../../../widget/src/core/messages.ts';
import type { CallTarget, JsonObject, VoiceClientEvents, VoiceErrorLike, VoiceErrorType, VoiceSnapshot, WebCall } from '../../../../widget/src/core/types.ts';
import type { VoiceStartOptions } from '../../../../widget/src/core/voice-client.ts';
import type { EngineClientOptions, LoadEngine, VoiceClientPort, VoiceEngine } from '../../../../widget/src/element/engine-port.ts';

type Handler = (payload: never) => void;

const IDLE: VoiceSnapshot = {
  state: 'idle',
  muted: false,
  speaking: false,
  volume: 0,
  stage: null,
  callId: null,
  error: null,
  audioBlocked: false,
  videoTrack: null,
};

/** A fake `VoiceClient`. */
export class FakeVoiceClient implements VoiceClientPort {
  readonly options: EngineClientOptions;
  readonly starts: CallTarget[] = [];
  /** The `options` of every `start()` (an adopted `request`, …). */
  readonly startOptions: (VoiceStartOptions | undefined)[] = [];
  /** Every app message sent with `send`, `say` or `addMessage`, as the core would send it. */
  readonly sent: JsonObject[] = [];
  stops = 0;
  preloads = 0;
  resumes = 0;
  destroyed = false;
  snapshot: VoiceSnapshot = IDLE;
  /** Resolves the pending `start()` promise. */
  finishStart: (call: WebCall | null) => void = () => {};
  readonly handlers = new Map<string, Set<Handler>>();
  readonly listeners = new Set<() => void>();

  constructor(options: EngineClientOptions) {
    this.options = options;
  }

  start(target: CallTarget, options?: VoiceStartOptions): Promise<WebCall | null> {
    this.starts.push(target);
    this.startOptions.push(options);
    this.update({ state: 'starting', stage: 'initialization', error: null });
    return new Promise((resolve) => {
      this.finishStart = resolve;
    });
  }

  stop(): void {
    this.stops++;
    this.finishStart(null);
    this.update({ state: 'idle', stage: null, speaking: false, volume: 0 });
  }

  send(message: JsonObject): void {
    this.sent.push(message);
  }

  say(message: string, endCallAfterSpoken?: boolean): void {
    this.send({ type: 'say', message, endCallAfterSpoken });
  }

  addMessage(message: ConversationMessage, options: AddMessageOptions = {}): void {
    this.send({ type: 'add-message', message, ...options });
  }

  setMuted(muted: boolean): void {
    this.update({ muted });
  }

  isMuted(): boolean {
    return this.snapshot.muted;
  }

  preload(): Promise<void> {
    this.preloads++;
    return Promise.resolve();
  }

  resumeAudio(): void {
    this.resumes++;
    this.update({ audioBlocked: false });
  }

  destroy(): void {
    this.destroyed = true;
  }

  getSnapshot(): VoiceSnapshot {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  on<K extends keyof VoiceClientEvents>(event: K, handler: (payload: VoiceClientEvents[K]) => void): void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler as Handler);
  }

  off<K extends keyof VoiceClientEvents>(event: K, handler: (payload: VoiceClientEvents[K]) => void): void {
    this.handlers.get(event)?.delete(handler as Handler);
  }

  /** Number of registered event handlers, all events together. */
  handlerCount(): number {
    let n = 0;
    for (const set of this.handlers.values()) n += set.size;
    return n;
  }

  /** Replaces snapshot fields and notifies subscribers (like the core's state changes). */
  update(patch: Partial<VoiceSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  /** Emits a client event. */
  emit<K extends keyof VoiceClientEvents>(event: K, payload: VoiceClientEvents[K]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) (handler as (p: VoiceClientEvents[K]) => void)(payload);
  }

  /** Fails the running start like the core does: error in the snapshot, back to idle, resolves null. */
  fail(type: VoiceErrorType, extra: { status?: number; reason?: string } = {}): VoiceErrorLike {
    const error = Object.assign(new Error(`fake ${type}`), { type, ...extra }) as VoiceErrorLike;
    this.emit('error', error);
    this.update({ state: 'idle', stage: null, error });
    this.finishStart(null);
    return error;
  }
}

/** A fake engine module plus what happened to it. */
export interface FakeEngine {
  /** Pass this as the element's / hook's engine loader. */
  load: LoadEngine;
  /** Every client created, oldest first. */
  clients: FakeVoiceClient[];
  /** How many times the engine was loaded. */
  loads: number;
  /** Makes the next `n` loads reject (like a chunk that cannot be fetched). */
  failNextLoads(n: number): void;
  /** The latest client (throws when none). */
  client(): FakeVoiceClient;
}

/** Creates a fake engine. */
export function createFakeEngine(): FakeEngine {
  let failures = 0;
  const fake: FakeEngine = {
    clients: [],
    loads: 0,
    load: () => {
      fake.loads++;
      if (failures > 0) {
        failures--;
        return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      }
      const engine: VoiceEngine = {
        VoiceClient: class extends FakeVoiceClient {
          constructor(options: EngineClientOptions) {
            super(options);
            fake.clients.push(this);
          }
        },
      };
      return Promise.resolve(engine);
    },
    failNextLoads(n) {
      failures = n;
    },
    client() {
      const client = fake.clients[fake.clients.length - 1];
      if (!client) throw new Error('no client was created');
      return client;
    },
  };
  return fake;
}

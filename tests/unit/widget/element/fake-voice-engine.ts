/**
 * A typed fake of the engine port (`VoiceEngine` / `VoiceClientPort`) for UI tests: records what
 * the UI asked for and lets the test drive snapshots and events.
 */
import type { AddMessageOptions, ConversationMessage } from '../../../../widget/src/core/messages.ts';
import type { CallTarget, JsonObject, VoiceClientEvents, VoiceErrorLike, VoiceErrorType, VoiceSnapshot, WebCall } from '../../../../widget/src/core/types.ts';
import type { VoiceStartOptions } from '../../../../widget/src/core/voice-client.ts';
import type { EngineClientOptions, VoiceClientPort, VoiceEngine } from '../../../../widget/src/conversation/engine-port.ts';
import { createFakeModule, FakeObservable, type FakeModule } from './fake-observable.ts';
import { runClientTools } from '../../../../widget/src/core/client-tools.ts';

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
export class FakeVoiceClient extends FakeObservable<VoiceSnapshot, VoiceClientEvents> implements VoiceClientPort {
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
  /** Resolves the pending `start()` promise. */
  finishStart: (call: WebCall | null) => void = () => {};

  constructor(options: EngineClientOptions) {
    super(IDLE);
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

  /** Fails the running start like the core does: error in the snapshot, back to idle, resolves null. */
  fail(type: VoiceErrorType, extra: { status?: number; reason?: string } = {}): VoiceErrorLike {
    const error = Object.assign(new Error(`fake ${type}`), { type, ...extra }) as VoiceErrorLike;
    this.emit('error', error);
    this.update({ state: 'idle', stage: null, error });
    this.finishStart(null);
    return error;
  }
}

/** A fake voice engine module plus what happened to it. */
export type FakeEngine = FakeModule<VoiceEngine, FakeVoiceClient>;

/** Creates a fake voice engine. */
export function createFakeEngine(): FakeEngine {
  return createFakeModule((register) => ({
    VoiceClient: class extends FakeVoiceClient {
      constructor(options: EngineClientOptions) {
        super(options);
        register(this);
      }
    },
    // The real dispatcher: the fake stands in for the client, not for what the engine module runs.
    runClientTools,
  }));
}

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
  /** Every `reconnect()` web call. */
  readonly reconnects: WebCall[] = [];
  /** A `reconnect()` fails like the core's when the room is gone. */
  reconnectFails = false;
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
    // As the core: a start while one runs (or a call is on) does nothing.
    if (this.snapshot.state !== 'idle') return Promise.resolve(null);
    this.update({ state: 'starting', stage: 'initialization', error: null });
    return new Promise((resolve) => {
      this.finishStart = resolve;
    });
  }

  async reconnect(webCall: WebCall): Promise<void> {
    this.reconnects.push(webCall);
    this.update({ state: 'starting', stage: null, error: null });
    await Promise.resolve();
    if (this.reconnectFails) {
      this.fail('daily-call-join-error');
      throw Object.assign(new Error('fake room gone'), { type: 'daily-call-join-error' });
    }
    this.update({ state: 'active', callId: webCall.id });
  }

  /**
   * As the core: a start is cancelled (back to `idle`, `start()` resolves null); a call goes
   * through `ending` (`call-end`, the ended status-update) and reaches `idle` a task later, when
   * the call object is gone; a stop during `ending` or `idle` changes nothing.
   */
  stop(): void {
    this.stops++;
    const { state } = this.snapshot;
    if (state === 'idle' || state === 'ending') return;
    this.finishStart(null);
    if (state === 'starting') {
      this.update({ ...IDLE, callId: this.snapshot.callId, error: this.snapshot.error });
      return;
    }
    this.update({ ...IDLE, state: 'ending', callId: this.snapshot.callId, error: this.snapshot.error });
    this.emit('call-end', undefined);
    this.emit('message', { type: 'status-update', status: 'ended' });
    void Promise.resolve().then(() => this.update({ state: 'idle' }));
  }

  /** The running start succeeds as the core's does: `active`, `call-start-success`, `start()` resolves the call. */
  connect(call: WebCall = { id: 'call-1', webCallUrl: 'https://example.invalid/room' }): WebCall {
    this.update({ state: 'active', stage: null, callId: call.id });
    this.emit('call-start-success', { callId: call.id, totalDuration: 0 });
    this.finishStart(call);
    return call;
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

  /** Ignored without a call, as the core's (the microphone belongs to the call). */
  setMuted(muted: boolean): void {
    if (this.snapshot.state === 'idle') return;
    this.update({ muted });
  }


  preload(): Promise<void> {
    this.preloads++;
    return Promise.resolve();
  }

  /** Every `setInputDevice()` argument. */
  readonly inputDevices: string[] = [];
  /** The microphone the fake call uses (`getInputDevice()`). */
  microphone: string | null = null;
  /** Device ids `setInputDevice()` / `setOutputDevice()` reject (unplugged). */
  missingDevices: string[] = [];
  /** Every `setOutputDevice()` argument. */
  readonly outputDevices: string[] = [];
  /** Every `setVolume()` argument. */
  readonly volumes: number[] = [];

  /** As the core: the switch keeps mute (the snapshot's `muted` does not change). */
  async setInputDevice(deviceId: string): Promise<void> {
    this.inputDevices.push(deviceId);
    if (this.missingDevices.includes(deviceId)) throw Object.assign(new Error(`no device ${deviceId}`), { name: 'NotFoundError' });
    this.microphone = deviceId;
  }

  async getInputDevice(): Promise<string | null> {
    return this.microphone;
  }

  async setOutputDevice(deviceId: string): Promise<void> {
    this.outputDevices.push(deviceId);
    if (this.missingDevices.includes(deviceId)) throw Object.assign(new Error(`no device ${deviceId}`), { name: 'NotFoundError' });
  }

  setVolume(volume: number): void {
    this.volumes.push(volume);
  }

  resumeAudio(): void {
    this.resumes++;
    this.update({ audioBlocked: false });
  }

  destroy(): void {
    this.destroyed = true;
  }

  /**
   * Fails the running start like the core does: back to idle, the error in the snapshot, then
   * `call-start-failed` and `error`; `start()` resolves null.
   */
  fail(type: VoiceErrorType, extra: { status?: number; reason?: string } = {}): VoiceErrorLike {
    const stage = this.snapshot.stage ?? 'initialization';
    const error = Object.assign(new Error(`fake ${type}`), { type, stage, ...extra }) as VoiceErrorLike;
    this.update({ ...IDLE, callId: this.snapshot.callId });
    this.update({ error });
    this.emit('call-start-failed', { stage, error, totalDuration: 0 });
    this.emit('error', error);
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

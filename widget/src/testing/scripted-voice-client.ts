/**
 * `ScriptedVoiceClient`: a voice client that talks to no platform and opens no microphone. It
 * behaves as the core's `VoiceClient` does through the engine port (`VoiceClientPort`) — the same
 * phases (a call ends through `ending`), events, errors and device methods — and is moved on by
 * its levers (`connect`, `fail`, `update`, `emit`, `unplug`) instead of a call. Shipped as
 * `@ringwise/voice-widget/testing`: scripted-engines.ts plays a script with it (the site's /widget
 * gallery, an app's tests); the widget's UI tests drive the same class by hand
 * (tests/unit/widget/element/fake-voice-engine.ts adds only records). It shares the real clients'
 * shell (`ObservableClient`), and tests/unit/widget/contract holds it to the real client: a
 * divergence fails there.
 */
import { hasCallTarget } from '../core/target.ts';
import { VoiceError } from '../core/errors/voice-error.ts';
import type { AddMessageOptions, ConversationMessage } from '../core/messages.ts';
import type {
  CallTarget,
  JsonObject,
  VoiceClientEvents,
  VoiceErrorType,
  VoiceMessage,
  VoiceSnapshot,
  WebCall,
} from '../core/types.ts';
import type { VoiceStartOptions } from '../core/voice-client.ts';
import type { EngineClientOptions, VoiceClientPort } from '../conversation/engine-port.ts';
import { ScriptedObservable } from './scripted-observable.ts';

/** The snapshot of a voice client without a call (the core's first snapshot). */
export const IDLE_VOICE: VoiceSnapshot = {
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

/** The call a scripted start connects to when none is given. */
export const SCRIPTED_CALL: WebCall = { id: 'scripted-call', webCallUrl: 'https://example.invalid/room' };

/** What a failure carries besides its type. */
export interface FailureDetail {
  status?: number;
  reason?: string;
}

/** The error a device the browser no longer has gives (as `getUserMedia` and `setSinkId` do). */
function deviceGone(deviceId: string): Error {
  return Object.assign(new Error(`no device ${deviceId}`), { name: 'NotFoundError' });
}

/** See the module comment. */
export class ScriptedVoiceClient
  extends ScriptedObservable<VoiceSnapshot, VoiceClientEvents>
  implements VoiceClientPort
{
  /** The options the UI created the client with. */
  readonly options: EngineClientOptions;
  /** Resolves the start in flight (`connect`: the call; `fail` or a stop: null). */
  #finish: ((call: WebCall | null) => void) | null = null;
  /** The microphone chosen (`setInputDevice`), used by the next call too, as the core's. */
  #chosenMic: string | null = null;
  /** The microphone the live call uses. */
  #callMic: string | null = null;
  /** Devices that are gone (`unplug`). */
  readonly #missing = new Set<string>();
  #volume = 1;
  #destroyed = false;

  /** @param options As the core's `VoiceClient` takes them (only kept: nothing is requested). */
  constructor(options: EngineClientOptions) {
    super(IDLE_VOICE);
    this.options = options;
  }

  /**
   * As the core: a start while one runs (or a call is on) resolves null and changes nothing; one
   * during `ending` starts anew; a target that names no assistant rejects (`validation-error`).
   */
  async start(target: CallTarget, options?: VoiceStartOptions): Promise<WebCall | null> {
    // An adopted request the script never reads must not become an unhandled rejection.
    options?.request?.catch(() => {});
    if (!hasCallTarget(target)) {
      const error = new VoiceError('validation-error', 'No assistant, squad or workflow to call.', {
        stage: 'input-validation',
      });
      this.set({ error });
      this.events.emit('error', error);
      throw error;
    }
    const { state } = this.snapshot;
    if ((state !== 'idle' && state !== 'ending') || this.#destroyed) return null;
    this.set({ state: 'starting', stage: 'initialization', error: null });
    this.#callMic = this.#chosenMic;
    return new Promise((resolve) => (this.#finish = resolve));
  }

  /** Joins a kept call again: `starting`, then `active` a microtask later. */
  async reconnect(webCall: WebCall): Promise<void> {
    this.set({ state: 'starting', stage: null, error: null });
    this.#callMic = this.#chosenMic;
    await Promise.resolve();
    this.set({ state: 'active', callId: webCall.id });
  }

  /**
   * As the core: a start is cancelled (back to `idle`, no error, `start()` resolves null); a call
   * goes through `ending` (`call-end`, the ended status-update) and reaches `idle` a task later;
   * a stop during `ending` or `idle` changes nothing.
   */
  stop(): void {
    this.#halt();
  }

  /** Sends nothing (there is no call to send into). */
  send(_message: VoiceMessage | JsonObject): void {}

  /** As the core: an app message of type `say`. */
  say(message: string, endCallAfterSpoken?: boolean): void {
    this.send({ type: 'say', message, ...(endCallAfterSpoken !== undefined && { endCallAfterSpoken }) });
  }

  /** As the core: an app message of type `add-message`. */
  addMessage(message: ConversationMessage, options: AddMessageOptions = {}): void {
    this.send({ type: 'add-message', message, ...options } as unknown as JsonObject);
  }

  /** As the core: ignored without a call (the microphone belongs to the call). */
  setMuted(muted: boolean): void {
    if (this.snapshot.state === 'idle') return;
    this.set({ muted });
  }

  /** As the core's Stop: the assistant muted (`true`) until unmuted; nothing plays here. */
  setAssistantMuted(muted: boolean): void {
    if (this.snapshot.state !== 'idle') this.assistantMuted = muted;
  }

  /** Whether the assistant is muted (`setAssistantMuted`). */
  assistantMuted = false;

  /** Whether the microphone is muted. */
  isMuted(): boolean {
    return this.snapshot.muted;
  }

  /** Nothing to load. */
  preload(): Promise<void> {
    return Promise.resolve();
  }

  /** The audio plays again. */
  resumeAudio(): void {
    this.set({ audioBlocked: false });
  }

  /** As the core: remembered for later calls; during a call the call switches (mute kept), or rejects when the device is gone. */
  async setInputDevice(deviceId: string): Promise<void> {
    this.#chosenMic = deviceId;
    if (this.snapshot.state === 'idle') return;
    if (this.#missing.has(deviceId)) throw deviceGone(deviceId);
    this.#callMic = deviceId;
  }

  /** The microphone the live call uses, else the one chosen, else null. */
  async getInputDevice(): Promise<string | null> {
    return this.microphone;
  }

  /** The microphone `getInputDevice()` reports: the live call's, else the one chosen, else null. */
  get microphone(): string | null {
    return (this.snapshot.state === 'idle' ? null : this.#callMic) ?? this.#chosenMic;
  }

  /** As the core: remembered; during a call the assistant plays there, or it rejects when the device is gone. */
  async setOutputDevice(deviceId: string): Promise<void> {
    if (this.snapshot.state !== 'idle' && this.#missing.has(deviceId)) throw deviceGone(deviceId);
  }

  /** The assistant's playback volume, 0..1 (clamped; not finite: ignored). Nothing plays. */
  setVolume(volume: number): void {
    if (Number.isFinite(volume)) this.#volume = Math.min(1, Math.max(0, volume));
  }

  /** As the core: stops (a call ends) and removes every listener. Idempotent. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#halt();
    this.dispose();
  }

  // The levers: what a call would do to the client.

  /** Lever: the running start succeeds as the core's does: `active`, `call-start-success`, `start()` resolves the call. */
  connect(call: WebCall = SCRIPTED_CALL): WebCall {
    this.set({ state: 'active', stage: null, callId: call.id });
    this.events.emit('call-start-success', { callId: call.id, totalDuration: 0 });
    this.#settle(call);
    return call;
  }

  /**
   * Lever: the running start fails as the core's does: back to idle, the error in the snapshot,
   * then `call-start-failed` and `error`; `start()` resolves null.
   */
  fail(type: VoiceErrorType, detail: FailureDetail = {}): VoiceError {
    const stage = this.snapshot.stage ?? 'initialization';
    const error = new VoiceError(type, `Scripted ${type}`, { stage, ...detail });
    this.set({ ...IDLE_VOICE, callId: this.snapshot.callId });
    this.set({ error });
    this.events.emit('call-start-failed', { stage, error, totalDuration: 0 });
    this.events.emit('error', error);
    this.#settle(null);
    return error;
  }

  /** Lever: the call uses this microphone now (the engine moved to it by itself). */
  useMicrophone(deviceId: string | null): void {
    this.#callMic = deviceId;
  }

  /** Lever: resolves the start in flight with `call` (or null) and changes nothing else. */
  finishStart(call: WebCall | null): void {
    this.#settle(call);
  }

  /** Lever: the device is gone (unplugged): choosing it during a call rejects. */
  unplug(deviceId: string): void {
    this.#missing.add(deviceId);
  }

  /** The playback volume last set (1 by default). */
  get playbackVolume(): number {
    return this.#volume;
  }

  #halt(): void {
    const { state } = this.snapshot;
    if (state === 'idle' || state === 'ending') return;
    this.#settle(null);
    if (state === 'starting') {
      this.set({ ...IDLE_VOICE, callId: this.snapshot.callId, error: this.snapshot.error });
      return;
    }
    this.set({ ...IDLE_VOICE, state: 'ending', callId: this.snapshot.callId, error: this.snapshot.error });
    this.events.emit('call-end', undefined);
    this.events.emit('message', { type: 'status-update', status: 'ended' });
    // Idle once the call object is gone (as the core's teardown), unless a new start began.
    void Promise.resolve().then(() => this.snapshot.state === 'ending' && this.set({ state: 'idle' }));
  }

  #settle(call: WebCall | null): void {
    const finish = this.#finish;
    this.#finish = null;
    finish?.(call);
  }
}

/**
 * The UI tests' voice engine: the widget's scripted voice client (`@ringwise/voice-widget/testing`,
 * widget/src/testing/scripted-voice-client.ts, held to the real `VoiceClient` by tests/unit/widget/contract)
 * driven by hand through its levers, plus records of what the UI asked for. Only records are
 * added here: the behaviour is the scripted client's.
 */
import type { AddMessageOptions, ConversationMessage } from '../../../../widget/src/core/messages.ts';
import type { CallTarget, JsonObject, VoiceSnapshot, WebCall } from '../../../../widget/src/core/types.ts';
import type { VoiceStartOptions } from '../../../../widget/src/core/voice-client.ts';
import type { EngineClientOptions, VoiceEngine } from '../../../../widget/src/conversation/engine-port.ts';
import { ScriptedVoiceClient } from '@ringwise/voice-widget/testing';
import { createFakeModule, type FakeModule } from './fake-observable.ts';
import { runClientTools } from '../../../../widget/src/core/client-tools.ts';

/** A scripted `VoiceClient` that records what the UI asked of it. */
export class FakeVoiceClient extends ScriptedVoiceClient {
  // The shell's snapshot and subscribers, readable by the tests' assertions.
  declare snapshot: VoiceSnapshot;
  declare readonly listeners: Set<() => void>;
  readonly starts: CallTarget[] = [];
  /** The `options` of every `start()` (an adopted `request`, …). */
  readonly startOptions: (VoiceStartOptions | undefined)[] = [];
  /** Every `reconnect()` web call. */
  readonly reconnects: WebCall[] = [];
  /** A `reconnect()` fails like the core's when the room is gone. */
  reconnectFails = false;
  /** Every app message sent with `send`, `say` or `addMessage`, as the core would send it. */
  readonly sent: JsonObject[] = [];
  /** Every `setInputDevice()` argument. */
  readonly inputDevices: string[] = [];
  /** Every `setOutputDevice()` argument. */
  readonly outputDevices: string[] = [];
  /** Every `setVolume()` argument. */
  readonly volumes: number[] = [];
  stops = 0;
  preloads = 0;
  resumes = 0;
  destroyed = false;

  override start(target: CallTarget, options?: VoiceStartOptions): Promise<WebCall | null> {
    this.starts.push(target);
    this.startOptions.push(options);
    return super.start(target, options);
  }

  override async reconnect(webCall: WebCall): Promise<void> {
    this.reconnects.push(webCall);
    if (!this.reconnectFails) return super.reconnect(webCall);
    this.update({ state: 'starting', stage: null, error: null });
    await Promise.resolve();
    throw this.fail('daily-call-join-error');
  }

  override stop(): void {
    this.stops++;
    super.stop();
  }

  override send(message: JsonObject): void {
    this.sent.push(message);
  }

  override say(message: string, endCallAfterSpoken?: boolean): void {
    this.send({ type: 'say', message, endCallAfterSpoken });
  }

  override addMessage(message: ConversationMessage, options: AddMessageOptions = {}): void {
    this.send({ type: 'add-message', message, ...options } as unknown as JsonObject);
  }

  override setInputDevice(deviceId: string): Promise<void> {
    this.inputDevices.push(deviceId);
    return super.setInputDevice(deviceId);
  }

  override setOutputDevice(deviceId: string): Promise<void> {
    this.outputDevices.push(deviceId);
    return super.setOutputDevice(deviceId);
  }

  override setVolume(volume: number): void {
    this.volumes.push(volume);
    super.setVolume(volume);
  }

  override get microphone(): string | null {
    return super.microphone;
  }

  /** The microphone the call uses, as the engine would report it (`useMicrophone`). */
  override set microphone(deviceId: string | null) {
    this.useMicrophone(deviceId);
  }

  override preload(): Promise<void> {
    this.preloads++;
    return super.preload();
  }

  override resumeAudio(): void {
    this.resumes++;
    super.resumeAudio();
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

/**
 * `@ringwise/voice-widget/vapi`: a drop-in for `@vapi-ai/web` 2.7.1. The default export has its
 * constructor, methods, emitter, event names and payloads, and puts the same requests on the wire
 * (`POST /call/web`, daily-js calls, app messages); an app switches by changing its import. It is
 * a thin adapter over the widget's core (`VoiceClient`), so it also has the core's behaviour where
 * it is better (widget/README.md, "Switching from @vapi-ai/web", lists every difference): `end()`
 * during `POST /call/web` cancels the call, `end()` twice is one hang-up, and no `<audio>` element
 * is left in the page.
 */
import { DEFAULT_API_BASE_URL } from '../api/constants.ts';
import { VIDEO_RECORDING } from '../core/constants.ts';
import { VoiceClient } from '../core/voice-client.ts';
import type { CallTarget, WebCall as CoreWebCall } from '../core/types.ts';
import { createDailyCallFactory, type DailyCall, type DailyVideoSendSettings } from '../daily/index.ts';
import { bridge, type Attempt } from './bridge.ts';
import { VapiEventEmitter } from './node-style-emitter.ts';
import {
  safeCallObject,
  safeConfig,
  safeInputDevices,
  vapiPlatform,
  type VapiCallObjectOptions,
  type VapiDailyConfig,
} from './options.ts';
import type {
  AssistantOverrides,
  Call,
  CreateAssistantDTO,
  CreateSquadDTO,
  CreateWorkflowDTO,
  WorkflowOverrides,
} from './platform-api.ts';
import type {
  ReconnectWebCall as WebCall,
  StartCallOptions,
  VapiClientToServerMessage,
  VapiEventNames,
} from './types.ts';

export type * from './types.ts';
/** The platform's DTOs, as `@vapi-ai/web/dist/api` has them (also `@ringwise/voice-widget/vapi/dist/api`). */
export type * from './platform-api.ts';
export { VapiEventEmitter } from './node-style-emitter.ts';

const NO_CALL = 'Call object is not available.';

/** The drop-in client (see the module note). */
export default class Vapi extends VapiEventEmitter {
  readonly #client: VoiceClient;
  #attempt: Attempt = { reconnect: false };
  #player: HTMLAudioElement | null = null;

  /**
   * @param apiToken The public key (`Authorization: Bearer …` of `POST /call/web`).
   * @param apiBaseUrl @default 'https://api.vapi.ai'
   * @param dailyCallConfig daily-js's `dailyConfig` (`avoidEval` defaults to true here).
   * @param dailyCallObject `audioSource` / `videoSource` of the call object.
   */
  constructor(
    apiToken: string,
    apiBaseUrl?: string,
    dailyCallConfig?: VapiDailyConfig,
    dailyCallObject?: VapiCallObjectOptions,
  ) {
    super();
    const props = safeCallObject(dailyCallObject);
    const platform = vapiPlatform();
    this.#client = new VoiceClient({
      publicKey: apiToken,
      apiBaseUrl: apiBaseUrl ?? DEFAULT_API_BASE_URL,
      callFactory: createDailyCallFactory(safeConfig(dailyCallConfig), undefined, props),
      // No key, no header (post-json.ts), as the reference's security worker adds `Authorization` only for a key.
      platform,
      video: true,
    });
    bridge(
      this.#client,
      (event, ...args) => this.emit(event, ...args),
      () => this.#attempt,
      props,
      platform.isMobile,
    );
    this.#client.on('audio', (player) => {
      this.#player = player.element ?? null;
      if (this.#player) this.emit('audio', this.#player);
    });
    this.#client.on('call-end', () => (this.#player = null));
  }

  /** The microphone level observer runs only while something listens to `local-volume-level`. */
  protected override added(event: VapiEventNames): void {
    if (event === 'local-volume-level' && this.listenerCount(event) === 1) {
      this.#client.on('local-volume-level', (level) => this.emit('local-volume-level', level));
    }
  }

  /**
   * Starts a call. Strings are ids (`assistantId`, `squadId`, `workflowId`), objects inline.
   * @returns The web call, or null when the start failed or a call is already running.
   * @throws Error when no assistant, squad or workflow is given.
   */
  async start(
    assistant?: CreateAssistantDTO | string,
    assistantOverrides?: AssistantOverrides,
    squad?: CreateSquadDTO | string,
    workflow?: CreateWorkflowDTO | string,
    workflowOverrides?: WorkflowOverrides,
    options?: StartCallOptions,
  ): Promise<Call | null> {
    const pick = (value: object | string | undefined) =>
      typeof value === 'string' ? [undefined, value] : [value, undefined];
    const [assistantObject, assistantId] = pick(assistant);
    const [squadObject, squadId] = pick(squad);
    const [workflowObject, workflowId] = pick(workflow);
    // Key order is the reference's, so the body is byte for byte the same.
    const target = {
      assistant: assistantObject,
      assistantId,
      assistantOverrides,
      squad: squadObject,
      squadId,
      workflow: workflowObject,
      workflowId,
      workflowOverrides,
    } as unknown as CallTarget;
    if (!assistant && !squad && !workflow) {
      const error = new Error('Assistant or Squad or Workflow must be provided.');
      this.emit('error', {
        type: 'validation-error',
        stage: 'input-validation',
        error: { message: error.message, name: error.name, stack: error.stack },
        timestamp: new Date().toISOString(),
      });
      throw error;
    }
    if (this.#client.getSnapshot().state === 'idle') {
      this.#attempt = {
        reconnect: false,
        flags: { hasAssistant: !!assistant, hasSquad: !!squad, hasWorkflow: !!workflow },
      };
    }
    // The platform's answer as read (readWebCall passes its fields through): the reference types it `Call` too.
    return this.#client.start(target, {
      roomDeleteOnUserLeaveEnabled: options?.roomDeleteOnUserLeaveEnabled,
    }) as Promise<Call | null>;
  }

  /** Joins a call still running (started with `roomDeleteOnUserLeaveEnabled: false`). Rejects when it fails. */
  async reconnect(webCall: WebCall): Promise<void> {
    const running = this.#client.getSnapshot().state !== 'idle';
    if (running) throw new Error('Cannot reconnect while a call is already in progress. Call stop() first.');
    if (!webCall.webCallUrl) throw new Error('webCallUrl is required for reconnection.');
    this.#attempt = { reconnect: true, webCall };
    if (!(await this.#client.reconnect(webCall as unknown as CoreWebCall)))
      throw this.#attempt.failure ?? new Error('reconnect cancelled');
  }

  /** Leaves the call (or cancels a start) and releases everything. */
  stop(): Promise<void> {
    return this.#client.stop();
  }

  /** Ends the call for everyone (`end-call`), then stops. During `POST /call/web`: cancels the start. Idempotent. */
  end(): void {
    void this.#client.end();
  }

  /** Sends a live call control message. */
  send(message: VapiClientToServerMessage): void {
    this.#client.send(message);
  }

  /** Makes the assistant say `message`. */
  say(
    message: string,
    endCallAfterSpoken?: boolean,
    interruptionsEnabled?: boolean,
    interruptAssistantEnabled?: boolean,
  ): void {
    this.#client.say(message, endCallAfterSpoken, interruptionsEnabled ?? false, interruptAssistantEnabled ?? false);
  }

  /** Stops the assistant mid-turn (ours): muted here and by `mute-assistant` until the visitor speaks; false undoes. */
  interrupt(muted = true): void {
    this.#client.setAssistantMuted(muted);
  }

  /** Mutes or unmutes the microphone. @throws Error without a call. */
  setMuted(mute: boolean): void {
    this.#daily(true);
    this.#client.setMuted(mute);
  }

  /** Whether the microphone is muted (false without a call). */
  isMuted(): boolean {
    return this.#client.getCallObject()?.localAudio() === false;
  }

  /** Playback volume of the assistant, 0..1, remembered across calls. */
  setVolume(volume: number): void {
    this.#client.setVolume(volume);
  }

  /** The (detached) `<audio>` element playing the assistant, or null (a stopped player has no source). */
  getAudioPlayer(): HTMLAudioElement | null {
    return this.#player?.srcObject ? this.#player : null;
  }

  /** daily-js's call object of the live call, or null. */
  getDailyCallObject(): DailyCall | null {
    return this.#daily();
  }

  /** daily-js `setInputDevicesAsync` (`audioSource: false` is dropped, as the reference does). @throws Error without a call. */
  async setInputDevicesAsync(options: Parameters<DailyCall['setInputDevicesAsync']>[0]): Promise<void> {
    const call = this.#daily(true);
    await call.setInputDevicesAsync(safeInputDevices(options));
  }

  /** Amplifies the microphone by `gain` (a Web Audio gain node in front of the call). @throws Error without a call. */
  async increaseMicLevel(gain: number): Promise<void> {
    const call = this.#daily(true);
    try {
      const context = new AudioContext();
      const source = context.createMediaStreamSource(await navigator.mediaDevices.getUserMedia({ audio: true }));
      const node = context.createGain();
      node.gain.value = gain;
      const destination = context.createMediaStreamDestination();
      source.connect(node);
      node.connect(destination);
      await call.setInputDevicesAsync({ audioSource: destination.stream.getAudioTracks()[0]! });
    } catch (error) {
      console.error('Error adjusting microphone level:', error);
    }
  }

  /** daily-js `setOutputDeviceAsync`. */
  setOutputDeviceAsync(options: Parameters<DailyCall['setOutputDeviceAsync']>[0]): void {
    void this.#daily()?.setOutputDeviceAsync(options);
  }

  /** The microphone's latest level, 0..1 (0 without a call). */
  getLocalAudioLevel(): number {
    return this.#daily()?.getLocalAudioLevel() ?? 0;
  }

  /** Starts the microphone level observer (`local-volume-level` events). @throws Error without a call. */
  async startLocalAudioLevelObserver(interval?: number): Promise<void> {
    await this.#daily(true).startLocalAudioLevelObserver(interval);
  }

  /** Stops the microphone level observer. */
  stopLocalAudioLevelObserver(): void {
    this.#daily()?.stopLocalAudioLevelObserver();
  }

  /** Whether the microphone level observer runs. */
  isLocalAudioLevelObserverRunning(): boolean {
    return this.#daily()?.isLocalAudioLevelObserverRunning() ?? false;
  }

  /** Shares the screen. */
  startScreenSharing(
    displayMediaOptions?: DisplayMediaStreamOptions,
    screenVideoSendSettings?: DailyVideoSendSettings,
  ): void {
    this.#daily()?.startScreenShare({ displayMediaOptions, screenVideoSendSettings });
  }

  /** Stops sharing the screen. */
  stopScreenSharing(): void {
    this.#daily()?.stopScreenShare();
  }

  /** Starts (or retries) the cloud recording: 1280×720, default layout. @throws Error without a call. */
  startRecording(): void {
    this.#daily(true);
    this.#client.getCallObject()!.startRecording({ ...VIDEO_RECORDING });
  }

  /** Stops the cloud recording. */
  stopRecording(): void {
    this.#client.getCallObject()?.stopRecording();
  }

  /** Network diagnostics before a call: see `runNetworkTests` of the Daily adapter. */
  static async runNetworkTestsStandalone(): Promise<Record<string, unknown>> {
    const { runNetworkTests } = await import('../daily/network-tests.ts');
    return runNetworkTests();
  }

  #daily(required: true): DailyCall;
  #daily(required?: false): DailyCall | null;
  #daily(required = false): DailyCall | null {
    const call = (this.#client.getCallObject()?.engine as DailyCall | undefined) ?? null;
    if (!call && required) throw new Error(NO_CALL);
    return call;
  }
}

import type { CallFactory, CallObject, LoadCallFactory } from './call-port.ts';
import { MISSING_TARGET_MESSAGE } from './constants.ts';
import { VoiceError } from './errors/voice-error.ts';
import { ObservableClient } from './observable.ts';
import { browserPlatform } from './platform.ts';
import { addMessageOf, type AddMessageOptions, type ConversationMessage } from './messages.ts';
import { runStage } from './start-stages.ts';
import { hasCallTarget } from './target.ts';
import type { CallTarget, JsonObject, VoiceEvents, VoiceMessage, VoiceSnapshot, WebCall } from './types.ts';
import type { VoiceClientOptions, VoiceStartOptions } from './voice-options.ts';
import { CallSlot } from './call-slot.ts';
import { IDLE } from './voice-session.ts';
import { hushAssistant } from './session-events.ts';
import { LOG_PREFIX } from './log.ts';
import { runWebCallStage } from './web-call-source.ts';

export type { VoiceClientOptions, VoiceStartOptions };

const noop = () => {};

/**
 * The headless voice client: starts, runs and ends a voice call with an assistant (spec §3, §4,
 * §8, §9). Framework-free and SSR-safe: constructing or importing it touches no browser global.
 *
 * - `start(target)` runs the start stages, reporting `call-start-progress` for each; resolves with
 *   the web call, or `null` when the start failed, was cancelled by `stop()`, or a call is already
 *   starting or running. It throws only for a missing target (`validation-error`).
 * - Any failure emits `call-start-failed` and `error`, cleans up fully, and leaves the instance
 *   ready for another `start()`, whether or not anything listens.
 * - `reconnect(webCall)` joins a call started earlier with `roomDeleteOnUserLeaveEnabled: false`.
 * - `getSnapshot()` / `subscribe()` fit React's `useSyncExternalStore` (both are bound).
 * - Events: `VoiceClientEvents` (call lifecycle, messages, progress, errors) and
 *   `VoiceMediaEvents` (audio, video, microphone level, network, camera, recording).
 *
 * @example
 * const client = new VoiceClient({ publicKey });
 * client.on('message', (m) => console.log(m));
 * await client.start({ assistantId });
 */
export class VoiceClient extends ObservableClient<VoiceSnapshot, VoiceEvents> {
  readonly #options: VoiceClientOptions;
  readonly #loadDefaultFactory: LoadCallFactory;
  #factory: Promise<CallFactory> | null = null;
  #destroyed = false;
  #volume: number | null = null;
  #mic: string | null = null;
  #sink: string | null = null;
  /** The live call, its sessions' host. */
  readonly #slot: CallSlot;

  /**
   * @param options Public key, API base URL and the optional ports (call factory, fetch, platform).
   * @param loadDefaultFactory The factory without `options.callFactory`, from the entry (the package's: Daily's). @default none:
   *   the core imports no call engine, so such a start fails, saying what to pass
   */
  constructor(
    options: VoiceClientOptions,
    loadDefaultFactory: LoadCallFactory = () => Promise.reject(new Error('No callFactory given')),
  ) {
    super({ ...(IDLE as VoiceSnapshot), callId: null, error: null });
    this.#options = options;
    this.#loadDefaultFactory = loadDefaultFactory;
    this.#slot = new CallSlot({
      platform: options.platform ?? browserPlatform,
      getSnapshot: this.getSnapshot,
      set: (patch) => this.set(patch),
      // The emitter's methods are closures (no `this`): passed as they are.
      emit: this.events.emit,
      count: this.events.count,
      volume: () => this.#volume,
      sink: () => this.#sink,
      microphone: () => this.#mic,
      loadFactory: () => this.#loadFactory(),
      hangUp: () => void this.end(),
      video: options.video === true,
    });
  }

  /** Current call state (same as `getSnapshot().state`). */
  get state(): VoiceSnapshot['state'] {
    return this.snapshot.state;
  }

  /**
   * Loads the call engine (the daily-js chunk) ahead of a click (hover, focus, idle time) and has
   * it make the next call's object (`CallFactory.prepare`: no camera, the microphone chosen so
   * far). Idempotent; never rejects (a failure is retried, and reported, by `start()`).
   */
  preload(): Promise<void> {
    return this.#loadFactory().then(
      (factory) => factory.prepare?.({ camera: false, ...(this.#mic && { microphone: this.#mic }) }),
      noop,
    );
  }

  /**
   * Starts a call with an assistant, squad or workflow (stages of spec §4).
   * @param target Exactly what `POST /call/web` receives: assistant | assistantId | squad | squadId |
   *   workflow | workflowId, with optional assistantOverrides / workflowOverrides.
   * @param options `request` (a `POST /call/web` already in flight, adopted), `microphone`,
   *   `roomDeleteOnUserLeaveEnabled`: see `VoiceStartOptions`.
   * @returns The web call, or `null` on failure, cancellation or when already started.
   * @throws VoiceError `validation-error` when the target names no assistant, squad or workflow.
   */
  async start(target: CallTarget, options: VoiceStartOptions = {}): Promise<WebCall | null> {
    const { request, roomDeleteOnUserLeaveEnabled, microphone, clickedAt } = options;
    // An adopted request this start does not consume must not become an unhandled rejection,
    // nor an adopted microphone stay open: its tracks are stopped once granted (a session that
    // adopts it stops them too: stopping twice is harmless).
    request?.catch(noop);
    microphone?.then((stream) => stream.getTracks().forEach((track) => track.stop()), noop);
    if (!hasCallTarget(target)) {
      const error = new VoiceError('validation-error', MISSING_TARGET_MESSAGE, { stage: 'input-validation' });
      this.set({ error });
      this.events.emit('error', error);
      throw error;
    }
    if (this.#slot.session || this.#destroyed) {
      this.#slot.progress('input-validation', 'failed', { reason: this.#destroyed ? 'destroyed' : 'already-started' });
      return null;
    }
    return this.#slot.run(
      async (s, load) => {
        await runStage(s, 'initialization', null, load);
        // The adopted request, else one asked of the call request's owner (web-call-source.ts).
        const webCall = await runWebCallStage(s, this.#options, target, request, roomDeleteOnUserLeaveEnabled);
        this.set({ callId: webCall.id });
        return webCall;
      },
      roomDeleteOnUserLeaveEnabled === false,
      microphone,
      clickedAt,
    );
  }

  /**
   * Joins a call that is still running (its room kept with `roomDeleteOnUserLeaveEnabled: false`),
   * e.g. after a page load, without a new `POST /call/web`: stage `reconnect-initialization`,
   * then the start stages from the call object on, reported as `start()` reports them.
   * @param webCall The web call `start()` resolved with (at least `webCallUrl`).
   * @returns True once joined; false when it failed (`call-start-failed` and `error` were emitted)
   *   or `stop()` cancelled it.
   * @throws VoiceError `validation-error` while a call is starting or running, or without `webCallUrl`.
   */
  async reconnect(webCall: WebCall): Promise<boolean> {
    const stage = 'reconnect-initialization';
    // The guards of @vapi-ai/web: thrown, not reported (a running call keeps its state).
    const invalid = (message: string) => new VoiceError('validation-error', message, { stage });
    if (this.#slot.session || this.#destroyed)
      throw invalid('Cannot reconnect while a call is already in progress. Call stop() first.');
    if (!webCall?.webCallUrl) throw invalid('webCallUrl is required for reconnection.');
    const joined = await this.#slot.run(async (s, load) => {
      s.stage = stage;
      this.set({ callId: webCall.id ?? null });
      this.#slot.progress(stage, 'started', { metadata: { webCall } });
      load();
      this.#slot.progress(stage, 'completed');
      return webCall;
    }, true);
    return !!joined;
  }

  /**
   * Stops the call, or cancels a start in progress (no join afterwards, no `call-start`).
   * Resolves when everything is released and the state is `idle`.
   */
  stop(): Promise<void> {
    if (this.#slot.session) this.#slot.end(this.#slot.session);
    return this.#slot.closing;
  }

  /** Asks the platform to end the call (`{ type: 'end-call' }`), then stops. */
  end(): Promise<void> {
    if (this.#slot.session?.joined) this.send({ type: 'end-call' });
    return this.stop();
  }

  /** Sends a message to the assistant (JSON app message). Ignored without a call. */
  send(message: VoiceMessage | JsonObject): void {
    this.#slot.session?.sendRaw(JSON.stringify(message));
  }

  /**
   * Adds a message to the conversation of the live call: the app message
   * `{ type: 'add-message', message }` (the platform's way to add a turn or context to a call).
   * Ignored without a call. Use `role: 'user'` for text the visitor typed during a call, `system`
   * for context the model should know ("The visitor is on the pricing page").
   * @param message `{ role, content }`.
   * @param options `triggerResponseEnabled`: whether the assistant answers it at once (omitted:
   *   the platform's default).
   * @throws VoiceError `validation-error` when `role` or `content` is not a string.
   */
  addMessage(message: ConversationMessage, options: AddMessageOptions = {}): void {
    this.send(addMessageOf(message, options));
  }

  /**
   * Makes the assistant say `message`.
   * @param message What to say.
   * @param endCallAfterSpoken End the call once it is said.
   * @param interruptionsEnabled Let the user interrupt it. @default false
   * @param interruptAssistantEnabled Let it interrupt the assistant's current speech. @default false
   */
  say(
    message: string,
    endCallAfterSpoken?: boolean,
    interruptionsEnabled = false,
    interruptAssistantEnabled = false,
  ): void {
    this.send({ type: 'say', message, endCallAfterSpoken, interruptionsEnabled, interruptAssistantEnabled });
  }

  /** Mutes or unmutes the microphone of the current call (no-op without one). */
  setMuted(muted: boolean): void {
    const call = this.#slot.session?.call;
    if (!call) return;
    try {
      call.setLocalAudio(!muted);
      this.set({ muted });
    } catch (error) {
      console.error(`${LOG_PREFIX} setMuted failed`, error);
    }
  }

  /**
   * Stops the assistant's speech (a Stop control): muted here at once and on the platform (`control`
   * `mute-assistant`) until `false`, or the visitor's next words (a user transcript). No-op without a call.
   */
  setAssistantMuted(muted: boolean): void {
    if (this.#slot.session?.joined) hushAssistant(this.#slot.session, muted);
  }

  /**
   * Sets the playback volume of the assistant, 0..1 (clamped; not finite: ignored). Remembered
   * across calls and applied to every player, those created later included. It changes neither
   * what the assistant hears nor the `volume-level` events.
   */
  setVolume(volume: number): void {
    if (!Number.isFinite(volume)) return;
    this.#volume = Math.min(1, Math.max(0, volume));
    this.#slot.session?.players.setVolume(this.#volume);
  }

  /** Uses the microphone `deviceId` now (mute kept) and in later calls; rejects when the call cannot open it. */
  async setInputDevice(deviceId: string): Promise<void> {
    this.#mic = deviceId;
    const call = this.#slot.session?.call;
    if (!call) return;
    await call.setInputDevice(deviceId);
    // The engine may open the new microphone unmuted; the visitor's mute (or push-to-talk) stays.
    if (this.#slot.session?.call === call) call.setLocalAudio(!this.snapshot.muted);
  }

  /** The microphone the live call uses (a device id), else the one chosen, else null. */
  async getInputDevice(): Promise<string | null> {
    return (await this.#slot.session?.call?.getInputDevice()) ?? this.#mic;
  }

  /** Plays the assistant on the output `deviceId` (`setSinkId`, where browsers have it) now and later; may reject. */
  async setOutputDevice(deviceId: string): Promise<void> {
    this.#sink = deviceId;
    await this.#slot.session?.players.setSink(deviceId);
  }

  /** The call object of the live call (the port's; `engine` is Daily's own), or null. */
  getCallObject(): CallObject | null {
    return this.#slot.session?.call || null;
  }

  /** Whether the microphone is muted. */
  isMuted(): boolean {
    return this.snapshot.muted;
  }

  /**
   * Retries the assistant's audio after the browser blocked autoplay (`snapshot.audioBlocked`).
   * Call it from a user gesture (a click handler).
   */
  async resumeAudio(): Promise<void> {
    await this.#slot.session?.players.resume();
  }

  /** Stops any call and removes every listener and subscriber. Idempotent; the instance is then inert. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    void this.stop();
    this.#factory?.then((factory) => factory.dispose?.(), noop);
    this.dispose();
  }

  #loadFactory(): Promise<CallFactory> {
    if (this.#options.callFactory) return (this.#factory ??= Promise.resolve(this.#options.callFactory));
    return (this.#factory ??= this.#loadDefaultFactory(this.#options.dailyConfig).catch((error: unknown) => {
      // Forget the failure so the next start or preload retries the chunk.
      this.#factory = null;
      throw error;
    }));
  }
}

import { DEFAULT_API_BASE_URL } from '../api/constants.ts';
import { createWebCall, readWebCall } from '../api/web-call.ts';
import type { CallFactory, CallObject } from './call-port.ts';
import { MISSING_TARGET_MESSAGE, MOBILE_PERMISSIONS_WAIT_MS, VIDEO_VOICE_PROVIDERS } from './constants.ts';
import { VoiceError } from './errors/voice-error.ts';
import { loadDailyModule } from './daily-module.ts';
import { ObservableClient } from './observable.ts';
import { browserPlatform, type VoicePlatform } from './platform.ts';
import type { AddMessageOptions, ConversationMessage } from './messages.ts';
import { CANCELLED, runStage, toVoiceError, untilAborted, type StartStage } from './start-stages.ts';
import { hasCallTarget } from './target.ts';
import type {
  CallTarget,
  JsonObject,
  ProgressStage,
  StartProgress,
  VoiceClientEvents,
  VoiceErrorType,
  VoiceMessage,
  VoiceSnapshot,
  WebCall,
} from './types.ts';
import type { VoiceClientOptions, VoiceStartOptions } from './voice-options.ts';
import { IDLE, VoiceSession, type SessionHost } from './voice-session.ts';

export type { VoiceClientOptions, VoiceStartOptions };

/**
 * The headless voice client: starts, runs and ends a voice call with an assistant (spec §3, §4,
 * §8, §9). Framework-free and SSR-safe: constructing or importing it touches no browser global.
 *
 * - `start(target)` runs the start stages, reporting `call-start-progress` for each; resolves with
 *   the web call, or `null` when the start failed, was cancelled by `stop()`, or a call is already
 *   starting or running. It throws only for a missing target (`validation-error`).
 * - Any failure emits `call-start-failed` and `error`, cleans up fully, and leaves the instance
 *   ready for another `start()`, whether or not anything listens.
 * - `getSnapshot()` / `subscribe()` fit React's `useSyncExternalStore` (both are bound).
 *
 * @example
 * const client = new VoiceClient({ publicKey });
 * client.on('message', (m) => console.log(m));
 * await client.start({ assistantId });
 */
export class VoiceClient extends ObservableClient<VoiceSnapshot, VoiceClientEvents> {
  readonly #options: VoiceClientOptions;
  readonly #platform: VoicePlatform;
  #session: VoiceSession | null = null;
  /** Resolves when the last call object is destroyed; the next one is created only after it. */
  #closing: Promise<void> = Promise.resolve();
  #factory: Promise<CallFactory> | null = null;
  #destroyed = false;
  /** The port every session reports through. */
  readonly #host: SessionHost;

  /** @param options Public key, API base URL and the optional ports (call factory, fetch, platform). */
  constructor(options: VoiceClientOptions) {
    super({ ...(IDLE as VoiceSnapshot), callId: null, error: null });
    this.#options = options;
    this.#platform = options.platform ?? browserPlatform;
    this.#host = {
      platform: this.#platform,
      getSnapshot: this.getSnapshot,
      set: (patch) => this.set(patch),
      emit: (event, payload) => this.events.emit(event, payload),
      progress: (stage, status, extra) => this.#progress(stage, status, extra),
      isCurrent: (s) => this.#session === s,
      end: (s) => this.#teardown(s),
    };
  }

  /** Current call state (same as `getSnapshot().state`). */
  get state(): VoiceSnapshot['state'] {
    return this.snapshot.state;
  }

  /**
   * Starts loading the call engine (the daily-js chunk) ahead of a click, e.g. on hover or focus.
   * Idempotent; never rejects (a failure is retried, and reported, by `start()`).
   */
  preload(): Promise<void> {
    return this.#loadFactory().then(
      () => {},
      () => {},
    );
  }

  /**
   * Starts a call with an assistant, squad or workflow (stages of spec §4).
   * @param target Exactly what `POST /call/web` receives: assistant | assistantId | squad | squadId |
   *   workflow | workflowId, with optional assistantOverrides / workflowOverrides.
   * @param options `request`: a `POST /call/web` already in flight for this target (sent with
   *   `requestWebCall`, e.g. by a loader at the click, before this engine was loaded). The client
   *   then sends no request of its own: its `web-call-creation` stage adopts that one, reports the
   *   same progress and maps its failures exactly as `createWebCall`'s (`api-error` with `status`,
   *   `network-error`). `stop()` stops waiting for it but cannot abort it: abort it yourself if
   *   you hold its controller. An adopted request that is never used (validation error, already
   *   started) is still marked handled, so it never becomes an unhandled rejection.
   * @returns The web call, or `null` on failure, cancellation or when already started.
   * @throws VoiceError `validation-error` when the target names no assistant, squad or workflow.
   */
  async start(target: CallTarget, options: VoiceStartOptions = {}): Promise<WebCall | null> {
    const { request } = options;
    // An adopted request this start does not consume must not become an unhandled rejection.
    request?.catch(() => {});
    if (!hasCallTarget(target)) {
      const error = new VoiceError('validation-error', MISSING_TARGET_MESSAGE, { stage: 'input-validation' });
      this.set({ error });
      this.events.emit('error', error);
      throw error;
    }
    if (this.#session || this.#destroyed) {
      this.#progress('input-validation', 'failed', { reason: this.#destroyed ? 'destroyed' : 'already-started' });
      return null;
    }
    const startedAt = Date.now();
    const s = new VoiceSession(this.#host);
    this.#session = s;
    this.set({ state: 'starting', error: null, callId: null });
    const step = <T>(name: StartStage, type: VoiceErrorType | null, run: () => T | Promise<T>, fatal = true) =>
      runStage(s, name, type, run, fatal);

    try {
      let factory!: Promise<CallFactory>;
      let microphone!: Promise<void>;
      let pause: Promise<void> | undefined;
      await step('initialization', null, () => {
        // Everything the join waits for starts now, beside POST /call/web: the engine chunk, the
        // microphone permission and, on phones, the pause after it (both awaited only in the
        // `mobile-permissions` stage, whose events keep their place in the order).
        factory = this.#loadFactory();
        factory.catch(() => {});
        // This request only asks for the permission; the call engine opens its own track.
        microphone = this.#platform.requestMicrophone().then((tracks) => tracks.forEach((track) => track.stop()));
        microphone.catch(() => {});
        if (this.#platform.isMobile()) {
          pause = new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, MOBILE_PERMISSIONS_WAIT_MS);
            s.abort.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
          });
        }
        s.offs.push(this.#platform.onPageHide(() => void this.end()));
      });
      const webCall = (await step('web-call-creation', null, () =>
        request
          ? readWebCall(untilAborted(request, s.abort.signal), s.abort.signal)
          : createWebCall(
              {
                baseUrl: this.#options.apiBaseUrl ?? DEFAULT_API_BASE_URL,
                token: this.#options.publicKey,
                fetch: this.#options.fetch,
                signal: s.abort.signal,
              },
              target,
            ),
      )) as WebCall;
      this.set({ callId: webCall.id });
      const recording = webCall.artifactPlan?.videoRecordingEnabled === true;
      // Video only when asked for and the provider renders some: else nothing would show it.
      s.video = this.#options.video === true && VIDEO_VOICE_PROVIDERS.includes(String(webCall.assistant?.voice?.provider));

      const call = (await step('daily-call-object-creation', 'daily-call-object-creation-error', async () => {
        await this.#closing;
        const callFactory = await factory;
        s.check();
        // Kept on the session at once, so a stop() from now on destroys it.
        s.call = callFactory.createCall({ video: s.video });
        s.listen(s.call);
        return s.call;
      })) as CallObject;

      await step('mobile-permissions', null, async () => {
        await microphone;
        await pause;
      });

      await step('daily-call-join', 'daily-call-join-error', () => call.join({ url: webCall.webCallUrl }));
      s.joined = true;

      await s.setUp(recording);

      this.set({ state: 'active', stage: null });
      this.events.emit('call-start-success', { callId: webCall.id, totalDuration: Date.now() - startedAt });
      return webCall;
    } catch (caught) {
      if (caught === CANCELLED || this.#session !== s) {
        this.#progress(s.stage, 'failed', { reason: 'cancelled' });
        await this.#closing;
        return null;
      }
      const error = toVoiceError(caught, null, s.stage);
      this.#teardown(s);
      this.set({ error });
      this.events.emit('call-start-failed', { stage: s.stage, error, totalDuration: Date.now() - startedAt });
      this.events.emit('error', error);
      await this.#closing;
      return null;
    }
  }

  /**
   * Stops the call, or cancels a start in progress (no join afterwards, no `call-start`).
   * Resolves when everything is released and the state is `idle`.
   */
  stop(): Promise<void> {
    if (this.#session) this.#teardown(this.#session);
    return this.#closing;
  }

  /** Asks the platform to end the call (`{ type: 'end-call' }`), then stops. */
  end(): Promise<void> {
    if (this.#session?.joined) this.send({ type: 'end-call' });
    return this.stop();
  }

  /** Sends a message to the assistant (JSON app message). Ignored without a call. */
  send(message: VoiceMessage | JsonObject): void {
    this.#session?.sendRaw(JSON.stringify(message));
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
    if (typeof message?.role !== 'string' || !message.role || typeof message.content !== 'string') {
      throw new VoiceError('validation-error', 'addMessage needs a message with a string role and content.');
    }
    const { triggerResponseEnabled } = options;
    this.send({ type: 'add-message', message: { role: message.role, content: message.content }, triggerResponseEnabled });
  }

  /**
   * Makes the assistant say `message`.
   * @param message What to say.
   * @param endCallAfterSpoken End the call once it is said.
   * @param interruptionsEnabled Let the user interrupt it. @default false
   * @param interruptAssistantEnabled Let it interrupt the assistant's current speech. @default false
   */
  say(message: string, endCallAfterSpoken?: boolean, interruptionsEnabled = false, interruptAssistantEnabled = false): void {
    this.send({ type: 'say', message, endCallAfterSpoken, interruptionsEnabled, interruptAssistantEnabled });
  }

  /** Mutes or unmutes the microphone of the current call (no-op without one). */
  setMuted(muted: boolean): void {
    const call = this.#session?.call;
    if (!call) return;
    try {
      call.setLocalAudio(!muted);
      this.set({ muted });
    } catch (error) {
      console.error('[voice] setMuted failed', error);
    }
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
    await this.#session?.resumeAudio();
  }

  /** Stops any call and removes every listener and subscriber. Idempotent; the instance is then inert. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    void this.stop();
    this.dispose();
  }

  #loadFactory(): Promise<CallFactory> {
    if (this.#options.callFactory) return Promise.resolve(this.#options.callFactory);
    return (this.#factory ??= loadDailyModule().then(
      (module) => module.createDailyCallFactory(this.#options.dailyConfig),
      (error: unknown) => {
        // Forget the failure so the next start or preload retries the chunk.
        this.#factory = null;
        throw error;
      },
    ));
  }

  #progress(stage: ProgressStage, status: StartProgress['status'], extra?: Partial<StartProgress>): void {
    this.events.emit('call-start-progress', { stage, status, timestamp: Date.now(), ...extra });
  }

  /**
   * Ends a session: the instance is ready for the next start at once (state `ending` while a
   * joined call object is destroyed, then `idle`); the session releases its resources and the
   * call object is destroyed after the previous one.
   */
  #teardown(s: VoiceSession): void {
    if (this.#session !== s) return;
    this.#session = null;
    // Everything but the state resets now, so a start during `ending` begins from a clean snapshot.
    this.set({ ...IDLE, state: s.joined ? 'ending' : 'idle' });
    const destroy = s.release();
    const previous = this.#closing;
    this.#closing = (async () => {
      await previous;
      await destroy();
      if (!this.#session) this.set({ ...IDLE });
    })();
  }
}

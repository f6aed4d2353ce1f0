/**
 * The Daily adapter: maps @daily-co/daily-js to the core's `CallFactory` port. This is the ONLY
 * module that imports daily-js; the entries load it lazily (lazy-factory.ts: the package's `import()`
 * in default-client.ts, the script-tag engine's daily file through the loader), so the
 * widget build emits it, with daily-js, as a separate chunk fetched when a call starts or on intent.
 * What it asks of daily-js (call object options, join options, subscriptions) is what
 * `@vapi-ai/web` 2.7.1 asks, so both put the same calls on the wire.
 */
import Daily from '@daily-co/daily-js';
import type {
  DailyAdvancedConfig,
  DailyCallOptions,
  DailyDeviceInfos,
  DailyEvent,
  DailyEventObject,
  DailyFactoryOptions,
  DailyInputSettings,
  DailyParticipant,
  DailyParticipantUpdateOptions,
  DailyParticipantsObject,
  DailyStreamingOptions,
} from '@daily-co/daily-js';
import type {
  CallFactory,
  CallObject,
  CallObjectEvents,
  CallParticipant,
  CreateCallOptions,
  DailyConfig,
} from '../core/call-port.ts';
import { createEmitter } from '../core/emitter.ts';

/**
 * The part of a daily-js call object the adapter uses (a real `DailyCall` satisfies it; tests
 * pass a typed fake). Return values the adapter ignores are `unknown`.
 */
export interface DailyCallLike {
  join(properties?: DailyCallOptions): Promise<unknown>;
  load(properties?: DailyCallOptions): Promise<void>;
  leave(): Promise<void>;
  destroy(): Promise<void>;
  on<T extends DailyEvent>(event: T, handler: (event: DailyEventObject<T>) => void): unknown;
  off<T extends DailyEvent>(event: T, handler: (event: DailyEventObject<T>) => void): unknown;
  sendAppMessage(data: string): unknown;
  setLocalAudio(enabled: boolean): unknown;
  localAudio(): boolean;
  startRemoteParticipantsAudioLevelObserver(interval?: number): Promise<void>;
  startLocalAudioLevelObserver(interval?: number): Promise<void>;
  startRecording(options?: DailyStreamingOptions<'recording', 'start'>): void;
  stopRecording(): void;
  updateInputSettings(inputSettings: DailyInputSettings): Promise<unknown>;
  setInputDevicesAsync(devices: { audioDeviceId?: string | false | null }): Promise<DailyDeviceInfos>;
  getInputDevices(): Promise<DailyDeviceInfos>;
  updateParticipant(sessionId: string, updates: DailyParticipantUpdateOptions): unknown;
  participants(): DailyParticipantsObject;
}

/** The part of daily-js's default export the adapter uses. */
export interface DailyLike {
  createCallObject(properties?: DailyFactoryOptions): DailyCallLike;
}

/** Call object properties a page may set (as `@vapi-ai/web`'s `dailyCallObject`). */
export interface DailyCallProperties {
  /** The microphone: true, a device id or a track. @default true */
  audioSource?: boolean | string | MediaStreamTrack;
  /** The camera. @default true when the platform records the call on video, else false */
  videoSource?: boolean | string | MediaStreamTrack;
}

function participantOf(p: DailyParticipant): CallParticipant {
  return { id: p.session_id, local: p.local, userName: p.user_name };
}

/**
 * Every core event of a call object and how it comes from the daily-js event of the same name:
 * its payload in the core's terms (`false`: not passed on). The core named its events after
 * Daily's, so the key is both.
 */
export type DailyEventTable = {
  readonly [K in keyof CallObjectEvents]: (event: DailyEventObject<K & DailyEvent>) => CallObjectEvents[K] | false;
};

/**
 * The adapter's one table of events: every event of the core's `CallObjectEvents` (the compiler
 * checks there is no gap) and its payload in the core's terms, from the daily-js event of the same
 * name (Daily's own event as `raw` where an adapter may hand it on as it came).
 * @param video Pass remote video tracks on too (else audio tracks only).
 */
export function dailyEvents(video: boolean): DailyEventTable {
  // Video tracks only pass when asked for (they are not subscribed otherwise; this also drops a
  // remote participant's video that Daily would deliver anyway).
  const track = (e: DailyEventObject<'track-started' | 'track-stopped'>) =>
    (e.type === 'audio' || (video && e.type === 'video')) && {
      participant: e.participant && participantOf(e.participant),
      track: e.track,
    };
  const raw = <T>(e: T) => ({ raw: e });
  return {
    'track-started': track,
    'track-stopped': track,
    'participant-left': (e) => ({ participant: participantOf(e.participant) }),
    'participant-updated': (e) => ({ participant: participantOf(e.participant), raw: e }),
    'joining-meeting': () => undefined,
    'left-meeting': () => undefined,
    error: (e) => ({ message: e.errorMsg, type: e.error?.type, raw: e }),
    'nonfatal-error': (e) => ({ type: e.type, message: e.errorMsg, raw: e }),
    'camera-error': (e) => ({ message: e.errorMsg?.errorMsg, type: e.error?.type, raw: e }),
    'app-message': (e) => ({ data: e.data, fromId: e.fromId }),
    'remote-participants-audio-level': (e) => ({ levels: e.participantsAudioLevel }),
    'local-audio-level': (e) => ({ level: e.audioLevel }),
    'network-connection': (e) => ({ state: e.event, type: e.type, raw: e }),
    'network-quality-change': (e) => ({ state: e.networkState, raw: e }),
    'recording-started': raw,
    'recording-stopped': raw,
    'recording-stats': raw,
    'recording-upload-completed': raw,
    'recording-error': (e) => ({ message: e.errorMsg, raw: e }),
  };
}

/**
 * The call object `prepare` made ahead of a call, with the factory and the sources it was made
 * with: one per page, whichever factory made it (daily-js allows one call object at a time).
 */
let spare: { call: DailyCallLike; owner: CallFactory; sources: string; loading?: Promise<void> } | null = null;

/**
 * Starts loading Daily's call machine into the call object made ahead of a call (`prepare`), once:
 * the click's start asks for it beside `POST /call/web` (core/call-request.ts), so the
 * machine downloads while the platform creates the call, where the peers load it only inside
 * `join()`, after the answer. The call that takes the object gets this load as its own `load()`.
 * @returns Whether there was such an object (no object: the call loads its machine as before).
 */
export function loadSpare(): boolean {
  if (!spare) return false;
  // Settled by the call's own `load()`, which the join waits for (a failure is retried by the join).
  (spare.loading ??= spare.call.load()).catch(() => {});
  return true;
}

/** Destroys the call object made ahead of a call, if any (before making one outside a factory). */
export function dropSpare(): Promise<void> {
  const call = spare?.call;
  spare = null;
  return call ? call.destroy().catch(() => {}) : Promise.resolve();
}

/**
 * Creates the `CallFactory` backed by daily-js. Each call object: microphone on (`audioSource`
 * true, with Daily's defaults: echo cancellation, noise suppression and gain control on), camera only
 * for a video recording (`videoSource`: the core's `camera`), tracks subscribed explicitly (audio
 * always, video only when the core asks for it), `dailyConfig.avoidEval` true
 * unless set, `bundlePathOverride` and the rest of `config` passed through. `prepare` makes the
 * next call's object ahead of it (daily-js's set-up: ≈ 15–30 ms of a phone's main thread, no
 * request: its call machine loads at `load()`), taken by `createCall` for the same sources.
 * @param config Daily's advanced config (`dailyConfig`).
 * @param daily daily-js's default export; replaceable for tests. @default Daily
 * @param properties `audioSource` / `videoSource` overrides.
 */
export function createDailyCallFactory(
  config: DailyConfig = {},
  daily: DailyLike = Daily,
  properties: DailyCallProperties = {},
): CallFactory {
  const sourcesOf = ({ camera, microphone }: Omit<CreateCallOptions, 'video'>) => `${!!camera} ${microphone ?? ''}`;
  const make = ({ camera, microphone }: Omit<CreateCallOptions, 'video'>, beside?: boolean) =>
    daily.createCallObject({
      // A device id is what Daily takes to open that microphone from the start.
      audioSource: properties.audioSource ?? microphone ?? true,
      videoSource: properties.videoSource ?? camera,
      dailyConfig: { avoidEval: true, ...config } as DailyAdvancedConfig,
      // Made while a spare made for other sources is being destroyed.
      ...(beside && { allowMultipleCallInstances: true }),
    });
  const factory: CallFactory = {
    prepare(options) {
      if (spare) return;
      try {
        spare = { call: make(options), owner: factory, sources: sourcesOf(options) };
      } catch {
        // Another call object is alive: the call makes its own, as without a spare.
      }
    },
    createCall(options) {
      const taken = spare;
      spare = null;
      if (taken?.owner === factory && taken.sources === sourcesOf(options))
        return adaptDailyCall(taken.call, options.video, taken.loading);
      const call = make(options, !!taken);
      void taken?.call.destroy().catch(() => {});
      return adaptDailyCall(call, options.video);
    },
    dispose() {
      if (spare?.owner === factory) void dropSpare();
    },
  };
  return factory;
}

/**
 * Wraps a daily-js call object as the core's `CallObject`: translates its events to the core's
 * (`CallObjectEvents`, each with Daily's event as `raw`) and subscribes to remote participants'
 * tracks, those present at join included.
 * @param call A daily-js call object (or a typed fake).
 * @param video Also subscribe to remote video and pass its tracks on.
 * @param loading Its call machine's load, when one was started ahead (`loadSpare`): `load()`
 *   returns it rather than asking daily-js again (a second `load()` while one runs would cancel
 *   the first and fetch the machine anew).
 */
export function adaptDailyCall(call: DailyCallLike, video: boolean, loading?: Promise<void>): CallObject {
  const events = createEmitter<CallObjectEvents>();
  const removers: (() => void)[] = [];
  const on = <T extends DailyEvent>(event: T, handler: (e: DailyEventObject<T>) => void) => {
    // daily-js may emit some events without a payload object.
    const guarded = (e: DailyEventObject<T>) => e && handler(e);
    call.on(event, guarded);
    removers.push(() => call.off(event, guarded));
  };
  const subscribe = (p: DailyParticipant) => {
    if (!p.local) call.updateParticipant(p.session_id, { setSubscribedTracks: { audio: true, video } });
  };

  // Kept for the quality indicator, whose file may load after the first estimate.
  let network: string | null = null;
  on('network-quality-change', (e) => (network = e.networkState));
  // A participant already in the room (the assistant joined first) sends no participant-joined.
  on('joined-meeting', () => Object.values(call.participants()).forEach(subscribe));
  on('participant-joined', (e) => subscribe(e.participant));
  const table = dailyEvents(video);
  for (const event of Object.keys(table) as (keyof CallObjectEvents & DailyEvent)[]) {
    // One entry's event and mapping belong together; the loop sees them as a union.
    const translate = table[event] as (e: unknown) => unknown;
    on(event, (e) => {
      const payload = translate(e);
      if (payload !== false) events.emit(event, payload as CallObjectEvents[typeof event]);
    });
  }

  return {
    engine: call,
    // daily-js emits `joining-meeting` right before it posts the join to its machine (its join()
    // first waits for the machine's load): the card draws itself whole after that (issue 35).
    announcesJoin: true,
    async join({ url, token }) {
      // daily-js rejects a `token` key that is present but undefined.
      await call.join({ url, ...(token ? { token } : {}), subscribeToTracksAutomatically: false });
    },
    load: () => loading ?? call.load(),
    leave: () => call.leave(),
    async destroy() {
      try {
        await call.destroy();
      } finally {
        for (const remove of removers.splice(0)) remove();
        events.clear();
      }
    },
    on: events.on,
    off: events.off,
    sendAppMessage: (data) => void call.sendAppMessage(data),
    setLocalAudio: (enabled) => void call.setLocalAudio(enabled),
    localAudio: () => call.localAudio(),
    startRemoteParticipantsAudioLevelObserver: (interval) => call.startRemoteParticipantsAudioLevelObserver(interval),
    startLocalAudioLevelObserver: (interval) => call.startLocalAudioLevelObserver(interval),
    startRecording: ({ width, height, backgroundColor, layout }) =>
      call.startRecording({ width, height, backgroundColor, layout: { ...layout } }),
    stopRecording: () => call.stopRecording(),
    async updateInputSettings(settings) {
      await call.updateInputSettings(settings);
    },
    async setInputDevice(deviceId) {
      await call.setInputDevicesAsync({ audioDeviceId: deviceId });
    },
    async getInputDevice() {
      const { mic } = await call.getInputDevices();
      // `{}` until Daily has opened (or been told of) a microphone.
      return 'deviceId' in mic ? mic.deviceId : null;
    },
    localAudioTrack: () => call.participants().local?.tracks.audio.persistentTrack ?? null,
    networkQuality: () => network,
  };
}

// daily-js's types that the `./vapi` entry's API names (as `@vapi-ai/web`'s does), re-exported
// so that this module stays the only one that refers to daily-js.
export type {
  DailyAdvancedConfig,
  DailyCall,
  DailyEventObjectNoPayload,
  DailyEventObjectRecordingError,
  DailyEventObjectRecordingStarted,
  DailyEventObjectRecordingStopped,
  DailyFactoryOptions,
  DailyParticipant,
  DailyVideoSendSettings,
} from '@daily-co/daily-js';

/**
 * The Daily adapter: maps @daily-co/daily-js to the core's `CallFactory` port. This is the ONLY
 * module that imports daily-js; the core loads it lazily (`import('../daily/index.ts')`), so the
 * widget build emits it, with daily-js, as a separate chunk fetched when a call starts or on intent.
 */
import Daily from '@daily-co/daily-js';
import type {
  DailyAdvancedConfig,
  DailyCallOptions,
  DailyEvent,
  DailyEventObject,
  DailyFactoryOptions,
  DailyInputSettings,
  DailyParticipant,
  DailyParticipantUpdateOptions,
  DailyParticipantsObject,
  DailyStreamingOptions,
} from '@daily-co/daily-js';
import type { CallFactory, CallObject, CallObjectEvents, CallParticipant, DailyConfig } from '../core/call-port.ts';
import { createEmitter } from '../core/emitter.ts';

/**
 * The part of a daily-js call object the adapter uses (a real `DailyCall` satisfies it; tests
 * pass a typed fake). Return values the adapter ignores are `unknown`.
 */
export interface DailyCallLike {
  join(properties?: DailyCallOptions): Promise<unknown>;
  leave(): Promise<void>;
  destroy(): Promise<void>;
  on<T extends DailyEvent>(event: T, handler: (event: DailyEventObject<T>) => void): unknown;
  off<T extends DailyEvent>(event: T, handler: (event: DailyEventObject<T>) => void): unknown;
  sendAppMessage(data: string): unknown;
  setLocalAudio(enabled: boolean): unknown;
  localAudio(): boolean;
  startRemoteParticipantsAudioLevelObserver(interval?: number): Promise<void>;
  startRecording(options?: DailyStreamingOptions<'recording', 'start'>): void;
  stopRecording(): void;
  updateInputSettings(inputSettings: DailyInputSettings): Promise<unknown>;
  updateParticipant(sessionId: string, updates: DailyParticipantUpdateOptions): unknown;
  participants(): DailyParticipantsObject;
}

/** The part of daily-js's default export the adapter uses. */
export interface DailyLike {
  createCallObject(properties?: DailyFactoryOptions): DailyCallLike;
}

function participantOf(p: DailyParticipant): CallParticipant {
  return { id: p.session_id, local: p.local, userName: p.user_name };
}

/**
 * Creates the `CallFactory` backed by daily-js. Each call object: microphone on (`audioSource`
 * true), camera never (`videoSource` false), tracks subscribed explicitly (audio always, video
 * only when the core asks for it: option `video` and a video voice provider), `dailyConfig.avoidEval` true unless
 * set, `bundlePathOverride` and the rest of `config` passed through.
 * @param config Daily's advanced config (`dailyConfig`).
 * @param daily daily-js's default export; replaceable for tests. @default Daily
 */
export function createDailyCallFactory(config: DailyConfig = {}, daily: DailyLike = Daily): CallFactory {
  return {
    createCall({ video }) {
      const call = daily.createCallObject({
        audioSource: true,
        videoSource: false,
        subscribeToTracksAutomatically: false,
        dailyConfig: { avoidEval: true, ...config } as DailyAdvancedConfig,
      });
      return adaptDailyCall(call, video);
    },
  };
}

/**
 * Wraps a daily-js call object as the core's `CallObject`: translates its events to the core's
 * (`CallObjectEvents`) and subscribes to remote participants' tracks.
 * @param call A daily-js call object (or a typed fake).
 * @param video Also subscribe to remote video and pass its tracks on (the core asks for it only
 *   when the client was created with `video: true` and the voice provider renders video).
 */
export function adaptDailyCall(call: DailyCallLike, video: boolean): CallObject {
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
  // Video tracks only pass when asked for (they are not subscribed otherwise; this also drops a
  // remote participant's video that Daily would deliver anyway).
  const track = (e: DailyEventObject<'track-started'>) =>
    (e.type === 'audio' || (video && e.type === 'video')) && {
      participant: e.participant && participantOf(e.participant),
      track: e.track,
    };

  on('joined-meeting', () => Object.values(call.participants()).forEach(subscribe));
  on('participant-joined', (e) => subscribe(e.participant));
  on('track-started', (e) => {
    const payload = track(e);
    if (payload) events.emit('track-started', payload);
  });
  on('track-stopped', (e) => {
    const payload = track(e);
    if (payload) events.emit('track-stopped', payload);
  });
  on('participant-left', (e) => events.emit('participant-left', { participant: participantOf(e.participant) }));
  on('left-meeting', () => events.emit('left-meeting', undefined));
  on('error', (e) => events.emit('error', { message: e.errorMsg, type: e.error?.type }));
  on('nonfatal-error', (e) => events.emit('nonfatal-error', { type: e.type, message: e.errorMsg }));
  on('app-message', (e) => events.emit('app-message', { data: e.data, fromId: e.fromId }));
  on('remote-participants-audio-level', (e) =>
    events.emit('remote-participants-audio-level', { levels: e.participantsAudioLevel }),
  );
  on('network-connection', (e) => {
    if (e.event === 'interrupted' || e.event === 'connected') events.emit('network-connection', { state: e.event });
  });
  on('recording-started', () => events.emit('recording-started', undefined));
  on('recording-error', (e) => events.emit('recording-error', { message: e.errorMsg }));

  return {
    async join({ url }) {
      await call.join({ url });
    },
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
    startRecording: ({ width, height, layout }) => call.startRecording({ width, height, layout: { ...layout } }),
    stopRecording: () => call.stopRecording(),
    async updateInputSettings(settings) {
      await call.updateInputSettings(settings);
    },
  };
}

/**
 * Every text the widget shows or announces, in one place, so another language is one object away.
 * Replace them with the element's `labels` property, `label-*` attributes (`data-label-*` on the
 * script tag; `label-mic-denied` sets `micDenied`), or a locale registered with `registerLocale`.
 * `{status}` and `{reason}` are filled in where noted.
 */
export interface VoiceLabels {
  /** Launcher while idle. */
  start: string;
  /** Launcher while a call is starting or active. */
  stop: string;
  /** Launcher after a failure. */
  retry: string;
  /** Launcher while hanging up. */
  ending: string;
  /** Mute toggle (a pressed/unpressed button; the label stays the same). */
  mute: string;
  /** Shown when the browser blocked audio playback. */
  enableAudio: string;
  /** Status while connecting; the stage name follows. */
  connecting: string;
  /** Status once connected. */
  active: string;
  /** Status while the network is lost and the call reconnects. */
  reconnecting: string;
  /** Status while hanging up. */
  endingStatus: string;
  /** Status after a call ended normally. */
  ended: string;
  /** Visible badge while the assistant speaks. */
  speaking: string;
  /** Accessible name of the transcript log. */
  transcript: string;
  /** Speaker names in the transcript. */
  you: string;
  agent: string;
  /** Accessible name of the start-progress bar. */
  progress: string;
  stageInitialization: string;
  stageWebCallCreation: string;
  stageDailyCallObjectCreation: string;
  stageMobilePermissions: string;
  stageDailyCallJoin: string;
  stageVideoRecordingSetup: string;
  stageVideoRecordingStarted: string;
  stageAudioObserverSetup: string;
  stageAudioProcessingSetup: string;
  errorMicDenied: string;
  errorMicNotFound: string;
  errorMicBlocked: string;
  errorNetwork: string;
  /** `{status}`: the HTTP status. */
  errorApi: string;
  errorUnauthorized: string;
  errorEngine: string;
  errorNotConfigured: string;
  errorNoTarget: string;
  /** `{reason}`: the platform's ended reason. */
  errorEnded: string;
  errorCall: string;
}

/** English labels (the default locale). */
export const EN_LABELS: VoiceLabels = {
  start: 'Talk to Our Agent',
  stop: 'Hang Up',
  retry: 'Try Again',
  ending: 'Hanging Up…',
  mute: 'Mute',
  enableAudio: 'Tap to enable audio',
  connecting: 'Connecting',
  active: 'Connected. Start talking.',
  reconnecting: 'Connection lost. Reconnecting…',
  endingStatus: 'Ending the call…',
  ended: 'Call ended.',
  speaking: 'Speaking',
  transcript: 'Transcript',
  you: 'You',
  agent: 'Agent',
  progress: 'Call setup',
  stageInitialization: 'preparing',
  stageWebCallCreation: 'creating the call',
  stageDailyCallObjectCreation: 'loading audio',
  stageMobilePermissions: 'checking microphone',
  stageDailyCallJoin: 'joining the call',
  stageVideoRecordingSetup: 'setting up recording',
  stageVideoRecordingStarted: 'starting recording',
  stageAudioObserverSetup: 'tuning in',
  stageAudioProcessingSetup: 'reducing noise',
  errorMicDenied: 'Microphone access was denied. Allow it in your browser settings, then try again.',
  errorMicNotFound: 'No microphone was found. Connect one, then try again.',
  errorMicBlocked: 'This page blocks microphone access, so calls cannot start here.',
  errorNetwork: 'Could not reach the voice service. Check your connection, then try again.',
  errorApi: 'The voice service refused the call (error {status}).',
  errorUnauthorized: "The voice service rejected this widget's key.",
  errorEngine: 'Could not load the call engine. Check your connection, then try again.',
  errorNotConfigured: 'Calls are not set up here yet: the public key is missing.',
  errorNoTarget: 'Calls are not set up here yet: no assistant is configured.',
  errorEnded: 'The call ended ({reason}).',
  errorCall: 'The call could not connect. Please try again.',
};

const locales = new Map<string, Partial<VoiceLabels>>([['en', EN_LABELS]]);

/**
 * Registers labels for a locale (e.g. `'de'`), used by elements with a matching `locale`
 * attribute. Missing keys fall back to English. Elements already on the page pick it up on their
 * next render.
 */
export function registerLocale(locale: string, labels: Partial<VoiceLabels>): void {
  locales.set(locale.toLowerCase(), labels);
}

/**
 * Resolves the labels for a locale: English, overlaid with the locale's labels (`de-AT` falls back
 * to `de`), overlaid with explicit overrides.
 */
export function resolveLabels(locale: string | null | undefined, overrides?: Partial<VoiceLabels>): VoiceLabels {
  const tag = (locale ?? 'en').toLowerCase();
  const localeLabels = locales.get(tag) ?? locales.get(tag.split('-')[0] ?? '') ?? {};
  return { ...EN_LABELS, ...localeLabels, ...overrides };
}

/** Fills `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * Every text the widget shows or announces lives in a label, so another language is one object
 * away and no markup carries English. Two halves, because two files paint them: the launcher's
 * few labels ship in the script-tag loader (this module), the card's many labels in the card UI
 * file (`card-labels.ts`), loaded with the engine. `EN_LABELS` (`en.ts`) joins them.
 *
 * Replace texts with the element's `labels` property, `label-*` attributes (`data-label-*` on the
 * script tag; `label-mic-denied` sets `micDenied`), or a locale registered with `registerLocale`.
 * `{name}` placeholders are filled in where the key's comment says so.
 */
import type { RecordLabels } from './record-labels.ts';
import type { StopLabels } from './stop-labels.ts';
import type { StartStage } from '../core/start-stages.ts';

/** `'daily-call-join'` → `'DailyCallJoin'`, at the type level. */
type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${Pascal<Tail>}`
  : Capitalize<S>;

/** The label key of each start stage (`stageDailyCallJoin`), derived from `START_STAGES`. */
export type StageLabelKey = `stage${Pascal<StartStage>}`;

/**
 * One text per start stage, shown while connecting and spoken by the progress bar. Derived from
 * the core's list, so a new stage without a label in every locale does not compile. (The keys stay
 * flat, `stageDailyCallJoin`, because label overrides and registered locales use them.)
 */
export type StageLabels = Record<StageLabelKey, string>;

/** The label key of a start stage (`'daily-call-join'` → `'stageDailyCallJoin'`). */
export function stageLabelKey(stage: StartStage): StageLabelKey {
  return `stage-${stage}`.replace(/-(.)/g, (_, c: string) => c.toUpperCase()) as StageLabelKey;
}

/** The launcher's texts (in the loader). */
export interface LauncherLabels {
  /** Voice mode launcher; also the card's start button in voice mode. */
  start: string;
  /** Chat mode launcher. */
  openChat: string;
  /** Hybrid mode launcher. */
  openHybrid: string;
  /** Launcher while a call runs and the card is minimized. */
  returnToCall: string;
  /** Launcher from the click on a call until the card is drawn (its file may still be loading). */
  calling: string;
  /** Launcher after the card itself could not be loaded (a click tries again). */
  loadFailed: string;
  /** The launcher, when the page's security policy (CSP, Trusted Types) blocked the widget's files. */
  loadBlocked: string;
  /** The launcher while the card is open, and the card's minimize control. */
  minimize: string;
}

/** The card's texts (in the card UI file). */
export interface CardLabels extends StageLabels {
  /** The header's "⋯" menu button (forget the conversation). */
  recordMenu: string;
  /** The assistant's name in the card header, unless the `title` attribute gives one. */
  assistantName: string;
  close: string;
  /** The `dismissible` launcher's hide control (hides the launcher for this browser session). */
  dismiss: string;
  /** Hang-up button during a call. */
  stop: string;
  /** Neutral button that cancels a call while it connects. */
  cancel: string;
  /** After a call ended. */
  callAgain: string;
  /** Hybrid mode's call button. */
  startCall: string;
  mute: string;
  unmute: string;
  /** Shown when the browser blocked audio playback. */
  enableAudio: string;
  retry: string;
  send: string;
  /** Stops the reply being streamed. */
  stopReply: string;
  /** Accessible name of the message field. */
  message: string;
  messagePlaceholder: string;
  /** Accessible name of the conversation log. */
  conversation: string;
  /** Speaker names, read by screen readers before each turn. */
  you: string;
  agent: string;
  /** Empty conversation, per mode. */
  emptyVoice: string;
  emptyChat: string;
  emptyHybrid: string;
  /** Accessible name of the assistant's video. */
  video: string;
  /** Status chip texts. `connecting` alone, before the first stage. */
  connecting: string;
  /** `{stage}`: the start stage's name (`stage*` below), while connecting. */
  connectingStage: string;
  listening: string;
  speaking: string;
  muted: string;
  reconnecting: string;
  ending: string;
  /** `{duration}`: the call's length, e.g. 2:14. */
  ended: string;
  typing: string;
  /** Accessible name of the start-progress bar. */
  progress: string;
  /** `{step}`, `{total}`, `{stage}`: spoken value of the progress bar. */
  progressValue: string;
  /** Error titles (the error section's heading). */
  titleMic: string;
  titleNetwork: string;
  titleSetup: string;
  titleService: string;
  titleLoad: string;
  titleEnded: string;
  titleCall: string;
  titleChat: string;
  /** The platform did not answer (or stopped answering) in time. */
  titleTimeout: string;
  /** The platform's answer could not be read or used (cut-off JSON, an unsafe call address…). */
  titleAnswer: string;
  /** Error sentences. */
  errorMicDenied: string;
  errorMicNotFound: string;
  errorMicBlocked: string;
  errorNetwork: string;
  /** `{status}`: the HTTP status. */
  errorApi: string;
  errorUnauthorized: string;
  errorBusy: string;
  errorEngine: string;
  errorNotConfigured: string;
  errorNoTarget: string;
  /** The page's `assistant-overrides` is not a JSON object (nothing was sent). */
  errorOverrides: string;
  /** `{reason}`: the platform's ended reason. */
  errorEnded: string;
  /** Joins again a call another page of the site left running, after the browser held its audio back. */
  resumeCall: string;
  /** A call another page left running could not be joined again. */
  callGone: string;
  /** A call another page left running goes on in another tab. */
  callElsewhere: string;
  errorCall: string;
  errorChat: string;
  errorTimeout: string;
  errorAnswer: string;
  /** Under a reply cut at a limit (`replyChars`, `bodyBytes` or `streamMs`): the rest was not shown. */
  replyCut: string;
  /** One-line fixes shown under the sentence. */
  fixMicDenied: string;
  fixMicNotFound: string;
  fixMicBlocked: string;
  fixNetwork: string;
  fixSetup: string;
  fixBusy: string;
  fixEngine: string;
  /** Under `errorOverrides`: the visitor's message did not leave, and who can fix it. */
  fixOverrides: string;
  /** Consent dialog (the `consent-title` / `consent-content` attributes replace the first two). */
  consentTitle: string;
  consentContent: string;
  accept: string;
  decline: string;
  /** After a call (with its length, `ended`): who ended it. */
  endedByVisitor: string;
  endedByAssistant: string;
  endedByConnection: string;
  /** Hybrid, in a call: the footer's More, which opens the message field and the audio settings. */
  more: string;
  /** Hybrid, the microphone failed: type instead of talking. */
  typeInstead: string;
  /** Voice only (no typing), the page blocks the microphone: what to do. */
  fixMicBlockedVoice: string;
  /** The footer's audio settings control, and the panel's name. */
  audioSettings: string;
  /** The microphone picker. */
  microphone: string;
  /** The speaker picker (browsers that can route output only). */
  speaker: string;
  /** A device the browser lists without a name (before the permission): `{n}` its number. */
  deviceNumbered: string;
  /** The assistant's volume slider (its audio only). */
  assistantVolume: string;
  /** The microphone in use was unplugged during the call (the picker follows). */
  micLost: string;
  /** A chosen microphone or speaker could not be used. */
  deviceFailed: string;
  /** Push-to-talk's button, held to speak. */
  holdToTalk: string;
  /** Status chip in push-to-talk while the button is held. */
  talking: string;
  /** Status chip in push-to-talk while it is not held. */
  pushToTalk: string;
  /** The nudge bubble's close control. */
  nudgeDismiss: string;
  /**
   * Unread badge on the closed launcher: `{count}` the assistant's answers since it was closed,
   * one form per plural category of the language (see `plural`).
   */
  unread: PluralText;
}

/**
 * A text that depends on a number: one form per plural category of the language, as
 * `Intl.PluralRules` names them (`other` always; `one`, `few`, `many`… where the language has
 * them). A plain string (an owner's `label-*` attribute) is every form.
 */
export type PluralText = string | ({ readonly other: string } & Partial<Record<Intl.LDMLPluralRule, string>>);

/** `text`'s form for `count` in `locale` (Intl.PluralRules; `other` when it has no such form), `{count}` filled in. */
export function plural(text: PluralText, count: number, locale: string): string {
  const forms = typeof text === 'string' ? { other: text } : text;
  let category: Intl.LDMLPluralRule = 'other';
  try {
    category = new Intl.PluralRules(locale || 'en').select(count);
  } catch {
    // A language tag the browser does not know: the `other` form.
  }
  return format(forms[category] ?? forms.other, { count });
}

/**
 * The texts of suggested replies, feedback and the hand-over (issue 26): English in the rich
 * file (`voice-widget-rich.js`, rich-labels.ts), the other languages in their locale files.
 */
export interface RichLabels {
  /** Accessible name of the row of suggested replies (conversation starters, `suggest_replies`). */
  suggestions: string;
  /** Thumbs on a finished reply (`feedback="message"` or `"both"`). */
  feedbackUp: string;
  feedbackDown: string;
  /** After a rating or a thumb was given. */
  feedbackThanks: string;
  /** The end-of-conversation rating (`feedback="end"` or `"both"`): its question, radio label (`{n}`), comment field, buttons. */
  rateTitle: string;
  rateOption: string;
  rateComment: string;
  rateSend: string;
  rateSkip: string;
  /** After the hand-over to a person (`handoff-label`). */
  handoffDone: string;
}

/** Every text of the widget (the Stop control's: stop-labels.ts; the "⋯" menu's: record-labels.ts). */
export interface VoiceLabels extends LauncherLabels, CardLabels, RichLabels, StopLabels, RecordLabels {}

/** English launcher labels. */
export const EN_LAUNCHER_LABELS: LauncherLabels = {
  start: 'Talk to Our Agent',
  openChat: 'Chat with Our Agent',
  openHybrid: 'Ask Our Agent',
  returnToCall: 'Back to the call',
  calling: 'Connecting…',
  loadFailed: 'Could not load. Try again',
  loadBlocked: "Blocked by this page's security policy",
  minimize: 'Minimize',
};

/**
 * The languages shipped with the widget besides English, each its own file (`locales/*.ts`),
 * loaded through `LoadModule` only when an element uses it.
 */
export const LOCALES = ['de', 'es', 'fr'] as const;

/** A shipped language. */
export type ShippedLocale = (typeof LOCALES)[number];

/** What a shipped language's file exports. */
export interface LocaleModule {
  /** Every text, in that language. */
  readonly labels: VoiceLabels;
}

const locales = new Map<string, Partial<VoiceLabels>>();

/**
 * Registers labels for a locale (e.g. `'de'`, or `'it'`, which is not shipped), used by elements
 * whose language (see the element's `locale` attribute) matches. They win over the shipped
 * language's labels; missing keys fall back to those, then to English. Elements already on the
 * page pick it up on their next render.
 */
export function registerLocale(locale: string, labels: Partial<VoiceLabels>): void {
  locales.set(locale.toLowerCase(), labels);
}

/** The labels registered for a locale (`de-AT` falls back to `de`); empty when none. */
export function localeLabels(locale: string | null | undefined): Partial<VoiceLabels> {
  const tag = (locale ?? 'en').toLowerCase();
  return locales.get(tag) ?? locales.get(tag.split('-')[0]!) ?? {};
}

/** Fills `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * The element's reference for people: every option attribute, DOM event, `::part()` and theming
 * custom property, described once. Typed against the sources (`OPTION_ATTRIBUTES`, the event
 * maps), so a new attribute or event does not compile until it is described here; tests check the
 * parts against the rendered card and the properties against the stylesheets. The site's /widget
 * tables and the README are generated from, or checked against, this module. Documentation only:
 * neither the loader nor the card imports it.
 */
import type { ConversationEvents } from '../conversation/conversation-events.ts';
import { OPTION_DEFAULTS, type OPTION_ATTRIBUTES } from '../element/options.ts';

/** One option attribute. */
export interface OptionDoc {
  /** Default of the element (`—`: none); for the attributes with a value list, `OPTION_DEFAULTS`. */
  readonly default: string;
  /** Default of the script tag, where it differs. */
  readonly scriptDefault?: string;
  readonly text: string;
}

/** Every option attribute (on the script tag as `data-*`). */
export const OPTION_DOCS: { readonly [A in (typeof OPTION_ATTRIBUTES)[number]]: OptionDoc } = {
  'public-key': { default: '—', text: 'Your public web key. Without it the card says the widget is not set up.' },
  'assistant-id': { default: '—', text: 'The assistant to call and chat with.' },
  'squad-id': { default: '—', text: 'A squad instead (used when no assistant id is set).' },
  'workflow-id': { default: '—', text: 'A workflow instead (used when no assistant or squad id is set).' },
  'api-base-url': { default: OPTION_DEFAULTS['api-base-url'], text: 'Base URL of the voice platform API.' },
  persist: {
    default: 'off',
    scriptDefault: 'on',
    text: 'Keeps the conversation for the browser tab (sessionStorage, never localStorage): on the next page of your site the card shows the transcript and rejoins a running call without a new request; a chat continues its session. Dropped at hang-up, when the call ends, 2 minutes after a page left a call (the call part) and 30 minutes after the last change. "false" turns it off.',
  },
  'page-context': {
    default: 'on',
    text: 'Tells the assistant the page: variableValues pageTitle (document.title) and pagePath (origin + path, never the query string or fragment), merged under your own values; after a rejoin on another page, one silent system message names it. "false" turns it off.',
  },
  mode: {
    default: OPTION_DEFAULTS.mode,
    scriptDefault: 'hybrid',
    text: 'voice (the launcher starts a call), chat (text only: never loads the call engine or asks for the microphone), or hybrid (type or talk, one conversation).',
  },
  position: {
    default: OPTION_DEFAULTS.position,
    scriptDefault: 'bottom-right',
    text: 'bottom-right, bottom-left, bottom-center, top-right, top-left (fixed to the viewport, --ringwise-offset from its edges; at the top the card opens below the launcher), or inline (in the page’s flow). Below 640 px the open card is a bottom sheet in every position.',
  },
  expanded: {
    default: 'off',
    text: 'Present: the card is open when the page loads (its file is loaded at once). No call starts.',
  },
  dismissible: {
    default: 'off',
    text: 'Present: a small close control on the launcher hides it for the rest of the browser session (sessionStorage) and fires ringwise-dismiss; open() still opens the card.',
  },
  theme: { default: OPTION_DEFAULTS.theme, text: 'light, dark, or auto (follows the visitor’s system setting).' },
  locale: {
    default: 'the page’s language',
    text: 'Language of the texts (de, es, fr ship; de-AT uses de). Without it: the nearest lang attribute (the element, its ancestors, <html lang>), else the browser’s languages, else English. A shipped language’s labels are one small file, loaded only when used; labels from registerLocale and label-* attributes win over them.',
  },
  'debug-latency': {
    default: 'off',
    text: 'Present: a small line at the top of the card for you, the owner, while tuning an assistant: first audio, the last turn and the turns’ median in milliseconds, from the ringwise-latency event (English, not for visitors). Its code is in the record file, loaded only then.',
  },
  'transcript-endpoint': {
    default: '—',
    text: 'A URL of yours: the card’s ⋯ menu offers “Email me a copy”, which asks the visitor for their address and POSTs JSON {email, assistant, locale, pageUrl, timeZone, transcript: [{speaker, name, text, at, interrupted}]} (the turns as heard, the latest 200; timeZone the browser’s, for the mail’s times) there, only when they press Send. This repository’s server accepts it at /api/transcript-requests. Its code is in the record file.',
  },
  title: { default: 'AI Assistant', text: 'The assistant’s name in the card’s header (no tooltip is shown for it).' },
  'avatar-url': {
    default: 'a voice glyph',
    text: 'Image for the assistant’s avatar (square; shown round, with the voice-level ring).',
  },
  transcript: {
    default: 'off',
    text: 'Voice mode: present, the call is shown as chat bubbles. Chat and hybrid always show the conversation.',
  },
  'consent-required': {
    default: 'off',
    text: 'Present: ask for consent before the first call or message; nothing is sent to the platform before Accept.',
  },
  'consent-title': { default: 'Before we start', text: 'Title of the consent dialog.' },
  'consent-content': {
    default: 'A short AI and recording notice',
    text: 'Consent text. Plain text; [text](https://…) becomes a link (https only, never HTML).',
  },
  'consent-storage-key': {
    default: 'derived from the consent text',
    text: 'localStorage key of the visitor’s consent. Put a version in it (acme-consent-v2): a new key asks again.',
  },
  nonce: { default: '—', text: 'Nonce for the fallback <style> on browsers without constructable stylesheets.' },
  'assistant-overrides': {
    default: '—',
    text: 'A JSON object sent as assistantOverrides with every call and chat message, e.g. {"firstMessage":"Hi!","variableValues":{"plan":"pro"}} (a workflow gets it as workflowOverrides). Not valid JSON: the card says so and nothing is sent.',
  },
  'bundle-path-override': {
    default: 'Daily’s CDN',
    text: 'Folder of your own copy of Daily’s call-machine bundles (dailyConfig.bundlePathOverride); the element’s dailyConfig property sets the rest of Daily’s config.',
  },
  preload: {
    default: OPTION_DEFAULTS.preload,
    text: 'What loads before the click. idle: once the page has loaded, in idle time and at low priority, what the mode’s first action needs (voice and hybrid: the card, the call engine and daily-js; chat: the card and the chat engine, never daily-js), so the click starts the call at once. intent: on hover, focus or touch (a click without them waits for the download). none: at the click. call: idle, and Daily’s call machine started on every page view (without it, voice and hybrid start it on intent: a hover, focus or press of a voice launcher, a hybrid card opened). call costs every visitor the machine’s download from Daily’s CDN (a few hundred kB gzip) and its start on the main thread (about half a second on a phone, issue 35’s measure); use it on a page whose visitors mostly call. Visitors who ask to save data, or on a 2G connection, get intent (for idle and call).',
  },
  analytics: {
    default: 'off',
    text: 'datalayer: each analytics event is pushed to window.dataLayer as { event, ...fields } (Google Tag Manager, GA4); callback: your function is called as fn(name, fields) (the analyticsCallback property, or the global named by analytics-callback). Events: ringwise_open, ringwise_call_start, ringwise_call_end { duration_s, ended_by, first_audio_ms?, turn_latency_p50_ms?, turn_latency_p95_ms? }, ringwise_chat_message { count }, ringwise_error { cause }, ringwise_feedback { rating }, ringwise_consent { decision }, ringwise_interrupt { by }, ringwise_quality { level, reason }. No message text or personal data unless analytics-content is set. Its own small file, loaded only with this attribute.',
  },
  'analytics-callback': {
    default: '—',
    text: 'With analytics="callback": the global function to call, dotted paths called on their object (posthog.capture, analytics.track). Only a function your page defined: a built-in (document.write, eval, a bound function) or a path through the browser\'s objects is never called (one console line). Events wait (the last 100) until it exists.',
  },
  'analytics-content': {
    default: 'off',
    text: 'Present: analytics events also carry the message text (ringwise_chat_message), the error message and the feedback comment.',
  },
  input: {
    default: 'open',
    text: 'push-to-talk: the call starts with the microphone off and it is open only while the visitor holds the talk button (pointer, or Space while it has focus); the status chip says which.',
  },
  nudge: {
    default: '—',
    text: 'A short invitation shown in a bubble beside the closed launcher after nudge-delay seconds, once per browser session; dismissible, never over a focused form field, announced politely, no animation for reduced motion.',
  },
  'nudge-delay': { default: '20', text: 'Seconds on the page before the nudge appears.' },
};

/** Attribute families (a name after the prefix), on the script tag as `data-*`. */
export const PREFIX_OPTION_DOCS = {
  'variable-*': {
    default: '—',
    text: 'One variable for the assistant’s {{placeholders}}: variable-first_name="Ada" sends variableValues.first_name. The name is the attribute’s after variable-, as the browser keeps it: lower case, so name your variables in lower case (or use assistant-overrides). Merged into assistant-overrides; the attribute wins.',
  },
} as const;

/** Options only the script tag has. */
export const SCRIPT_OPTION_DOCS = {
  'data-mount': { default: 'mounts', text: '"false": define the element only, mount no floating launcher.' },
} as const;

/** Every DOM event (`ringwise-` + the name), payload in `event.detail`. */
export const EVENT_DOCS: {
  readonly [
    E in keyof ConversationEvents | 'consent' | 'dismiss' | 'view-change' | 'feedback' | 'handoff' | 'open'
  ]: string;
} = {
  'state-change': 'The call state: idle, starting, active, reconnecting, ending.',
  'call-start': 'The assistant’s audio is playing.',
  'call-end': 'The call ended.',
  'speech-start': 'The assistant started speaking.',
  'speech-end': 'The assistant stopped speaking.',
  'volume-level': 'The assistant’s volume, 0 to 1, every 100 ms.',
  message: 'A message from the assistant during a call (transcripts, status updates…).',
  'call-start-progress': 'Each start stage: started, completed or failed, with its duration.',
  'call-start-success': 'The call started (call id, total duration).',
  'call-start-failed': 'The call could not start (stage, error).',
  error:
    'Any failure of a call or a chat message, with a stable type (mic-permission-denied, api-error with status, not-configured, invalid-overrides…), and of a client tool (unknown-tool, tool-failed, with the call in detail.tool).',
  latency:
    "Latency as the visitor hears it, measured in this browser ({ firstAudioMs, turnLatencyP50Ms, turnLatencyP95Ms, turnsMs, final }, milliseconds, null until measured): firstAudioMs from the click to the first assistant audio that is playing and above the speaking level in the received audio (daily-js getStats audioLevel); a turn from the last moment the visitor's microphone was above the speech level to the assistant's next audible onset. The platform's processing and the network both ways are inside the figures; the speaker is not; resolution 100 ms (the level observers' interval). Fired at each new figure and once at the call's end (final: true, just before call-end); its last figures are in ringwise_call_end.",
  interrupt:
    'The visitor stopped the assistant mid-turn ({ by: stop | voice }): with the Stop control (or push-to-talk while it speaks; interrupt() in the React hook; ./vapi’s interrupt()), or by speaking over it. Its audio is muted at once and the platform gets { type: control, control: mute-assistant } (unmuted at the visitor’s next words); the rest of its turn shows greyed as not heard and is left out of kept transcripts.',
  quality:
    'The call’s quality changed ({ level: good | poor | bad, reason: microphone | network | reconnecting | audio | echo }). microphone: the sound check read about a second of the call’s own microphone track (before the first call on a microphone, and after a long silence while listening); bad when it gave only zeros, then the card says “Your microphone sends no sound — is another app using it?” with Try again (and Type instead in hybrid mode); good when it gave sound (that microphone is then remembered for this site in localStorage, ringwise-mic-checked). network / reconnecting: Daily’s network-quality-change (warning: poor, bad: bad) and the call reconnecting (bad) show a quiet “Weak connection” beside the status; when it lasts 8 s the card says “The audio is breaking up. Continue by typing?” with Type instead (hybrid: the call ends, its transcript stays, the field takes focus) or, in voice mode, “The audio is breaking up.” with Try again (a new call); an estimate sent before the card’s audio file loaded is kept and shown. audio: the platform says the assistant speaks (speech-update) but its audio has had no level for 2 s (poor). echo (poor): the assistant was cut by “the visitor’s voice” within 800 ms of its own speech start while the microphone’s loudest sample stayed under 0.05, on built-in speakers with no headset (from the device labels), or twice on any setup; the card then says once “Use headphones, or hold to talk” with Hold to talk (push-to-talk for the rest of the call). The microphone is opened with audioSource: true and Daily’s defaults (echoCancellation, noiseSuppression, autoGainControl on; dailyConfig.userMediaAudioConstraints changes them), plus Daily’s noise-cancellation processor.',
  'chat-request': 'A chat message is being sent ({ input }).',
  'chat-delta': 'Reply text arrived ({ delta, text }).',
  'chat-reply': 'A chat reply is complete ({ text, sessionId }).',
  'chat-state-change': 'The chat state: idle, sending, streaming.',
  consent:
    "The visitor answered the consent dialog: { decision: accepted | declined, version: the storage key, stored }; Accept adds the receipt: consentTextHash (SHA-256, hex, of the exact text shown: the title, a line break, the text with links as their words), acceptedAt (ISO time), locale. The receipt is stored under the key, sent with the visitor's calls as assistantOverrides.metadata.consentReceipt, and consent is asked again when the text shown changes.",
  'view-change':
    'The card’s view changed (detail: the view, as element.view): for page UI that shows the same conversation, e.g. a call button elsewhere on the page.',
  dismiss: 'The visitor hid a dismissible launcher for this session (detail: null).',
  open: 'The card opened (the launcher, open() or start(); detail: null).',
  'tool-call':
    'The assistant asked for a client-side tool ({ id, name, arguments }), before its clientTools function runs. Call preventDefault() to handle it yourself: then a tool with no function is no error.',
  feedback:
    'The visitor rated: a reply ({ rating: 1 | -1, messageId }) or the conversation ({ rating: 1–5, comment? }), with callId / sessionId when known. Also POSTed to feedback-url.',
  handoff:
    'The visitor asked for a person ({ turns: [{ role, text, at }], callId?, sessionId?, respondWith }). Answer with detail.respondWith(outcome or a promise of it: "sent" | "cancelled"): the card says it was passed on (and a call ends after the assistant’s last words) only once "sent"; "cancelled" gives the card back with its hand-over button. Unanswered, the event is the hand-over.',
};

/** Every `::part()`: what it is. */
export const PART_DOCS = {
  container: 'The whole widget (positioning box).',
  launcher: 'The floating button that opens the card.',
  label: 'The launcher’s text.',
  dismiss: 'The dismissible launcher’s close control.',
  card: 'The conversation card.',
  header: 'The card’s header.',
  'menu-button': 'The header’s “⋯” button (a menu button) that opens the conversation’s menu.',
  elapsed: 'The elapsed time of the running call (m:ss) in the header.',
  avatar: 'The assistant’s avatar, with the voice-level ring.',
  title: 'The assistant’s name.',
  status: 'The status chip (Listening…, Agent is speaking…, You’re muted…).',
  close: 'Close button: collapses the card (a call goes on; only Hang Up hangs up).',
  progress: 'The thin start-progress bar.',
  video: 'The assistant’s video.',
  body: 'The middle of the card.',
  conversation: 'The conversation log.',
  turn: 'One bubble (data-role="assistant" or "user").',
  empty: 'What the card shows before anything was said.',
  error: 'The error section.',
  retry: 'Its Try again button (also in the call notice).',
  consent: 'The consent dialog.',
  accept: 'Accept button.',
  decline: 'Decline button.',
  footer: 'The controls’ bar.',
  input: 'The message field.',
  send: 'Send button.',
  'stop-reply': 'Stops a reply while it streams.',
  call: 'Start a call / Call again.',
  cancel: 'Cancels a call while it connects.',
  mute: 'Mute / Unmute.',
  'hang-up': 'Hang Up.',
  more: 'Hybrid, in a call: More, which opens a row with the message field and the audio settings control.',
  'enable-audio': 'Shown when the browser blocked the assistant’s audio.',
  resume:
    'Resume call: joins again a call another page of the site left running, where the browser needs a tap before it plays audio.',
  'type-instead':
    'Hybrid: in the error section when the microphone failed, and in the call notice: switches to typing.',
  ended:
    'The block after a call: its length and who ended it, Call again, and the end rating folded in (the field below goes on in chat).',
  'call-again': 'Its Call again button.',
  suggestions:
    'A row of suggested replies: the starters of `suggestions` in an empty conversation, or the assistant’s `suggest_replies` under its latest message.',
  suggestion: 'One suggested reply (a tap sends its text).',
  feedback: 'The thumbs under a finished reply (`feedback="message"` or `"both"`).',
  'thumb-up': 'Helpful.',
  'thumb-down': 'Not helpful.',
  rating:
    'The end-of-conversation rating: 1–5 as a radio group, a comment, Send rating and Skip (after a call, inside the ended block: the comment and Send once a star is chosen, no Skip).',
  'rating-comment': 'The rating’s optional comment.',
  'rating-skip': 'Skips the rating.',
  'rating-send': 'Sends the rating.',
  handoff: 'The hand-over action (`handoff-label`).',
  'handoff-done': 'What the card says after the hand-over.',
  'audio-settings-button':
    'The audio settings control during a call (behind More in hybrid mode; beside Mute and Hang Up in voice mode).',
  'audio-settings': 'The audio settings panel that control opens above the footer.',
  microphone: 'The panel’s microphone picker.',
  speaker: 'The panel’s speaker picker (browsers that can route output only).',
  volume: 'The panel’s slider for the assistant’s volume.',
  talk: 'Push-to-talk’s button (input="push-to-talk"): the microphone is open while it is held.',
  stop: 'Stop, beside the status while the assistant speaks in a call: cuts it off at once.',
  'call-notice':
    'A sentence about the call above the footer (a silent microphone), with its actions (parts retry, type-instead).',
  unread: 'The closed launcher’s badge: answers that arrived while the card was closed.',
  nudge: 'The nudge bubble beside the closed launcher (nudge attribute).',
} as const;

/** The parts there are. */
export type WidgetPart = keyof typeof PART_DOCS;

/** One theming custom property. */
export interface TokenDoc {
  readonly light: string;
  readonly dark: string;
  readonly text: string;
}

/** Every theming custom property (set on the element or an ancestor). */
export const TOKEN_DOCS = {
  '--ringwise-accent': {
    light: '#4338ca',
    dark: '#a5b4fc',
    text: 'Launcher, primary buttons, your bubbles, the avatar.',
  },
  '--ringwise-accent-text': { light: '#fff', dark: '#111827', text: 'Text and icons on the accent.' },
  '--ringwise-danger': { light: '#b91c1c', dark: '#b91c1c', text: 'Hang Up, error accents.' },
  '--ringwise-surface': { light: '#fff', dark: '#111827', text: 'The card.' },
  '--ringwise-surface-alt': { light: '#f8fafc', dark: '#0b1120', text: 'Footer and sections inside the card.' },
  '--ringwise-text': { light: '#111827', dark: '#f8fafc', text: 'Text.' },
  '--ringwise-muted': { light: '#4b5563', dark: '#cbd5e1', text: 'Secondary text and icons.' },
  '--ringwise-border': { light: 'rgb(17 24 39 / .12)', dark: 'rgb(255 255 255 / .14)', text: 'Borders.' },
  '--ringwise-bubble': { light: '#f1f5f9', dark: '#1f2937', text: 'The assistant’s bubbles.' },
  '--ringwise-focus': { light: '#1d4ed8', dark: '#93c5fd', text: 'Focus ring.' },
  '--ringwise-font': { light: 'system-ui', dark: 'system-ui', text: 'Font family.' },
  '--ringwise-radius': { light: '16px', dark: '16px', text: 'Card corners (sections inside use 4 px less).' },
  '--ringwise-offset': {
    light: '20px',
    dark: '20px',
    text: 'Distance from the viewport’s edges (floating positions, bottom sheet).',
  },
  '--ringwise-z-index': { light: '2147483000', dark: '2147483000', text: 'Stacking order (floating positions).' },
} as const satisfies Record<string, TokenDoc>;

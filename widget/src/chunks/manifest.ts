/**
 * File names of the script-tag build (`dist/cdn/`), owned here: the build writes them and the
 * loader fetches them from next to itself by these names, as classic scripts that register under
 * their key (`RingwiseVoice.chunk(key, …)`, script-loader.ts). Fixed per version (no hashes), so
 * they can be served with `integrity` and long caching per versioned folder. A new entry needs
 * its source in `CDN_SOURCES` (build.ts) and its type in `WidgetModules` (card-port.ts).
 */

/** The loader website owners paste. */
export const LOADER_FILE = 'voice-widget.js';

/**
 * The file of the module under `key`: `voice-widget-{key}.js`, next to the loader. The one rule
 * for every name in `MODULE_FILES` (the loader uses it directly, so it carries no table).
 */
export const moduleFile = <K extends string>(key: K): `voice-widget-${K}.js` => `voice-widget-${key}.js`;

/** The Daily adapter with daily-js (`MODULE_FILES.daily`). */
export const DAILY_FILE = /* @__PURE__ */ moduleFile('daily');

/** What the loader brings in on demand, by `LoadModule` key. */
export const MODULE_FILES = {
  /** The card UI. */
  ui: /* @__PURE__ */ moduleFile('ui'),
  /** The voice engine (core + request adoption); it loads the daily file itself, through the loader. */
  engine: /* @__PURE__ */ moduleFile('engine'),
  /** The chat engine (no voice core, no daily-js). */
  chat: /* @__PURE__ */ moduleFile('chat'),
  /** The Daily adapter with daily-js, loaded by the voice engine when a call starts or on intent. */
  daily: DAILY_FILE,
  /** What keeps the conversation for the tab (`persist`), loaded once there is something to keep or give back. */
  keep: /* @__PURE__ */ moduleFile('keep'),
  /** Suggested replies, feedback and the hand-over (card/rich/), loaded when an attribute asks for them or a conversation begins. */
  rich: /* @__PURE__ */ moduleFile('rich'),
  /** The shipped languages' labels (`LOCALES`, labels.ts), one file each, loaded when used. */
  de: /* @__PURE__ */ moduleFile('de'),
  es: /* @__PURE__ */ moduleFile('es'),
  fr: /* @__PURE__ */ moduleFile('fr'),
  /** The analytics stream (`analytics`), loaded when an element sets the attribute. */
  analytics: /* @__PURE__ */ moduleFile('analytics'),
  /** The nudge bubble (`nudge`), loaded after `nudge-delay` seconds when an element sets it. */
  nudge: /* @__PURE__ */ moduleFile('nudge'),
  /** The call's audio settings and push-to-talk, loaded by the card when a call starts. */
  audio: /* @__PURE__ */ moduleFile('audio'),
  /** The click's start (target, consent, POST /call/web, the microphone), loaded with the card on intent or in idle time. */
  start: /* @__PURE__ */ moduleFile('start'),
} as const;

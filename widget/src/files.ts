/**
 * File names of the script-tag build (`dist/cdn/`), owned here: the build writes them and the
 * loader fetches them from next to itself by these names, as classic scripts that register under
 * their key (`RingwiseVoice.chunk(key, …)`, script-loader.ts). Fixed per version (no hashes), so
 * they can be served with `integrity` and long caching per versioned folder. A new entry needs
 * its source in `CDN_SOURCES` (build.ts) and its type in `WidgetModules` (card-port.ts).
 */

/** The loader website owners paste. */
export const LOADER_FILE = 'voice-widget.js';

/** The Daily adapter with daily-js (`MODULE_FILES.daily`). */
export const DAILY_FILE = 'voice-widget-daily.js';

/** What the loader brings in on demand, by `LoadModule` key. */
export const MODULE_FILES = {
  /** The card UI. */
  ui: 'voice-widget-ui.js',
  /** The voice engine (core + request adoption); it loads the daily file itself, through the loader. */
  engine: 'voice-widget-engine.js',
  /** The chat engine (no voice core, no daily-js). */
  chat: 'voice-widget-chat.js',
  /** The Daily adapter with daily-js, loaded by the voice engine when a call starts or on intent. */
  daily: DAILY_FILE,
  /** The shipped languages' labels (`LOCALES`, labels.ts), one file each, loaded when used. */
  de: 'voice-widget-de.js',
  es: 'voice-widget-es.js',
  fr: 'voice-widget-fr.js',
} as const;

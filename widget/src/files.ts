/**
 * File names of the script-tag build (`dist/cdn/`), owned here: the build writes them and the
 * loader fetches the modules from next to itself by these names. Fixed per version (no hashes),
 * so they can be served with `integrity` and long caching per versioned folder.
 */

/** The loader website owners paste. */
export const LOADER_FILE = 'voice-widget.js';

/** What the loader brings in on demand. */
export const MODULE_FILES = {
  /** The card UI. */
  ui: 'voice-widget-ui.js',
  /** The voice engine (core + request adoption); it imports the daily chunk itself. */
  engine: 'voice-widget-engine.js',
  /** The chat engine (no voice core, no daily-js). */
  chat: 'voice-widget-chat.js',
  /** The shipped languages' labels (`LOCALES`, labels.ts), one file each, loaded when used. */
  de: 'voice-widget-de.js',
  es: 'voice-widget-es.js',
  fr: 'voice-widget-fr.js',
} as const;

/** The Daily adapter with daily-js, imported by the voice engine. */
export const DAILY_FILE = 'voice-widget-daily.js';

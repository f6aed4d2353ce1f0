/**
 * The widget's modules, owned here: each key, its file in the script-tag build (`dist/cdn/`) and
 * what its module exports (`WidgetModules`). The build writes the files (`CDN_SOURCES` in build.ts
 * maps the same keys to sources; a test fails when a key has no source or a source no key), the
 * script loader fetches them from next to itself by these names, as classic scripts that register
 * under their key (`RingwiseVoice.chunk(key, …)`, script-loader.ts), and the bundled loader
 * (modules.ts) imports them by the same keys. Fixed per version (no hashes), so they can be served
 * with `integrity` and long caching per versioned folder. A new module: a key here, its type in
 * `WidgetModules` or its own module's augmentation of it (the compiler holds the two together), its source in `CDN_SOURCES`, its import in
 * modules.ts. Types other than the names are erased: the loader carries none of them.
 */
import type { AnalyticsModule } from '../analytics/stream.ts';
import type { ChatEngine, VoiceEngine } from '../conversation/engine-port.ts';
import type { DailyModule } from '../daily/lazy-factory.ts';
import type { LocaleModule } from '../i18n/labels.ts';
import type { CardModule, StartModule } from './card-port.ts';

/** The loader website owners paste. */
export const LOADER_FILE = 'voice-widget.js';

/**
 * The file of the module under `key`: `voice-widget-{key}.js`, next to the loader. The one rule
 * for every name in `MODULE_FILES` (the loader uses it directly, so it carries no table).
 */
export const moduleFile = <K extends string>(key: K): `voice-widget-${K}.js` => `voice-widget-${key}.js`;

/** The Daily adapter with daily-js (`MODULE_FILES.daily`). */
export const DAILY_FILE = /* @__PURE__ */ moduleFile('daily');

/**
 * What each module exports, by key (`MODULE_FILES` has exactly these keys). The modules written
 * above the ports (the keep file, the card's rich and audio parts, the nudge) add their own key
 * where they are written (`declare module '../ports/manifest.ts'`), so this file, low in the
 * layers, imports none of them.
 */
export interface WidgetModules {
  /** The card UI. */
  card: CardModule;
  /** The voice engine (it loads the daily file itself, through the loader). */
  engine: VoiceEngine;
  /** The chat engine (no voice core, no daily-js). */
  chat: ChatEngine;
  /** The Daily adapter with daily-js, loaded by the voice engine. */
  daily: DailyModule;
  /** German labels, loaded when an element's language is German (`LOCALES`). */
  de: LocaleModule;
  /** Spanish labels. */
  es: LocaleModule;
  /** French labels. */
  fr: LocaleModule;
  /** The analytics stream, loaded when an element sets `analytics`. */
  analytics: AnalyticsModule;
  /** The click's start, loaded with the card on intent or in idle time. */
  start: StartModule;
}

/** What the loader brings in on demand: the file of each key (exactly the keys of `WidgetModules`). */
export const MODULE_FILES = {
  /** The card UI. */
  card: /* @__PURE__ */ moduleFile('card'),
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
  /** The Markdown renderer and its styles, loaded by the card with the first reply that has markup. */
  markdown: /* @__PURE__ */ moduleFile('markdown'),
  /** The visitor's record (consent receipt, the header menu: forget, transcript), loaded on Accept or the menu. */
  record: /* @__PURE__ */ moduleFile('record'),
  /** The phone's sheet as a modal dialog, loaded by the card on a narrow screen. */
  sheet: /* @__PURE__ */ moduleFile('sheet'),
  /** The unread badge on the closed launcher, loaded by the card with the first unread answer. */
  unread: /* @__PURE__ */ moduleFile('unread'),
  /** The failure texts' English (titles, sentences, fixes), loaded by the card with the first failure. */
  problems: /* @__PURE__ */ moduleFile('problems'),
  /** The consent question (`consent-required` only), loaded beside the card. */
  consent: /* @__PURE__ */ moduleFile('consent'),
  /**
   * The click's start (target, consent, POST /call/web, the microphone), loaded with the card on intent or in idle
   * time in voice, when the card opens in hybrid (the card's calls without the click's request send theirs with it).
   */
  start: /* @__PURE__ */ moduleFile('start'),
} as const satisfies Record<keyof WidgetModules, string>;

/** A module's key: the one list of them is `MODULE_FILES`. */
export type ModuleKey = keyof typeof MODULE_FILES;

/**
 * Loads one of the widget's modules; may reject (offline, blocked by CSP, 404: the script-tag
 * loader's errors carry a `LoadFailure`, script-loader.ts) and may be called again to retry. The
 * one place that decides where the files come from.
 */
export type LoadModule = <K extends ModuleKey>(name: K, low?: boolean) => Promise<WidgetModules[K]>;

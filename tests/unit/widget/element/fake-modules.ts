/**
 * The element's module loader for UI tests: the REAL card UI module, start file and shipped languages, with
 * fake voice and chat engines, through the same `LoadModule` port the script-tag loader and
 * bundlers fill.
 */
import type { LoadModule, WidgetModules } from '../../../../widget/src/ports/card-port.ts';
import { LOCALES, type LocaleModule, type ShippedLocale } from '../../../../widget/src/i18n/labels.ts';
import * as ui from '../../../../widget/src/chunks/entries/card.ts';
// Imported up front like the card: a file's first import in a test worker can take longer than a flush.
import * as audio from '../../../../widget/src/card/audio-panel.ts';
import * as nudge from '../../../../widget/src/nudge/nudge.ts';
import * as analytics from '../../../../widget/src/analytics/stream.ts';
import * as start from '../../../../widget/src/chunks/entries/start.ts';
import * as problems from '../../../../widget/src/card/problems-file.ts';
import * as consent from '../../../../widget/src/card/consent-file.ts';

/** The real language files, as the loader would import them. */
const LOCALE_MODULES: Record<ShippedLocale, () => Promise<LocaleModule>> = {
  de: () => import('../../../../widget/src/i18n/locales/de.ts'),
  es: () => import('../../../../widget/src/i18n/locales/es.ts'),
  fr: () => import('../../../../widget/src/i18n/locales/fr.ts'),
};
import { createFakeChatEngine, type FakeChatEngine } from './fake-chat-engine.ts';
import { createFakeEngine, type FakeEngine } from './fake-voice-engine.ts';

/** A module loader and the fakes behind it. */
export interface FakeModules {
  load: LoadModule;
  voice: FakeEngine;
  chat: FakeChatEngine;
  /** Fetches of each module, in order (`ui`, `engine`, `chat`, `de`…); a module is fetched once unless it failed. */
  loads: string[];
  /** The modules whose (first) fetch asked for low priority (a warm start's). */
  lowLoads: string[];
  /** Calls of the daily file's `loadSpare` (the call machine started ahead of the click). */
  spareLoads: number;
  /** Makes the next `n` loads of the card UI reject. */
  failNextUiLoads(n: number): void;
  /** Holds back the shipped languages' files until `release()` (a slow network). */
  holdLocales(): { release(): void };
  /** Makes every load of a shipped language's file reject (blocked, 404). */
  failLocales(): void;
  /** Holds back the keep file (`persist`) until `release()` (a slow network, a loaded machine). */
  holdKeep(): { release(): void };
  /** Holds back the consent file until `release()` (it arrives after the card's). */
  holdConsent(): { release(): void };
  /** Makes the next `n` loads of the consent file reject (blocked, 404). */
  failNextConsentLoads(n: number): void;
}

/** Creates the loader. */
/** Holds a file back: hands `setGate` a promise that stays pending until the test calls `release`. */
function holdBack(setGate: (gate: Promise<void>) => void): { release: () => void } {
  let release = () => {};
  setGate(new Promise<void>((resolve) => (release = resolve)));
  return { release: () => release() };
}

export function createFakeModules(): FakeModules {
  const voice = createFakeEngine();
  const chat = createFakeChatEngine();
  let uiFailures = 0;
  // Like the script-tag loader: one load per module, forgotten after a failure.
  const pending = new Map<string, Promise<unknown>>();
  const fetchModule = (name: keyof WidgetModules): Promise<unknown> => {
    modules.loads.push(name);
    if (name === 'card') {
      if (uiFailures > 0) {
        uiFailures--;
        return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      }
      return Promise.resolve(ui);
    }
    // The click's start: the real file (it sends through the page's `fetch`, stubbed by the harness).
    if (name === 'start') return Promise.resolve(start);
    if ((LOCALES as readonly string[]).includes(name)) {
      if (localesFail) return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      return localeGate.then(() => LOCALE_MODULES[name as ShippedLocale]());
    }
    if (name === 'rich') return import('../../../../widget/src/card/rich/index.ts');
    if (name === 'markdown') return import('../../../../widget/src/card/markdown-file.ts');
    if (name === 'record') return import('../../../../widget/src/card/record/index.ts');
    if (name === 'unread') return import('../../../../widget/src/card/unread-badge.ts');
    if (name === 'problems') return Promise.resolve(problems);
    if (name === 'consent')
      return consentFailures > 0
        ? (consentFailures--, Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
        : consentGate.then(() => consent);
    if (name === 'keep') return keepGate.then(() => import('../../../../widget/src/continuity/file.ts'));
    // The card's audio file, the nudge and the analytics stream: the real ones, as the loader fetches them.
    if (name === 'audio') return Promise.resolve(audio);
    if (name === 'nudge') return Promise.resolve(nudge);
    if (name === 'analytics') return Promise.resolve(analytics);
    // The fake engines never call Daily: its file only has to arrive.
    if (name === 'daily')
      return Promise.resolve({
        loadSpare: () => (modules.spareLoads++, true),
        createDailyCallFactory: () => ({
          createCall: () => {
            throw new Error('the fake engines never call Daily');
          },
        }),
      });
    return name === 'chat' ? chat.load() : voice.load();
  };
  let localeGate: Promise<void> = Promise.resolve();
  let keepGate: Promise<void> = Promise.resolve();
  let consentGate: Promise<void> = Promise.resolve();
  let consentFailures = 0;
  let localesFail = false;
  const modules: FakeModules = {
    voice,
    chat,
    loads: [],
    lowLoads: [],
    spareLoads: 0,
    load: <K extends keyof WidgetModules>(name: K, low?: boolean) => {
      let module = pending.get(name);
      if (!module) {
        if (low) modules.lowLoads.push(name);
        module = fetchModule(name);
        module.catch(() => pending.delete(name));
        pending.set(name, module);
      }
      return module as Promise<WidgetModules[K]>;
    },
    failNextUiLoads(n) {
      uiFailures = n;
    },
    holdLocales: () => holdBack((gate) => (localeGate = gate)),
    failLocales() {
      localesFail = true;
    },
    holdKeep: () => holdBack((gate) => (keepGate = gate)),
    holdConsent: () => holdBack((gate) => (consentGate = gate)),
    failNextConsentLoads(n) {
      consentFailures = n;
    },
  };
  return modules;
}

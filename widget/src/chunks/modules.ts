/**
 * `loadBundledModule`: the element's module loader for bundlers (the ESM build): the card UI and
 * the engines as chunks of your bundle, loaded on intent, and each shipped language's labels as
 * a chunk loaded only when an element uses that language. The script-tag loader has its own,
 * which fetches the files next to it (embed.ts).
 */
import type { LoadModule, ModuleKey, WidgetModules } from '../ports/manifest.ts';

/** Loads the card UI, an engine, the Daily adapter or a shipped language as a bundler chunk. */
export const loadBundledModule: LoadModule = <K extends ModuleKey>(name: K) => {
  // Keyed by the manifest's keys (every key, no other: the compiler checks it).
  const modules: { [M in ModuleKey]: () => Promise<unknown> } = {
    card: () => import('./entries/card.ts'),
    engine: () => import('./entries/bundled-voice-engine.ts'),
    chat: () => import('./entries/chat-engine.ts'),
    keep: () => import('../continuity/file.ts'),
    rich: () => import('../card/rich/index.ts'),
    daily: () => import('../daily/index.ts'),
    de: () => import('../i18n/locales/de.ts'),
    es: () => import('../i18n/locales/es.ts'),
    fr: () => import('../i18n/locales/fr.ts'),
    analytics: () => import('../analytics/stream.ts'),
    nudge: () => import('../nudge/nudge.ts'),
    audio: () => import('../card/audio-panel.ts'),
    markdown: () => import('../card/markdown-file.ts'),
    record: () => import('../card/record/index.ts'),
    sheet: () => import('../card/sheet.ts'),
    unread: () => import('../card/unread-badge.ts'),
    problems: () => import('../card/problems-file.ts'),
    consent: () => import('../card/consent-file.ts'),
    start: () => import('./entries/start.ts'),
  };
  return modules[name]() as Promise<WidgetModules[K]>;
};

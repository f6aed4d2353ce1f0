/**
 * The language of the element's texts: `locale`, else the nearest `lang`, else the visitor's
 * browser languages (a shipped one, `LOCALES`, or one given to `registerLocale`), else English; a
 * shipped language's file is loaded through `LoadModule` when first used.
 */
import type { LoadModule } from '../ports/card-port.ts';
import { LOCALES, localeLabels, type ShippedLocale, type VoiceLabels } from '../i18n/labels.ts';
import { attr } from './options.ts';

/** A language tag's language, lower case (`de-AT` → `de`). */
const base = (tag: string): string => tag.toLowerCase().split('-')[0]!;

/** A shipped language's labels (`{}` for other languages), or `undefined` while its file loads. */
export type ShippedLabels = (lang: string, loaded?: (() => void) | null) => Partial<VoiceLabels> | undefined;

/**
 * The language of `element`'s texts: `locale`, else the nearest `lang` (the element, then its
 * ancestors), else the first of the browser's languages the widget has labels for (shipped or
 * registered); English when none has.
 */
export function languageOf(element: HTMLElement): string {
  const own = attr(element, 'locale') ?? element.closest<HTMLElement>('[lang]')?.lang;
  // English counts: a visitor who reads English first gets English, not their second language.
  return [...(own ? [own] : navigator.languages), 'en'].find(
    (tag) => ['en', ...LOCALES].includes(base(tag)) || Object.keys(localeLabels(tag)).length,
  )!;
}

/**
 * The shipped languages' labels, loaded through `load` (one cache per element class; a failed
 * load counts as loaded, with no labels: English). A call with `loaded` starts the language's
 * load when it is not in, and calls `loaded` once it is.
 */
export function shippedLabels(load: LoadModule): ShippedLabels {
  const shipped: Partial<Record<ShippedLocale, Partial<VoiceLabels>>> = {};
  const loads: Partial<Record<ShippedLocale, Promise<Partial<VoiceLabels>>>> = {};
  return (lang, loaded) => {
    const language = base(lang) as ShippedLocale;
    if (!LOCALES.includes(language)) return {};
    // Until it is in, each call with `loaded` waits for it too (a few times at most).
    if (!shipped[language] && loaded) {
      void (loads[language] ??= load(language).then(
        (module) => module.labels,
        () => ({}),
      )).then((labels) => {
        shipped[language] = labels;
        loaded();
      });
    }
    return shipped[language];
  };
}

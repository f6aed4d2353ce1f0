/**
 * The shipped languages (`widget/src/i18n/locales/*.ts`): complete, translated, and with the
 * same placeholders as English. A key added to the English labels fails here until every language
 * has it; a value left in English fails unless it is on the small allow-list below (words the
 * language really shares with English).
 */
import { describe, expect, test } from 'vitest';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import {
  LOCALES,
  plural,
  type LocaleModule,
  type ShippedLocale,
  type VoiceLabels,
} from '../../../../widget/src/i18n/labels.ts';
import { MODULE_FILES } from '../../../../widget/src/ports/manifest.ts';
import { loadBundledModule } from '../../../../widget/src/chunks/modules.ts';

/** Labels that are the same word in that language (checked: real usage, not laziness). */
const SAME_AS_ENGLISH: Record<ShippedLocale, readonly (keyof VoiceLabels)[]> = {
  de: [],
  es: [],
  fr: ['message', 'conversation'],
};

const modules = Object.fromEntries(
  await Promise.all(LOCALES.map(async (locale) => [locale, await loadBundledModule(locale)] as const)),
) as Record<ShippedLocale, LocaleModule>;

/** `{name}` placeholders of a text, sorted. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
}

/**
 * A plural text's forms (`PluralText`) as `key.category` entries, each with the English form it
 * answers to (English's `other` where English has no such category); what is missing is ''.
 */
function pluralForms(
  key: string,
  value: unknown,
  english: Record<string, string>,
  locale: string,
): [string, unknown, string][] {
  const forms = (value ?? {}) as Record<string, unknown>;
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  return categories.map((category) => [
    `${key}.${category}`,
    forms[category] ?? '',
    english[category] ?? english.other!,
  ]);
}

/** What a locale's labels lack or get wrong, compared with English (empty: nothing). */
function localeProblems(labels: object, allowed: readonly string[], locale = 'de'): string[] {
  const problems: string[] = [];
  const entries = Object.entries(EN_LABELS).flatMap(([key, english]): [string, unknown, string][] =>
    // Plural texts: every category the language's Intl.PluralRules has, each a form of its own.
    typeof english === 'string'
      ? [[key, (labels as Record<string, unknown>)[key], english]]
      : pluralForms(key, (labels as Record<string, unknown>)[key], english, locale),
  );
  for (const [key, value, english] of entries) {
    if (typeof value !== 'string' || !value.trim()) {
      problems.push(`${key}: missing`);
      continue;
    }
    if (value === english && !allowed.includes(key) && locale !== 'en') problems.push(`${key}: still English`);
    if (placeholders(value).join() !== placeholders(english).join())
      problems.push(`${key}: placeholders ${placeholders(value)} ≠ ${placeholders(english)}`);
  }
  for (const key of Object.keys(labels)) if (!(key in EN_LABELS)) problems.push(`${key}: not an English key`);
  return problems;
}

describe('shipped languages', () => {
  test('each has a file of its own in the script-tag build and a chunk in the ESM build', () => {
    for (const locale of LOCALES) expect(MODULE_FILES[locale], locale).toBe(`voice-widget-${locale}.js`);
    expect(Object.keys(modules).sort(), 'loadBundledModule serves every shipped language').toEqual([...LOCALES].sort());
  });

  test.each(LOCALES)('%s: every key, translated, with the English placeholders', (locale) => {
    expect(localeProblems(modules[locale].labels, SAME_AS_ENGLISH[locale], locale)).toEqual([]);
  });

  test('English has a form for each of its plural categories too', () => {
    expect(localeProblems(EN_LABELS, [], 'en')).toEqual([]);
  });

  test.each([
    ['en', EN_LABELS.unread, ['1 new answer', '2 new answers']],
    ['de', modules.de.labels.unread, ['1 neue Antwort', '2 neue Antworten']],
    ['es', modules.es.labels.unread, ['1 respuesta nueva', '2 respuestas nuevas']],
    ['fr', modules.fr.labels.unread, ['1 nouvelle réponse', '2 nouvelles réponses']],
  ] as const)('%s: plurals through Intl.PluralRules (1 and 2 answers)', (locale, text, expected) => {
    expect([plural(text!, 1, locale), plural(text!, 2, locale)]).toEqual(expected);
  });

  test('a plain string (an owner’s label-unread) is every form; an unknown language tag gets `other`', () => {
    expect(plural('{count} replies', 1, 'en')).toBe('1 replies');
    expect(plural({ one: '{count} x', other: '{count} xs' }, 1, 'not a tag!')).toBe('1 xs');
  });

  test('the check itself: a plural category the language has but the text lacks fails', () => {
    expect(
      localeProblems(
        { ...modules.fr.labels, unread: { other: '{count} nouvelles réponses' } },
        SAME_AS_ENGLISH.fr,
        'fr',
      ).sort(),
    ).toEqual(['unread.many: missing', 'unread.one: missing']);
  });

  test('the check itself: a missing key, an untranslated text, a lost placeholder and a stray key each fail', () => {
    const { ended: _ended, ...withoutEnded } = modules.de.labels;
    expect(localeProblems(withoutEnded, []), 'missing').toEqual(['ended: missing']);
    expect(localeProblems({ ...modules.de.labels, send: EN_LABELS.send }, []), 'English left').toEqual([
      'send: still English',
    ]);
    expect(localeProblems({ ...modules.de.labels, send: EN_LABELS.send }, ['send']), 'allow-listed').toEqual([]);
    expect(localeProblems({ ...modules.de.labels, ended: 'Gespräch beendet' }, []), 'placeholder').toEqual([
      'ended: placeholders  ≠ duration',
    ]);
    expect(localeProblems({ ...modules.de.labels, sendd: 'x' }, []), 'stray').toEqual(['sendd: not an English key']);
  });

  test('the allow-list stays small and names only real keys', () => {
    for (const keys of Object.values(SAME_AS_ENGLISH)) {
      expect(keys.length).toBeLessThanOrEqual(3);
      for (const key of keys) expect(EN_LABELS, key).toHaveProperty(key);
    }
  });

  test('the launcher texts stay short enough for the pill (≤ 32 characters)', () => {
    for (const locale of LOCALES) {
      const { start, openChat, openHybrid, returnToCall } = modules[locale].labels;
      for (const text of [start, openChat, openHybrid, returnToCall])
        expect(text.length, `${locale}: ${text}`).toBeLessThanOrEqual(32);
    }
  });
});

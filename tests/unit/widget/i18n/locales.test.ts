/**
 * The shipped languages (`widget/src/i18n/locales/*.ts`): complete, translated, and with the
 * same placeholders as English. A key added to the English labels fails here until every language
 * has it; a value left in English fails unless it is on the small allow-list below (words the
 * language really shares with English).
 */
import { describe, expect, test } from 'vitest';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { LOCALES, type LocaleModule, type ShippedLocale, type VoiceLabels } from '../../../../widget/src/i18n/labels.ts';
import { MODULE_FILES } from '../../../../widget/src/ports/manifest.ts';
import { loadBundledModule } from '../../../../widget/src/chunks/modules.ts';

/** Labels that are the same word in that language (checked: real usage, not laziness). */
const SAME_AS_ENGLISH: Record<ShippedLocale, readonly (keyof VoiceLabels)[]> = {
  de: [],
  es: [],
  fr: ['message', 'conversation'],
};

const modules = Object.fromEntries(await Promise.all(LOCALES.map(async (locale) => [locale, await loadBundledModule(locale)] as const))) as Record<
  ShippedLocale,
  LocaleModule
>;

/** `{name}` placeholders of a text, sorted. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
}

/** What a locale's labels lack or get wrong, compared with English (empty: nothing). */
function localeProblems(labels: object, allowed: readonly string[]): string[] {
  const problems: string[] = [];
  for (const [key, english] of Object.entries(EN_LABELS)) {
    const value = (labels as Record<string, unknown>)[key];
    if (typeof value !== 'string' || !value.trim()) {
      problems.push(`${key}: missing`);
      continue;
    }
    if (value === english && !allowed.includes(key)) problems.push(`${key}: still English`);
    if (placeholders(value).join() !== placeholders(english).join()) problems.push(`${key}: placeholders ${placeholders(value)} ≠ ${placeholders(english)}`);
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
    expect(localeProblems(modules[locale].labels, SAME_AS_ENGLISH[locale])).toEqual([]);
  });

  test('the check itself: a missing key, an untranslated text, a lost placeholder and a stray key each fail', () => {
    const { ended: _ended, ...withoutEnded } = modules.de.labels;
    expect(localeProblems(withoutEnded, []), 'missing').toEqual(['ended: missing']);
    expect(localeProblems({ ...modules.de.labels, send: EN_LABELS.send }, []), 'English left').toEqual(['send: still English']);
    expect(localeProblems({ ...modules.de.labels, send: EN_LABELS.send }, ['send']), 'allow-listed').toEqual([]);
    expect(localeProblems({ ...modules.de.labels, ended: 'Gespräch beendet' }, []), 'placeholder').toEqual(['ended: placeholders  ≠ duration']);
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
      for (const text of [start, openChat, openHybrid, returnToCall]) expect(text.length, `${locale}: ${text}`).toBeLessThanOrEqual(32);
    }
  });
});

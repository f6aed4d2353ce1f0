/**
 * The character classes the contact form and the database's CHECKs share (the migrations spell
 * the same classes; tests/db/contact-submissions.test.ts checks both read them as the same set):
 * what is trimmed from the ends, which control characters are refused inside a value, and which
 * characters are invisible, so that a value made only of them counts as empty.
 */

/**
 * Characters trimmed from both ends of every field, and refused there by the database's CHECKs
 * (supabase/migrations/*_harden_contact_submissions.sql): control characters, every Unicode space
 * (no-break ones included), zero-width characters and the byte-order mark. The body of a
 * regular-expression character class, valid in JS and PostgreSQL.
 */
export const CONTACT_EDGE_CHARACTERS =
  '\\u0001-\\u0020\\u007f-\\u00a0\\u1680\\u180e\\u2000-\\u200d\\u2028\\u2029\\u202f\\u205f\\u2060\\u3000\\ufeff';

/**
 * Control characters the database refuses anywhere in name and business name (C0 and C1), in
 * the same class body as its CHECKs. Additional info may hold tabs and line breaks:
 * {@link CONTACT_INFO_CONTROL_CHARACTERS}.
 */
export const CONTACT_CONTROL_CHARACTERS = '\\u0001-\\u001f\\u007f-\\u009f';

/** Control characters the database refuses inside additional info: all but tab, LF and CR. */
export const CONTACT_INFO_CONTROL_CHARACTERS = '\\u0001-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f';

/**
 * Characters that show nothing by themselves, as code-point ranges: controls, every space
 * (no-break ones included), the soft hyphen, joiners and zero-width characters, bidirectional
 * marks, embeddings and isolates, invisible operators, variation selectors, the Hangul fillers
 * (U+115F, U+1160, U+3164, U+FFA0), the braille blank (U+2800), Khmer inherent vowels, Mongolian
 * selectors, interlinear annotation controls, shorthand and musical format controls, and tag
 * characters. A name or business name needs at least one character outside them; an e-mail
 * address may contain none of them (supabase/migrations/*_visible_contact_values.sql).
 */
export const CONTACT_INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0001, 0x0020],
  [0x007f, 0x00a0],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x1680, 0x1680],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x2800, 0x2800],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff9, 0xfffb],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

/**
 * The body of a character class for `ranges`, in JavaScript's syntax (for a `u` regular
 * expression: `\u{…}`) or PostgreSQL's (`\uXXXX`, `\UXXXXXXXX` beyond the BMP).
 */
export function characterClass(ranges: ReadonlyArray<readonly [number, number]>, dialect: 'js' | 'postgres'): string {
  const one = (cp: number) =>
    dialect === 'js'
      ? `\\u{${cp.toString(16)}}`
      : cp > 0xffff
        ? `\\U${cp.toString(16).padStart(8, '0')}`
        : `\\u${cp.toString(16).padStart(4, '0')}`;
  return ranges.map(([from, to]) => (from === to ? one(from) : `${one(from)}-${one(to)}`)).join('');
}

/** The invisible class in JavaScript's syntax. */
export const CONTACT_INVISIBLE_CHARACTERS = characterClass(CONTACT_INVISIBLE_RANGES, 'js');

const VISIBLE = new RegExp(`[^${CONTACT_INVISIBLE_CHARACTERS}]`, 'u');

/** Whether `text` has at least one character that shows (outside {@link CONTACT_INVISIBLE_RANGES}). */
export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE.test(text);
}

/**
 * The card's stylesheet: its sheets joined in cascade order, and its theme tokens written once
 * (each with its light and dark value; the dark rules only flip the switch, so a dark value can
 * never be written in one dark rule and forgotten in the other).
 */
import { describe, expect, test } from 'vitest';
import { CARD_CSS } from '../../../../widget/src/card/stylesheet.ts';
import THEME from '../../../../widget/src/card/styles/theme.css?raw';
import SHELL from '../../../../widget/src/card/styles/shell.css?raw';
import FOOTER from '../../../../widget/src/card/styles/footer.css?raw';

/** The declarations of every rule whose selector is `selector`, in order. */
function declarations(css: string, selector: string): string[] {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...css.matchAll(new RegExp(`${escaped}\\s*\\{([^}]*)\\}`, 'g'))].flatMap((match) =>
    match[1]!
      .split(';')
      .map((line) => line.trim())
      .filter(Boolean),
  );
}

describe('card stylesheet', () => {
  test('the sheets are joined in cascade order: tokens first, the footer last', () => {
    expect(CARD_CSS.startsWith(THEME), 'theme tokens first').toBe(true);
    expect(CARD_CSS.indexOf(SHELL), 'shell after the tokens').toBe(THEME.length);
    expect(CARD_CSS.endsWith(FOOTER), 'footer last').toBe(true);
  });

  test('dark values are written once: the dark rules only flip the light/dark switch', () => {
    const dark = [...declarations(THEME, ".w[data-theme='dark']"), ...declarations(THEME, ".w[data-theme='auto']")];
    expect(dark, 'dark theme and auto-on-a-dark-system: the switch, nothing else').toEqual([
      '--lt:',
      '--dk: initial',
      '--lt:',
      '--dk: initial',
    ]);
    expect(THEME, 'auto follows the system only through the media query').toMatch(
      /@media \(prefers-color-scheme: dark\)\s*\{\s*\.w\[data-theme='auto'\]/,
    );
  });

  test('every token with a dark value has its light value beside it, and the switch starts light', () => {
    const tokens = declarations(THEME, '.w');
    expect(tokens.slice(0, 2), 'light by default').toEqual(['--lt: initial', '--dk:']);
    const themed = tokens.filter((line) => line.includes('var(--dk'));
    expect(themed.length, 'themed tokens').toBeGreaterThan(8);
    expect(
      themed.filter((line) => !/var\(--lt, [^)]+\)+ var\(--dk, /.test(line)),
      'tokens without "var(--lt, light) var(--dk, dark)"',
    ).toEqual([]);
  });

  test('no other sheet sets a colour per theme (the tokens are the one place)', () => {
    expect(CARD_CSS.slice(THEME.length), 'data-theme outside theme.css').not.toMatch(/data-theme|prefers-color-scheme/);
  });
});

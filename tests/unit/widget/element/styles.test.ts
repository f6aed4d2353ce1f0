// @vitest-environment happy-dom
/**
 * How the stylesheets reach the shadow root (constructable sheets; a nonce'd `<style>` fallback)
 * and what the CSS files promise: no external resources, reduced motion, border-box sizing.
 */
import { describe, expect, test } from 'vitest';
import { CARD_CSS } from '../../../../widget/src/card/stylesheet.ts';
import LAUNCHER_CSS from '../../../../widget/src/element/styles/launcher.css?raw';
import { addStyles } from '../../../../widget/src/element/styles.ts';
import NUDGE_CSS from '../../../../widget/src/nudge/nudge.css?raw';

describe('addStyles', () => {
  test('adopts shared constructable stylesheets, each once, in order (nothing for CSP to block)', () => {
    const a = document.createElement('div').attachShadow({ mode: 'open' });
    const b = document.createElement('div').attachShadow({ mode: 'open' });
    addStyles(a, LAUNCHER_CSS, 'n0nce');
    addStyles(b, LAUNCHER_CSS, '');
    addStyles(a, CARD_CSS, '');
    addStyles(a, CARD_CSS, '');
    expect(a.adoptedStyleSheets.length, 'launcher + card, no duplicate').toBe(2);
    expect(a.adoptedStyleSheets[0], 'shared between widgets').toBe(b.adoptedStyleSheets[0]);
    expect(a.querySelector('style'), 'no style element').toBeNull();
  });

  test('without adoptedStyleSheets it injects a <style> carrying the nonce', () => {
    // A root without constructable-stylesheet support (older browsers), reduced to what addStyles uses.
    const root = document.createDocumentFragment() as unknown as ShadowRoot;
    addStyles(root, LAUNCHER_CSS, 'n0nce');
    const style = root.querySelector('style');
    expect(style?.nonce, 'nonce honoured').toBe('n0nce');
    expect(style?.textContent, 'the stylesheet').toBe(LAUNCHER_CSS);
  });
});

describe('stylesheets', () => {
  test.each([
    ['launcher.css', LAUNCHER_CSS],
    ['card.css', CARD_CSS],
  ])('%s uses no external resources', (_, css) => {
    expect(css, 'no url() fetches (CSP img-src/font-src)').not.toMatch(/url\(/);
    expect(css, 'no @import').not.toMatch(/@import/);
  });

  test('border-box everywhere (so 44px controls are 44px), reduced motion honoured', () => {
    // The card's sheet: the launcher alone has no padded box but its button (border-box by every
    // browser's own stylesheet); the nudge, which may come without the card, sizes its own bubble.
    expect(CARD_CSS, 'border-box').toMatch(/\*,\s*::before,\s*::after\s*\{\s*box-sizing:\s*border-box/);
    expect(CARD_CSS, 'buttons are 44px high').toMatch(/button \{[^}]*height: 44px/);
    expect(LAUNCHER_CSS, 'the launcher is 48px high').toMatch(/\.l \{[^}]*height: 48px/);
    expect(NUDGE_CSS, 'the nudge bubble is border-box').toMatch(/\.nb \{[^}]*box-sizing: border-box/);
    expect(NUDGE_CSS, "the nudge's buttons centred and 44px wide at least, as with the card's sheet").toMatch(
      /\.nb button \{\s*justify-content: center;\s*min-width: 44px;/,
    );
    expect(CARD_CSS, 'reduced motion stops animations and transitions').toMatch(
      /@media \(prefers-reduced-motion: reduce\) \{[^}]*\{\s*animation: none !important;\s*transition: none !important;/,
    );
    // Before the card is in: the launcher's and the nudge's own transitions.
    expect(LAUNCHER_CSS, 'the launcher without its transition').toMatch(
      /@media \(prefers-reduced-motion: reduce\) \{\s*\.l \{\s*transition: none;/,
    );
    expect(NUDGE_CSS, 'the nudge without its transitions').toMatch(
      /@media \(prefers-reduced-motion: reduce\) \{\s*\.nb button \{\s*transition: none;/,
    );
  });
});

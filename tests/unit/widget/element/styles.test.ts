// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import { applyStyles, CSS } from '../../../../widget/src/element/styles.ts';

describe('applyStyles', () => {
  test('adopts one shared constructable stylesheet (no <style>, nothing for CSP to block)', () => {
    const a = document.createElement('div').attachShadow({ mode: 'open' });
    const b = document.createElement('div').attachShadow({ mode: 'open' });
    applyStyles(a, 'n0nce');
    applyStyles(b, '');
    expect(a.adoptedStyleSheets.length, 'one sheet').toBe(1);
    expect(a.adoptedStyleSheets[0], 'shared between widgets').toBe(b.adoptedStyleSheets[0]);
    expect(a.querySelector('style'), 'no style element').toBeNull();
  });

  test('without adoptedStyleSheets it injects a <style> carrying the nonce', () => {
    // A root without constructable-stylesheet support (older browsers), reduced to what applyStyles uses.
    const root = document.createDocumentFragment() as unknown as ShadowRoot;
    applyStyles(root, 'n0nce');
    const style = root.querySelector('style');
    expect(style?.nonce, 'nonce honoured').toBe('n0nce');
    expect(style?.textContent, 'the stylesheet').toBe(CSS);
  });

  test('honours reduced motion and uses no external resources', () => {
    expect(CSS, 'reduced-motion rules').toContain('prefers-reduced-motion:reduce');
    expect(CSS, 'no url() fetches (CSP img-src/font-src)').not.toMatch(/url\(/);
  });
});

/**
 * Links below BASE_PATH: the one rule (`prefixBase`) for pages, islands and the guides' rendered
 * Markdown.
 */
import { describe, expect, it } from 'vitest';
import { prefixBase, withBase, withBaseLinks } from '../../../site/lib/base-path.ts';

describe('prefixBase', () => {
  it('puts site-relative paths below the base path', () => {
    expect(prefixBase('/voice', '/')).toBe('/voice');
    expect(prefixBase('/voice', '/#contact')).toBe('/voice#contact');
    expect(prefixBase('/voice', '/qa/x')).toBe('/voice/qa/x');
    expect(prefixBase('/voice', '/?q=1')).toBe('/voice?q=1');
  });
  it('leaves the root base, protocol-relative and other links alone', () => {
    expect(prefixBase('', '/qa/x')).toBe('/qa/x');
    expect(prefixBase('/voice', '//cdn.example/x.js')).toBe('//cdn.example/x.js');
    expect(prefixBase('/voice', 'https://example.com/')).toBe('https://example.com/');
    expect(prefixBase('/voice', '#features')).toBe('#features');
  });
});

describe('withBase (built for the root here)', () => {
  it('is the identity at the root and refuses a relative path', () => {
    expect(withBase('/qa/x')).toBe('/qa/x');
    expect(() => withBase('qa/x')).toThrow(/starting with "\//);
    expect(withBaseLinks('<a href="/qa/x">x</a>')).toBe('<a href="/qa/x">x</a>');
  });
});

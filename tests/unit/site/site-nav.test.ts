/**
 * The site's pages in the navigation (site/lib/site-nav.ts): the two pages, in order, and which
 * link marks where the visitor is.
 */
import { describe, expect, it } from 'vitest';
import { currentMark, sitePages } from '../../../site/lib/site-nav.ts';

describe('sitePages', () => {
  it("links the owner's page, then the guides' index", () => {
    expect(sitePages(), 'header and footer pages').toEqual([
      { href: '/widget', label: 'For websites' },
      { href: '/qa', label: 'Guides' },
    ]);
  });
});

describe('currentMark', () => {
  it('is "page" on the page itself, with or without a trailing slash', () => {
    expect(currentMark('/widget', '/widget'), '/widget').toBe('page');
    expect(currentMark('/qa', '/qa/'), '/qa/').toBe('page');
    expect(currentMark('/', '/'), 'home').toBe('page');
  });

  it('is "true" below the page (a guide, a later index page) and nothing elsewhere', () => {
    expect(currentMark('/qa', '/qa/ai-receptionist'), 'a guide').toBe('true');
    expect(currentMark('/qa', '/qa/page/2'), 'page 2 of the index').toBe('true');
    expect(currentMark('/qa', '/qanda'), 'only a shared prefix').toBeUndefined();
    expect(currentMark('/', '/widget'), 'home contains no other page').toBeUndefined();
    expect(currentMark('/widget', '/qa'), 'another page').toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { ISLAND_STYLE_ELEMENT, moveIslandStyleToHead } from '../../../site/integrations/island-style-in-head.ts';

describe('moveIslandStyleToHead', () => {
  it('moves the island stylesheet from <body> to the end of <head>', () => {
    const html = `<!DOCTYPE html><html><head><title>t</title></head><body><a>x</a>${ISLAND_STYLE_ELEMENT}<astro-island></astro-island></body></html>`;
    expect(moveIslandStyleToHead(html), 'style now last in head, gone from body').toBe(
      `<!DOCTYPE html><html><head><title>t</title>${ISLAND_STYLE_ELEMENT}</head><body><a>x</a><astro-island></astro-island></body></html>`,
    );
  });

  it('leaves pages without islands unchanged', () => {
    const html = '<!DOCTYPE html><html><head></head><body><p>plain</p></body></html>';
    expect(moveIslandStyleToHead(html), 'no island stylesheet').toBe(html);
  });

  it('leaves a page unchanged when the stylesheet is already in <head>', () => {
    const html = `<html><head>${ISLAND_STYLE_ELEMENT}</head><body></body></html>`;
    expect(moveIslandStyleToHead(html), 'already valid').toBe(html);
  });

  it('does not touch other <style> elements in the body', () => {
    const html = `<html><head></head><body><style>p{}</style>${ISLAND_STYLE_ELEMENT}</body></html>`;
    expect(moveIslandStyleToHead(html), 'only the island stylesheet moves').toBe(
      `<html><head>${ISLAND_STYLE_ELEMENT}</head><body><style>p{}</style></body></html>`,
    );
  });
});

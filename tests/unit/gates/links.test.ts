import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBrokenLinks } from '../../../bench/lib/links.ts';
import { closeParser, listPages } from '../../../bench/lib/html.ts';

let dist = '';

function write(rel: string, text: string): void {
  const file = join(dist, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'links-'));
  write(
    'index.html',
    page(`<section id="features"></section><a name="legacy"></a>
      <a href="#features">ok</a><a href="#">top</a><a href="#top">top</a><a href="#nowhere">bad</a>
      <a href="/qa/guide">ok</a><a href="/qa/guide#answer">ok</a><a href="/qa/guide#missing">bad</a>
      <a href="/qa/absent">bad</a><a href="http://localhost:4400/#legacy">ok abs</a>
      <a href="https://example.com/x">other origin</a><a href="mailto:a@b.c">mail</a>
      <img src="/img/a.png" srcset="/img/a.png 1x, /img/b.png 2x" alt="">
      <link rel="preconnect" href="/nothing-here"><link rel="icon" href="/favicon.svg">
      <meta property="og:image" content="http://localhost:4400/og.png">`),
  );
  write(
    'qa/guide/index.html',
    page('<div id="answer"></div><a href="/#features">back</a><a href="../#contact">bad rel</a>'),
  );
  write('404.html', page('<a href="/">home</a>'));
  write('img/a.png', 'png');
  write('favicon.svg', '<svg/>');
  write(
    'sitemap-0.xml',
    '<urlset><url><loc>http://localhost:4400/</loc></url><url><loc>http://localhost:4400/qa/gone</loc></url></urlset>',
  );
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await closeParser();
});

describe('broken internal links and anchors', () => {
  it('lists pages by route', () => {
    expect(listPages(dist).map((p) => p.route)).toEqual(['/', '/404', '/qa/guide']);
  });

  it('reports exactly the broken references with source, reference and reason', () => {
    const broken = findBrokenLinks(dist, ['http://localhost:4400']);
    expect(broken.map((b) => `${b.source} ${b.ref} → ${b.reason}`).sort()).toEqual(
      [
        'index.html #nowhere → no element with id "nowhere" on /',
        'index.html /qa/guide#missing → no element with id "missing" on /qa/guide',
        'index.html /qa/absent → no built file for /qa/absent',
        'index.html /img/b.png → no built file for /img/b.png',
        'index.html http://localhost:4400/og.png → no built file for /og.png',
        'qa/guide/index.html ../#contact → no element with id "contact" on /',
        'sitemap-0.xml http://localhost:4400/qa/gone → no built file for /qa/gone',
      ].sort(),
    );
  });

  it('treats an unknown origin as external', () => {
    const broken = findBrokenLinks(dist, ['https://ringwise.example']);
    expect(
      broken.some((b) => b.ref === 'http://localhost:4400/og.png'),
      'localhost:4400 is not this site here',
    ).toBe(false);
  });
});

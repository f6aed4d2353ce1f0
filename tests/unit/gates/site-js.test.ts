import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeSite, staticImports } from '../../../bench/site-js.ts';
import { closeParser } from '../../../bench/lib/html.ts';
import { addSizes, formatKB, gzipBytes, sizesOf } from '../../../bench/lib/size.ts';

let dist = '';
function write(rel: string, text: string): void {
  const file = join(dist, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const island = (name: string, client: string, component: string) =>
  `<astro-island uid="x" component-url="${component}" component-export="default" renderer-url="/_astro/client.js" props="{}" ssr client="${client}" opts='{"name":"${name}","value":true}'></astro-island>`;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'site-js-'));
  write('_astro/react.js', 'var r=1;'.repeat(50) + 'export{r};');
  write('_astro/client.js', 'import{r}from"./react.js";export default ()=>r;');
  write('_astro/Header.js', 'import{r}from"./react.js";import"./shared.js";export default function H(){return r}');
  write('_astro/shared.js', 'export const s=2;');
  write('_astro/Calc.js', 'import{r}from"./react.js";export default function C(){import("./lazy.js");return r}');
  write('_astro/lazy.js', 'export const big="' + 'x'.repeat(5000) + '";');
  write('_astro/page.js', 'import"./shared.js";console.log(1)');
  write(
    'index.html',
    `<!DOCTYPE html><html><head><script type="module" src="/_astro/page.js"></script><script>(()=>{window.Astro={}})()</script><script type="application/ld+json">{"@type":"Organization"}</script></head><body>${island('Header', 'load', '/_astro/Header.js')}${island('RoiCalculator', 'visible', '/_astro/Calc.js')}</body></html>`,
  );
  write('qa/g/index.html', `<!DOCTYPE html><html><body>${island('Header', 'idle', '/_astro/Header.js')}</body></html>`);
  write(
    'qa/h/index.html',
    `<!DOCTYPE html><html><body>${island('Header', 'afterpaint', '/_astro/Header.js')}</body></html>`,
  );
  write('404.html', '<!DOCTYPE html><html><body></body></html>');
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await closeParser();
});

describe('JavaScript per route', () => {
  it('finds static imports and export-froms, not dynamic imports or bare specifiers', async () => {
    const imports = await staticImports(
      'import a from"./a.js";export{b}from"../b.js";import("./c.js");import"react";',
      '/_astro/x/y.js',
    );
    expect(imports).toEqual(['/_astro/x/a.js', '/_astro/b.js']);
  });

  it('splits eager (load/idle/only + scripts) from all islands, following static imports only', async () => {
    const routes = await analyzeSite(dist);
    expect(
      routes.map((r) => r.route),
      '404 is not a reported route',
    ).toEqual(['/', '/qa/g', '/qa/h']);
    const home = routes[0]!;
    expect(home.islands.map((i) => `${i.name}:${i.client}`)).toEqual(['Header:load', 'RoiCalculator:visible']);
    expect(home.eager.files).toEqual([
      '/_astro/Header.js',
      '/_astro/client.js',
      '/_astro/page.js',
      '/_astro/react.js',
      '/_astro/shared.js',
    ]);
    expect(home.all.files, 'the visible island joins, its lazy chunk does not').toEqual(
      [...home.eager.files, '/_astro/Calc.js'].sort(),
    );
    expect(home.eager.inlineScripts, 'JSON-LD is not JavaScript').toBe(1);
    expect(home.missing).toEqual([]);
    expect(home.all.sizes.gzip).toBeGreaterThan(home.eager.sizes.gzip);

    const guide = routes[1]!;
    expect(guide.eager.files, 'client:idle counts as eager').toEqual([
      '/_astro/Header.js',
      '/_astro/client.js',
      '/_astro/react.js',
      '/_astro/shared.js',
    ]);
    expect(guide.eager.sizes).toEqual(guide.all.sizes);

    const custom = routes[2]!;
    expect(custom.eager.files, 'a custom directive (client:afterpaint) counts as eager').toEqual(guide.eager.files);
  });

  it('reports referenced scripts missing from dist', async () => {
    write(
      'qa/broken/index.html',
      '<!DOCTYPE html><html><body><script type="module" src="/_astro/gone.js"></script></body></html>',
    );
    const routes = await analyzeSite(dist);
    expect(routes.find((r) => r.route === '/qa/broken')?.missing).toEqual(['/_astro/gone.js']);
  });

  it('counts sizes as gzip -9 / brotli 11 with 1 KB = 1000 bytes', () => {
    const s = sizesOf('a'.repeat(10_000));
    expect(s.raw).toBe(10_000);
    expect(s.gzip).toBe(gzipBytes('a'.repeat(10_000)));
    expect(s.brotli).toBeLessThan(s.gzip);
    expect(addSizes(s, s).raw).toBe(20_000);
    expect(formatKB(184_146)).toBe('184.1 KB');
  });
});

describe('bench statistics', async () => {
  const { median, percentile } = await import('../../../bench/lib/stats.ts');
  it('median and nearest-rank p95', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(Number.isNaN(median([])), 'empty → NaN').toBe(true);
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile([10, 20, 30], 95)).toBe(30);
    expect(
      percentile(
        Array.from({ length: 30 }, (_, i) => i + 1),
        95,
      ),
      '30 samples: rank 29',
    ).toBe(29);
  });
});

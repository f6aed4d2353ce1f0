// @vitest-environment happy-dom
/**
 * The Markdown renderer (issue 26, item 1): links only where safe and allowed, new tab with
 * `rel="noopener noreferrer"`; a growing message patched in place (the same DOM as drawing it at
 * once, with only the new characters written); parsing in linear time, compared side by side.
 */
import { describe, expect, test } from 'vitest';
import { markdownView, parseLinkHosts, safeHref } from '../../../../../widget/src/card/markdown/render.ts';
import { parseBlocks } from '../../../../../widget/src/card/markdown/parse-blocks.ts';

const drawn = (source: string, hosts?: string[] | null): HTMLElement => {
  const box = document.createElement('div');
  markdownView(box, hosts)(source);
  return box;
};

describe('links', () => {
  test('only https, http, mailto and tel; relative and other schemes are refused', () => {
    for (const href of ['https://a.example/x', 'http://a.example/', 'mailto:hi@a.example', 'tel:+4930123']) {
      expect(safeHref(href), `allowed: ${href}`).not.toBeNull();
    }
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<script>x</script>',
      'vbscript:x',
      '/relative',
      '//host.example/x',
      'file:///etc/passwd',
    ]) {
      expect(safeHref(href), `refused: ${href}`).toBeNull();
    }
  });

  test('link-hosts allows its hosts and their subdomains, not look-alikes', () => {
    const hosts = parseLinkHosts(' ringwise.example, *.docs.example  help.example ');
    expect(hosts, 'parsed').toEqual(['ringwise.example', 'docs.example', 'help.example']);
    expect(safeHref('https://www.ringwise.example/p', hosts), 'subdomain').toBe('https://www.ringwise.example/p');
    expect(safeHref('https://ringwise.example.evil.example/', hosts), 'suffix look-alike').toBeNull();
    expect(safeHref('https://evilringwise.example/', hosts), 'prefix look-alike').toBeNull();
    expect(safeHref('mailto:a@elsewhere.example', hosts), 'mail has no host to check').not.toBeNull();
    expect(parseLinkHosts(null), 'absent: every host').toBeNull();
  });

  test('a safe link opens in a new tab without opener or referrer; a refused one is plain text', () => {
    const box = drawn(
      '[Pricing](https://ringwise.example/p) and [Elsewhere](https://evil.example/) and [x](javascript:alert(1)) [y](data:text/html,<b>)',
      ['ringwise.example'],
    );
    const links = [...box.querySelectorAll('a')];
    expect(
      links.map((a) => a.getAttribute('href')),
      'one link',
    ).toEqual(['https://ringwise.example/p']);
    expect([links[0]!.target, links[0]!.rel], 'new tab, no opener').toEqual(['_blank', 'noopener noreferrer']);
    expect(box.textContent, 'every word still shown').toBe('Pricing and Elsewhere and x y');
  });

  test('a link inside a link text is not a second link', () => {
    const box = drawn('[see https://a.example/x](https://a.example/y)');
    expect(box.querySelectorAll('a').length, 'one anchor').toBe(1);
  });
});

describe('hostile input makes no element outside the fixed set', () => {
  test('script, img onerror, iframe, event attributes', () => {
    const box = drawn(
      '<script>alert(1)</script>\n<img src=x onerror="alert(1)">\n<iframe src="https://x.example"></iframe> <a href="javascript:alert(1)" onclick="x()">a</a>\n![x](data:image/svg+xml;base64,PHN2Zz4=)',
    );
    const tags = new Set([...box.querySelectorAll('*')].map((node) => node.tagName.toLowerCase()));
    // A refused link keeps its text in a span; nothing else but paragraphs and breaks.
    expect([...tags].sort(), 'only paragraphs, breaks and plain spans').toEqual(['br', 'p', 'span']);
    expect(
      [...box.querySelectorAll('*')].flatMap((node) => node.getAttributeNames()),
      'no attributes',
    ).toEqual([]);
    expect(box.textContent, 'shown as text').toContain('<script>alert(1)</script>');
  });
});

describe('a growing message', () => {
  const samples = [
    'Hello **there**, here is a list:\n\n1. First *point*\n2. Second with `code`\n   - nested [link](https://a.example)\n\n```ts\nconst x = 1;\n```\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\nThe end.',
    '## Title\nText with https://a.example/path. And **bold _mixed_** words.\n\n---\n- a\n- b\n\n  continued\n\nlast',
  ];

  test('streamed piece by piece it ends as the same DOM as drawn at once', () => {
    for (const sample of samples) {
      for (const step of [1, 3, 7]) {
        const box = document.createElement('div');
        const view = markdownView(box);
        for (let i = step; i < sample.length + step; i += step) view(sample.slice(0, i));
        expect(box.innerHTML, `in pieces of ${step}: ${sample.slice(0, 20)}…`).toBe(drawn(sample).innerHTML);
      }
    }
  });

  test('text that only grew gets its new end as a text node after it, the rest left alone', () => {
    const box = document.createElement('div');
    const view = markdownView(box);
    view('Intro.\n\nA long para');
    const first = box.firstChild;
    const text = box.lastChild!.firstChild as Text;
    view('Intro.\n\nA long paragraph that grows');
    view('Intro.\n\nA long paragraph that grows **bold**');
    expect(box.firstChild, 'the first block is the same node').toBe(first);
    expect(box.lastChild!.firstChild, 'the shown text is the same node, not rewritten').toBe(text);
    expect(
      [...box.lastChild!.childNodes].map((node) => node.textContent),
      'new ends appended',
    ).toEqual(['A long para', 'graph that grows', ' ', 'bold']);
    view('Something else');
    expect(box.textContent, 'a rewrite is drawn anew').toBe('Something else');
  });
});

describe('linear time (compared side by side with plain text, never against a clock)', () => {
  const SIZE = 200_000;
  const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
  /** The fastest of seven parses (the least disturbed by a shared machine). */
  const time = (source: string): number => {
    let best = Infinity;
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      parseBlocks(source);
      best = Math.min(best, performance.now() - start);
    }
    return best;
  };

  test.each([
    ['nested emphasis', fill('*a _b ')],
    ['unclosed brackets and links', fill('[a](b [c ')],
    ['unclosed link targets', fill('[a](b(')],
    // Runs of every length once: no run closes another, so a search for a closer finds none.
    ['backtick runs that never close', Array.from({ length: 630 }, (_, i) => '`'.repeat(i + 1)).join('x')],
    ['closers with no opener', `**a${'['.repeat(SIZE / 4)}${' x*'.repeat(SIZE / 4)}`],
    ['a 200 KB message of every construct', fill('**Bold** and _it_ with `code` and [a link](https://a.example) ')],
    ['a 200 KB list', fill('- item **one**\n   1. nested\n')],
  ])('%s: about as fast as plain text of the same length', (name, hostile) => {
    const plain = fill('hello world ');
    time(plain);
    // Linear: a small factor (more tokens per character); quadratic: thousands at this length.
    const ratio = time(hostile) / time(plain);
    expect(ratio, `${name}: parse time vs plain text, ${hostile.length} characters`).toBeLessThan(40);
  });
});

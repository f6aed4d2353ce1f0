/**
 * The assistant's Markdown subset (issue 26, item 1), one test per construct, and what stays text:
 * raw HTML, unclosed markers, snake_case, links without a closing parenthesis.
 */
import { describe, expect, test } from 'vitest';
import { md } from './html.ts';

describe('blocks', () => {
  test('paragraphs split at blank lines; a newline inside one is a line break', () => {
    expect(md('One\ntwo\n\nThree'), 'two paragraphs, one break').toBe('<p>One<br>two</p><p>Three</p>');
    expect(md('\n\n  \n'), 'blank lines make nothing').toBe('');
  });

  test('a heading is a bold line, closing hashes dropped', () => {
    expect(md('## Opening hours ##\nWe open at 9.'), 'heading then paragraph').toBe(
      '<p><strong>Opening hours</strong></p><p>We open at 9.</p>',
    );
    expect(md('#hashtag'), 'no space: text').toBe('<p>#hashtag</p>');
  });

  test('fenced code keeps its text as it is, and an unclosed fence runs to the end', () => {
    expect(md('```js\nconst a = **1**;\n<b>x</b>\n```\nafter'), 'closed fence').toBe(
      '<pre><code>const a = **1**;\n&lt;b&gt;x&lt;/b&gt;</code></pre><p>after</p>',
    );
    expect(md('~~~\nstill streaming'), 'unclosed').toBe('<pre><code>still streaming</code></pre>');
  });

  test('unordered and ordered lists, with their start number', () => {
    expect(md('- one\n* two\n+ three'), 'bullets').toBe('<ul><li>one</li><li>two</li><li>three</li></ul>');
    expect(md('3. c\n4) d'), 'ordered, from 3').toBe('<ol start="3"><li>c</li><li>d</li></ol>');
    expect(md('1. a\n\n2. b'), 'a blank line between items keeps one list').toBe('<ol><li>a</li><li>b</li></ol>');
  });

  test('nested lists by indentation, continuation lines, and the end of a list', () => {
    expect(md('1. Plans\n   - Basic\n   - Pro\n2. Prices'), 'nested').toBe(
      '<ol><li>Plans<ul><li>Basic</li><li>Pro</li></ul></li><li>Prices</li></ol>',
    );
    expect(md('- first\n  goes on\n- second'), 'continuation').toBe(
      '<ul><li>first<br>goes on</li><li>second</li></ul>',
    );
    expect(md('- item\n\nAfter the list.'), 'a paragraph after a blank line ends it').toBe(
      '<ul><li>item</li></ul><p>After the list.</p>',
    );
    expect(md('- a\n1. b'), 'another kind starts another list').toBe('<ul><li>a</li></ul><ol><li>b</li></ol>');
  });

  test('a rule', () => {
    expect(md('above\n\n---\nbelow'), 'hr').toBe('<p>above</p><hr><p>below</p>');
    expect(md('* * *'), 'stars with spaces are a rule, not a list').toBe('<hr>');
  });

  test('tables with alignment; a row without the delimiter line is text', () => {
    expect(md('Plans:\n| Plan | Price |\n|:---|---:|\n| Basic | **$9** |\n| Pro | $29 |'), 'table').toBe(
      '<p>Plans:</p><table><tr><th data-align="left">Plan</th><th data-align="right">Price</th></tr>' +
        '<tr><td data-align="left">Basic</td><td data-align="right"><strong>$9</strong></td></tr>' +
        '<tr><td data-align="left">Pro</td><td data-align="right">$29</td></tr></table>',
    );
    expect(md('a | b\nnot a delimiter'), 'no table').toBe('<p>a | b<br>not a delimiter</p>');
    expect(md('| a | b |\n|---|'), 'column counts differ: no table').toBe('<p>| a | b |<br>|---|</p>');
  });
});

describe('inline', () => {
  test('bold and italic with * and _', () => {
    expect(md('**bold** and *it* and __b__ and _i_'), 'four').toBe(
      '<p><strong>bold</strong> and <em>it</em> and <strong>b</strong> and <em>i</em></p>',
    );
    expect(md('***both***'), 'triple').toBe('<p><strong><em>both</em></strong></p>');
    expect(md('**bold *and it* inside**'), 'nested').toBe('<p><strong>bold <em>and it</em> inside</strong></p>');
  });

  test('what is not emphasis stays text', () => {
    expect(md('snake_case_name and 2 * 3 * 4'), 'intraword _ and spaced *').toBe(
      '<p>snake_case_name and 2 * 3 * 4</p>',
    );
    expect(md('**never closed'), 'unclosed').toBe('<p>**never closed</p>');
    expect(md('\\*not italic\\*'), 'escaped').toBe('<p>*not italic*</p>');
  });

  test('inline code keeps its content literal', () => {
    expect(md('Run `npm i **x**` now'), 'code').toBe('<p>Run <code>npm i **x**</code> now</p>');
    expect(md('``a ` b``'), 'double backticks around a single one').toBe('<p><code>a ` b</code></p>');
    expect(md('a `never closed'), 'unclosed').toBe('<p>a `never closed</p>');
  });

  test('links and bare URLs keep their raw target (the renderer judges it)', () => {
    expect(md('See [our *docs*](https://docs.example/a?b=1).'), 'link').toBe(
      '<p>See <a href="https://docs.example/a?b=1">our <em>docs</em></a>.</p>',
    );
    expect(md('Visit https://example.com/x_y, or mail mailto:a@b.example.'), 'bare').toBe(
      '<p>Visit <a href="https://example.com/x_y">https://example.com/x_y</a>, or mail <a href="mailto:a@b.example">mailto:a@b.example</a>.</p>',
    );
    expect(md('[no target] and [broken](https://x.example'), 'not links').toBe(
      '<p>[no target] and [broken](<a href="https://x.example">https://x.example</a></p>',
    );
    expect(
      md('[Foo](https://en.wikipedia.org/wiki/Foo_(bar)) and [x](javascript:alert(1))'),
      'balanced parentheses',
    ).toBe('<p><a href="https://en.wikipedia.org/wiki/Foo_(bar)">Foo</a> and <a href="javascript:alert(1)">x</a></p>');
    expect(md('[a] [b](https://b.example)'), 'the nearest bracket is the link').toBe(
      '<p>[a] <a href="https://b.example">b</a></p>',
    );
  });

  test('raw HTML is text', () => {
    expect(md('<script>alert(1)</script><img src=x onerror=alert(1)>'), 'html').toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</p>',
    );
  });
});

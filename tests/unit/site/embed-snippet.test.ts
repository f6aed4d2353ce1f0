/**
 * The embed configurator's snippets (site/lib/embed-snippet.ts): placeholders and where to find
 * the real values until the owner types them, only the attributes that differ from the defaults,
 * the same configuration in all three forms, and values that cannot break out of their quotes.
 */
import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_PLACEHOLDER,
  DEFAULT_ACCENT,
  DEFAULT_EMBED_CONFIG,
  KEY_PLACEHOLDER,
  WHERE_TO_FIND,
  embedSnippets,
  isHexColour,
  type EmbedConfig,
} from '../../../site/lib/embed-snippet.ts';

const target = { loaderUrl: 'https://site.example/widget/voice-widget.js' };
const config = (patch: Partial<EmbedConfig> = {}): EmbedConfig => ({ ...DEFAULT_EMBED_CONFIG, ...patch });

describe('embedSnippets', () => {
  it('starts with placeholders and a line that says where the real values are', () => {
    const { script, react, element } = embedSnippets(config(), target);
    expect(script, 'script tag').toBe(
      [
        `<!-- ${WHERE_TO_FIND} -->`,
        `<script src="${target.loaderUrl}"`,
        `  data-public-key="${KEY_PLACEHOLDER}"`,
        `  data-assistant-id="${ASSISTANT_PLACEHOLDER}"`,
        '  async></script>',
      ].join('\n'),
    );
    expect(react.split('\n')[0], 'React: the line first').toBe(`// ${WHERE_TO_FIND}`);
    expect(element.split('\n')[0], 'element: the line first').toBe(`<!-- ${WHERE_TO_FIND} -->`);
    for (const snippet of [react, element]) {
      expect(snippet, 'placeholders').toContain(KEY_PLACEHOLDER);
      expect(snippet, 'placeholders').toContain(ASSISTANT_PLACEHOLDER);
    }
    expect(WHERE_TO_FIND, 'names both placeholders and where to look').toMatch(
      /YOUR_PUBLIC_KEY.*YOUR_ASSISTANT_ID.*API Keys.*assistant/,
    );
  });

  it('keeps the line while either value is missing, and drops it once both are typed', () => {
    expect(embedSnippets(config({ publicKey: 'pk_1' }), target).script, 'key only').toContain(WHERE_TO_FIND);
    expect(embedSnippets(config({ assistantId: 'a_1' }), target).script, 'assistant only').toContain(WHERE_TO_FIND);
    const both = embedSnippets(config({ publicKey: ' pk_1 ', assistantId: 'a_1' }), target);
    for (const [form, snippet] of Object.entries(both)) {
      expect(snippet, `${form}: no line`).not.toContain(WHERE_TO_FIND);
      expect(snippet, `${form}: no placeholder`).not.toMatch(/YOUR_/);
      expect(snippet, `${form}: the key, trimmed`).toContain('"pk_1"');
    }
  });

  it("writes only what differs from the script tag's defaults; the element and React say mode and position", () => {
    const { script, element, react } = embedSnippets(
      config({
        publicKey: 'pk',
        assistantId: 'a',
        mode: 'chat',
        position: 'bottom-left',
        theme: 'dark',
        locale: 'de',
        title: 'Acme Help',
        accent: '#0F766E',
      }),
      { ...target, apiBaseUrl: 'https://api.eu.example' },
    );
    expect(script, 'script tag').toBe(
      [
        '<style>ringwise-voice-call { --ringwise-accent: #0f766e; }</style>',
        `<script src="${target.loaderUrl}"`,
        '  data-public-key="pk"',
        '  data-assistant-id="a"',
        '  data-api-base-url="https://api.eu.example"',
        '  data-mode="chat"',
        '  data-position="bottom-left"',
        '  data-theme="dark"',
        '  data-locale="de"',
        '  data-title="Acme Help"',
        '  async></script>',
      ].join('\n'),
    );
    expect(element, 'element: loader defines only').toContain('data-mount="false"');
    expect(element, 'element: style').toContain('style="--ringwise-accent: #0f766e"');
    expect(react, 'React: npm import').toContain("import '@ringwise/voice-widget/element';");
    expect(react, 'React: accent as a custom property').toContain("'--ringwise-accent': '#0f766e'");
    const plain = embedSnippets(config({ publicKey: 'pk', assistantId: 'a' }), target);
    expect(plain.script, 'defaults: nothing extra').not.toMatch(/data-(mode|position|theme|locale|title)|<style>/);
    expect(plain.element, "the element's own defaults differ: hybrid and bottom-right are written").toMatch(
      /mode="hybrid"[\s\S]*position="bottom-right"/,
    );
    expect(plain.react, 'React too').toMatch(/mode="hybrid"[\s\S]*position="bottom-right"/);
    expect(
      embedSnippets(config({ accent: DEFAULT_ACCENT }), target).script,
      'the default colour is not written',
    ).not.toContain('<style>');
  });

  it('escapes what the owner types so it cannot leave its attribute or string', () => {
    const { script, element, react } = embedSnippets(
      config({ publicKey: 'a"b<c&d', assistantId: 'x', title: 'Say "hi" </script>' }),
      target,
    );
    expect(script, 'script: quotes and < escaped').toContain('data-public-key="a&quot;b&lt;c&amp;d"');
    expect(script, 'script: title').toContain('data-title="Say &quot;hi&quot; &lt;/script>"');
    expect(element, 'element').toContain('public-key="a&quot;b&lt;c&amp;d"');
    expect(react, 'React: a quote makes it a JS string expression').toContain('public-key={"a\\"b<c&d"}');
    expect(react, 'React: plain values stay plain').toContain('assistant-id="x"');
    expect(
      embedSnippets(config({ accent: 'red; } body { display: none' }), target).script,
      'a colour that is not one is left out',
    ).not.toContain('<style>');
  });
});

describe('isHexColour', () => {
  it('takes #rgb and #rrggbb only', () => {
    expect(['#fff', '#0F766E'].map(isHexColour), 'colours').toEqual([true, true]);
    expect(['fff', '#ffff', 'red', '#12345g', ''].map(isHexColour), 'not colours').toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

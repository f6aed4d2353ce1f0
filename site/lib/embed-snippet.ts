/**
 * The embed configurator's snippets (site/islands/EmbedConfigurator.tsx): one configuration an
 * owner types (their public key and assistant id, mode, position, theme, language, title, colour)
 * written three ways — the script tag, a React component over the npm package, and the custom
 * element with the loader. Pure and browser-safe: nothing here (or in the island) sends what the
 * owner types anywhere.
 *
 * Fields left empty become placeholders (never this site's own key or assistant), and while any
 * placeholder is in the snippet its first line says where the real values are found.
 */
import {
  LOCALES,
  OPTION_DOCS,
  POSITIONS,
  TOKEN_DOCS,
  type WidgetMode,
  type WidgetPosition,
} from '@ringwise/voice-widget';

/** What an owner who has typed nothing gets in place of their public key. */
export const KEY_PLACEHOLDER = 'YOUR_PUBLIC_KEY';
/** What an owner who has typed nothing gets in place of their assistant id. */
export const ASSISTANT_PLACEHOLDER = 'YOUR_ASSISTANT_ID';
/** Where the real values are: the first line of a snippet that still has a placeholder. */
export const WHERE_TO_FIND =
  'Replace YOUR_PUBLIC_KEY and YOUR_ASSISTANT_ID with yours: in your voice platform’s dashboard, the public key is under API Keys (the public one, never the private) and the assistant id on your assistant’s page.';

/** The modes, themes and languages an owner picks from. */
export const MODES: readonly WidgetMode[] = ['hybrid', 'voice', 'chat'];
export const THEMES = ['light', 'dark', 'auto'] as const;
/** '' is "the page's language" (no attribute); 'en' and the shipped locales follow. */
export const LANGUAGES: readonly string[] = ['', 'en', ...LOCALES];
/** The floating positions, then inline (placed where the element is). */
export const EMBED_POSITIONS: readonly WidgetPosition[] = [...POSITIONS.filter((p) => p !== 'inline'), 'inline'];
/** The widget's own accent (light theme): a colour equal to it is left out of the snippet. */
export const DEFAULT_ACCENT = TOKEN_DOCS['--ringwise-accent'].light;
/** The card's title when none is given. */
export const DEFAULT_TITLE = OPTION_DOCS.title.default;

/** One configuration, as the owner types it. */
export interface EmbedConfig {
  publicKey: string;
  assistantId: string;
  mode: WidgetMode;
  position: WidgetPosition;
  theme: (typeof THEMES)[number];
  /** '' for the page's language. */
  locale: string;
  /** '' for the widget's default title. */
  title: string;
  /** `#rrggbb`; the default accent is not written. */
  accent: string;
}

/** The configuration before the owner types: the script tag's defaults, nothing of this site's. */
export const DEFAULT_EMBED_CONFIG: EmbedConfig = {
  publicKey: '',
  assistantId: '',
  mode: 'hybrid',
  position: 'bottom-right',
  theme: 'light',
  locale: '',
  title: '',
  accent: DEFAULT_ACCENT,
};

/** Where the snippets load from, and the API they name (only when it is not the widget's default). */
export interface EmbedTarget {
  /** Absolute URL of the script-tag loader. */
  loaderUrl: string;
  /** The voice platform's API base URL to write, or undefined for the default. */
  apiBaseUrl?: string;
}

/** The three ways to write one configuration. */
export interface EmbedSnippets {
  script: string;
  react: string;
  element: string;
}

/** An attribute value with the characters that would end or break it escaped. */
function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** True when `value` is a colour the snippet may carry (`#rgb` or `#rrggbb`). */
export function isHexColour(value: string): boolean {
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);
}

/**
 * The element's attributes for a configuration, in snippet order, as [name, value] (value ''
 * for nothing to write). `defaults` says which mode and position need no attribute: the script
 * tag's (hybrid, bottom-right) or the element's (voice, inline).
 */
export function embedAttributes(
  config: EmbedConfig,
  target: EmbedTarget,
  defaults: { mode: WidgetMode; position: WidgetPosition },
): Array<[string, string]> {
  const out: Array<[string, string]> = [
    ['public-key', config.publicKey.trim() || KEY_PLACEHOLDER],
    ['assistant-id', config.assistantId.trim() || ASSISTANT_PLACEHOLDER],
  ];
  if (target.apiBaseUrl) out.push(['api-base-url', target.apiBaseUrl]);
  if (config.mode !== defaults.mode) out.push(['mode', config.mode]);
  if (config.position !== defaults.position) out.push(['position', config.position]);
  if (config.theme !== DEFAULT_EMBED_CONFIG.theme) out.push(['theme', config.theme]);
  if (config.locale) out.push(['locale', config.locale]);
  if (config.title.trim()) out.push(['title', config.title.trim()]);
  return out;
}

/** The accent to write, or null for the default (or a value that is not a colour). */
function accentOf(config: EmbedConfig): string | null {
  const accent = config.accent.trim().toLowerCase();
  return isHexColour(accent) && accent !== DEFAULT_ACCENT.toLowerCase() ? accent : null;
}

/** True while a placeholder stands in for the key or the assistant. */
export function hasPlaceholders(config: EmbedConfig): boolean {
  return !config.publicKey.trim() || !config.assistantId.trim();
}

/** The three snippets of one configuration. */
export function embedSnippets(config: EmbedConfig, target: EmbedTarget): EmbedSnippets {
  const note = hasPlaceholders(config);
  const accent = accentOf(config);

  const scriptAttributes = embedAttributes(config, target, { mode: 'hybrid', position: 'bottom-right' });
  const script = [
    ...(note ? [`<!-- ${WHERE_TO_FIND} -->`] : []),
    ...(accent ? [`<style>ringwise-voice-call { --ringwise-accent: ${accent}; }</style>`] : []),
    `<script src="${attr(target.loaderUrl)}"`,
    ...scriptAttributes.map(([name, value]) => `  data-${name}="${attr(value)}"`),
    '  async></script>',
  ].join('\n');

  // The element's own defaults are voice and inline: write both, so it behaves as the script tag does.
  const elementAttributes = embedAttributes(config, target, { mode: 'voice', position: 'inline' });
  const elementTag = (indent: string, style: string) =>
    [
      `${indent}<ringwise-voice-call`,
      ...elementAttributes.map(([name, value]) => `${indent}  ${name}="${attr(value)}"`),
      `${indent}${style}></ringwise-voice-call>`,
    ].join('\n');
  const element = [
    ...(note ? [`<!-- ${WHERE_TO_FIND} -->`] : []),
    `<script src="${attr(target.loaderUrl)}" data-mount="false" async></script>`,
    elementTag('', accent ? `  style="--ringwise-accent: ${accent}"\n` : ''),
  ].join('\n');

  // JSX string attributes take no escapes: a value with a quote or backslash becomes an expression.
  const jsx = (value: string) => (/["\\]/.test(value) ? `{${JSON.stringify(value)}}` : `"${value}"`);
  const reactAttributes = elementAttributes.map(([name, value]) => `      ${name}=${jsx(value)}`);
  const react = [
    ...(note ? [`// ${WHERE_TO_FIND}`] : []),
    "import '@ringwise/voice-widget/element'; // defines <ringwise-voice-call>, once",
    '',
    'export function VoiceAgent() {',
    '  return (',
    '    <ringwise-voice-call',
    ...reactAttributes,
    ...(accent ? [`      style={{ '--ringwise-accent': '${accent}' }}`] : []),
    '    />',
    '  );',
    '}',
  ].join('\n');

  return { script, react, element };
}

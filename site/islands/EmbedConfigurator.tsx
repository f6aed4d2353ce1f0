/**
 * The embed configurator on /widget: the owner types their public key and assistant id and picks
 * mode, position, theme, language, title and colour; the snippet (script tag, React over npm, or
 * the custom element: tabs) and a live preview follow as they type. Nothing leaves the page: the
 * snippets are written here (site/lib/embed-snippet.ts) and the preview is the real element with a
 * scripted engine that sends nothing (`previewTag`, defined by the page), never given the key.
 */
import { createElement, useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import {
  DEFAULT_ACCENT,
  DEFAULT_EMBED_CONFIG,
  EMBED_POSITIONS,
  LANGUAGES,
  MODES,
  THEMES,
  embedSnippets,
  type EmbedConfig,
} from '../lib/embed-snippet.ts';
import { configuratorCopy as copy } from '../../content/ui.ts';
import SnippetTabs from './SnippetTabs.tsx';
import './embed-configurator.css';

/** Props of the configurator. */
export interface EmbedConfiguratorProps {
  /** The loader's URL on the origin the site was built for; the page's own origin replaces it once hydrated. */
  loaderUrl: string;
  /** The API base URL to write into the snippets, when the site's is not the widget's default. */
  apiBaseUrl?: string;
  /** Tag of the preview element: the real element with a scripted engine, defined by the page. */
  previewTag: string;
  /** Id of the script-tag snippet's `<pre>` (other scripts and tests find it by it). @default 'snippet' */
  snippetId?: string;
}

/** A language's own name ("Deutsch"), or the code where the runtime cannot name it. */
function languageName(code: string): string {
  if (!code) return copy.pageLanguage;
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The loader URL on `origin` (the page's own, where the owner copies from) instead of the built one. */
function onOrigin(url: string, origin: string): string {
  const parsed = new URL(url);
  return `${origin}${parsed.pathname}`;
}

/** The configurator: fields, snippets in tabs with copy buttons, and the preview. */
export default function EmbedConfigurator({
  loaderUrl,
  apiBaseUrl,
  previewTag,
  snippetId = 'snippet',
}: EmbedConfiguratorProps) {
  const [config, setConfig] = useState<EmbedConfig>(DEFAULT_EMBED_CONFIG);
  const [origin, setOrigin] = useState<string | null>(null);
  const id = useId();
  const preview = useRef<HTMLElement>(null);

  // After hydration the page knows where it is served from (another port, a deploy without PUBLIC_SITE_URL).
  useEffect(() => setOrigin(window.location.origin), []);
  const target = useMemo(
    () => ({ loaderUrl: origin ? onOrigin(loaderUrl, origin) : loaderUrl, apiBaseUrl }),
    [loaderUrl, origin, apiBaseUrl],
  );
  const snippets = useMemo(() => embedSnippets(config, target), [config, target]);

  // The preview follows every option but the key and the assistant (it never sees them) and the
  // position (it stays in place here: the site's own widget floats on this page already).
  useEffect(() => {
    const element = preview.current;
    if (!element) return;
    const set = (name: string, value: string) =>
      value ? element.setAttribute(name, value) : element.removeAttribute(name);
    set('mode', config.mode);
    set('theme', config.theme);
    set('locale', config.locale);
    set('title', config.title.trim());
    // The default colour is the theme's own (light and dark differ): only a chosen one is set.
    if (config.accent.toLowerCase() === DEFAULT_ACCENT.toLowerCase()) element.style.removeProperty('--ringwise-accent');
    else element.style.setProperty('--ringwise-accent', config.accent);
  }, [config.mode, config.theme, config.locale, config.title, config.accent]);

  const update = (field: keyof EmbedConfig) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setConfig((current) => ({ ...current, [field]: event.target.value }));
  const field = (name: keyof EmbedConfig) => `${id}-${name}`;
  const text = (name: 'publicKey' | 'assistantId' | 'title', label: string, placeholder: string) => (
    <div className="cfg-field">
      <label htmlFor={field(name)}>{label}</label>
      <input
        id={field(name)}
        type="text"
        value={config[name]}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={update(name)}
      />
    </div>
  );
  const select = (
    name: 'mode' | 'position' | 'theme' | 'locale',
    label: string,
    options: ReadonlyArray<readonly [string, string]>,
  ) => (
    <div className="cfg-field">
      <label htmlFor={field(name)}>{label}</label>
      <select id={field(name)} value={config[name]} onChange={update(name)}>
        {options.map(([value, optionLabel]) => (
          <option key={value} value={value}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="configurator">
      {/* A group, not a form: nothing is submitted anywhere. */}
      <div className="cfg-form" role="group" aria-label={copy.formLabel}>
        {text('publicKey', copy.publicKey, 'YOUR_PUBLIC_KEY')}
        {text('assistantId', copy.assistantId, 'YOUR_ASSISTANT_ID')}
        {select(
          'mode',
          copy.mode,
          MODES.map((mode) => [mode, copy.modes[mode]] as const),
        )}
        {select(
          'position',
          copy.position,
          EMBED_POSITIONS.map((position) => [position, position] as const),
        )}
        {select(
          'theme',
          copy.theme,
          THEMES.map((theme) => [theme, copy.themes[theme]] as const),
        )}
        {select(
          'locale',
          copy.language,
          LANGUAGES.map((code) => [code, languageName(code)] as const),
        )}
        {text('title', copy.title, 'AI Assistant')}
        <div className="cfg-field cfg-colour">
          <label htmlFor={field('accent')}>{copy.colour}</label>
          <input id={field('accent')} type="color" value={config.accent} onChange={update('accent')} />
          <output htmlFor={field('accent')}>{config.accent}</output>
        </div>
        <p className="cfg-private">{copy.private}</p>
      </div>
      <div className="cfg-output">
        <SnippetTabs snippets={snippets} snippetId={snippetId} />
        <section className="cfg-preview" aria-label={copy.preview} data-theme-preview={config.theme}>
          <h3>{copy.preview}</h3>
          {createElement(previewTag, {
            ref: preview,
            position: 'inline',
            mode: DEFAULT_EMBED_CONFIG.mode,
            'public-key': 'demo',
            'assistant-id': 'demo',
            expanded: '',
            'data-configurator-preview': '',
          })}
          {config.position !== 'inline' && <p className="cfg-preview-note">{copy.previewFloating(config.position)}</p>}
        </section>
      </div>
    </div>
  );
}

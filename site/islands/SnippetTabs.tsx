/**
 * The configurator's snippets as tabs (script tag, React over npm, custom element), each with a
 * copy button and a one-line hint. Tabs follow the ARIA tabs pattern: one tab stop, arrow keys,
 * Home and End move between them; every panel stays in the page (not displayed but the chosen one).
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { EmbedSnippets } from '../lib/embed-snippet.ts';
import { configuratorCopy as copy } from '../../content/ui.ts';

/** Props of the tabs. */
export interface SnippetTabsProps {
  /** The three snippets of one configuration. */
  snippets: EmbedSnippets;
  /** Id of the script-tag snippet's `<pre>`. */
  snippetId: string;
}

const FORMATS = ['script', 'react', 'element'] as const;
type Format = (typeof FORMATS)[number];

/** The tabs and their panels. */
export default function SnippetTabs({ snippets, snippetId }: SnippetTabsProps) {
  const [chosen, setChosen] = useState<Format>('script');
  const [status, setStatus] = useState<{ format: Format; text: string } | null>(null);
  const id = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  const choose = (format: Format) => {
    setChosen(format);
    setStatus(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = FORMATS.indexOf(chosen);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % FORMATS.length
        : event.key === 'ArrowLeft'
          ? (index + FORMATS.length - 1) % FORMATS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? FORMATS.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    choose(FORMATS[next]!);
    tabs.current[next]?.focus();
  };
  const copyText = async (format: Format) => {
    try {
      await navigator.clipboard.writeText(snippets[format]);
      setStatus({ format, text: copy.copied });
    } catch {
      // No clipboard (an insecure origin, a denied permission): the snippet stays selectable.
      setStatus({ format, text: copy.copyFailed });
    }
  };

  return (
    <div className="cfg-tabs">
      <div role="tablist" aria-label={copy.formats} className="cfg-tablist">
        {FORMATS.map((format, i) => (
          <button
            key={format}
            ref={(element) => {
              tabs.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${format}`}
            aria-controls={`${id}-panel-${format}`}
            aria-selected={chosen === format}
            tabIndex={chosen === format ? 0 : -1}
            onClick={() => choose(format)}
            onKeyDown={onKeyDown}
          >
            {copy.tabs[format]}
          </button>
        ))}
      </div>
      {FORMATS.map((format) => (
        <div
          key={format}
          role="tabpanel"
          id={`${id}-panel-${format}`}
          aria-labelledby={`${id}-tab-${format}`}
          // Inline display rather than `hidden`: React renders hidden="" (html-validate's attribute-empty-style).
          style={chosen === format ? undefined : { display: 'none' }}
          className="cfg-panel"
        >
          <pre id={format === 'script' ? snippetId : undefined} tabIndex={0} aria-label={copy.tabs[format]}>
            <code>{snippets[format]}</code>
          </pre>
          <div className="cfg-panel-foot">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void copyText(format)}>
              {copy.copyButtons[format]}
            </button>
            <p className="cfg-status" role="status">
              {status?.format === format ? status.text : ''}
            </p>
          </div>
          <p className="cfg-hint">{copy.hints[format]}</p>
        </div>
      ))}
    </div>
  );
}

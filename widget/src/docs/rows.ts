/**
 * The reference's tables as rows, for the two places that show them: widget/README.md
 * (scripts/widget-readme.ts) and the site's /widget page (WidgetReference.astro). One set of rows,
 * so the two cannot list the options, events, tokens or parts differently.
 */
import { EVENT_DOCS, OPTION_DOCS, PART_DOCS, PREFIX_OPTION_DOCS, SCRIPT_OPTION_DOCS, TOKEN_DOCS } from './reference.ts';

/** One option: its script-tag attribute, the element's attribute (null: script tag only), default and text. */
export interface OptionRow {
  readonly attribute: string;
  readonly property: string | null;
  readonly default: string;
  readonly text: string;
}

/** Every option: the element's, the prefixed ones, then the script tag's own. */
export function optionRows(): OptionRow[] {
  return [
    ...Object.entries(OPTION_DOCS).map(([name, doc]) => ({
      attribute: `data-${name}`,
      property: name,
      default: doc.scriptDefault ? `${doc.default} (script tag: ${doc.scriptDefault})` : doc.default,
      text: doc.text,
    })),
    ...Object.entries(PREFIX_OPTION_DOCS).map(([name, doc]) => ({
      attribute: `data-${name}`,
      property: name,
      default: doc.default,
      text: doc.text,
    })),
    ...Object.entries(SCRIPT_OPTION_DOCS).map(([name, doc]) => ({
      attribute: name,
      property: null,
      default: doc.default,
      text: doc.text,
    })),
  ];
}

/** Every DOM event: its full name and when it fires. */
export const eventRows = (): [event: string, text: string][] =>
  Object.entries(EVENT_DOCS).map(([name, text]) => [`ringwise-${name}`, text]);

/** Every theming property: name, light value, dark value, what it styles. */
export const tokenRows = (): [name: string, light: string, dark: string, text: string][] =>
  Object.entries(TOKEN_DOCS).map(([name, doc]) => [name, doc.light, doc.dark, doc.text]);

/** Every `::part()` name and what it is. */
export const partRows = (): [name: string, text: string][] => Object.entries(PART_DOCS);

/**
 * The Markdown renderer's own file (`voice-widget-markdown.js` in the script-tag build; a chunk in
 * the ESM build): the renderer (markdown/) and its stylesheet, which the card loads with the first
 * reply that has markup (conversation-log.ts), so a card whose replies are plain text never
 * downloads them (issue 35: the card's bytes after the click).
 */
import { markdownView } from './markdown/render.ts';
import MARKDOWN_CSS from './styles/markdown.css?raw';

/** What the file exports: the renderer and its stylesheet (added to the card's when it arrives). */
export interface MarkdownModule {
  markdownView: typeof markdownView;
  markdownCss: string;
}

declare module '../ports/manifest.ts' {
  interface WidgetModules {
    /** The Markdown renderer, loaded by the card with the first reply that has markup. */
    markdown: MarkdownModule;
  }
}

export { markdownView };

/** The formatted replies' stylesheet (card/styles/markdown.css). */
export const markdownCss = MARKDOWN_CSS;

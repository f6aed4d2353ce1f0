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
  warmLayout: typeof warmLayout;
}

declare module '../ports/manifest.ts' {
  interface WidgetModules {
    /** The Markdown renderer, loaded by the card with the first reply that has markup. */
    markdown: MarkdownModule;
  }
}

export { markdownView };

/**
 * One short reply with every construct the parser knows (a heading, emphasis, code, a link, lists,
 * a table, a fence, a rule), drawn once as the file loads (see below).
 */
const WARM_SAMPLE =
  '## A **b** _c_ `d` [e](https://a.example)\n\n- f\n  1. g\n\n| h | i |\n|:--|--:|\n| **j** _k_ `n` | k |\n\n```\nl\n```\n\n---\n> m\n';

// The first reply's first piece paid for compiling the parser and the renderer (and their regular
// expressions) in the same task as its own work: a 1 KB piece took 440 ms at 4× CPU, the rest a few
// ms (bench/markdown-stream.ts). Drawing a sample into a detached element as the file loads pays it
// here, in the file's own task, before the card's next frame draws the reply (issue 34).
// Drawn in two steps, so the growing message's patch path is compiled too.
if (typeof document !== 'undefined') {
  const draw = markdownView(document.createElement('div'));
  draw(WARM_SAMPLE.slice(0, 30));
  draw(WARM_SAMPLE);
}

/** The formatted replies' stylesheet (card/styles/markdown.css). */
export const markdownCss = MARKDOWN_CSS;

/**
 * Lays the sample out once in `log` (the card's conversation), hidden from sight and from screen
 * readers and taken out again in the same task. Call it in a task of its own once the stylesheet
 * is in: the first reply with a table paid for the card's fonts at the table's size, bold, italic
 * and code, and the table's styles, cold, in its piece's task (55–264 ms at 4× CPU; issue 34).
 */
export function warmLayout(log: Element): void {
  const bubble = document.createElement('div');
  bubble.className = 'turn';
  bubble.setAttribute('data-role', 'assistant');
  bubble.setAttribute('aria-hidden', 'true');
  bubble.style.visibility = 'hidden';
  const md = bubble.appendChild(document.createElement('span'));
  md.className = 'md';
  markdownView(md)(WARM_SAMPLE);
  log.append(bubble);
  // Read, so it is laid out now (text shaped in each face); out again before anything is painted.
  void bubble.offsetHeight;
  bubble.remove();
}

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
 * a table, a fence, a rule), in parts of one face or construct each (bold, italic, code, the table
 * at its size …): drawn whole once as the file loads, and laid out a part per task (see below).
 */
const WARM_PARTS = [
  '## A **b**',
  ' _c_',
  ' `d`',
  ' [e](https://a.example)\n\n',
  '- f\n  1. g\n\n',
  '| h | i |\n|:--|--:|\n| **j** _k_ `n` | k |\n\n',
  '```\nl\n```\n\n',
  '---\n> m\n',
];
const WARM_SAMPLE = WARM_PARTS.join('');

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

/** Lays `part` out in `log`, hidden from sight and from screen readers, and takes it out again. */
function layOut(log: Element, part: string): void {
  const bubble = document.createElement('div');
  bubble.className = 'turn';
  bubble.setAttribute('data-role', 'assistant');
  bubble.setAttribute('aria-hidden', 'true');
  bubble.style.visibility = 'hidden';
  const md = bubble.appendChild(document.createElement('span'));
  md.className = 'md';
  markdownView(md)(part);
  log.append(bubble);
  // Read, so it is laid out now (text shaped in each face); out again before anything is painted.
  void bubble.offsetHeight;
  bubble.remove();
}

/**
 * Lays the sample out in `log` (the card's conversation), a part per task from the next one on;
 * resolves when the last is done. Call it once the stylesheet is in: the first reply with a table
 * paid for the card's fonts at the table's size, bold, italic and code, and the table's styles,
 * cold, in its piece's task (55–264 ms at 4× CPU; issue 34). A part per task: laid out at once, the
 * sample was a long task itself (118–175 ms at 4× CPU on a loaded machine).
 */
export function warmLayout(log: Element): Promise<void> {
  return new Promise((done) => {
    let part = 0;
    const step = () => {
      layOut(log, WARM_PARTS[part]!);
      if (++part < WARM_PARTS.length) setTimeout(step);
      else done();
    };
    setTimeout(step);
  });
}

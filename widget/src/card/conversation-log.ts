/**
 * The card's conversation log: one bubble per turn. Streaming costs work in proportion to what
 * arrived: a bubble remembers the strings it shows and appends only their new end while the turn
 * says it grew (`Turn.rewrites` unchanged); it never reads its text back from the DOM. The card
 * calls it at most once per animation frame while a reply streams (see `mountCard`).
 *
 * The assistant's words are Markdown (markdown/): drawn as formatted blocks, patched in place as
 * they grow (only the new characters are written). The visitor's words are always plain text.
 */
import type { Turn } from '../conversation/view.ts';
import type { VoiceLabels } from '../i18n/labels.ts';
import type { Add } from './controls.ts';
import { markdownView, type MarkdownView } from './markdown/render.ts';

/** A bubble of the log, its parts, and what they show. */
interface Bubble {
  li: HTMLDivElement;
  /** "Agent: " / "You: " for screen readers, added with the first final text. */
  who: HTMLSpanElement;
  /** Final text; grows by appended text nodes, so a live region reads only what is new. */
  text: HTMLSpanElement;
  /** Text still being said or streamed: shown, not announced. */
  partial: HTMLSpanElement;
  /** The assistant's: its final and its partial text as Markdown. */
  md?: [MarkdownView, MarkdownView];
  dots: HTMLSpanElement;
  /** "The answer was cut here…", once the reply ended early. */
  cut?: HTMLSpanElement;
  shownText: string;
  shownPartial: string;
  rewrites?: number;
}

/**
 * Shows `next` in `el`, which shows `shown`: when `grew`, only its new end is appended (a new text
 * node); else the text is replaced.
 */
function show(el: HTMLElement, shown: string, next: string, grew: boolean): void {
  if (grew && shown && next.length > shown.length) el.append(next.slice(shown.length));
  else el.textContent = next;
}

/** The log's renderer, and the bubble element of a turn it shows. */
export interface LogRenderer {
  (turns: readonly Turn[], labels: VoiceLabels): void;
  bubble(id: number): HTMLElement | undefined;
}

/**
 * Makes the renderer of `log`: call it with the view's turns; it adds, updates and removes bubbles.
 * @param log The `role="log"` element.
 * @param add The card's element builder.
 * @param linkHosts The hosts the assistant's links may point to (`link-hosts`; null: any), read per bubble.
 */
export function conversationLog(
  log: HTMLElement,
  add: Add,
  linkHosts: () => string[] | null = () => null,
): LogRenderer {
  const bubbles = new Map<number, Bubble>();
  // A transcript that scrolls must be reachable by keyboard (WCAG 2.1.1; axe's
  // scrollable-region-focusable): a Tab stop only while it overflows, checked when its turns change
  // and when the card around it resizes it (the ended section or the rating taking room).
  const reachable = () => {
    if (log.scrollHeight > log.clientHeight + 1) log.tabIndex = 0;
    else log.removeAttribute('tabindex');
  };
  if (typeof ResizeObserver === 'function') new ResizeObserver(reachable).observe(log);
  const create = (turn: Turn): Bubble => {
    const li = add(log, 'div', '', 'turn', { 'data-role': turn.role });
    const hidden = { 'aria-hidden': 'true' };
    const who = document.createElement('span');
    who.className = 'sr';
    const assistant = turn.role === 'assistant';
    const bubble: Bubble = {
      li,
      who,
      text: add(li, 'span', assistant ? 'md' : ''),
      partial: add(li, 'span', assistant ? 'pt md' : 'pt', '', hidden),
      dots: add(li, 'span', 'dots', '', hidden),
      shownText: '',
      shownPartial: '',
    };
    for (let i = 0; i < 3; i++) add(bubble.dots, 'i');
    if (assistant) {
      const hosts = linkHosts();
      bubble.md = [markdownView(bubble.text, hosts), markdownView(bubble.partial, hosts)];
    }
    bubbles.set(turn.id, bubble);
    return bubble;
  };

  /** The turns drawn last (a view keeps the same array while its conversation is unchanged). */
  let drawn: readonly Turn[] = [];
  const render = (turns: readonly Turn[], labels: VoiceLabels) => {
    // Nothing new (the same turns, or none before and none now): no DOM work, and above all no
    // read of the log's geometry below, which forces a layout of the whole card; the card draws
    // once per start stage, so a call's start paid one forced layout per stage.
    if (turns === drawn || (!turns.length && !bubbles.size)) return;
    drawn = turns;
    // Follow new text only while the visitor is at the bottom (scrolling up stops it).
    const stick = log.scrollHeight - log.scrollTop - log.clientHeight < 32;
    const ids = new Set(turns.map((turn) => turn.id));
    for (const [id, bubble] of bubbles) {
      if (!ids.has(id)) {
        bubble.li.remove();
        bubbles.delete(id);
      }
    }
    for (const turn of turns) {
      const bubble = bubbles.get(turn.id) ?? create(turn);
      if (turn.text && !bubble.who.isConnected) {
        bubble.who.textContent = `${turn.role === 'user' ? labels.you : labels.agent}: `;
        bubble.li.prepend(bubble.who);
      }
      const partial = turn.partial && turn.text ? ` ${turn.partial}` : turn.partial;
      if (bubble.md) {
        // The views patch what changed (a grown text: only its new end is written).
        bubble.md[0](turn.text);
        bubble.md[1](turn.partial);
      } else {
        // Final text only grows (a finished reply, speech joined to its turn).
        if (turn.text !== bubble.shownText) show(bubble.text, bubble.shownText, turn.text, true);
        const shown = bubble.shownPartial && bubble.shownText ? ` ${bubble.shownPartial}` : bubble.shownPartial;
        if (partial !== shown)
          show(bubble.partial, shown, partial, turn.rewrites === bubble.rewrites && !!turn.text === !!bubble.shownText);
      }
      bubble.shownText = turn.text;
      bubble.shownPartial = turn.partial;
      bubble.rewrites = turn.rewrites;
      bubble.li.toggleAttribute('data-live', !!turn.partial);
      bubble.dots.hidden = !!(turn.text || turn.partial);
      // A cut reply is final: its note is added once (and labelled in the language of that moment).
      if (turn.cut && !bubble.cut)
        bubble.cut = Object.assign(add(bubble.li, 'span', 'cut', 'reply-cut'), { textContent: labels.replyCut });
    }
    if (stick) log.scrollTop = log.scrollHeight;
    reachable();
  };
  return Object.assign(render, { bubble: (id: number) => bubbles.get(id)?.li });
}

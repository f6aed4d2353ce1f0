/**
 * The card's conversation log: one bubble per turn. Streaming costs work in proportion to what
 * arrived: a bubble remembers the strings it shows and appends only their new end while the turn
 * says it grew (`Turn.rewrites` unchanged); it never reads its text back from the DOM. The card
 * calls it at most once per animation frame while a reply streams (see `mountCard`).
 */
import type { Turn } from '../conversation/view.ts';
import type { VoiceLabels } from '../i18n/labels.ts';
import type { Add } from './controls.ts';

/** A bubble of the log, its parts, and what they show. */
interface Bubble {
  li: HTMLDivElement;
  /** "Agent: " / "You: " for screen readers, added with the first final text. */
  who: HTMLSpanElement;
  /** Final text; grows by appended text nodes, so a live region reads only what is new. */
  text: HTMLSpanElement;
  /** Text still being said or streamed: shown, not announced. */
  partial: HTMLSpanElement;
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

/**
 * Makes the renderer of `log`: call it with the view's turns; it adds, updates and removes bubbles.
 * @param log The `role="log"` element.
 * @param add The card's element builder.
 */
export function conversationLog(log: HTMLElement, add: Add): (turns: readonly Turn[], labels: VoiceLabels) => void {
  const bubbles = new Map<number, Bubble>();
  const create = (turn: Turn): Bubble => {
    const li = add(log, 'div', '', 'turn', { 'data-role': turn.role });
    const hidden = { 'aria-hidden': 'true' };
    const who = document.createElement('span');
    who.className = 'sr';
    const bubble: Bubble = {
      li,
      who,
      text: add(li, 'span'),
      partial: add(li, 'span', 'pt', '', hidden),
      dots: add(li, 'span', 'dots', '', hidden),
      shownText: '',
      shownPartial: '',
    };
    for (let i = 0; i < 3; i++) add(bubble.dots, 'i');
    bubbles.set(turn.id, bubble);
    return bubble;
  };

  return (turns, labels) => {
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
      // Final text only grows (a finished reply, speech joined to its turn).
      if (turn.text !== bubble.shownText) show(bubble.text, bubble.shownText, turn.text, true);
      const partial = turn.partial && turn.text ? ` ${turn.partial}` : turn.partial;
      const shown = bubble.shownPartial && bubble.shownText ? ` ${bubble.shownPartial}` : bubble.shownPartial;
      if (partial !== shown) show(bubble.partial, shown, partial, turn.rewrites === bubble.rewrites && !!turn.text === !!bubble.shownText);
      bubble.shownText = turn.text;
      bubble.shownPartial = turn.partial;
      bubble.rewrites = turn.rewrites;
      bubble.li.toggleAttribute('data-live', !!turn.partial);
      bubble.dots.hidden = !!(turn.text || turn.partial);
      // A cut reply is final: its note is added once (and labelled in the language of that moment).
      if (turn.cut && !bubble.cut) bubble.cut = Object.assign(add(bubble.li, 'span', 'cut', 'reply-cut'), { textContent: labels.replyCut });
    }
    if (stick) log.scrollTop = log.scrollHeight;
  };
}

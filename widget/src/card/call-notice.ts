/**
 * A sentence about the call with one or two actions, above the footer (issue 37: the silent
 * microphone, the audio breaking up, the echo hint). Its sentence is a polite live region, so it
 * is said once when it appears without taking focus; its actions are plain buttons in the Tab
 * order. Part of the call's audio file (audio-panel.ts), never the card's.
 */
import { setLabel, type Controls } from './controls.ts';
import type { CardDom } from './template.ts';

/** One action of a notice. */
export interface NoticeAction {
  readonly label: string;
  /** `pri`: the suggested way on; `sec`: the other one. */
  readonly kind: 'pri' | 'sec';
  /** Names the button for tests and styling (`part`). */
  readonly part: string;
  run(): void;
}

/** The notice: shown with a sentence and its actions, or hidden. */
export interface CallNotice {
  /** Shows `text` with `actions` (replacing what was shown); `key` says which notice it is. */
  show(key: string, text: string, actions: readonly NoticeAction[]): void;
  /** Hides it when it shows `key` (any notice without a key). */
  hide(key?: string): void;
  /** Which notice shows, else null. */
  readonly shown: string | null;
  destroy(): void;
}

/** Builds the (hidden) notice before the footer. */
export function callNotice(dom: CardDom, kit: Controls): CallNotice {
  const box = kit.add(dom.card, 'div', 'cn', 'call-notice');
  dom.card.insertBefore(box, dom.footer);
  const text = kit.add(box, 'p', 'cnt', '', { 'aria-live': 'polite' });
  const row = kit.add(box, 'div', 'cna');
  box.hidden = true;
  let shown: string | null = null;
  return {
    show(key, sentence, actions) {
      // Drawn each frame: the same notice is left as it is (a rebuilt button would lose focus).
      if (shown === key && text.textContent === sentence) return;
      shown = key;
      box.hidden = false;
      box.dataset.notice = key;
      if (text.textContent !== sentence) text.textContent = sentence;
      row.replaceChildren();
      for (const action of actions) {
        const button = kit.button(row, action.kind, action.part);
        setLabel(button, action.label);
        button.addEventListener('click', () => action.run());
      }
    },
    hide(key) {
      if (key !== undefined && key !== shown) return;
      shown = null;
      box.hidden = true;
      text.textContent = '';
      row.replaceChildren();
    },
    get shown() {
      return shown;
    },
    destroy() {
      box.remove();
    },
  };
}

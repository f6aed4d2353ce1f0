/**
 * The Stop control (issue 37): in the status row, beside the chip that says the assistant speaks,
 * shown only while it speaks in a live call. A click (Enter or Space on it) cuts the assistant at
 * once (`installCuts`' action: its audio muted in the same frame, the platform told, the turn
 * marked). It also draws a cut turn's marks in its log bubble: "Interrupted", then the rest, never
 * heard, greyed. Part of the call's audio file (audio-panel.ts), so chat mode never loads it.
 */
import { EN_STOP_LABELS } from '../i18n/stop-labels.ts';
import { setLabel, type Controls } from './controls.ts';
import type { CardFrame } from './frame.ts';
import type { CardDom } from './template.ts';

/** The control: drawn per frame, removed with the audio part. */
export interface StopControl {
  render(frame: CardFrame): void;
  destroy(): void;
}

/**
 * Builds the Stop control after the status chip.
 * @param interrupt Stops the assistant; false when there was no call to stop (or no engine support).
 * @param canStop Whether the engine can mute the assistant (an older engine file cannot).
 * @param bubble The log's bubble of a turn (absent while the log does not show it).
 */
export function stopControl(
  dom: CardDom,
  kit: Controls,
  interrupt: () => boolean,
  canStop: () => boolean,
  bubble: (id: number) => HTMLElement | undefined,
): StopControl {
  const stop = kit.button(dom.chip.parentElement!, 'stp', 'stop', 'stop');
  dom.chip.after(stop);
  stop.hidden = true;
  /** Stopped during this speech: hidden until the assistant speaks again. */
  let cut = false;
  const click = () => {
    if (!interrupt()) return;
    cut = true;
    stop.hidden = true;
    // The control leaves with the speech; focus stays in the card rather than falling to the page.
    dom.card.focus();
  };
  stop.addEventListener('click', click);
  /** The marks drawn per bubble (a bubble lives as long as its turn is shown). */
  const marks = new WeakMap<HTMLElement, [HTMLSpanElement, HTMLSpanElement]>();
  return {
    render({ view, live, labels: shown }) {
      // The English texts ship here, not in the card (see stop-labels.ts); a language's own win.
      const labels = { ...EN_STOP_LABELS, ...shown };
      if (!view.speaking) cut = false;
      stop.hidden = !(live && view.speaking && !cut && canStop());
      setLabel(stop, labels.stopAssistant);
      for (const { id, unheard } of view.conversation) {
        const li = unheard === undefined ? undefined : bubble(id);
        if (unheard === undefined || !li) continue;
        const mark = marks.get(li) ?? [kit.add(li, 'span', 'cut', 'interrupted'), kit.add(li, 'span', 'uh', 'unheard')];
        marks.set(li, mark);
        mark[0].textContent = labels.interrupted;
        mark[1].textContent = unheard && `${labels.notHeard} ${unheard}`;
      }
    },
    destroy() {
      stop.removeEventListener('click', click);
      stop.remove();
    },
  };
}

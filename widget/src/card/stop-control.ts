/**
 * The Stop control (issue 37): in the status row, beside the chip that says the assistant speaks,
 * shown only while it speaks in a live call. A click (Enter or Space on it) cuts the assistant at
 * once (`ConversationController.interrupt`: its audio muted in the same frame, the platform told,
 * the turn marked). Part of the call's audio file (audio-panel.ts), so chat mode never loads it.
 */
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
 */
export function stopControl(
  dom: CardDom,
  kit: Controls,
  interrupt: () => boolean,
  canStop: () => boolean,
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
  return {
    render({ view, live, labels }) {
      if (!view.speaking) cut = false;
      stop.hidden = !(live && view.speaking && !cut && canStop());
      setLabel(stop, labels.stopAssistant);
    },
    destroy() {
      stop.removeEventListener('click', click);
      stop.remove();
    },
  };
}

/**
 * The owners' latency readout (issue 38, `debug-latency`): a small line at the top of the card's
 * body with the figures of the `ringwise-latency` event (core/latency.ts): first audio, the last
 * turn and the turns' median, in milliseconds, "–" until measured. For the page's owner while
 * tuning an assistant, so its words are English and fixed; off unless the attribute is set, and
 * in the record file, so no other card carries it.
 */
import type { CardHost } from '../../ports/card-port.ts';
import type { LatencyFigures } from '../../core/latency.ts';
import type { CardDom } from '../template.ts';
import MENU_CSS from './menu.css?raw';

/** The readout's text for one report (`null` figures as "–"). */
export function latencyText(figures: Pick<LatencyFigures, 'firstAudioMs' | 'turnsMs' | 'turnLatencyP50Ms'> | null) {
  const ms = (value: number | null | undefined) => (value == null ? '–' : `${Math.round(value)} ms`);
  const turns = figures?.turnsMs ?? [];
  // Short enough for one line of the 380 px card (the status line goes under it: transcript-actions.ts).
  return (
    `First audio ${ms(figures?.firstAudioMs)} · last ${ms(turns[turns.length - 1])}` +
    ` · p50 ${ms(figures?.turnLatencyP50Ms)} (${turns.length} ${turns.length === 1 ? 'turn' : 'turns'})`
  );
}

/** Draws the readout into the card and keeps it current from the element's `ringwise-latency` events. */
export function latencyReadout(host: CardHost, dom: CardDom): void {
  host.style(MENU_CSS);
  const line = host.h('p', 'rl', 'latency-readout');
  line.textContent = latencyText(null);
  line.title = 'Latency as heard in this browser (ringwise-latency)';
  dom.log.before(line);
  host.element.addEventListener('ringwise-latency', (event) => {
    line.textContent = latencyText((event as CustomEvent<LatencyFigures>).detail);
  });
}

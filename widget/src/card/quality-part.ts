/**
 * The call's quality in the card (issue 37, item 2): a quiet "Weak connection" beside the status
 * while Daily's network estimate is poor, the call reconnects, or the platform says the assistant
 * speaks while its audio has no level here (`CallQuality`), and when that
 * lasts "The audio is breaking up. Continue by typing?" with Type instead in hybrid mode (the
 * call ends, its conversation stays, the field takes focus), or "The audio is breaking up." with
 * Try again in voice mode (the call ends and a new one starts). Each change of level is a
 * `ringwise-quality` event. Part of the call's audio file.
 */
import type { CallObject, CallObjectEvents } from '../core/call-port.ts';
import { CallQuality, type QualityState } from '../conversation/call-quality.ts';
import { SPEAKING_THRESHOLD } from '../core/constants.ts';
import { EN_STOP_LABELS } from '../i18n/stop-labels.ts';
import type { CallNotice } from './call-notice.ts';
import type { Controls } from './controls.ts';
import type { CardFrame } from './frame.ts';
import type { CardDom } from './template.ts';

/** What the quality part needs of the card. */
export interface QualityOptions {
  /** The live call's object (its network events, the assistant's audio level), when the engine gives it. */
  call(): CallObject | null;
  /** The element (its `ringwise-message`: the platform's `speech-update`). */
  element: EventTarget;
  notice: CallNotice;
  /** Hybrid: end the call, keep the conversation, focus the field. */
  typeInstead(): void;
  /** Voice: end the call and start a new one. */
  callAgain(): void;
  /** Sends `ringwise-quality`. */
  report(state: QualityState): void;
}

/** The part's frame hook. */
export interface QualityPart {
  render(frame: CardFrame): void;
  destroy(): void;
}

/** Builds the indicator after the status chip (hidden while the call is good). */
export function qualityPart(dom: CardDom, kit: Controls, options: QualityOptions): QualityPart {
  const indicator = kit.add(dom.chip.parentElement!, 'span', 'qi');
  dom.chip.after(indicator);
  indicator.hidden = true;
  let quality = new CallQuality();
  let frame: CardFrame | null = null;
  let watched: CallObject | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;

  const draw = () => {
    if (!frame) return;
    const labels = { ...EN_STOP_LABELS, ...frame.labels };
    const { level, breaking } = quality.state;
    indicator.hidden = level === 'good';
    indicator.dataset.level = level;
    indicator.textContent = labels.weakConnection;
    if (!breaking) return options.notice.hide('breaking');
    const hybrid = frame.mode === 'hybrid';
    options.notice.show(
      'breaking',
      hybrid ? labels.audioBreaking : labels.audioBreakingVoice,
      hybrid
        ? [{ label: labels.typeInstead, kind: 'pri', part: 'type-instead', run: options.typeInstead }]
        : [{ label: labels.retry, kind: 'pri', part: 'retry', run: options.callAgain }],
    );
  };
  /** The level and reason last sent (the offer's own change sends nothing new). */
  let sent = 'good network';
  const changed = (state: QualityState | null) => {
    if (!state) return;
    const key = `${state.level} ${state.reason}`;
    if (key !== sent) options.report(state);
    sent = key;
    draw();
  };
  const onNetwork = ({ state }: CallObjectEvents['network-quality-change']) =>
    changed(quality.network(state, performance.now()));
  const onLevels = ({ levels }: CallObjectEvents['remote-participants-audio-level']) => {
    let level = 0;
    for (const value of Object.values(levels)) level += value;
    if (level > SPEAKING_THRESHOLD) quality.heard(performance.now());
  };
  const onMessage = (event: Event) => {
    const message = (event as CustomEvent<{ type?: string; role?: string; status?: string }>).detail;
    if (message?.type === 'speech-update' && message.role === 'assistant' && watched)
      changed(quality.assistantSpeech(message.status === 'started', performance.now()));
  };
  options.element.addEventListener('ringwise-message', onMessage);
  const unwatch = () => {
    watched?.off('network-quality-change', onNetwork);
    watched?.off('remote-participants-audio-level', onLevels);
    watched = null;
  };

  return {
    render(next) {
      frame = next;
      if (!next.live) {
        unwatch();
        clearInterval(timer);
        timer = undefined;
        // A new call starts good; the notice and the indicator leave with this one.
        if (quality.state.level !== 'good') options.report({ level: 'good', reason: 'network', breaking: false });
        quality = new CallQuality();
        sent = 'good network';
        options.notice.hide('breaking');
        indicator.hidden = true;
        return;
      }
      const call = options.call();
      if (call !== watched) {
        unwatch();
        call?.on('network-quality-change', onNetwork);
        call?.on('remote-participants-audio-level', onLevels);
        watched = call;
        // An estimate sent before this file loaded (the adapter keeps the last one).
        const known = call?.networkQuality?.();
        if (known) changed(quality.network(known, performance.now()));
      }
      // Lasting trouble draws no frame of its own: a tick counts it.
      timer ??= setInterval(() => changed(quality.at(performance.now())), 1000);
      changed(quality.reconnecting(next.view.phase === 'reconnecting', performance.now()));
      draw();
    },
    destroy() {
      unwatch();
      options.element.removeEventListener('ringwise-message', onMessage);
      clearInterval(timer);
      indicator.remove();
    },
  };
}

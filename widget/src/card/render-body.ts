/**
 * Draws the card's body: the consent question, the error section (a failure, or a kept call
 * that is gone or elsewhere), the conversation and the empty state (what to do before anything
 * was said; during a call without a transcript, how the call is, in large).
 */
import type { CardHost } from '../ports/card-port.ts';
import type { ConsentStep } from './ask-consent.ts';
import { conversationLog, type LogRenderer } from './conversation-log.ts';
import { parseLinkHosts } from './markdown/render.ts';
import type { RichParts } from './rich/index.ts';
import { setLabel, type Controls } from './controls.ts';
import type { CardFrame } from './frame.ts';
import type { CardDom } from './template.ts';

/** Makes the body's renderer. */
export function bodyRenderer(
  host: CardHost,
  dom: CardDom,
  { add }: Controls,
  { consent, rich, redraw }: { consent: ConsentStep; rich: () => RichParts; redraw: () => void },
): ((frame: CardFrame) => void) & Pick<LogRenderer, 'bubble'> {
  const { element } = host;
  const renderTurns = conversationLog(dom.log, add, () => parseLinkHosts(element.getAttribute('link-hosts')), {
    // The renderer's file, with the first reply that has markup; the card draws again when it is in.
    load: () =>
      host.load('markdown').then((module) => {
        host.style(module.markdownCss);
        // Its fonts and table styles warmed in short tasks of their own, not in the first reply's (issue 34).
        return module.warmLayout(dom.log).then(() => module.markdownView);
      }),
    loaded: redraw,
  });
  // The log keeps its end in view when the room for it shrinks (the ended block and its rating
  // come in under it): the last answer stays readable, not cut mid-line. Not once the visitor
  // scrolled up to read.
  const { log } = dom;
  let atEnd = true;
  log.addEventListener('scroll', () => (atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 32), {
    passive: true,
  });
  if (typeof ResizeObserver === 'function')
    new ResizeObserver(() => atEnd && (log.scrollTop = log.scrollHeight)).observe(log);

  const render = (frame: CardFrame) => {
    const { view, labels, mode, idle, asking, info, status, ended } = frame;
    const { card, log, empty, error } = dom;
    dom.consentBox.hidden = !asking;
    // The consent step is as tall as its question (the body's room for a conversation is not needed yet).
    card.toggleAttribute('data-asking', asking);
    if (asking) consent.draw(labels); // the consent file draws its question (consent-part.ts)

    error.hidden = !info;
    if (info) {
      dom.errorTitle.textContent = info.title;
      dom.errorText.textContent = info.text;
      dom.errorFix.textContent = info.fix;
      dom.errorFix.hidden = !info.fix;
      dom.retry.hidden = !info.retry;
      setLabel(dom.retry, labels.retry);
      dom.typeInstead.hidden = !frame.typeInstead;
      setLabel(dom.typeInstead, labels.typeInstead);
    }

    dom.ended.hidden = !ended;
    card.toggleAttribute('data-ended', !!ended);
    if (ended) {
      dom.endedTitle.textContent = ended.title;
      dom.endedText.textContent = ended.text;
      setLabel(dom.callAgain, labels.callAgain);
    }

    const turns = mode !== 'voice' || element.hasAttribute('transcript') ? view.conversation : [];
    renderTurns(turns, labels);
    log.setAttribute('aria-label', labels.conversation);
    log.hidden = asking || !turns.length;
    empty.hidden = asking || !!info || !!ended || turns.length > 0;
    const emptyLabel = mode === 'voice' ? labels.emptyVoice : mode === 'chat' ? labels.emptyChat : labels.emptyHybrid;
    // Before anything was said: what to do; during a call (no transcript): how the call is, in
    // large (the header's chip steps aside, so it is not said twice).
    dom.emptyText.textContent = idle ? emptyLabel : status.text;
    card.toggleAttribute('data-stage', !idle && !empty.hidden);
    rich().render(frame, (turn) => renderTurns.bubble(turn.id));
  };
  return Object.assign(render, { bubble: renderTurns.bubble });
}

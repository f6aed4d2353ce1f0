/**
 * Every listener of the card: its buttons, the message field, the log's fade, Escape on the card
 * and on the launcher. Listeners live on the card's own nodes and go with them; the launcher's
 * is removed by the returned function.
 *
 * Keyboard: Escape declines consent when it is asked, hangs up when focus is on 'Hang Up' or
 * 'Cancel', and otherwise minimizes the card (the call goes on; the launcher brings it back).
 * The header's × does the same as minimizing: only Hang Up ends a call.
 */
import type { CardHost } from '../ports/card-port.ts';
import type { ConversationController } from '../conversation/controller.ts';
import type { ConsentStep } from './ask-consent.ts';
import type { Keeping } from '../continuity/in-card.ts';
import type { CardSender } from './submit.ts';
import type { CardDom } from './template.ts';

/** What the listeners act on. */
export interface CardActions {
  controller: ConversationController;
  consent: ConsentStep;
  sender: CardSender;
  keeping: Keeping;
  render(): void;
  /** Hang-up (or cancel) by the visitor. */
  hangUp(): void;
  /** Close was chosen (the card closes whatever this does): a rating that is due is put inline. */
  closing(): void;
}

/** Adds the card's listeners; returns what removes the one on the launcher. */
export function listen(
  host: CardHost,
  dom: CardDom,
  { controller, consent, sender, keeping, render, hangUp, closing }: CardActions,
): () => void {
  const { card, input, log } = dom;
  const { startCall } = sender;
  dom.backdrop.addEventListener('click', () => host.collapse());
  dom.hide.addEventListener('click', () => host.dismiss());
  // × closes, always (issue 36): a call or a reply goes on (the launcher shows it; only Hang Up
  // hangs up), and a rating that is due waits inline for the next open instead of holding the close.
  dom.close.addEventListener('click', () => {
    const { phase, chat } = controller.getSnapshot();
    closing();
    if (phase === 'idle' && chat === 'idle') controller.dismiss();
    host.collapse();
  });
  dom.retry.addEventListener('click', () => {
    if (controller.getSnapshot().problem?.source === 'chat') {
      const to = sender.target('chat');
      if (to) void controller.retryChat(to);
    } else void consent.ask(startCall);
  });
  // Hybrid: back to typing (the microphone failed); the notice steps aside.
  const typeNow = () => {
    controller.dismiss();
    input.focus();
  };
  dom.typeInstead.addEventListener('click', typeNow);
  dom.callAgain.addEventListener('click', () => void consent.ask(startCall));
  dom.accept.addEventListener('click', () => consent.answer(true));
  dom.decline.addEventListener('click', () => consent.answer(false));
  dom.call.addEventListener('click', () => void consent.ask(startCall));
  // Hovering or focusing the call button fetches the voice engine (hybrid loads chat first).
  for (const type of ['pointerenter', 'focus'] as const)
    dom.call.addEventListener(type, () => controller.preload('call'));
  dom.cancel.addEventListener('click', hangUp);
  dom.hangUp.addEventListener('click', hangUp);
  dom.resume.addEventListener('click', () => keeping.keep?.resume());
  dom.mute.addEventListener('click', () => controller.setMuted(!controller.getSnapshot().muted));
  // More opens (or closes) its row: the message field takes focus, else the first control in it.
  dom.more.addEventListener('click', () => {
    const open = dom.more.getAttribute('aria-expanded') !== 'true';
    dom.more.setAttribute('aria-expanded', String(open));
    render();
    if (open) (input.hidden ? dom.footer.querySelector<HTMLElement>('.ic:not(.mo):not([hidden])') : input)?.focus();
  });
  dom.audio.addEventListener('click', () => controller.resumeAudio());
  dom.send.addEventListener('click', sender.submit);
  dom.stopReply.addEventListener('click', () => controller.stopReply());
  input.addEventListener('input', render);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.isComposing) {
      event.preventDefault();
      sender.submit();
    }
  });
  log.addEventListener('scroll', () => log.toggleAttribute('data-faded', log.scrollTop > 2), { passive: true });
  card.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    if (consent.asking()) return consent.answer(false);
    const focused = (host.element.shadowRoot as ShadowRoot).activeElement;
    if (focused === dom.hangUp || focused === dom.cancel) return hangUp();
    host.collapse();
  });

  // Escape on the launcher (the open card's round toggle) minimizes too.
  const launcherKeys = new AbortController();
  host.launcher.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !host.isOpen()) return;
      event.preventDefault();
      host.collapse();
    },
    { signal: launcherKeys.signal },
  );
  return () => launcherKeys.abort();
}

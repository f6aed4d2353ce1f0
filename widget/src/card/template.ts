/**
 * The card's DOM, built once: a header (avatar with the assistant's voice-level ring, name,
 * status chip, elapsed time and close), the start progress, the assistant's video, a
 * body (the conversation as a `role="log"`, the empty state, the error and consent sections) and
 * a footer with the controls. Outside the card: the announcer, the dismissible launcher's hide
 * badge and the launcher's live dot. What each part shows is drawn by the render-*.ts files.
 */
import type { CardHost } from '../ports/card-port.ts';
import { START_STAGES } from '../core/start-stages.ts';
import type { Controls } from './controls.ts';

/** Every node the card draws into. */
export type CardDom = ReturnType<typeof buildCard>;

/** Builds the card's nodes and puts them in the host's container (the card before the launcher). */
export function buildCard(host: CardHost, { add, icon, button }: Controls) {
  const card = host.h('section', 'c', 'card', { id: 'c', role: 'dialog', 'aria-labelledby': 'rt', tabindex: '-1' });
  // role="none": a header and a footer in a shadow root would be taken for the page's banner
  // and contentinfo landmarks (axe: duplicate landmarks on a page with its own).
  const header = add(card, 'header', 'hd', 'header', { role: 'none' });
  const avatar = add(header, 'span', 'av', 'avatar');
  const who = add(header, 'div', 'who');
  const title = add(who, 'h2', 'ti', 'title', { id: 'rt' });
  const chip = add(who, 'p', 'chip', 'status');
  // The call's elapsed time (m:ss), beside the header's controls.
  const elapsed = add(header, 'span', 'el', 'elapsed', { 'aria-hidden': 'true' });
  // The header's one collapse control: × (the call goes on). Where the open launcher shows, it is
  // the round minimize toggle; no chevron beside the ×, which did the same (issue 36).
  const close = button(header, 'ib', 'close', 'close');

  const progress = add(card, 'div', 'pg', 'progress', {
    role: 'progressbar',
    'aria-valuemin': '0',
    'aria-valuemax': String(START_STAGES.length),
  });
  const fill = add(progress, 'i');
  // Muted: the assistant's audio is played by the audio path, and muted video may autoplay.
  const video = add(card, 'video', '', 'video', { playsinline: '', autoplay: '' });
  video.muted = true;

  const body = add(card, 'div', 'bd', 'body');
  const log = add(body, 'div', 'log', 'conversation', { role: 'log' });
  const empty = add(body, 'div', 'em', 'empty');
  const bigAvatar = add(empty, 'span', 'av');
  const emptyText = add(empty, 'p');

  const error = add(body, 'section', 'box er', 'error', { 'aria-labelledby': 're' });
  error.append(icon('alert'));
  const errorTitle = add(error, 'h3', 'bt', '', { id: 're' });
  const errorText = add(error, 'p');
  const errorFix = add(error, 'p', 'fx');
  const errorRow = add(error, 'div', 'row');
  const retry = button(errorRow, 'sec', 'retry');
  const typeInstead = button(errorRow, 'sec', 'type-instead');

  // After a call, one block (issue 36, item 6): its length and who ended it, Call again, the
  // rating (the rich part folds it into `endedRating`) and a row for actions on the transcript
  // (`endedActions`, empty and hidden until something is put in it). The field below is where the
  // conversation goes on in chat, so the block has no button for that.
  const ended = add(body, 'section', 'box nd', 'ended', { 'aria-labelledby': 'rn' });
  const endedTitle = add(ended, 'h3', 'bt', '', { id: 'rn' });
  const endedText = add(ended, 'p');
  const callAgain = button(ended, 'pri', 'call-again');
  const endedRating = add(ended, 'div', 'nr');
  const endedActions = add(ended, 'div', 'row na');
  endedActions.hidden = true;

  const consentBox = add(body, 'section', 'box cs', 'consent', {
    role: 'dialog',
    'aria-labelledby': 'rc',
    'aria-describedby': 'rd',
    tabindex: '-1',
  });
  const consentTitle = add(consentBox, 'h3', 'bt', '', { id: 'rc' });
  const consentText = add(consentBox, 'p', '', '', { id: 'rd' });
  const consentRow = add(consentBox, 'div', 'row');
  const decline = button(consentRow, 'sec', 'decline');
  const accept = button(consentRow, 'pri', 'accept');

  const footer = add(card, 'footer', 'ft', 'footer', { role: 'none' });
  const audio = button(footer, 'sec', 'enable-audio');
  const resume = button(footer, 'pri', 'resume', 'phone');
  const input = add(footer, 'input', 'in', 'input', { type: 'text', enterkeyhint: 'send', autocomplete: 'off' });
  const send = button(footer, 'pri ic', 'send', 'send');
  const stopReply = button(footer, 'sec ic', 'stop-reply', 'stop');
  const call = button(footer, 'pri hy', 'call', 'phone');
  const cancel = button(footer, 'sec', 'cancel');
  // In a call: Mute, Hang Up and More, labelled; More opens the rest (the message field, the
  // audio settings) in a row above them (issue 36, item 7).
  const mute = button(footer, 'sec mu', 'mute', 'mic');
  const hangUp = button(footer, 'dg', 'hang-up', 'phoneDown');
  const more = button(footer, 'sec ic mo', 'more', 'more');
  more.setAttribute('aria-expanded', 'false');
  host.container.insertBefore(card, host.launcher);
  // Phones: the dimmed page behind the sheet; a tap on it minimizes (pointer only: the header's
  // × and Escape are the keyboard's way).
  const backdrop = add(host.container, 'div', 'bk', '', { 'aria-hidden': 'true' });
  host.container.insertBefore(backdrop, card);
  // Outside the card, so what happens while it is minimized (the call ends…) is still heard.
  const announcer = add(host.container, 'p', 'sr', '', { role: 'status' });
  // A `dismissible` launcher's hide control, a badge on the launcher's corner (the loader fetches
  // this file at once for such launchers, so it is there without a first hover).
  const hide = button(host.container, 'x', 'dismiss', 'close');
  // The launcher's live dot, shown during a call (card.css).
  const dot = add(host.launcher, 'span', 'ld');
  host.launcher.setAttribute('aria-controls', 'c');

  return {
    card,
    avatar,
    title,
    chip,
    elapsed,
    close,
    progress,
    fill,
    video,
    log,
    empty,
    bigAvatar,
    emptyText,
    error,
    errorTitle,
    errorText,
    errorFix,
    retry,
    typeInstead,
    ended,
    endedTitle,
    endedText,
    callAgain,
    endedRating,
    endedActions,
    consentBox,
    consentTitle,
    consentText,
    decline,
    accept,
    footer,
    audio,
    resume,
    input,
    send,
    stopReply,
    call,
    cancel,
    mute,
    hangUp,
    more,
    announcer,
    hide,
    dot,
    backdrop,
  };
}

/** Takes out what `buildCard` put outside the card, then the card. */
export function removeCard(host: CardHost, dom: CardDom): void {
  dom.card.remove();
  dom.announcer.remove();
  dom.hide.remove();
  dom.dot.remove();
  dom.backdrop.remove();
  host.launcher.removeAttribute('aria-controls');
}

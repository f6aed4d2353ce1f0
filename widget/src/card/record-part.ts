/**
 * The card's side of the visitor's record (issue 38): the header's "⋯" menu button, whose menu
 * (card/record/, the lazy file `voice-widget-record.js`) is built at the first press, and
 * `forget`: ends a call and a reply, clears the conversation shown and the one kept for the tab,
 * the consent, the device choices and the nudge's state (`element.forget()`, and the menu's
 * "Forget this conversation" after its confirmation). The transcript's Copy and downloads are in
 * that menu, in a call, in chat and after a call: not a row in the ended block, which stays one
 * block that leaves the transcript half the card (issue 36).
 */
import type { CardHost } from '../ports/card-port.ts';
import type { ConversationController } from '../conversation/controller.ts';
import type { Keeping } from '../continuity/in-card.ts';
import type { ConsentStep } from './ask-consent.ts';
import { setLabel, type Controls } from './controls.ts';
import type { CardFrame } from './frame.ts';
import type { CardDom } from './template.ts';
import type { RecordMenu } from './record/menu.ts';
import type { VoiceLabels } from '../i18n/labels.ts';

/** What the part needs from the card. */
export interface RecordDeps {
  controller: ConversationController;
  consent: ConsentStep;
  keeping: Keeping;
  render(): void;
}

/** What the record file reads of the card besides: the labels of the last drawing. */
export interface RecordContext extends RecordDeps {
  labels(): VoiceLabels;
}

/** The record part: the menu button's drawing, and forget. */
export interface RecordPart {
  render(frame: CardFrame): void;
  forget(): Promise<void>;
}

/** Builds the menu button into the header (before ×). */
export function recordPart(host: CardHost, dom: CardDom, kit: Controls, deps: RecordDeps): RecordPart {
  const button = kit.button(dom.close.parentElement!, 'ib', 'menu-button', 'more');
  dom.close.before(button);
  button.id = 'rmb';
  button.setAttribute('aria-haspopup', 'menu');
  button.setAttribute('aria-expanded', 'false');
  let menu: Promise<RecordMenu> | null = null;
  let shown: VoiceLabels;
  const ctx: RecordContext = { ...deps, labels: () => shown };
  // The owners' latency line (`debug-latency`): the record file's, loaded with the card only then.
  if (host.element.hasAttribute('debug-latency'))
    host.load('record').then(
      (record) => record.latencyReadout(host, dom),
      () => {},
    );
  // The work is the record file's (record/forget.ts): the chat path carries none of it.
  const forget = () => host.load('record').then((record) => record.forgetAll(host, deps));
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-expanded') === 'true') return void button.setAttribute('aria-expanded', 'false');
    (menu ??= host.load('record').then((record) => record.recordMenu(host, dom, button, ctx))).then(
      (built) => built.open(),
      () => (menu = null), // offline: the next press tries again
    );
  });
  return {
    render(frame) {
      shown = frame.labels;
      setLabel(button, shown.recordMenu);
    },
    forget,
  };
}

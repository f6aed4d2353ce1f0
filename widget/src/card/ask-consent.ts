/**
 * The consent step (in the consent file, `voice-widget-consent.js`: consent-file.ts; the card's side is
 * consent-part.ts): when the element has `consent-required` and this version was not accepted
 * yet, or its text as shown changed since (a new wording, another language), an action (a call,
 * a message) waits for Accept. Accept stores a receipt (consent.ts: the text's SHA-256, version,
 * time, language) and runs the action; Decline forgets what was kept and minimizes the card.
 * Either fires `ringwise-consent` (Accept: with the receipt).
 */
import type { CardHost } from '../ports/card-port.ts';
import { consentKey, hashText } from '../conversation/element-start.ts';
import { EN_CONSENT_LABELS } from '../i18n/consent-labels.ts';
import type { VoiceLabels } from '../i18n/labels.ts';
import { createConsentStore, parseConsent, type ConsentPiece } from './consent.ts';
import { setLabel } from './controls.ts';
import type { CardDom } from './template.ts';

/** What the consent step needs from the rest of the card. */
export interface ConsentHooks {
  render(): void;
  focusMain(): void;
  /** Declined: everything kept for the tab is removed. */
  forget(): void;
}

/** The consent step of one card. */
export interface ConsentStep {
  /** Whether an action would have to ask first. */
  needed(): boolean;
  /** Whether a question is pending. */
  asking(): boolean;
  /** Runs `action` now, or after Accept; resolves with its result (Decline: false). */
  ask(action: () => Promise<boolean>): Promise<boolean>;
  answer(accepted: boolean): void;
  /** Drops a pending question (its action resolves false). */
  cancel(): void;
  /** Forgets the decision (the next action asks again). */
  forget(): void;
  /** Draws the question (its title, its text with links, Accept and Decline with `labels`). */
  draw(labels: VoiceLabels): void;
}

/** A pending consent question and the action waiting for it. */
interface Question {
  action: () => Promise<boolean>;
  resolve: (started: boolean) => void;
}

/** Makes the consent step of a card. */
export function consentStep(host: CardHost, dom: CardDom, hooks: ConsentHooks): ConsentStep {
  // Where consent is remembered (storage may be unavailable: then for as long as this card lives).
  const consent = createConsentStore(() => localStorage);
  let question: Question | null = null;
  const { element } = host;
  /** The question's title and pieces: the attributes', else the locale's or the page's labels, else the English. */
  const wording = (): [string, ConsentPiece[]] => {
    const labels = { ...EN_CONSENT_LABELS, ...host.labels() };
    const title = element.getAttribute('consent-title')?.trim() || labels.consentTitle;
    return [title, parseConsent(element.getAttribute('consent-content') || labels.consentContent)];
  };
  /** The consent text exactly as `draw` shows it: the title, a line break, the text's words. */
  const shown = () => {
    const [title, pieces] = wording();
    return `${title}\n${pieces.map((piece) => (typeof piece === 'string' ? piece : piece.text)).join('')}`;
  };
  const needed = () => {
    if (!element.hasAttribute('consent-required')) return false;
    const stored = consent.get(consentKey(element));
    // An older version stored the date only (its key already followed the attributes' text);
    // a receipt holds the short digest of the text it accepted (record/consent-receipt.ts).
    return !stored || (stored[0] == '{' && !stored.includes(`"textKey":"${hashText(shown())}"`));
  };
  return {
    needed,
    asking: () => !!question,
    ask(action) {
      if (!needed()) return action();
      question?.resolve(false);
      return new Promise((resolve) => {
        question = { action, resolve };
        hooks.render();
        dom.consentBox.focus();
      });
    },
    answer(accepted) {
      const pending = question;
      if (!pending) return;
      question = null;
      const version = consentKey(element);
      hooks.render();
      if (accepted) {
        hooks.focusMain();
        const text = shown();
        // The receipt (record/consent-receipt.ts, a lazy file) before the action: the call's
        // request carries it (element-start.ts). Offline: the decision is kept without one.
        void host
          .load('record')
          .then((record) => record.consentReceipt(text, version, host.container.lang))
          .catch(() => null)
          .then((made) => {
            const stored = consent.set(version, made?.stored ?? new Date().toISOString());
            host.dispatch('consent', { decision: 'accepted', stored, ...(made?.receipt ?? { version }) });
            return pending.action().then(pending.resolve);
          });
      } else {
        host.dispatch('consent', { decision: 'declined', version, stored: false });
        hooks.forget();
        pending.resolve(false);
        host.collapse();
      }
    },
    cancel() {
      question?.resolve(false);
      question = null;
    },
    forget: () => consent.remove(consentKey(element)),
    draw(labels) {
      const [title, pieces] = wording();
      dom.consentTitle.textContent = title;
      dom.consentText.replaceChildren(
        ...pieces.map((piece) =>
          typeof piece === 'string'
            ? piece
            : Object.assign(host.h('a', '', '', { href: piece.href, target: '_blank', rel: 'noopener noreferrer' }), {
                textContent: piece.text,
              }),
        ),
      );
      setLabel(dom.accept, labels.accept);
      setLabel(dom.decline, labels.decline);
    },
  };
}

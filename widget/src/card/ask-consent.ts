/**
 * The consent step: when the element has `consent-required` and this version was not accepted
 * yet, an action (a call, a message) waits for Accept. Accept remembers it (consent.ts) and runs
 * the action; Decline forgets what was kept and minimizes the card. Either fires
 * `ringwise-consent`.
 */
import type { CardHost } from '../ports/card-port.ts';
import { consentKey } from '../conversation/element-start.ts';
import { createConsentStore } from './consent.ts';
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
  const needed = () => host.element.hasAttribute('consent-required') && !consent.has(consentKey(host.element));
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
      const version = consentKey(host.element);
      const stored = accepted && consent.set(version);
      host.dispatch('consent', { decision: accepted ? 'accepted' : 'declined', version, stored });
      hooks.render();
      if (accepted) {
        hooks.focusMain();
        void pending.action().then(pending.resolve);
      } else {
        hooks.forget();
        pending.resolve(false);
        host.collapse();
      }
    },
    cancel() {
      question?.resolve(false);
      question = null;
    },
  };
}

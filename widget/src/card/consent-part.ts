/**
 * The card's side of the consent file (consent-file.ts, `voice-widget-consent.js`): without
 * `consent-required` nothing is asked and nothing loads. With it, the element asked for that file
 * beside the card's (element/card-loading.ts mounts the card once both are in), so `ready()` is
 * already settled when the card opens. An attribute set later loads the file at the first action
 * that needs it; until it is in, consent counts as needed (nothing reaches the platform before
 * Accept), and a file that cannot load starts nothing (the next action asks for it again).
 */
import type { CardHost } from '../ports/card-port.ts';
import { consentKey } from '../conversation/element-start.ts';
import type { ConsentHooks, ConsentStep } from './ask-consent.ts';
import type { CardDom } from './template.ts';

/** The consent step, from its file once it is in. */
export interface ConsentPart extends ConsentStep {
  /** `null` when the step can answer now; else its file's load: `true` once in, `false` when it failed. */
  ready(): Promise<boolean> | null;
}

/**
 * Makes the card's consent part; asks for the file at once when the element has `consent-required`.
 * @param failed The file could not be loaded (the card says so: a widget file that did not load).
 */
export function lazyConsent(
  host: CardHost,
  dom: CardDom,
  hooks: ConsentHooks,
  failed: (error: unknown) => void,
): ConsentPart {
  const { element } = host;
  const required = () => element.hasAttribute('consent-required');
  let step: ConsentStep | null = null;
  let loading: Promise<boolean> | null = null;
  const load = () =>
    (loading ??= host.load('consent').then(
      (module) => !!(step = module.consentStep(host, dom, hooks)),
      (error: unknown) => {
        // Said once per action that needed it; the next one asks for the file again.
        loading = null;
        failed(error);
        return false;
      },
    ));
  return {
    ready: () => (required() && !step ? load() : null),
    needed: () => required() && (step?.needed() ?? true),
    asking: () => !!step?.asking(),
    ask: (action) => (!required() ? action() : step ? step.ask(action) : load().then((ok) => ok && step!.ask(action))),
    answer: (accepted) => step?.answer(accepted),
    cancel: () => step?.cancel(),
    forget() {
      if (step) return step.forget();
      try {
        localStorage.removeItem(consentKey(element));
      } catch {
        // Storage blocked: nothing was stored there.
      }
    },
    draw: (labels) => step?.draw(labels),
  };
}

/**
 * The consent question's own file (`voice-widget-consent.js` in the script-tag build; a chunk in the
 * ESM build): the consent step (ask-consent.ts: when to ask, the receipt's storage, the question
 * drawn with its links) and its English texts (i18n/consent-labels.ts). Only owners with
 * `consent-required` use it, so the card file every visitor downloads at the click carries none of
 * it (issue 35): the element asks for this file beside the card's when the attribute is set
 * (element/card-loading.ts), so the visitor waits for no extra round trip; the card's side is
 * consent-part.ts.
 */
import { consentStep } from './ask-consent.ts';

/** What the file exports: the consent step of one card. */
export interface ConsentModule {
  consentStep: typeof consentStep;
}

declare module '../ports/manifest.ts' {
  interface WidgetModules {
    /** The consent question, loaded beside the card when the element has `consent-required`. */
    consent: ConsentModule;
  }
}

export { consentStep };

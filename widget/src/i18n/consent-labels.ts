/**
 * The English of the consent question (its title and text; the `consent-title` and
 * `consent-content` attributes replace them). Only owners with `consent-required` show it, so not in
 * the card file (issue 35): it ships in the consent file (`voice-widget-consent.js`,
 * card/consent-file.ts), which the element asks for beside the card's when the attribute is set.
 * The other languages have them in their locale files. Part of `CardLabels`.
 */
import type { CardLabels } from './labels.ts';

/** The `CardLabels` keys whose English lives here. */
export type ConsentLabelKey = 'consentTitle' | 'consentContent';

/** The consent question's English title and text. */
export const EN_CONSENT_LABELS: Pick<CardLabels, ConsentLabelKey> = {
  consentTitle: 'Before we start',
  consentContent:
    'You are talking to an AI assistant. The conversation is processed by our service providers and may be recorded.',
};

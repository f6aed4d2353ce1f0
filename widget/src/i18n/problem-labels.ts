/**
 * The English of the failures the card explains (status.ts `describeProblem`: the titles, the
 * sentences, the fixes). Rare, so not in the card file (issue 35): they ship in their own file
 * (`voice-widget-problems.js`, card/problems-part.ts), loaded with the first failure; the card
 * keeps `titleCall`, `errorCall`, `titleChat` and `errorChat` as the plain fallback when that
 * file cannot load, and the texts of a widget file that did not load and of the network, which it
 * explains itself (this file would not load then either). The other languages have them in their
 * locale files. Part of `CardLabels`.
 */
import type { CardLabels } from './labels.ts';

/** The `CardLabels` keys whose English lives here. */
export type ProblemLabelKey =
  | 'titleMic'
  | 'titleSetup'
  | 'titleService'
  | 'titleTimeout'
  | 'titleAnswer'
  | 'errorMicDenied'
  | 'errorMicNotFound'
  | 'errorMicBlocked'
  | 'errorApi'
  | 'errorUnauthorized'
  | 'errorBusy'
  | 'errorNotConfigured'
  | 'errorNoTarget'
  | 'errorOverrides'
  | 'errorEnded'
  | 'errorTimeout'
  | 'errorAnswer'
  | 'fixMicDenied'
  | 'fixMicNotFound'
  | 'fixMicBlocked'
  | 'fixSetup'
  | 'fixBusy'
  | 'fixOverrides'
  | 'fixMicBlockedVoice';

/** English failure texts. */
export const EN_PROBLEM_LABELS: Pick<CardLabels, ProblemLabelKey> = {
  titleMic: 'Microphone needed',
  titleSetup: 'Not set up correctly',
  titleService: 'Service unavailable',
  titleTimeout: 'No answer',
  titleAnswer: 'Unreadable answer',
  errorMicDenied: 'Microphone access was denied.',
  errorMicNotFound: 'No microphone was found.',
  errorMicBlocked: 'This page blocks microphone access, so calls cannot start here.',
  errorApi: 'The assistant service answered with an error ({status}).',
  errorUnauthorized: "The assistant service rejected this widget's key.",
  errorBusy: 'The assistant service is busy right now.',
  errorNotConfigured: 'The public key is missing.',
  errorNoTarget: 'No assistant is configured.',
  errorOverrides: 'The assistant settings on this page (assistant-overrides) are not valid JSON.',
  errorEnded: 'The call ended unexpectedly ({reason}).',
  errorTimeout: 'The assistant service did not answer in time.',
  errorAnswer: 'The assistant service sent an answer that could not be read.',
  fixMicDenied: 'Allow the microphone: click the icon at the left of the address bar, then try again.',
  fixMicNotFound: 'Connect a microphone or headset, then try again.',
  fixMicBlocked: 'Type your question instead, or open the site in its own tab.',
  fixSetup: "The site's owner needs to finish setting up this assistant.",
  fixBusy: 'Wait a few seconds, then try again.',
  fixOverrides: "Nothing was sent. The site's owner needs to correct this setting.",
  fixMicBlockedVoice: 'Open this site in its own browser tab to call.',
};

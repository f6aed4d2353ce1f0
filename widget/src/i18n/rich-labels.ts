/**
 * The English texts of suggested replies, feedback and the hand-over (see `RichLabels`). They
 * ship in the rich file (`voice-widget-rich.js`), not in the card: a card that never shows them
 * does not carry them.
 */
import type { RichLabels } from './labels.ts';

/** English rich labels. */
export const EN_RICH_LABELS: RichLabels = {
  suggestions: 'Suggested replies',
  feedbackUp: 'Helpful',
  feedbackDown: 'Not helpful',
  feedbackThanks: 'Thanks for your feedback!',
  rateTitle: 'How was this conversation?',
  rateOption: '{n} of 5',
  rateComment: 'Anything to add? (optional)',
  rateSend: 'Send rating',
  rateSkip: 'Skip',
  handoffDone: 'Your conversation was passed on to a person.',
};

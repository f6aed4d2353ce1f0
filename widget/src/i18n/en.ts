/**
 * `EN_LABELS` (every English text, launcher and card) and `resolveLabels`, for code that renders
 * the texts itself (the React hook's users, docs). The element does not import this module: its
 * loader ships only the launcher's half.
 */
import { EN_AUDIO_LABELS } from './audio-labels.ts';
import { EN_CARD_BASE_LABELS } from './card-labels.ts';
import { EN_CONSENT_LABELS } from './consent-labels.ts';
import { EN_PROBLEM_LABELS } from './problem-labels.ts';
import { EN_RICH_LABELS } from './rich-labels.ts';
import { EN_RECORD_LABELS } from './record-labels.ts';
import { EN_STOP_LABELS } from './stop-labels.ts';
import { EN_LAUNCHER_LABELS, localeLabels, type CardLabels, type VoiceLabels } from './labels.ts';

/** Every English card label: the card file's, its failure texts', audio settings' and consent's (each where used). */
export const EN_CARD_LABELS: CardLabels = {
  ...EN_CARD_BASE_LABELS,
  ...EN_PROBLEM_LABELS,
  ...EN_AUDIO_LABELS,
  ...EN_CONSENT_LABELS,
};

/** Every English label (the default locale). */
export const EN_LABELS: VoiceLabels = {
  ...EN_LAUNCHER_LABELS,
  ...EN_CARD_LABELS,
  ...EN_RICH_LABELS,
  ...EN_STOP_LABELS,
  ...EN_RECORD_LABELS,
};

/**
 * Resolves the labels for a locale: English, overlaid with the locale's labels (`de-AT` falls back
 * to `de`), overlaid with explicit overrides.
 */
export function resolveLabels(locale: string | null | undefined, overrides?: Partial<VoiceLabels>): VoiceLabels {
  return { ...EN_LABELS, ...localeLabels(locale), ...overrides };
}

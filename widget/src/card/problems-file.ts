/**
 * The failure texts' own file (`voice-widget-problems.js` in the script-tag build; a chunk in the
 * ESM build): the English titles, sentences and fixes the card shows for a failure
 * (i18n/problem-labels.ts), loaded by the card with the first failure (problems-part.ts), so the
 * card file a visitor downloads at the click does not carry them (issue 35).
 */
import { EN_PROBLEM_LABELS } from '../i18n/problem-labels.ts';

/** What the file exports: the English failure texts. */
export interface ProblemsModule {
  problemLabels: typeof EN_PROBLEM_LABELS;
}

declare module '../ports/manifest.ts' {
  interface WidgetModules {
    /** The failure texts' English, loaded by the card with the first failure. */
    problems: ProblemsModule;
  }
}

/** The English failure texts (under the locale's and the page's labels). */
export const problemLabels = EN_PROBLEM_LABELS;

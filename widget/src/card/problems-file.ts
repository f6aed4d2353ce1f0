/**
 * The failure texts' own file (`voice-widget-problems.js` in the script-tag build; a chunk in the
 * ESM build): how the card explains a failure (status.ts `describeProblem`) and its English
 * titles, sentences and fixes (i18n/problem-labels.ts), loaded by the card with the first failure
 * (problems-part.ts), so the card file a visitor downloads at the click carries neither (issue 35).
 */
import { describeProblem } from '../conversation/status.ts';
import { EN_PROBLEM_LABELS } from '../i18n/problem-labels.ts';

/** What the file exports: the explanation and the English failure texts. */
export interface ProblemsModule {
  describeProblem: typeof describeProblem;
  problemLabels: typeof EN_PROBLEM_LABELS;
}

declare module '../ports/manifest.ts' {
  interface WidgetModules {
    /** The failure texts, loaded by the card with the first failure. */
    problems: ProblemsModule;
  }
}

export { describeProblem };

/** The English failure texts (under the locale's and the page's labels). */
export const problemLabels = EN_PROBLEM_LABELS;

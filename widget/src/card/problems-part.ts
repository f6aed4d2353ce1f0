/**
 * The card's side of the failure texts' file (problems-file.ts, `voice-widget-problems.js`): the
 * file is asked for with the first failure the card would explain. Until it is in, the card holds
 * that drawing (the previous frame stays: no flash of a generic text, no second announcement);
 * once in, every failure is drawn with its own texts. A file that cannot be loaded still lets the
 * failure be said: the failure is drawn as the generic one ('The call could not connect' /
 * 'Message not sent', whose English the card keeps), and the next failure asks for the file again.
 */
import type { CardHost } from '../ports/card-port.ts';
import type { CallView } from '../conversation/view.ts';
import type { VoiceLabels } from '../i18n/labels.ts';
import type { ProblemsModule } from './problems-file.ts';

/** What one drawing uses: the view as it is drawn and the labels with the failure texts under them. */
export interface ProblemsDrawing {
  readonly view: CallView;
  readonly labels: VoiceLabels;
}

/** The failure texts as the card draws them. */
export interface ProblemsPart {
  /** The drawing of `view` with `labels`; `null`: hold it, the texts are on their way (`render` runs when they are). */
  drawing(view: CallView, labels: VoiceLabels): ProblemsDrawing | null;
}

/** Loads the failure texts with the first failure; `render` draws again when they (or their failure) arrive. */
export function problemsPart(host: CardHost, render: () => void): ProblemsPart {
  let texts: ProblemsModule['problemLabels'] | null = null;
  let loading: Promise<unknown> | null = null;
  /** The failure whose file load failed: drawn as the generic failure. */
  let unexplained: CallView['problem'] = null;
  return {
    drawing(view, labels) {
      // The English texts under the locale's and the page's labels (which the card's labels already hold).
      if (texts) return { view, labels: { ...texts, ...labels } };
      const { problem } = view;
      if (!problem) return { view, labels };
      // The generic failure (status.ts's default case), said with the texts the card keeps.
      // (Without `load`: a file that did not load has texts of its own.)
      if (problem === unexplained)
        return { view: { ...view, problem: { ...problem, type: 'daily-call-join-error', load: undefined } }, labels };
      loading ??= host.load('problems').then(
        (module) => {
          texts = module.problemLabels;
          render();
        },
        () => {
          unexplained = problem;
          loading = null;
          render();
        },
      );
      return null;
    },
  };
}

/**
 * The card's side of the failure texts' file (problems-file.ts, `voice-widget-problems.js`): the
 * file is asked for with the first failure the card would explain. Until it is in, the card holds
 * that drawing (the previous frame stays: no flash of a generic text, no second announcement);
 * once in, every failure is explained by it. A failure a widget file or the network caused is
 * explained by the card itself, at once (that file would not load either: offline, blocked by
 * the page's policy, missing from the folder). A file that cannot be loaded still lets any other
 * failure be said: as the generic one ('The call could not connect' / 'Message not sent', whose
 * English the card keeps, with Try again), and the next failure asks for the file again.
 */
import type { CardHost } from '../ports/card-port.ts';
import { fileOrNetworkProblem, type Explain } from '../conversation/status.ts';
import type { CallView } from '../conversation/view.ts';
import type { VoiceLabels } from '../i18n/labels.ts';
import type { ProblemsModule } from './problems-file.ts';

/** What one drawing uses: the labels with the failure texts under them and how a failure is explained. */
export interface ProblemsDrawing {
  readonly labels: VoiceLabels;
  readonly explain: Explain;
}

/** The failure texts as the card draws them. */
export interface ProblemsPart {
  /** The drawing of `view` with `labels`; `null`: hold it, the texts are on their way (`render` runs when they are). */
  drawing(view: CallView, labels: VoiceLabels): ProblemsDrawing | null;
}

/**
 * The card's own explanation: a failure a widget file or the network caused as the file would
 * explain it (that file would not load either), any other plainly (its file could not be loaded).
 */
const plain: Explain = (problem, labels) =>
  fileOrNetworkProblem(problem, labels) ??
  (problem.source === 'chat'
    ? { title: labels.titleChat, text: labels.errorChat, fix: '', retry: true }
    : { title: labels.titleCall, text: labels.errorCall, fix: '', retry: true });

/** Loads the failure texts with the first failure; `render` draws again when they (or their failure) arrive. */
export function problemsPart(host: CardHost, render: () => void): ProblemsPart {
  let file: ProblemsModule | null = null;
  let loading: Promise<unknown> | null = null;
  /** The failure whose file load failed: explained plainly. */
  let unexplained: CallView['problem'] = null;
  return {
    drawing({ problem }, labels) {
      // The English texts under the locale's and the page's labels (which the card's labels already hold).
      if (file) return { labels: { ...file.problemLabels, ...labels }, explain: file.describeProblem };
      if (!problem || problem === unexplained || fileOrNetworkProblem(problem, labels))
        return { labels, explain: plain };
      loading ??= host.load('problems').then(
        (module) => {
          file = module;
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

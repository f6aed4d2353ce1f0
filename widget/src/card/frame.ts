/**
 * What one drawing of the card reads, worked out once from the conversation's view: the phase
 * flags, the status line, the consent question, the kept call's state and the explanation the
 * error section shows. Pure: the render-*.ts files only draw it.
 */
import type { WidgetMode } from '../chunks/card-port.ts';
import type { RestoreState } from '../conversation/continuity.ts';
import { describeProblem, statusLine, type ProblemInfo, type StatusLine } from '../conversation/status.ts';
import type { CallView } from '../conversation/view.ts';
import type { VoiceLabels } from '../i18n/labels.ts';

/** One drawing's inputs and what follows from them. */
export interface CardFrame {
  readonly view: CallView;
  readonly labels: VoiceLabels;
  readonly mode: WidgetMode;
  readonly idle: boolean;
  /** A call is up (or reconnecting). */
  readonly live: boolean;
  /** A call is loading or starting. */
  readonly connecting: boolean;
  readonly status: StatusLine;
  /** Consent is being asked. */
  readonly asking: boolean;
  /** Where a call kept from another page stands ('none' without `persist`). */
  readonly kept: RestoreState;
  /** What the error section explains (a kept call gone or elsewhere, a failure), when idle. */
  readonly info: ProblemInfo | null;
}

/** Works out a frame. */
export function cardFrame(view: CallView, labels: VoiceLabels, mode: WidgetMode, asking: boolean, kept: RestoreState): CardFrame {
  const { phase, problem } = view;
  const idle = phase === 'idle';
  const keptInfo =
    kept === 'gone'
      ? { title: labels.titleEnded, text: labels.callGone, fix: '', retry: false }
      : kept === 'elsewhere'
        ? { title: labels.returnToCall, text: labels.callElsewhere, fix: '', retry: false }
        : null;
  return {
    view,
    labels,
    mode,
    idle,
    live: phase === 'active' || phase === 'reconnecting',
    connecting: phase === 'loading' || phase === 'starting',
    status: statusLine(view, labels),
    asking,
    kept,
    info: idle && !asking ? (keptInfo ?? (problem ? describeProblem(problem, labels) : null)) : null,
  };
}

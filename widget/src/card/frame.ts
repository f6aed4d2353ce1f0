/**
 * What one drawing of the card reads, worked out once from the conversation's view: the phase
 * flags, the status line, the consent question, the kept call's state and the explanation the
 * error section shows. Pure: the render-*.ts files only draw it.
 */
import type { WidgetMode } from '../ports/card-port.ts';
import type { RestoreState } from '../continuity/continuity.ts';
import {
  formatDuration,
  statusLineWith,
  type Explain,
  type ProblemInfo,
  type StatusLine,
} from '../conversation/status.ts';
import type { CallView } from '../conversation/view.ts';
import { format, type VoiceLabels } from '../i18n/labels.ts';

/** Who ended the last call: the visitor (Hang Up), the connection, else the assistant. */
export type EndedBy = 'visitor' | 'assistant' | 'connection';

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
  /** Hybrid, the microphone failed: the error section offers typing instead. */
  readonly typeInstead: boolean;
  /** After a call: its length (the title) and who ended it. */
  readonly ended: { readonly title: string; readonly text: string } | null;
}

/**
 * Works out a frame. `hungUp`: the visitor hung up the last call (the card saw it); a call that
 * ended on a connection error (`meeting-ended`) was lost; any other end was the assistant's.
 * `talk`: push-to-talk's button, held or not (absent: an open microphone). `explain`: how a
 * failure is explained (problems-part.ts: `describeProblem` from the failure texts' file).
 */
export function cardFrame(
  view: CallView,
  labels: VoiceLabels,
  explain: Explain,
  mode: WidgetMode,
  asking: boolean,
  kept: RestoreState,
  hungUp: boolean,
  talk?: 'held' | 'released',
): CardFrame {
  const { phase, problem } = view;
  const idle = phase === 'idle';
  const keptInfo =
    kept === 'gone'
      ? { title: labels.titleEnded, text: labels.callGone, fix: '', retry: false }
      : kept === 'elsewhere'
        ? { title: labels.returnToCall, text: labels.callElsewhere, fix: '', retry: false }
        : null;
  const lost = problem?.type === 'meeting-ended';
  const by: EndedBy = lost ? 'connection' : hungUp ? 'visitor' : 'assistant';
  const ended =
    idle && !asking && kept === 'none' && (view.ended || lost)
      ? {
          title: format(labels.ended, { duration: formatDuration(view.duration) }),
          text: {
            visitor: labels.endedByVisitor,
            assistant: labels.endedByAssistant,
            connection: labels.endedByConnection,
          }[by],
        }
      : null;
  // Voice only: no field to type into, so a blocked microphone's fix cannot be "type instead".
  const typing = mode !== 'voice';
  const info = idle && !asking && !ended ? (keptInfo ?? (problem ? explain(problem, labels, typing) : null)) : null;
  const mic = !keptInfo && !!problem?.type.startsWith('mic-');
  return {
    view,
    labels,
    mode,
    idle,
    live: phase === 'active' || phase === 'reconnecting',
    connecting: phase === 'loading' || phase === 'starting',
    status: statusLineWith(explain, view, labels, typing, talk),
    asking,
    kept,
    info,
    typeInstead: !!info && mic && mode === 'hybrid',
    ended,
  };
}

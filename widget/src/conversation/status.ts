/**
 * What a conversation UI says about its state, in one place for the card and for the site's hero
 * button: the status line (the card's status chip), what a screen reader should hear (changes
 * that matter, not every flicker of "speaking"), and how each failure is explained (a title, our
 * specific sentence, the one-line fix, whether 'Try again' can help).
 */
import type { StartStage } from '../core/types.ts';
import type { CallProblem, CallView } from './view.ts';
import { format, stageLabelKey, type CardLabels } from '../i18n/labels.ts';
import type { LoadFailure } from './load-failure.ts';

/** The kind of state the status line shows (the card colours its chip by it). */
export type StatusTone = 'idle' | 'connecting' | 'live' | 'speaking' | 'muted' | 'warning' | 'ended' | 'error';

/** The status line of a view. */
export interface StatusLine {
  /** Shown (the status chip, the hero's line). Empty: nothing to show. */
  readonly text: string;
  /**
   * For a polite live region: it changes only when something worth hearing changed (connecting,
   * connected, muted, reconnecting, ended, a failure), not with each start stage or each time
   * the assistant starts or stops speaking.
   */
  readonly announcement: string;
  readonly tone: StatusTone;
}

/** How a failure is explained. */
export interface ProblemInfo {
  readonly title: string;
  /** Our specific sentence. */
  readonly text: string;
  /** The one-line fix ('' when the visitor cannot fix it). */
  readonly fix: string;
  /** Whether trying again can help (a missing key cannot). */
  readonly retry: boolean;
}

/** The label of a start stage ('daily-call-join' → `stageDailyCallJoin`). */
export function stageLabel(stage: StartStage | null, labels: CardLabels): string {
  if (!stage) return '';
  return labels[stageLabelKey(stage)] ?? '';
}

/** `134` → `2:14`; `3723` → `1:02:03`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours ? `${hours}:${pad(minutes)}:${pad(s % 60)}` : `${minutes}:${pad(s % 60)}`;
}

/**
 * Explains a widget file that could not be loaded to the visitor: one plain sentence and 'Try
 * again' (offline: check the connection). The file, its address and the owner's fix go to the
 * console and the `ringwise-error` event (`LoadFailure.help`), not to the visitor.
 */
function loadProblem(failure: LoadFailure, labels: CardLabels): ProblemInfo {
  return {
    title: labels.titleLoad,
    text: failure.reason === 'offline' ? labels.fixNetwork : labels.errorEngine,
    fix: '',
    retry: true,
  };
}

/**
 * Explains a failure a widget file or the network caused, else `null`. The card explains these with
 * texts of its own (card/problems-part.ts): the file with the other failures' texts would not
 * load then either.
 */
export function fileOrNetworkProblem(problem: CallProblem, labels: CardLabels): ProblemInfo | null {
  // A widget file that did not load (the engine, or the daily file under the core's error type).
  if (problem.load) return loadProblem(problem.load, labels);
  if (problem.type === 'engine-load-failed')
    return { title: labels.titleLoad, text: labels.errorEngine, fix: labels.fixEngine, retry: true };
  if (problem.type === 'network-error')
    return { title: labels.titleNetwork, text: labels.errorNetwork, fix: labels.fixNetwork, retry: true };
  return null;
}

/**
 * Explains a failure of a call or of a chat message. `typing`: the visitor has a message field
 * (not voice-only), so a blocked microphone can point to it.
 */
export function describeProblem(problem: CallProblem, labels: CardLabels, typing = true): ProblemInfo {
  const info = (title: string, text: string, fix: string, retry = true): ProblemInfo => ({ title, text, fix, retry });
  const setup = (text: string) => info(labels.titleSetup, text, labels.fixSetup, false);
  const own = fileOrNetworkProblem(problem, labels);
  if (own) return own;
  switch (problem.type) {
    case 'not-configured':
      return setup(labels.errorNotConfigured);
    case 'no-target':
    case 'validation-error':
      return setup(labels.errorNoTarget);
    case 'invalid-overrides':
      return info(labels.titleSetup, labels.errorOverrides, labels.fixOverrides, false);
    case 'mic-permission-denied':
      return info(labels.titleMic, labels.errorMicDenied, labels.fixMicDenied);
    case 'mic-not-found':
      return info(labels.titleMic, labels.errorMicNotFound, labels.fixMicNotFound);
    case 'mic-blocked':
      return info(
        labels.titleMic,
        labels.errorMicBlocked,
        typing ? labels.fixMicBlocked : labels.fixMicBlockedVoice,
        false,
      );
    case 'timeout-error':
      return info(labels.titleTimeout, labels.errorTimeout, labels.fixBusy);
    case 'answer-error':
      // A 2xx answer that cannot be used: never "answered with an error (201)".
      return info(labels.titleAnswer, labels.errorAnswer, labels.fixBusy);
    case 'api-error': {
      const status = problem.status ?? 0;
      if (status === 401 || status === 403) return setup(labels.errorUnauthorized);
      if (status === 429) return info(labels.titleService, labels.errorBusy, labels.fixBusy);
      const text = format(labels.errorApi, { status });
      return status >= 500 ? info(labels.titleService, text, labels.fixBusy) : setup(text);
    }
    case 'meeting-ended':
      return info(labels.titleEnded, format(labels.errorEnded, { reason: problem.reason ?? problem.message }), '');
    default:
      return problem.source === 'chat'
        ? info(labels.titleChat, labels.errorChat, '')
        : info(labels.titleCall, labels.errorCall, '');
  }
}

/**
 * The status line of a view (see `StatusLine`; `typing` as for `describeProblem`). `talk`:
 * push-to-talk's button, held or not (absent: an open microphone); the chip then says whether the
 * visitor is heard.
 */
export function statusLine(view: CallView, labels: CardLabels, typing = true, talk?: 'held' | 'released'): StatusLine {
  return statusLineWith(describeProblem, view, labels, typing, talk);
}

/** Explains a failure: `describeProblem`, or the card's (given with its failure texts' file, card/problems-part.ts). */
export type Explain = (problem: CallProblem, labels: CardLabels, typing?: boolean) => ProblemInfo;

/**
 * `statusLine` with the failure's explanation given: the card's file does not carry
 * `describeProblem` (its failure texts' file does, issue 35), so it uses this one.
 */
export function statusLineWith(
  explain: Explain,
  view: CallView,
  labels: CardLabels,
  typing = true,
  talk?: 'held' | 'released',
): StatusLine {
  const line = (text: string, tone: StatusTone, announcement = text): StatusLine => ({ text, announcement, tone });
  switch (view.phase) {
    case 'loading':
    case 'starting': {
      const stage = stageLabel(view.stage, labels);
      return line(
        stage ? format(labels.connectingStage, { stage }) : `${labels.connecting}…`,
        'connecting',
        `${labels.connecting}…`,
      );
    }
    case 'active':
      if (talk === 'held') return line(labels.talking, 'live');
      if (talk) return line(labels.pushToTalk, 'muted');
      if (view.muted) return line(labels.muted, 'muted');
      return view.speaking ? line(labels.speaking, 'speaking', labels.listening) : line(labels.listening, 'live');
    case 'reconnecting':
      return line(labels.reconnecting, 'warning');
    case 'ending':
      return line(labels.ending, 'ended');
  }
  if (view.chat !== 'idle') return line(labels.typing, 'speaking', '');
  if (view.problem) {
    const { text, fix } = explain(view.problem, labels, typing);
    return line(text, 'error', fix ? `${text} ${fix}` : text);
  }
  if (view.ended) return line(format(labels.ended, { duration: formatDuration(view.duration) }), 'ended');
  return line('', 'idle');
}

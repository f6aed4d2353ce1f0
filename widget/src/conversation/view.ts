/**
 * The state a conversation UI renders (`CallView`), produced by `ConversationController`. Types
 * and the idle view only, so the loader can answer `element.view` before the card is loaded.
 */
import type { MediaTrackLike } from '../core/call-port.ts';
import type { ChatReply } from '../core/chat-client.ts';
import type { CallState, StartStage, VoiceErrorType } from '../core/types.ts';
import type { LoadFailure } from './load-failure.ts';

/** `CallState` plus `loading`: the engine is being fetched before the start. */
export type CallPhase = 'loading' | CallState;

/** Why the last attempt failed: the core's error types plus the widget's own. */
export type ProblemKind = VoiceErrorType | 'engine-load-failed' | 'not-configured' | 'no-target' | 'invalid-overrides';

/** What failed: starting or running a call, or sending a chat message. */
export type ProblemSource = 'call' | 'chat';

/** A failure the UI explains. `message` is technical (for logs); UIs show the labels. */
export interface CallProblem {
  readonly type: ProblemKind;
  readonly message: string;
  /** HTTP status of an `api-error`. */
  readonly status?: number;
  /** Ended reason of a `meeting-ended` error. */
  readonly reason?: string;
  /** @default 'call' */
  readonly source?: ProblemSource;
  /** Which widget file could not be loaded, and why (from the script-tag loader). */
  readonly load?: LoadFailure;
}

/**
 * One turn of the conversation: consecutive speech of one speaker, or one typed message, or one
 * chat reply. `text` is final; `partial` is what is still being said or streamed (shown live,
 * replaced by the final text).
 */
export interface Turn {
  readonly id: number;
  readonly role: 'user' | 'assistant';
  readonly text: string;
  readonly partial: string;
  /** When it began (epoch ms, the view store's clock); 0 for a turn kept by an older page (no time kept). */
  readonly at?: number;
  /** How it arrived: spoken in a call, or typed / streamed as text. */
  readonly via: 'voice' | 'text';
  /**
   * How often `partial` changed other than by growing at its end (absent: never). While it stays
   * the same, a renderer appends only the new end (`partial.slice(shown.length)`), so a streamed
   * reply costs work in proportion to each delta, never a re-read of the message.
   */
  readonly rewrites?: number;
  /** Why the reply was cut short (`length` or `time`): the UI says so under it. */
  readonly cut?: NonNullable<ChatReply['cut']>;
  /**
   * Set when the visitor stopped the assistant mid-turn (Stop, or speaking over it): what it would
   * have said after the cut, never heard (shown greyed, marked "interrupted"). `text` holds only
   * what was heard, so kept and exported transcripts hold that.
   */
  readonly unheard?: string;
  /** The sentence heard so far at the cut, stripped from its later final transcript. */
  readonly cutAt?: string;
}

/** The chat side: `sending` until the first token of the reply, then `streaming`. */
export type ChatPhase = 'idle' | 'sending' | 'streaming';

/** Everything a conversation UI renders. A new object on every change. */
export interface CallView {
  readonly phase: CallPhase;
  readonly muted: boolean;
  readonly speaking: boolean;
  /** 0..1 (from the core: summed remote level / 0.15, capped). */
  readonly volume: number;
  /** Current start stage while `phase === 'starting'`. */
  readonly stage: StartStage | null;
  /** 1-based position of `stage` in `START_STAGES` (0 before the first stage). */
  readonly stageIndex: number;
  readonly audioBlocked: boolean;
  /** The last failure, of a call or of a chat message; cleared by the next attempt or `dismiss()`. */
  readonly problem: CallProblem | null;
  /** The last call ended without an error (cleared by the next start or `dismiss()`). */
  readonly ended: boolean;
  /** Seconds the last call lasted (from connected to ended); 0 before. */
  readonly duration: number;
  /**
   * When the running call connected (epoch ms; 0 without one): the elapsed time. A call rejoined
   * on another page keeps its first connect time.
   */
  readonly connectedAt: number;
  /** The conversation, oldest first. */
  readonly conversation: readonly Turn[];
  readonly chat: ChatPhase;
  /** The assistant's video track while a call with a video provider runs (`video` option on). */
  readonly videoTrack: MediaTrackLike | null;
  /**
   * During a start: the engine handed the join to its call machine (core `VoiceSnapshot.joinSent`);
   * undefined from an engine that does not report it (the card then draws whole at the join's ask).
   */
  readonly joinSent?: boolean;
}

/** The start stages in order (spec §4), for progress display: the core's one list. */
export { START_STAGES } from '../core/start-stages.ts';

/** The view before anything happened. */
export const IDLE_VIEW: CallView = {
  phase: 'idle',
  muted: false,
  speaking: false,
  volume: 0,
  stage: null,
  stageIndex: 0,
  audioBlocked: false,
  problem: null,
  ended: false,
  duration: 0,
  connectedAt: 0,
  conversation: [],
  chat: 'idle',
  videoTrack: null,
};

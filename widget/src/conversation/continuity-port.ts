/**
 * The view model's side of continuity (continuity/): what a kept conversation needs of the
 * controller, which implements it. Types only; continuity sits above the view model and imports
 * this, never the other way round.
 */
import type { AddMessageOptions, ConversationMessage } from '../core/messages.ts';
import type { WebCall } from '../core/types.ts';

/** One turn as it is kept (final text only). */
export interface SavedTurn {
  readonly role: 'user' | 'assistant';
  readonly text: string;
  readonly via: 'voice' | 'text';
  /** When it began (epoch ms), for the transcript's times; absent in entries kept before it was. */
  readonly at?: number;
}

/** The conversation's side, as continuity needs it (the controller implements it). */
export interface ContinuityPort {
  /** Phase of the call and the turns so far. */
  getSnapshot(): {
    readonly phase: string;
    readonly conversation: readonly {
      readonly role: 'user' | 'assistant';
      readonly text: string;
      readonly via: 'voice' | 'text';
    }[];
  };
  subscribe(listener: () => void): () => void;
  /** The running call's web call and when it connected (epoch ms); `null` without a call. */
  liveCall(): { readonly webCall: WebCall; readonly connectedAt: number } | null;
  /** The chat's session id, if a chat has one. */
  sessionId(): string | null;
  /** Shows kept turns and continues the kept chat session (before anything else happens). */
  restore(turns: readonly SavedTurn[], sessionId: string | null): void;
  /** Joins a kept call again; resolves `true` when joined (a failure is the port's to show). */
  rejoin(webCall: WebCall, connectedAt: number): Promise<boolean>;
  addMessage(message: ConversationMessage, options?: AddMessageOptions): void;
}

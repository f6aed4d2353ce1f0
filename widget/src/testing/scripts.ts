/**
 * What the scripted engines (scripted-engines.ts) play: a script for the voice client (how a call
 * starts and what it hears) and one for the chat client (what it answers), written as data so a
 * test, a style guide or a demo page can name a state of the widget without a platform.
 */
import type { VoiceErrorType, VoiceMessage, VoiceSnapshot } from '../core/types.ts';
import type { FailureDetail } from './scripted-voice-client.ts';

/** A failure a script ends with: the error's stable type, and an HTTP status or a reason where one applies. */
export interface ScriptFailure extends FailureDetail {
  type: VoiceErrorType;
}

/** What the scripted voice client does when a call starts. */
export interface VoiceScript {
  /**
   * The snapshot the call settles in: `state: 'active'` connects (then the messages arrive);
   * anything else holds the start there (e.g. `{ state: 'starting', stage: 'daily-call-join' }`).
   */
  snapshot?: Partial<VoiceSnapshot>;
  /** Messages (transcripts, status updates) the call receives once connected. */
  messages?: VoiceMessage[];
  /** The start fails with this (after the `web-call-creation` stage). */
  fail?: ScriptFailure;
  /** The call ends by itself a moment after it connected. */
  end?: boolean;
}

/** What the scripted chat client answers to every message. */
export interface ChatScript {
  /** The reply, streamed word by word. */
  reply: string;
  /** `partial`: the reply stops half-way and keeps streaming until stopped. @default 'done' */
  stream?: 'done' | 'partial';
  /** The message fails with this instead. */
  fail?: ScriptFailure;
}

/** One script for both engines, and whether the voice engine's file loads at all. */
export interface EngineScript {
  readonly voice?: VoiceScript;
  readonly chat?: ChatScript;
  /** The voice engine's file cannot be loaded (`createScriptedModules` rejects it as a failed download). */
  readonly engineFails?: boolean;
}

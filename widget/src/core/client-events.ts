/**
 * Every event name of `VoiceClient`, in one list: the controller forwards them (as DOM events on
 * the element), the tests subscribe to all of them. The check below makes a new event in
 * `VoiceClientEvents` without a place here a type error.
 */
import type { VoiceClientEvents } from './types.ts';

/** Every `VoiceClientEvents` name. */
export const CLIENT_EVENTS = [
  'call-start',
  'call-end',
  'speech-start',
  'speech-end',
  'volume-level',
  'message',
  'call-start-progress',
  'call-start-success',
  'call-start-failed',
  'error',
  'state-change',
  'latency',
] as const satisfies readonly (keyof VoiceClientEvents)[];

/** Names of `VoiceClientEvents` missing from `CLIENT_EVENTS` (must be `never`). */
type Unlisted = Exclude<keyof VoiceClientEvents, (typeof CLIENT_EVENTS)[number]>;
/** Accepts only `never`. */
type OnlyNever<T extends never> = T;
/** Compile-time completeness check (no runtime code): fails to type-check when an event is unlisted. */
export type ClientEventsComplete = OnlyNever<Unlisted>;

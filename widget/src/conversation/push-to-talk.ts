/**
 * Push-to-talk (`input="push-to-talk"`): the call starts with the microphone off, and it is open
 * only while the visitor holds the talk button (pointer, or Space while the button has focus).
 * Framework-free: the card binds the button (`bindHold`) and tells it when the call object exists.
 */
import type { VoiceClientPort } from './engine-port.ts';

/** How the visitor's microphone works in a call (`input` attribute). */
export const INPUT_MODES = ['open', 'push-to-talk'] as const;

/** See `INPUT_MODES`. `open` (the default): the microphone is on unless muted. */
export type InputMode = (typeof INPUT_MODES)[number];

/** The `input` attribute's mode (anything else: `open`). */
export const inputMode = (value: string | null): InputMode => (value === 'push-to-talk' ? value : 'open');

/** The microphone of one push-to-talk card. */
export class PushToTalk {
  /** Whether the talk button is held (the microphone is open). */
  held = false;
  readonly #client: () => Pick<VoiceClientPort, 'setMuted'> | null;
  readonly #changed: () => void;

  /** @param client The live voice client. @param changed The held state changed (re-render). */
  constructor(client: () => Pick<VoiceClientPort, 'setMuted'> | null, changed: () => void = () => {}) {
    this.#client = client;
    this.#changed = changed;
  }

  /**
   * The call object exists (its `daily-call-object-creation` stage completed): the microphone is
   * turned off before the join, so the assistant never hears the room before the visitor talks.
   */
  callCreated(): void {
    this.held = false;
    this.#client()?.setMuted(true);
    this.#changed();
  }

  /** The talk button went down: the microphone opens. */
  press(): void {
    if (this.held) return;
    this.held = true;
    this.#client()?.setMuted(false);
    this.#changed();
  }

  /** The talk button went up (or lost focus or the pointer): the microphone closes. */
  release(): void {
    if (!this.held) return;
    this.held = false;
    this.#client()?.setMuted(true);
    this.#changed();
  }
}

/**
 * Binds a talk button: pressed while the primary pointer is down on it (captured, so a drag off
 * it still ends the hold on release) or while Space is held with the button focused; blur,
 * pointer cancel and lost capture release it. Returns the remover.
 */
export function bindHold(button: HTMLElement, talk: Pick<PushToTalk, 'press' | 'release'>): () => void {
  const press = () => talk.press();
  const release = () => talk.release();
  const listeners: [string, (event: Event) => void][] = [
    [
      'pointerdown',
      (event) => {
        const pointer = event as PointerEvent;
        if (pointer.button !== 0) return;
        button.setPointerCapture?.(pointer.pointerId);
        press();
      },
    ],
    ['pointerup', release],
    ['pointercancel', release],
    ['lostpointercapture', release],
    ['blur', release],
    [
      'keydown',
      (event) => {
        const key = event as KeyboardEvent;
        if (key.key !== ' ') return;
        // Space would also "click" the button (and scroll the page): holding is the action here.
        key.preventDefault();
        if (!key.repeat) press();
      },
    ],
    ['keyup', (event) => (event as KeyboardEvent).key === ' ' && release()],
  ];
  for (const [type, listener] of listeners) button.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of listeners) button.removeEventListener(type, listener);
    release();
  };
}

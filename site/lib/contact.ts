/**
 * The contact form's logic, free of React and of supabase-js: validation (contact-validation.ts:
 * limits, trimming, per-field messages), sending (contact-send.ts: the insert port, the timeout,
 * the failure messages) and, here, the modal's state machine. The one module the modal and the
 * tests import.
 */
export * from './contact-validation.ts';
export * from './contact-send.ts';
/** The shared character classes (trimmed edges, control characters, invisible ones). */
export * from './contact-characters.ts';

/** After a successful send, the modal closes after this long (spec: 2 seconds). */
export const SUCCESS_CLOSE_DELAY_MS = 2000;

/** The modal's states (spec §4): idle → sending → success | error. */
export type ContactStatus = 'idle' | 'sending' | 'success' | 'error';

/** The modal's state. */
export interface ContactState {
  status: ContactStatus;
  /** The message of the error state. */
  error: string | null;
}

/** Events of the modal's state machine. */
export type ContactEvent =
  | { type: 'submit' }
  | { type: 'succeeded' }
  | { type: 'failed'; message: string }
  /** The modal closed (by the visitor, or the auto-close after success). */
  | { type: 'closed' };

/** The state the modal starts in. */
export const INITIAL_CONTACT_STATE: ContactState = { status: 'idle', error: null };

/**
 * The state machine. A submit while sending is ignored (one insert per click burst); closing is
 * ignored while sending (the close button, Escape and the backdrop are disabled then).
 */
export function contactReducer(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'submit':
      return state.status === 'sending' ? state : { status: 'sending', error: null };
    case 'succeeded':
      return state.status === 'sending' ? { status: 'success', error: null } : state;
    case 'failed':
      return state.status === 'sending' ? { status: 'error', error: event.message } : state;
    case 'closed':
      return state.status === 'sending' ? state : INITIAL_CONTACT_STATE;
  }
}

import { atom } from 'nanostores';

/**
 * Whether the contact modal is open. Every 'Get in Contact' button (header, mobile menu, hero,
 * contact section) calls `openContact`; the ContactModal island renders from this store.
 */
export const $contactOpen = atom(false);

/** Opens the contact modal. */
export function openContact(): void {
  $contactOpen.set(true);
}

/** Closes the contact modal. */
export function closeContact(): void {
  $contactOpen.set(false);
}

/**
 * The summary of a conversation handed over by the site's assistant (the widget's
 * `ringwise-handoff`), or null. While set, the contact modal shows it in its message field and
 * the request records that it came from the assistant; closing the modal clears it.
 */
export const $contactHandoff = atom<string | null>(null);

/** How a hand-over ended: the request was sent, or the modal closed without it. */
export type HandoffOutcome = 'sent' | 'cancelled';

/** Tells the open hand-over's opener its outcome (once). */
let settle: ((outcome: HandoffOutcome) => void) | null = null;

function settleHandoff(outcome: HandoffOutcome): void {
  const done = settle;
  settle = null;
  done?.(outcome);
}

/**
 * Opens the contact modal for a hand-over from the assistant, its message prefilled with
 * `summary`. Resolves `'sent'` once the request was sent (`handoffSent`), `'cancelled'` when the
 * modal closes without it (or another hand-over takes its place): the widget says "passed on"
 * only for the first.
 */
export function openContactFromAssistant(summary: string): Promise<HandoffOutcome> {
  settleHandoff('cancelled');
  const outcome = new Promise<HandoffOutcome>((resolve) => (settle = resolve));
  $contactHandoff.set(summary);
  openContact();
  return outcome;
}

// However the modal closes (its ×, Escape, the backdrop, after success), a hand-over still
// waiting for its outcome was not sent.
$contactOpen.listen((open) => open || settleHandoff('cancelled'));

/** The contact request was sent: an open hand-over's opener hears `'sent'`. */
export function handoffSent(): void {
  settleHandoff('sent');
}

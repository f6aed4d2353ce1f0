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

/** Opens the contact modal for a hand-over from the assistant, its message prefilled with `summary`. */
export function openContactFromAssistant(summary: string): void {
  $contactHandoff.set(summary);
  openContact();
}

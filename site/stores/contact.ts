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

/**
 * The contact modal's page-level wiring (site/islands/ContactModal.tsx, ContactDialog.tsx):
 * listeners on the whole document (intent on a 'Get in Contact' button, the assistant's handoff,
 * Escape while sending), the hand-over's prefill and the dialog's Tab cycle. Each hook adds its listeners on mount and removes them on unmount.
 */
import { useEffect, type Dispatch, type KeyboardEvent, type SetStateAction } from 'react';
import { $contactHandoff, openContactFromAssistant } from '../stores/contact.ts';
import { handoffSummary, readHandoffTurns } from '../lib/handoff-summary.ts';
import type { ContactFormValues } from '../lib/contact.ts';

/** What Tab can reach inside the dialog. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), textarea:not([disabled]), [tabindex="0"]';

/** Buttons that open the modal outside islands carry this attribute (see pages/index.astro). */
const TRIGGER_SELECTOR = '[data-open-contact]';

/** Intent: pointer or keyboard focus on a 'Get in Contact' button calls `prefetch`. */
export function usePrefetchOnIntent(prefetch: () => void): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(TRIGGER_SELECTOR)) prefetch();
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [prefetch]);
}

/**
 * The site's assistant hands the conversation over to a person (the widget's `ringwise-handoff`,
 * which bubbles out of its shadow root): open the modal with the message prefilled, for the
 * visitor to edit, and answer the event with the outcome (its `respondWith`), so the widget says
 * "passed on" only once the request was sent. In the island, so a hand-over before the dialog's
 * file arrived is not missed.
 */
export function useAssistantHandoff(): void {
  useEffect(() => {
    const onHandoff = (event: Event) => {
      const detail = (event as CustomEvent<{ respondWith?: unknown } | null>).detail;
      const outcome = openContactFromAssistant(handoffSummary(readHandoffTurns(detail)));
      if (typeof detail?.respondWith === 'function') (detail.respondWith as (answer: typeof outcome) => void)(outcome);
    };
    document.addEventListener('ringwise-handoff', onHandoff);
    return () => document.removeEventListener('ringwise-handoff', onHandoff);
  }, []);
}

/** The dialog's message field takes the hand-over's summary (now, if one is open, and at each new one). */
export function useHandoffPrefill(setValues: Dispatch<SetStateAction<ContactFormValues>>): void {
  useEffect(
    () =>
      $contactHandoff.subscribe((summary) => {
        if (summary !== null) setValues((prev) => ({ ...prev, additionalInfo: summary }));
      }),
    [setValues],
  );
}

/**
 * While sending, Escape must not close the dialog wherever focus is (the focused submit button
 * was just disabled). Cancelling the keydown stops the browser's close request before it starts;
 * the dialog's cancel event alone is not enough, as Chrome stops honouring preventDefault on
 * repeated Escapes without user activation.
 */
export function useEscapeGuard(sending: boolean): void {
  useEffect(() => {
    if (!sending) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') event.preventDefault();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [sending]);
}

/** The dialog's keydown: Tab and Shift+Tab cycle through what is visible and focusable inside it. */
export function cycleTabFocus(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  // The page behind is inert already; wrapping here also keeps Tab from leaving for the
  // browser's own UI, so focus cycles through the dialog.
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

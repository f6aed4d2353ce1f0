/**
 * The contact modal's dialog (spec §2, §4): a native modal `<dialog>` opened through the shared
 * store ($contactOpen) by every 'Get in Contact' button. showModal() makes the page behind inert,
 * keeps Tab inside and gives Escape; focus returns to the trigger on close. States idle → sending
 * → success (closes itself after 2 s) | error, from site/lib/contact.ts. The form's fields are
 * ContactForm.tsx; this file is the dialog: opening and closing, focus, the states, and the send.
 * It is not an island of its own: the ContactModal island (ContactModal.tsx) loads it on intent
 * or at the first open, and it starts loading supabase-js as it mounts (never with the page).
 */
import {
  useCallback,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type MouseEvent,
  type SyntheticEvent,
} from 'react';
import { siteConfig } from '../../content/site.ts';
import { contactModalCopy as copy } from '../../content/ui.ts';
import { $contactHandoff, $contactOpen, closeContact, handoffSent } from '../stores/contact.ts';
import {
  EMPTY_FORM,
  INITIAL_CONTACT_STATE,
  SUCCESS_CLOSE_DELAY_MS,
  contactReducer,
  sendContactRequest,
  requestIdentity,
  type RequestIdentity,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactFormValues,
  type ContactInsert,
} from '../lib/contact.ts';
import { loadContactInsert, resolveContactBackend } from '../lib/contact-backend.ts';
import { BASE } from '../lib/base-path.ts';
import { ContactForm } from './ContactForm.tsx';
import { cycleTabFocus, useEscapeGuard, useHandoffPrefill } from './contact-modal-events.ts';
import type { ContactModalProps } from './ContactModal.tsx';

/** The real insert port: supabase-js for the configured backend, loaded once per page. */
function loadConfiguredInsert(): Promise<ContactInsert> {
  return loadContactInsert(resolveContactBackend(siteConfig.supabase, window.location.origin + BASE));
}

/** The dialog (its props are the island's). */
export function ContactDialog({ loadInsert = loadConfiguredInsert }: ContactModalProps) {
  const [state, dispatch] = useReducer(contactReducer, INITIAL_CONTACT_STATE);
  const [values, setValues] = useState<ContactFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<ContactErrors>({});
  const dialogRef = useRef<HTMLDialogElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<Element | null>(null);
  const inFlight = useRef(false);
  // The request id of the submission being sent: kept while its content stays the same (a retry).
  const identity = useRef<RequestIdentity | null>(null);
  const pressedOnBackdrop = useRef(false);
  const id = useId();
  const sending = state.status === 'sending';
  // Starts loading the insert port ahead of the first submit; errors surface at submit time.
  const prefetch = useCallback(() => {
    loadInsert().catch(() => {});
  }, [loadInsert]);

  // It mounts on intent or at the first open: the insert port starts loading now.
  useEffect(prefetch, [prefetch]);
  useHandoffPrefill(setValues);
  useEscapeGuard(sending);

  // Store → dialog, imperatively on every change; the store is the one truth of open or closed.
  // A render-driven effect would miss a quick close-then-reopen (true → false → true between two
  // renders leaves `open` unchanged), leaving the dialog shut while the store says open.
  // `subscribe` also runs once with the current value, so a button pressed before this island
  // hydrated still opens it. Closing resets the form state and gives focus back to the trigger.
  useEffect(
    () =>
      $contactOpen.subscribe((open) => {
        const dialog = dialogRef.current;
        if (!dialog) return;
        if (open) {
          if (dialog.open) return;
          triggerRef.current = document.activeElement;
          prefetch();
          dialog.showModal();
          nameRef.current?.focus();
          return;
        }
        if (dialog.open) dialog.close();
        $contactHandoff.set(null);
        dispatch({ type: 'closed' });
        setErrors({});
        const trigger = triggerRef.current;
        triggerRef.current = null;
        if (trigger instanceof HTMLElement && trigger.isConnected) trigger.focus();
      }),
    [prefetch],
  );

  // Success: announce, then close after the spec's 2 seconds.
  useEffect(() => {
    if (state.status !== 'success') return;
    successRef.current?.focus();
    const timer = setTimeout(() => closeContact(), SUCCESS_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.status]);

  // Error: give focus back to the submit button (it was disabled while sending), ready to retry.
  useEffect(() => {
    if (state.status === 'error') submitRef.current?.focus();
  }, [state.status, state.error]);

  /**
   * The native dialog closed. The store already says so when we closed it (the subscription, or
   * Escape through onCancel); this only catches a close the store did not see. The event comes a
   * task later, and a visitor may have reopened the modal meanwhile (Escape, then Enter on the
   * trigger: input runs before queued tasks), so a close event for an open dialog is stale.
   */
  const onClose = useCallback(() => {
    if (!dialogRef.current?.open) closeContact();
  }, []);

  const requestClose = () => {
    if (!inFlight.current) closeContact();
  };

  // Escape: cancel is the dialog's close request; refuse it while sending, else close through
  // the store at once, so an Enter on the trigger right after reopens the modal.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (inFlight.current) event.preventDefault();
    else closeContact();
  };

  // Backdrop: the panel fills the dialog box, so a press and release on the dialog element itself
  // happened on the backdrop (a drag that starts in a field and ends outside does not count).
  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) requestClose();
    pressedOnBackdrop.current = false;
  };

  const onChange = (field: keyof ContactFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.currentTarget.value;
    setValues((prev) => ({ ...prev, [field]: value }));
    if (field !== 'honeypot') setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return; // a double click sends one request
    const checked = validateContact(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      // The fields in form order (content/ui.ts lists them so): focus goes to the first invalid one.
      const first = (Object.keys(copy.fields) as ContactField[]).find((f) => checked.errors[f]);
      if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setErrors({});
    inFlight.current = true;
    dispatch({ type: 'submit' });
    const row =
      $contactHandoff.get() === null ? checked.submission : { ...checked.submission, source: 'assistant' as const };
    if (!checked.isBot) identity.current = requestIdentity(row, identity.current);
    const outcome = checked.isBot
      ? ({ ok: true } as const) // honeypot filled: pretend success, send nothing
      : await sendContactRequest({ ...row, request_id: identity.current!.id }, loadInsert());
    inFlight.current = false;
    if (outcome.ok) {
      // A hand-over from the assistant was really passed on: its widget may say so now.
      handoffSent();
      identity.current = null;
      setValues(EMPTY_FORM);
      dispatch({ type: 'succeeded' });
    } else {
      console.error('Contact request failed:', outcome.cause);
      dispatch({ type: 'failed', message: outcome.message });
    }
  };

  const success = state.status === 'success';
  const titleId = `${id}-title`;
  const introId = `${id}-intro`;

  return (
    <dialog
      ref={dialogRef}
      className="contact-dialog"
      aria-labelledby={titleId}
      aria-describedby={success ? undefined : introId}
      onClose={onClose}
      onCancel={onCancel}
      onKeyDown={cycleTabFocus}
      onMouseDown={onMouseDown}
      onClick={onClick}
    >
      <div className="contact-panel">
        <button
          type="button"
          className="contact-close"
          onClick={requestClose}
          disabled={sending}
          aria-label={copy.close}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>

        {success ? (
          <div className="contact-success" ref={successRef} tabIndex={-1}>
            <div className="contact-success-mark" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="32" height="32" focusable="false">
                <path
                  d="M5 12.5l4.5 4.5L19 7.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.6"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </div>
            <h2 id={titleId}>{copy.successTitle}</h2>
            <p>{copy.successText}</p>
            <p className="contact-success-note">{copy.successNote}</p>
          </div>
        ) : (
          <>
            <h2 id={titleId}>{copy.title}</h2>
            <p id={introId} className="contact-intro">
              {copy.intro}
            </p>
            {state.status === 'error' && (
              <div className="contact-error" role="alert">
                {state.error}
              </div>
            )}
            <ContactForm
              id={id}
              values={values}
              errors={errors}
              sending={sending}
              nameRef={nameRef}
              submitRef={submitRef}
              onChange={onChange}
              onSubmit={onSubmit}
            />
          </>
        )}

        <p className="visually-hidden" role="status">
          {sending ? copy.sendingStatus : success ? `${copy.successTitle} ${copy.successNote}` : ''}
        </p>

        <p className="contact-footer">
          {copy.emailPrompt} <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
        </p>
      </div>
    </dialog>
  );
}

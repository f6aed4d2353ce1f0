/**
 * The contact modal's island (spec §2, §4), hydrated when the browser is idle: a small part that
 * waits for the visitor. The dialog itself (ContactDialog.tsx: the form, its states and the send,
 * about 4 KB gzip with its imports) is loaded on intent (pointer or keyboard focus on a 'Get in
 * Contact' button) or when the modal is opened (a button, the assistant's hand-over), and then
 * stays. An open asked before it arrived is not lost: the store says open, and the dialog opens
 * itself from the store as it mounts. If its file cannot be loaded, a plain dialog says so and
 * gives the email address, and the next open tries again.
 */
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { siteConfig } from '../../content/site.ts';
import { contactModalCopy as copy } from '../../content/ui.ts';
import { $contactOpen, closeContact } from '../stores/contact.ts';
import type { ContactInsert } from '../lib/contact.ts';
import { useAssistantHandoff, usePrefetchOnIntent } from './contact-modal-events.ts';
import './contact-modal.css';

/** Props of the contact modal. The page passes none; brand and addresses come from the site config. */
export interface ContactModalProps {
  /**
   * Loads the port that inserts one submission. Called when the dialog mounts (on intent or at the
   * first open), at each open and at each submit (it should cache its result). @default
   * supabase-js for the configured backend (site/lib/contact-backend.ts)
   */
  loadInsert?: () => Promise<ContactInsert>;
}

/** The dialog component, once its file has been loaded on this page. */
export type ContactDialogComponent = ComponentType<ContactModalProps>;

let loaded: ContactDialogComponent | null = null;
let loading: Promise<ContactDialogComponent> | null = null;

/** Loads the dialog's file once per page (again after a failure). */
export function loadContactDialog(): Promise<ContactDialogComponent> {
  loading ??= import('./ContactDialog.tsx').then(
    (module) => (loaded = module.ContactDialog),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** What the island shows: nothing yet (waiting or loading), the dialog, or the plain dialog that says it could not load. */
type Shown =
  { kind: 'waiting' } | { kind: 'loading' } | { kind: 'dialog'; Dialog: ContactDialogComponent } | { kind: 'failed' };

/** The island. `loadDialog` is the dialog's loader (tests pass one that fails). */
export default function ContactModal({
  loadDialog = loadContactDialog,
  ...props
}: ContactModalProps & { loadDialog?: () => Promise<ContactDialogComponent> }) {
  const [shown, setShown] = useState<Shown>(() => (loaded ? { kind: 'dialog', Dialog: loaded } : { kind: 'waiting' }));
  const waiting = shown.kind === 'waiting';
  const load = useCallback(() => {
    if (!waiting) return;
    setShown({ kind: 'loading' });
    loadDialog().then(
      (Dialog) => setShown({ kind: 'dialog', Dialog }),
      (error: unknown) => {
        console.error('The contact form could not be loaded:', error);
        // Said only to a visitor who asked for the form; intent alone just tries again next time.
        setShown($contactOpen.get() ? { kind: 'failed' } : { kind: 'waiting' });
      },
    );
  }, [loadDialog, waiting]);

  usePrefetchOnIntent(waiting ? load : noop);
  useAssistantHandoff();
  // `subscribe` runs once with the current value: a button pressed before this island hydrated
  // (queued by the page's early-click script) opens it too.
  useEffect(() => $contactOpen.subscribe((open) => open && load()), [load]);

  if (shown.kind === 'dialog') return <shown.Dialog {...props} />;
  return shown.kind === 'failed' ? <LoadFailed onClosed={() => setShown({ kind: 'waiting' })} /> : null;
}

const noop = () => {};

/** The plain dialog for a form that could not be loaded: what happened and the email address. */
function LoadFailed({ onClosed }: { onClosed: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (!ref.current?.open) ref.current?.showModal();
    return $contactOpen.listen((open) => open || onClosed());
  }, [onClosed]);
  return (
    <dialog ref={ref} className="contact-dialog" aria-labelledby="contact-failed-title" onClose={closeContact}>
      <div className="contact-panel">
        <h2 id="contact-failed-title">{copy.title}</h2>
        <p className="contact-error" role="alert">
          {copy.loadFailed} <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
        </p>
        <button type="button" className="btn btn-primary" onClick={closeContact}>
          {copy.close}
        </button>
      </div>
    </dialog>
  );
}

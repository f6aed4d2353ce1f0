/**
 * The contact modal's form (spec §2, §3): the four labelled fields with their error messages and
 * the message's character counter, the honeypot, and the submit button. It holds no state: the
 * dialog (ContactModal.tsx) owns the values, the errors and the send, and disables the whole
 * fieldset while sending.
 */
import type { ChangeEvent, FormEvent, ReactNode, Ref } from 'react';
import { contactModalCopy as copy } from '../../content/ui.ts';
import {
  CONTACT_LIMITS,
  charLength,
  type ContactErrors,
  type ContactField,
  type ContactFormValues,
} from '../lib/contact.ts';

/** Props of the contact form. */
export interface ContactFormProps {
  /**
   * Prefix of every id in the form (the dialog's `useId()`), unique on the page. Each control's
   * `name` is its field (`name`, `businessName`…), so the dialog finds one through `form.elements`.
   */
  id: string;
  /** What the visitor typed. */
  values: ContactFormValues;
  /** The message under each invalid field. */
  errors: ContactErrors;
  /** True while the request is on its way: the fieldset is disabled and the button says so. */
  sending: boolean;
  /** The name field: the dialog focuses it on open. */
  nameRef: Ref<HTMLInputElement>;
  /** The submit button: the dialog gives it focus back after a failed send. */
  submitRef: Ref<HTMLButtonElement>;
  /** The change handler of a field (or the honeypot). */
  onChange: (field: keyof ContactFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  /** The form was submitted. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** Props every form control of the modal receives: its value and change handler too. */
interface FieldProps {
  id: string;
  name: string;
  required: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/** The form: fields, honeypot, submit. */
export function ContactForm({ id, values, errors, sending, nameRef, submitRef, onChange, onSubmit }: ContactFormProps) {
  // The label is the field's (content/ui.ts): one table for the form and the validation messages.
  const field = (name: ContactField, input: (props: FieldProps) => ReactNode) => {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const counterId = `${inputId}-count`;
    const error = errors[name];
    // The message is the one optional field, and the one with a character counter under it.
    const required = name !== 'additionalInfo';
    const describedBy = `${error ? errorId : ''} ${required ? '' : counterId}`.trim() || undefined;
    return (
      <div className="contact-field">
        <label htmlFor={inputId}>
          {copy.fields[name]}
          {required ? <span aria-hidden="true"> *</span> : <span className="contact-optional"> {copy.optional}</span>}
        </label>
        {input({
          id: inputId,
          name,
          required,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          value: values[name],
          onChange: onChange(name),
        })}
        {!required && (
          <p className="contact-count" id={counterId}>
            {charLength(values.additionalInfo.trim())} / {CONTACT_LIMITS.additionalInfo} {copy.counterUnit}
          </p>
        )}
        {error && (
          <p className="contact-field-error" id={errorId}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="contact-form" onSubmit={onSubmit}>
      <fieldset disabled={sending}>
        <legend className="visually-hidden">{copy.legend}</legend>
        {field('name', (p) => (
          <input {...p} ref={nameRef} type="text" autoComplete="name" />
        ))}
        {field('businessName', (p) => (
          <input {...p} type="text" autoComplete="organization" />
        ))}
        {field('email', (p) => (
          <input {...p} type="email" autoComplete="email" />
        ))}
        {field('additionalInfo', (p) => (
          <textarea {...p} rows={4} />
        ))}
        {/* Honeypot: invisible to people and to assistive technology; bots fill it. Browser
            autofill fills hidden fields too (Chromium ignores autocomplete="off" for
            addresses), matching on name, id, label and autocomplete tokens: none of those
            here carries a word it keys on, and password managers are told to skip it. */}
        <div className="contact-hp" aria-hidden="true">
          <label htmlFor={`${id}-trap`}>{copy.trapLabel}</label>
          <input
            id={`${id}-trap`}
            name="leave-empty"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            data-1p-ignore=""
            data-lpignore="true"
            data-bwignore=""
            data-form-type="other"
            value={values.honeypot}
            onChange={onChange('honeypot')}
          />
        </div>
        <button ref={submitRef} type="submit" className="btn btn-primary contact-submit">
          {sending ? copy.sending : copy.submit}
        </button>
      </fieldset>
    </form>
  );
}

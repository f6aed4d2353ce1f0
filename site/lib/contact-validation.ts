/**
 * The contact form's validation, free of React and of the backend: the field limits (mirroring the
 * database's CHECK constraints), the form's values, and the trimming and checks that turn them into
 * the row to insert or into a message per field.
 *
 * The SQL migration (supabase/migrations/*_contact_submissions.sql) is the source of truth for the
 * limits; a unit test parses it and fails when these constants drift from it.
 */
import { contactModalCopy } from '../../content/ui.ts';
import {
  CONTACT_CONTROL_CHARACTERS,
  CONTACT_EDGE_CHARACTERS,
  CONTACT_INFO_CONTROL_CHARACTERS,
  CONTACT_INVISIBLE_CHARACTERS,
  hasVisibleCharacter,
} from './contact-characters.ts';

/** Longest value of each field, in characters (Unicode code points, like Postgres' char_length). */
export const CONTACT_LIMITS = {
  name: 100,
  businessName: 200,
  email: 254,
  additionalInfo: 2000,
} as const;

const EDGES = new RegExp(`^[${CONTACT_EDGE_CHARACTERS}]+|[${CONTACT_EDGE_CHARACTERS}]+$`, 'gu');

const CONTROL = new RegExp(`[${CONTACT_CONTROL_CHARACTERS}]`, 'u');
const INFO_CONTROL = new RegExp(`[${CONTACT_INFO_CONTROL_CHARACTERS}]`, 'u');
const EMAIL_INVISIBLE = new RegExp(`[${CONTACT_INVISIBLE_CHARACTERS}]`, 'u');

/** The e-mail shape the database accepts: one @, no whitespace, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's state (spec §3): what the visitor typed, plus the honeypot. */
export interface ContactFormValues {
  name: string;
  businessName: string;
  email: string;
  additionalInfo: string;
  /**
   * The honeypot: hidden from people and from assistive technology, and named so that no
   * autofill fills it; bots that fill it are dropped silently.
   */
  honeypot: string;
}

/** An empty form. */
export const EMPTY_FORM: Readonly<ContactFormValues> = {
  name: '',
  businessName: '',
  email: '',
  additionalInfo: '',
  honeypot: '',
};

/** The row inserted into contact_submissions. */
export interface ContactSubmission {
  name: string;
  business_name: string;
  email: string;
  /** null when the visitor left it empty. */
  additional_info: string | null;
  /**
   * Set only when the modal was opened by the widget's hand-over to a person; the database's
   * default is 'form' (supabase/migrations/*_contact_source.sql).
   */
  source?: 'assistant';
  /**
   * Made once per submission and sent with each try of it (contact-send.ts, requestIdentity): the
   * database keeps one row per id, so a retry never stores a second one.
   */
  request_id?: string;
}

/** A field the visitor fills. */
export type ContactField = 'name' | 'businessName' | 'email' | 'additionalInfo';

/** Per-field messages for the visitor. */
export type ContactErrors = Partial<Record<ContactField, string>>;

/** Visible labels (spec §2, written in content/ui.ts), also used in messages. */
export const FIELD_LABELS: Readonly<Record<ContactField, string>> = contactModalCopy.fields;

/** Length in Unicode code points (an emoji counts once, as in Postgres). */
export function charLength(text: string): number {
  return [...text].length;
}

/** Result of {@link validateContact}. */
export type ContactValidation =
  { ok: true; submission: ContactSubmission; isBot: boolean } | { ok: false; errors: ContactErrors };

/**
 * Trims every value and checks it against the database's rules, so the visitor hears about a
 * problem before sending. On success returns the row to insert (`additional_info` null when
 * empty) and whether the honeypot was filled.
 */
export function validateContact(values: ContactFormValues): ContactValidation {
  const trim = (value: string) => value.replace(EDGES, '');
  const name = trim(values.name);
  const businessName = trim(values.businessName);
  const email = trim(values.email);
  const additionalInfo = trim(values.additionalInfo);
  const errors: ContactErrors = {};
  const required = (field: ContactField, value: string) => {
    if (value === '') errors[field] = `Please enter your ${FIELD_LABELS[field].toLowerCase()}.`;
    else visibleOrEmpty(field, value);
  };
  // A value of only invisible characters (a braille blank, a Hangul filler, a soft hyphen…)
  // looks empty to whoever reads it, and the database refuses it.
  const visibleOrEmpty = (field: ContactField, value: string) => {
    if (value !== '' && !hasVisibleCharacter(value))
      errors[field] = `${FIELD_LABELS[field]} has only invisible characters. Please type it again.`;
  };
  const bounded = (field: ContactField, value: string) => {
    const length = charLength(value);
    const max = CONTACT_LIMITS[field];
    if (length > max) errors[field] = `${FIELD_LABELS[field]} is too long: ${length} characters, at most ${max}.`;
  };
  // Invisible characters the database refuses inside a value (pasted from a terminal or a
  // spreadsheet): said here, before sending, rather than by the server afterwards.
  const visible = (field: ContactField, value: string, control: RegExp) => {
    if (control.test(value))
      errors[field] = `${FIELD_LABELS[field]} contains an invisible control character. Please retype it.`;
  };
  required('name', name);
  visible('name', name, CONTROL);
  bounded('name', name);
  required('businessName', businessName);
  visible('businessName', businessName, CONTROL);
  bounded('businessName', businessName);
  if (email === '') errors.email = 'Please enter your email address.';
  else if (EMAIL_INVISIBLE.test(email))
    errors.email = 'Please enter a valid email address: this one contains a space or an invisible character.';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Please enter a valid email address, like name@company.com.';
  bounded('email', email);
  visible('additionalInfo', additionalInfo, INFO_CONTROL);
  visibleOrEmpty('additionalInfo', additionalInfo);
  bounded('additionalInfo', additionalInfo);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    isBot: values.honeypot.trim() !== '',
    submission: {
      name,
      business_name: businessName,
      email,
      additional_info: additionalInfo === '' ? null : additionalInfo,
    },
  };
}

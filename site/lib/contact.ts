/**
 * The contact form's logic, free of React and of supabase-js: the field limits (mirroring the
 * database's CHECK constraints), validation and trimming, the state machine of the modal, and
 * sending one request through an injected insert port with a timeout.
 *
 * The SQL migration (supabase/migrations/*_contact_submissions.sql) is the source of truth for the
 * limits; a unit test parses it and fails when these constants drift from it.
 */

/** Longest value of each field, in characters (Unicode code points, like Postgres' char_length). */
export const CONTACT_LIMITS = {
  name: 100,
  businessName: 200,
  email: 254,
  additionalInfo: 2000,
} as const;

/** The e-mail shape the database accepts: one @, no whitespace, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** After a successful send, the modal closes after this long (spec: 2 seconds). */
export const SUCCESS_CLOSE_DELAY_MS = 2000;

/** A send that has not been answered after this long ends in the error state. */
export const SUBMIT_TIMEOUT_MS = 15_000;

/** Shown when a failure carries no message of the backend's (spec §8). */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';
/** Shown when the request timed out. */
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';
/** Shown when the backend could not be reached at all. */
export const NETWORK_MESSAGE = 'Could not reach the server. Please check your connection and try again.';

/** The form's state (spec §3): what the visitor typed, plus the honeypot. */
export interface ContactFormValues {
  name: string;
  businessName: string;
  email: string;
  additionalInfo: string;
  /** Hidden from people; bots that fill it are dropped silently. */
  website: string;
}

/** An empty form. */
export const EMPTY_FORM: Readonly<ContactFormValues> = { name: '', businessName: '', email: '', additionalInfo: '', website: '' };

/** The row inserted into contact_submissions. */
export interface ContactSubmission {
  name: string;
  business_name: string;
  email: string;
  /** null when the visitor left it empty. */
  additional_info: string | null;
}

/** A field the visitor fills. */
export type ContactField = 'name' | 'businessName' | 'email' | 'additionalInfo';

/** Per-field messages for the visitor. */
export type ContactErrors = Partial<Record<ContactField, string>>;

/** Visible labels (spec §2), also used in messages. */
export const FIELD_LABELS: Record<ContactField, string> = {
  name: 'Name',
  businessName: 'Business Name',
  email: 'Email',
  additionalInfo: 'Additional Info',
};

/** Length in Unicode code points (an emoji counts once, as in Postgres). */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Result of {@link validateContact}. */
export type ContactValidation =
  | { ok: true; submission: ContactSubmission; isBot: boolean }
  | { ok: false; errors: ContactErrors };

/**
 * Trims every value and checks it against the database's rules, so the visitor hears about a
 * problem before sending. On success returns the row to insert (`additional_info` null when
 * empty) and whether the honeypot was filled.
 */
export function validateContact(values: ContactFormValues): ContactValidation {
  const name = values.name.trim();
  const businessName = values.businessName.trim();
  const email = values.email.trim();
  const additionalInfo = values.additionalInfo.trim();
  const errors: ContactErrors = {};
  const required = (field: ContactField, value: string) => {
    if (value === '') errors[field] = `Please enter your ${FIELD_LABELS[field].toLowerCase()}.`;
  };
  const bounded = (field: ContactField, value: string) => {
    const length = charLength(value);
    const max = CONTACT_LIMITS[field];
    if (length > max) errors[field] = `${FIELD_LABELS[field]} is too long: ${length} characters, at most ${max}.`;
  };
  required('name', name);
  bounded('name', name);
  required('businessName', businessName);
  bounded('businessName', businessName);
  if (email === '') errors.email = 'Please enter your email address.';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Please enter a valid email address, like name@company.com.';
  bounded('email', email);
  bounded('additionalInfo', additionalInfo);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    isBot: values.website.trim() !== '',
    submission: { name, business_name: businessName, email, additional_info: additionalInfo === '' ? null : additionalInfo },
  };
}

/** An error as supabase-js reports it (PostgREST's body, or its own for network failures). */
export interface BackendError {
  message?: unknown;
  code?: unknown;
  details?: unknown;
  hint?: unknown;
}

/** What the insert port resolves with: supabase-js' `{ error, status }`. */
export interface InsertResult {
  error: BackendError | null;
  /** HTTP status; 0 when no answer arrived (network failure, abort). */
  status: number;
}

/**
 * The port through which a submission is inserted (supabase-js in the browser, a fake in unit
 * tests). It must honour `signal`.
 */
export type ContactInsert = (row: ContactSubmission, signal: AbortSignal) => Promise<InsertResult>;

/**
 * The message shown for a failed insert: the backend's own message when it answered with a
 * PostgREST error body, a timeout or network message when no answer came, else the spec's
 * fallback 'An unexpected error occurred'.
 */
export function failureMessage(result: InsertResult | null, timedOut = false): string {
  if (timedOut) return TIMEOUT_MESSAGE;
  if (!result) return UNEXPECTED_ERROR_MESSAGE;
  if (result.status === 0) return NETWORK_MESSAGE;
  const error = result.error;
  // PostgREST bodies carry a code; supabase-js wraps non-JSON bodies (an HTML 502 page…) as a bare
  // message, which is no message for a visitor.
  if (error && typeof error.code === 'string' && typeof error.message === 'string' && error.message.trim()) {
    return error.message.trim();
  }
  return UNEXPECTED_ERROR_MESSAGE;
}

/** Outcome of {@link sendContactRequest}. */
export type SendOutcome = { ok: true } | { ok: false; message: string; cause: unknown };

/** Timer functions (injectable so tests can use fake time). */
export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
};

/**
 * Sends one submission through `insert`, aborting it after `timeoutMs`. Never rejects: failures
 * (including a port that throws, or ignores the abort) come back as `{ ok: false, message }`.
 */
export async function sendContactRequest(
  submission: ContactSubmission,
  insert: ContactInsert | Promise<ContactInsert>,
  options: { timeoutMs?: number; timers?: Timers } = {},
): Promise<SendOutcome> {
  const { timeoutMs = SUBMIT_TIMEOUT_MS, timers = realTimers } = options;
  const controller = new AbortController();
  let timedOut = false;
  let onTimeout: () => void = () => {};
  const expired = new Promise<null>((resolve) => {
    onTimeout = () => resolve(null);
  });
  const timer = timers.setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The contact request timed out.', 'TimeoutError'));
    onTimeout();
  }, timeoutMs);
  try {
    const port = await Promise.race([insert, expired]);
    if (!port) return { ok: false, message: TIMEOUT_MESSAGE, cause: controller.signal.reason };
    const result = await Promise.race([port(submission, controller.signal), expired]);
    if (timedOut || !result) return { ok: false, message: TIMEOUT_MESSAGE, cause: controller.signal.reason };
    if (result.error || result.status < 200 || result.status >= 300) {
      return { ok: false, message: failureMessage(result), cause: result.error ?? result };
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, message: timedOut ? TIMEOUT_MESSAGE : UNEXPECTED_ERROR_MESSAGE, cause: error };
  } finally {
    timers.clearTimeout(timer);
  }
}

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

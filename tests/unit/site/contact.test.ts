/** The contact form's logic: limits mirrored from the SQL, validation, messages, sending, states. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import {
  CONTACT_LIMITS,
  EMAIL_PATTERN,
  EMPTY_FORM,
  INITIAL_CONTACT_STATE,
  NETWORK_MESSAGE,
  SUBMIT_TIMEOUT_MS,
  SUCCESS_CLOSE_DELAY_MS,
  TIMEOUT_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
  contactReducer,
  failureMessage,
  sendContactRequest,
  validateContact,
  type ContactInsert,
  type ContactState,
  type ContactSubmission,
  type Timers,
} from '../../../site/lib/contact.ts';

const migrationsDir = new URL('../../../supabase/migrations/', import.meta.url);
const sql = readdirSync(migrationsDir)
  .filter((f) => f.endsWith('_contact_submissions.sql'))
  .map((f) => readFileSync(new URL(f, migrationsDir), 'utf8'))
  .join('\n');

/** The maximum length the migration's CHECK gives `column` (`char_length(col) between 1 and N` or `<= N`). */
function sqlMax(column: string): number {
  const match = new RegExp(`char_length\\(${column}\\)\\s+(?:between\\s+\\d+\\s+and|<=)\\s+(\\d+)`).exec(sql);
  if (!match?.[1]) throw new Error(`no length check for ${column} in the migration`);
  return Number(match[1]);
}

describe('limits mirror the migration (the SQL is the source of truth)', () => {
  it.each([
    ['name', 'name'],
    ['business_name', 'businessName'],
    ['email', 'email'],
    ['additional_info', 'additionalInfo'],
  ] as const)('%s', (column, field) => {
    expect(CONTACT_LIMITS[field], `${field} = CHECK on ${column}`).toBe(sqlMax(column));
  });

  it('email shape', () => {
    const match = /email ~ '([^']+)'/.exec(sql);
    expect(match?.[1], 'the CHECK regex').toBe(EMAIL_PATTERN.source);
  });
});

const good = { ...EMPTY_FORM, name: 'Ann Lee', businessName: 'Lee Plumbing', email: 'ann@lee.com' };

describe('validateContact', () => {
  it('trims every value and sends null for empty additional info', () => {
    const result = validateContact({ ...good, name: '  Ann Lee ', businessName: '\tLee Plumbing\n', email: ' ann@lee.com ', additionalInfo: '   ' });
    expect(result).toEqual({
      ok: true,
      isBot: false,
      submission: { name: 'Ann Lee', business_name: 'Lee Plumbing', email: 'ann@lee.com', additional_info: null },
    });
  });

  it('keeps inner whitespace and newlines of additional info', () => {
    const result = validateContact({ ...good, additionalInfo: ' Line one\n\nLine two ' });
    expect(result.ok && result.submission.additional_info).toBe('Line one\n\nLine two');
  });

  it('requires name, business name and email (blank counts as empty)', () => {
    const result = validateContact({ ...EMPTY_FORM, name: '   ' });
    expect(result.ok, 'refused').toBe(false);
    expect(!result.ok && result.errors).toEqual({
      name: 'Please enter your name.',
      businessName: 'Please enter your business name.',
      email: 'Please enter your email address.',
    });
  });

  it.each(['ann', 'ann@lee', 'ann lee@x.com', 'ann@@lee.com', '@lee.com'])('refuses the email %j', (email) => {
    const result = validateContact({ ...good, email });
    expect(!result.ok && result.errors.email).toMatch(/valid email/);
  });

  it('refuses values over the limits, counting code points like Postgres', () => {
    const emoji = '😀'; // 2 UTF-16 units, 1 character
    expect(validateContact({ ...good, name: emoji.repeat(CONTACT_LIMITS.name) }).ok, 'exactly at the limit').toBe(true);
    const result = validateContact({
      ...good,
      name: 'n'.repeat(CONTACT_LIMITS.name + 1),
      businessName: 'b'.repeat(CONTACT_LIMITS.businessName + 1),
      email: `${'e'.repeat(CONTACT_LIMITS.email)}@x.com`,
      additionalInfo: 'i'.repeat(CONTACT_LIMITS.additionalInfo + 1),
    });
    expect(!result.ok && result.errors).toEqual({
      name: 'Name is too long: 101 characters, at most 100.',
      businessName: 'Business Name is too long: 201 characters, at most 200.',
      email: 'Email is too long: 260 characters, at most 254.',
      additionalInfo: 'Additional Info is too long: 2001 characters, at most 2000.',
    });
  });

  it('flags a filled honeypot as a bot', () => {
    const result = validateContact({ ...good, website: 'http://spam.example' });
    expect(result.ok && result.isBot).toBe(true);
  });
});

describe('failureMessage', () => {
  it('shows the backend message of a PostgREST error', () => {
    expect(failureMessage({ status: 401, error: { code: '42501', message: 'new row violates row-level security policy', details: null, hint: null } })).toBe(
      'new row violates row-level security policy',
    );
  });
  it('falls back for bodies that are not PostgREST errors (an HTML 502 page) and for no error at all', () => {
    expect(failureMessage({ status: 502, error: { message: '<html>Bad Gateway</html>' } })).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(failureMessage({ status: 500, error: null })).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(failureMessage({ status: 500, error: { code: 'XX000', message: '  ' } })).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(failureMessage(null)).toBe(UNEXPECTED_ERROR_MESSAGE);
  });
  it('explains a network failure and a timeout', () => {
    expect(failureMessage({ status: 0, error: { code: '', message: 'TypeError: Failed to fetch' } })).toBe(NETWORK_MESSAGE);
    expect(failureMessage(null, true)).toBe(TIMEOUT_MESSAGE);
  });
});

const row: ContactSubmission = { name: 'Ann', business_name: 'Lee', email: 'ann@lee.com', additional_info: null };

describe('sendContactRequest', () => {
  it('resolves ok when the port answers 201', async () => {
    const insert = vi.fn<ContactInsert>(async () => ({ error: null, status: 201 }));
    await expect(sendContactRequest(row, insert)).resolves.toEqual({ ok: true });
    expect(insert, 'called once with the row and a signal').toHaveBeenCalledWith(row, expect.any(AbortSignal));
  });

  it('waits for a port that is still loading', async () => {
    let resolvePort: (port: ContactInsert) => void = () => {};
    const port = new Promise<ContactInsert>((r) => (resolvePort = r));
    const outcome = sendContactRequest(row, port);
    resolvePort(async () => ({ error: null, status: 201 }));
    await expect(outcome).resolves.toEqual({ ok: true });
  });

  it('reports the backend message', async () => {
    const error = { code: '23514', message: 'new row violates check constraint', details: null, hint: null };
    await expect(sendContactRequest(row, async () => ({ error, status: 400 }))).resolves.toEqual({ ok: false, message: error.message, cause: error });
  });

  it('never rejects: a throwing port or a failed import gives the fallback message', async () => {
    const boom = new Error('boom');
    await expect(sendContactRequest(row, async () => Promise.reject(boom))).resolves.toEqual({ ok: false, message: UNEXPECTED_ERROR_MESSAGE, cause: boom });
    await expect(sendContactRequest(row, Promise.reject(boom))).resolves.toMatchObject({ ok: false, message: UNEXPECTED_ERROR_MESSAGE });
  });

  it('aborts after the timeout, even when the port ignores the signal', async () => {
    vi.useFakeTimers();
    try {
      let seen: AbortSignal | null = null;
      const hung: ContactInsert = (_row, signal) => {
        seen = signal;
        return new Promise(() => {});
      };
      const timers: Timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (t) => clearTimeout(t as number) };
      let settled = false;
      const outcome = sendContactRequest(row, hung, { timers }).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(SUBMIT_TIMEOUT_MS - 1);
      expect(settled, 'still waiting just before the timeout').toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(outcome).resolves.toMatchObject({ ok: false, message: TIMEOUT_MESSAGE });
      expect((seen as AbortSignal | null)?.aborted, 'the request was aborted').toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears its timer once answered', async () => {
    const cleared: unknown[] = [];
    const timers: Timers = { setTimeout: () => 'timer-1', clearTimeout: (t) => cleared.push(t) };
    await sendContactRequest(row, async () => ({ error: null, status: 201 }), { timers });
    expect(cleared).toEqual(['timer-1']);
  });
});

describe('contactReducer', () => {
  const sending: ContactState = { status: 'sending', error: null };

  it('follows idle → sending → success → (closed) idle', () => {
    let s = contactReducer(INITIAL_CONTACT_STATE, { type: 'submit' });
    expect(s, 'sending').toEqual(sending);
    s = contactReducer(s, { type: 'succeeded' });
    expect(s, 'success').toEqual({ status: 'success', error: null });
    expect(contactReducer(s, { type: 'closed' }), 'idle again').toEqual(INITIAL_CONTACT_STATE);
  });

  it('follows sending → error → sending again on retry', () => {
    const failed = contactReducer(sending, { type: 'failed', message: 'nope' });
    expect(failed, 'error').toEqual({ status: 'error', error: 'nope' });
    expect(contactReducer(failed, { type: 'submit' }), 'retry clears the error').toEqual(sending);
  });

  it('ignores a second submit and a close while sending', () => {
    expect(contactReducer(sending, { type: 'submit' }), 'second submit').toBe(sending);
    expect(contactReducer(sending, { type: 'closed' }), 'close').toBe(sending);
  });

  it('ignores late results when not sending', () => {
    expect(contactReducer(INITIAL_CONTACT_STATE, { type: 'succeeded' })).toBe(INITIAL_CONTACT_STATE);
    expect(contactReducer(INITIAL_CONTACT_STATE, { type: 'failed', message: 'x' })).toBe(INITIAL_CONTACT_STATE);
  });

  it('uses the spec delay for the auto-close', () => {
    expect(SUCCESS_CLOSE_DELAY_MS).toBe(2000);
  });
});

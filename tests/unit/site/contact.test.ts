/** The contact form's logic: limits mirrored from the SQL, validation, messages, sending, states. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import {
  CONTACT_LIMITS,
  EMAIL_PATTERN,
  EMPTY_FORM,
  INITIAL_CONTACT_STATE,
  SUBMIT_TIMEOUT_MS,
  SUCCESS_CLOSE_DELAY_MS,
  TIMEOUT_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
  apiFailedMessage,
  contactReducer,
  failureMessage,
  networkMessage,
  rateLimitedMessage,
  refusedMessage,
  rejectedMessage,
  serverErrorMessage,
  sendContactRequest,
  validateContact,
  type ContactInsert,
  type ContactState,
  type ContactSubmission,
  type InsertResult,
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
    const result = validateContact({
      ...good,
      name: '  Ann Lee ',
      businessName: '\tLee Plumbing\n',
      email: ' ann@lee.com ',
      additionalInfo: '   ',
    });
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

  it('refuses the invisible characters the database refuses inside a value, with a sentence per field', () => {
    const result = validateContact({
      ...good,
      name: 'Ann\u0007Lee',
      businessName: 'Lee\u001b[31m Plumbing',
      email: 'ann\u200b@lee.com',
      additionalInfo: 'one\u0085two',
    });
    expect(!result.ok && result.errors).toEqual({
      name: 'Name contains an invisible control character. Please retype it.',
      businessName: 'Business Name contains an invisible control character. Please retype it.',
      email: 'Please enter a valid email address: this one contains a space or an invisible character.',
      additionalInfo: 'Additional Info contains an invisible control character. Please retype it.',
    });
    expect(validateContact({ ...good, email: 'ann\u00a0x@lee.com' }).ok, 'a no-break space inside the email').toBe(
      false,
    );
  });

  it.each([
    ['a braille blank (U+2800)', '\u2800'],
    ['Hangul fillers (U+3164)', '\u3164\u3164'],
    ['Hangul choseong and jungseong fillers (U+115F U+1160)', '\u115f\u1160'],
    ['a soft hyphen (U+00AD)', '\u00ad'],
    ['bidi marks (U+200E U+200F U+061C)', '\u200e\u200f\u061c'],
    ['bidi isolates (U+2066 U+2069)', '\u2066\u2069'],
    ['a variation selector and a combining grapheme joiner', '\ufe0f\u034f'],
    ['tag characters (beyond the BMP)', '\u{e0041}\u{e0042}'],
  ])('refuses a value made only of %s, in every field, with a sentence', (_label, invisible) => {
    const result = validateContact({
      ...good,
      name: invisible,
      businessName: invisible,
      additionalInfo: invisible,
      email: `ann${invisible}@lee.com`,
    });
    expect(!result.ok && result.errors).toEqual({
      name: 'Name has only invisible characters. Please type it again.',
      businessName: 'Business Name has only invisible characters. Please type it again.',
      email: 'Please enter a valid email address: this one contains a space or an invisible character.',
      additionalInfo: 'Additional Info has only invisible characters. Please type it again.',
    });
  });

  it('accepts invisible characters beside visible ones (a soft hyphen in a name, an emoji with its variation selector, Hangul)', () => {
    const result = validateContact({
      ...good,
      name: 'Ann\u00adLee',
      businessName: 'I \u2764\ufe0f Plumbing',
      additionalInfo: '김철수',
    });
    expect(result.ok, 'accepted').toBe(true);
  });

  it('keeps what the database accepts inside a value: no-break spaces in names, tabs and line breaks in additional info', () => {
    const result = validateContact({ ...good, name: 'Ann\u00a0Lee', additionalInfo: 'one\n\ttwo\r\nthree' });
    expect(result.ok && result.submission, 'accepted as typed').toMatchObject({
      name: 'Ann\u00a0Lee',
      additional_info: 'one\n\ttwo\r\nthree',
    });
  });

  it('flags a filled honeypot as a bot', () => {
    const result = validateContact({ ...good, honeypot: 'http://spam.example' });
    expect(result.ok && result.isBot).toBe(true);
  });
});

describe('failureMessage: a backend answer', () => {
  const answer = (status: number, error: InsertResult['error']) =>
    failureMessage({ kind: 'response', result: { status, error } });

  it('shows a human backend message as it is', () => {
    expect(answer(500, { code: 'XX000', message: 'Database is restarting', details: null, hint: null })).toBe(
      'Database is restarting',
    );
  });

  it("puts the database's technical messages into a sentence that still contains them", () => {
    const rls = 'new row violates row-level security policy for table "contact_submissions"';
    expect(answer(401, { code: '42501', message: rls }), 'privilege').toBe(refusedMessage(rls));
    expect(refusedMessage(rls), 'the sentence').toBe(
      `The server refused to store your message (${rls}). Please write to us by email instead.`,
    );
    const check =
      'new row for relation "contact_submissions" violates check constraint "contact_submissions_name_check"';
    expect(answer(400, { code: '23514', message: check }), 'CHECK').toBe(rejectedMessage(check));
    expect(rejectedMessage(check)).toBe(
      `The server did not accept the form (${check}). Please check your details and try again.`,
    );
    expect(answer(400, { code: '22P02', message: 'invalid input syntax for type uuid' }), 'data exception').toBe(
      rejectedMessage('invalid input syntax for type uuid'),
    );
    expect(answer(401, { code: 'PGRST301', message: 'JWSError JWSInvalidSignature' }), 'bad key').toBe(
      refusedMessage('JWSError JWSInvalidSignature'),
    );
    expect(answer(404, { code: 'PGRST205', message: 'Could not find the table' }), 'PostgREST').toBe(
      apiFailedMessage('Could not find the table'),
    );
    expect(answer(429, { code: 'PGRST429', message: 'Rate limit: 5 requests per minute' }), 'rate limit').toBe(
      rateLimitedMessage('Rate limit: 5 requests per minute'),
    );
  });

  it('says what a body without a PostgREST error means (an HTML error page, an empty or plain body)', () => {
    expect(answer(502, { message: '<html>Bad Gateway</html>' }), 'markup is not shown').toBe(serverErrorMessage(502));
    expect(serverErrorMessage(502)).toBe('The server answered with an error (HTTP 502). Please try again in a moment.');
    expect(answer(503, { message: 'Service Unavailable' }), 'plain text is').toBe(
      serverErrorMessage(503, 'Service Unavailable'),
    );
    expect(serverErrorMessage(503, 'Service Unavailable')).toBe(
      'The server answered with an error (HTTP 503: Service Unavailable). Please try again in a moment.',
    );
    expect(answer(500, null), 'no body').toBe(serverErrorMessage(500));
    expect(answer(500, { code: 'XX000', message: '  ' }), 'a blank message').toBe(serverErrorMessage(500));
    expect(answer(429, { message: '' }), 'a bare 429').toBe(rateLimitedMessage('HTTP 429'));
  });

  it("explains a network failure in a sentence that keeps the browser's words", () => {
    const message = answer(0, { code: '', message: 'TypeError: Failed to fetch' });
    expect(message).toBe('Could not reach the server (Failed to fetch). Please check your connection and try again.');
    expect(message, 'the same as networkMessage').toBe(networkMessage('Failed to fetch'));
    expect(answer(0, null), 'no detail at all').toBe(
      'Could not reach the server. Please check your connection and try again.',
    );
  });
});

describe('failureMessage: something thrown', () => {
  const thrown = (error: unknown) => failureMessage({ kind: 'thrown', error });

  it("shows an Error's own message (spec §4), not the fallback", () => {
    expect(thrown(new Error('The contact form is closed for maintenance'))).toBe(
      'The contact form is closed for maintenance',
    );
    expect(thrown(new RangeError('  Too many fields  ')), 'trimmed').toBe('Too many fields');
  });

  it('treats an object with a message as an error (a PostgrestError thrown by throwOnError)', () => {
    expect(thrown({ message: 'Database is restarting', code: 'XX000' })).toBe('Database is restarting');
  });

  it('words a network failure for people and keeps the raw message in it', () => {
    expect(thrown(new TypeError('Failed to fetch'))).toBe(networkMessage('Failed to fetch'));
    expect(thrown(new TypeError('NetworkError when attempting to fetch resource.')), 'Firefox').toBe(
      networkMessage('NetworkError when attempting to fetch resource.'),
    );
    expect(thrown(new TypeError('Load failed')), 'Safari').toBe(networkMessage('Load failed'));
    const chunk = 'Failed to fetch dynamically imported module: https://site.example/_astro/supabase.js';
    expect(thrown(new TypeError(chunk)), 'the lazy supabase-js chunk').toBe(networkMessage(chunk));
  });

  it("uses 'An unexpected error occurred' only for values that are not errors", () => {
    for (const value of ['oops', 42, null, undefined, {}, { message: '' }, { message: 7 }, new Error('')]) {
      expect(thrown(value), `thrown ${JSON.stringify(value) ?? String(value)}`).toBe(UNEXPECTED_ERROR_MESSAGE);
    }
    expect(UNEXPECTED_ERROR_MESSAGE, 'the spec text').toBe('An unexpected error occurred');
  });

  it('says a timeout is a timeout', () => {
    expect(failureMessage({ kind: 'timeout' })).toBe(TIMEOUT_MESSAGE);
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

  it('reports the backend message, in a sentence for people', async () => {
    const error = { code: '23514', message: 'new row violates check constraint', details: null, hint: null };
    await expect(sendContactRequest(row, async () => ({ error, status: 400 }))).resolves.toEqual({
      ok: false,
      message: rejectedMessage(error.message),
      cause: error,
    });
  });

  it("never rejects: a throwing port or a failed import gives the error's message", async () => {
    const boom = new Error('boom');
    await expect(sendContactRequest(row, async () => Promise.reject(boom))).resolves.toEqual({
      ok: false,
      message: 'boom',
      cause: boom,
    });
    const chunk = new TypeError('Failed to fetch dynamically imported module: /_astro/supabase.js');
    await expect(sendContactRequest(row, Promise.reject(chunk)), 'failed import').resolves.toMatchObject({
      ok: false,
      message: networkMessage(chunk.message),
    });
    await expect(
      sendContactRequest(row, async () => Promise.reject('no')),
      'not an error',
    ).resolves.toMatchObject({
      ok: false,
      message: UNEXPECTED_ERROR_MESSAGE,
    });
  });

  it('reports an answer outside 2xx without an error body as a server error', async () => {
    await expect(sendContactRequest(row, async () => ({ error: null, status: 500 }))).resolves.toMatchObject({
      ok: false,
      message: serverErrorMessage(500),
    });
  });

  it('aborts after the timeout, even when the port ignores the signal', async () => {
    vi.useFakeTimers();
    try {
      let seen: AbortSignal | null = null;
      const hung: ContactInsert = (_row, signal) => {
        seen = signal;
        return new Promise(() => {});
      };
      const timers: Timers = {
        setTimeout: (fn, ms) => setTimeout(fn, ms),
        clearTimeout: (t) => clearTimeout(t as number),
      };
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

/**
 * How `npm run submissions` writes stored requests: a table for people, CSV for spreadsheets and
 * JSON for programs. Stored text is the visitor's: in the table and in CSV every control, format
 * (bidi, zero-width, tag) and line/paragraph separator character, CR and LF included, becomes a
 * visible escape (`\n`, `\x1b`, `\u{202e}`), so it can neither hide itself, drive the terminal,
 * nor make a printed or viewed row overwrite itself; a CSV field a spreadsheet would run as a
 * formula gets a leading `'`. JSON stays lossless, with the same characters as \uXXXX.
 */

/** The delivery of one request to the notification channels (from public.contact_outbox). */
export interface DeliveryState {
  /** pending: not tried yet; retrying / failing: attempts failed (failing from FAILING_AFTER_ATTEMPTS on); not sent: stored before notifications existed. */
  state: 'pending' | 'retrying' | 'failing' | 'delivered' | 'not sent';
  attempts: number;
  /** Channels that accepted it. */
  channels: string[];
  delivered_at: string | null;
  next_attempt_at: string | null;
  last_error: string | null;
}

/** A stored contact request. */
export interface Submission {
  id: string;
  /** ISO 8601, UTC, millisecond precision. */
  created_at: string;
  name: string;
  business_name: string;
  email: string;
  additional_info: string | null;
  /** Its delivery; absent when read without it. */
  delivery?: DeliveryState | null;
}

/** Characters that are invisible or act on the terminal: controls, format characters (bidi, zero-width, tags), line/paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** Shows `text` safely in a terminal: a backslash doubles, every invisible character becomes an escape. */
export function escapeVisible(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(INVISIBLE, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    const code = c.codePointAt(0) ?? 0;
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/** JSON text of `value` with every invisible character as \uXXXX (still valid JSON, same data). */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(INVISIBLE, (c) =>
    [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
  );
}

/**
 * Characters a spreadsheet reads as the start of a formula (OWASP's list), and their fullwidth
 * forms (＝ ＋ － ＠), which spreadsheets in CJK locales normalise to the ASCII ones.
 */
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

/**
 * One CSV field: always quoted (quotes doubled), escaped exactly as the table escapes it (so no
 * raw CR or LF, bidi, zero-width or tag character is left), and a value a spreadsheet would run
 * as a formula gets a leading `'`.
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const text = (FORMULA_START.test(value) ? "'" : '') + escapeVisible(value);
  return `"${text.replace(/"/g, '""')}"`;
}

/** One line about a delivery, for the table and CSV. */
export function deliverySummary(delivery: DeliveryState | null | undefined): string {
  if (!delivery) return 'no job';
  const { state, attempts, channels, next_attempt_at, last_error } = delivery;
  if (state === 'delivered') return `delivered (${channels.join(', ')})`;
  if (state === 'not sent') return 'not sent (stored before notifications)';
  if (state === 'pending') return 'pending';
  return `${state === 'failing' ? 'FAILING' : 'retrying'}: ${attempts} attempt(s), next ${next_attempt_at ?? '?'}; ${last_error ?? ''}`;
}

/** The columns, in output order. */
export const COLUMNS = ['created_at', 'name', 'business_name', 'email', 'additional_info', 'delivery'] as const;

type Column = (typeof COLUMNS)[number];

const valueOf = (row: Submission, column: Column): string | null =>
  column === 'delivery' ? deliverySummary(row.delivery) : row[column];

/** Widths of the table's columns (longer cells end in …). */
const WIDTHS: Record<Column, number> = {
  created_at: 24,
  name: 24,
  business_name: 28,
  email: 32,
  additional_info: 48,
  delivery: 40,
};

function cell(value: string | null, width: number): string {
  const chars = [...escapeVisible(value ?? '')];
  const text = chars.length > width ? chars.slice(0, width - 1).join('') + '…' : chars.join('');
  return text + ' '.repeat(Math.max(0, width - [...text].length));
}

/** Output formats. */
export const FORMATS = ['table', 'csv', 'json'] as const;

/** One of {@link FORMATS}. */
export type Format = (typeof FORMATS)[number];

/** Turns pages of rows into output text, piece by piece (one call per page, then `end`). */
export function createFormatter(format: Format) {
  let count = 0;
  return {
    start(): string {
      if (format === 'csv') return COLUMNS.map((c) => csvField(c)).join(',') + '\r\n';
      if (format === 'json') return '[';
      const header = COLUMNS.map((c) => cell(c, WIDTHS[c]))
        .join(' │ ')
        .trimEnd();
      return header + '\n' + COLUMNS.map((c) => '─'.repeat(WIDTHS[c])).join('─┼─') + '\n';
    },
    page(rows: readonly Submission[]): string {
      let out = '';
      for (const row of rows) {
        if (format === 'csv') out += COLUMNS.map((c) => csvField(valueOf(row, c))).join(',') + '\r\n';
        else if (format === 'json') out += (count === 0 ? '\n' : ',\n') + safeJson(row);
        else
          out +=
            COLUMNS.map((c) => cell(valueOf(row, c), WIDTHS[c]))
              .join(' │ ')
              .trimEnd() + '\n';
        count++;
      }
      return out;
    },
    end(): string {
      if (format === 'csv') return '';
      if (format === 'json') return count === 0 ? ']\n' : '\n]\n';
      return count === 0 ? 'No contact requests yet.\n' : `\n${count} request(s).\n`;
    },
  };
}

/**
 * The transcript's mail (issue 38): what a visitor asked for with "Email me a copy", sent to the
 * address they typed through the operator's SMTP server (SMTP_URL, the email channel's), from
 * CONTACT_NOTIFY_FROM (else the first CONTACT_NOTIFY_TO). A plain-text mail in the request's language
 * (mail-words.ts: en, de, fr, es; English otherwise): the assistant's name, the page, then one line
 * per turn with its time in the visitor's time zone (UTC when none was stored) and speaker. The request's
 * id is the Message-ID in every attempt, so a retried copy collapses in the visitor's mail client.
 * What the visitor typed reaches the headers only through headerText (no line breaks).
 */
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { DeliveryError } from '../leads/delivery-error.ts';
import type { Channel } from '../leads/lead.ts';
import { headerText, isPlainAddress } from '../leads/mail.ts';
import { fill, hasMailWords, mailWords } from './mail-words.ts';
import { knownTimeZone, type TranscriptRow } from './request.ts';

/** A stored transcript request, read for delivery (TRANSCRIPT_QUEUE's columns): the checked row with its id and time. */
export interface TranscriptJob extends TranscriptRow {
  id: string;
  created_at: Date;
}

/** A formatter in `locale` (else its language, else English): a stored tag may be one Intl refuses. */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  for (const tag of [locale, locale.split('-')[0]!, 'en']) {
    try {
      return new Intl.DateTimeFormat(tag, options);
    } catch {
      // RangeError: a tag or zone Intl does not know; the next one.
    }
  }
  return new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' });
}

/** The mail for `job` (pure: the tests read it without sending). */
export function transcriptMessage(job: TranscriptJob, from: string): SendMailOptions {
  const words = mailWords(job.locale);
  // Dates in the words' language: an English mail for a Japanese page does not get a Japanese date.
  const locale = hasMailWords(job.locale) ? job.locale : 'en';
  // A zone stored before this server's time-zone data lost it falls back to UTC, and says so.
  const timeZone = job.time_zone && knownTimeZone(job.time_zone) ? job.time_zone : 'UTC';
  const hms = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } as const;
  const clock = formatter(locale, { timeZone, ...hms });
  const day = formatter(locale, { timeZone, dateStyle: 'long' });
  const lines = job.transcript.map((turn) => {
    const time = turn.at ? `[${clock.format(new Date(turn.at))}] ` : '';
    const name = turn.speaker === 'visitor' ? words.you : turn.name;
    const cut = turn.interrupted ? ` (${words.interrupted})` : '';
    return `${time}${name}: ${turn.text.replace(/\r?\n/g, '\n    ')}${cut}`;
  });
  const values = { assistant: job.assistant, page: job.page_url ?? words.ourWebsite };
  return {
    from,
    // The checks (server and database) let only one plain address through; checked again here.
    to: isPlainAddress(job.email) ? job.email : [],
    subject: fill(words.subject, { assistant: headerText(job.assistant, 80) }),
    messageId: `<${job.id}@ringwise.transcript>`,
    headers: { 'X-Ringwise-Transcript-Id': job.id },
    text: [
      fill(words.greeting, values),
      fill(words.times, { zone: timeZone, date: day.format(job.created_at) }),
      '',
      ...lines,
      '',
      words.footer,
    ].join('\n'),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** The channel that mails transcripts to visitors. */
export function createTranscriptMailChannel(settings: { smtpUrl: string; from: string }): Channel<TranscriptJob> {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 20_000,
  });
  return {
    name: 'email',
    async deliver(job) {
      if (!isPlainAddress(job.email)) throw new DeliveryError('email', 'the stored address is not a plain address');
      try {
        await transport.sendMail(transcriptMessage(job, settings.from));
      } catch (error) {
        const { code, responseCode } = error as { code?: string; responseCode?: number };
        const why = [code, responseCode].filter(Boolean).join(' ') || (error as Error).message;
        throw new DeliveryError('email', `the SMTP server refused or failed (${why})`, { cause: error });
      }
    },
    close: () => transport.close(),
  };
}

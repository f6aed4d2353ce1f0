/**
 * The transcript's mail (issue 38): what a visitor asked for with "Email me a copy", sent to the
 * address they typed through the operator's SMTP server (SMTP_URL, the email channel's), from
 * CONTACT_NOTIFY_FROM (else the first CONTACT_NOTIFY_TO). A plain-text mail in English: the
 * assistant's name, the page, then one line per turn with its time (UTC) and speaker. The request's
 * id is the Message-ID in every attempt, so a retried copy collapses in the visitor's mail client.
 * What the visitor typed reaches the headers only through headerText (no line breaks).
 */
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { DeliveryError } from '../leads/delivery-error.ts';
import type { Channel } from '../leads/lead.ts';
import { headerText, isPlainAddress } from '../leads/mail.ts';
import type { StoredTurn } from './request.ts';

/** A stored transcript request, read for delivery (TRANSCRIPT_QUEUE's columns). */
export interface TranscriptJob {
  id: string;
  created_at: Date;
  email: string;
  assistant: string;
  locale: string;
  page_url: string | null;
  transcript: StoredTurn[];
}

/** The mail for `job` (pure: the tests read it without sending). */
export function transcriptMessage(job: TranscriptJob, from: string): SendMailOptions {
  const lines = job.transcript.map((turn) => {
    const time = turn.at ? `[${turn.at.slice(11, 19)}] ` : '';
    const cut = turn.interrupted ? ' (interrupted)' : '';
    return `${time}${turn.name}: ${turn.text.replace(/\r?\n/g, '\n    ')}${cut}`;
  });
  return {
    from,
    // The checks (server and database) let only one plain address through; checked again here.
    to: isPlainAddress(job.email) ? job.email : [],
    subject: `Your conversation with ${headerText(job.assistant, 80)}`,
    messageId: `<${job.id}@ringwise.transcript>`,
    headers: { 'X-Ringwise-Transcript-Id': job.id },
    text: [
      `Your conversation with ${job.assistant}, as you asked on ${job.page_url ?? 'our website'}.`,
      `Times are UTC (${job.created_at.toISOString().slice(0, 10)}).`,
      '',
      ...lines,
      '',
      'You received this because someone entered this address in the chat window. If it was not you, ignore it.',
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

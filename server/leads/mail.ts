/**
 * The email channel: a plain-text mail per lead through the operator's SMTP server (nodemailer,
 * SMTP_URL such as smtps://user:pass@smtp.example.com or smtp://host:587), to CONTACT_NOTIFY_TO,
 * with Reply-To set to the visitor's address so "Reply" answers the lead.
 *
 * Header injection: what the visitor typed reaches headers only through the subject and the
 * Reply-To's display name, and both are built from text with every control, format and line
 * separator character turned into a space (so no CR or LF is left to end a header), then handed
 * to nodemailer as structured values, which it encodes. The address itself is used only when it
 * is one plain address (the database's CHECK guarantees that for new rows; older or imported rows
 * are not trusted). The body is the lead as text; nodemailer encodes it, so a line in it cannot
 * end the message either. The lead's id is the Message-ID (`<id@ringwise.contact>`) and an
 * `X-Ringwise-Lead-Id` header in every attempt: mail clients and filters collapse a retried copy.
 */
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { DeliveryError } from './delivery-error.ts';
import type { Channel, Lead } from './lead.ts';

/** Settings of the email channel. */
export interface MailSettings {
  /** nodemailer's SMTP URL. */
  smtpUrl: string;
  /** Recipients (the business). */
  to: readonly string[];
  /** Sender; many SMTP servers require their account's own address. @default the first of `to` */
  from?: string;
}

/** Characters that must never reach a header: controls (CR, LF…), format characters (bidi, zero-width), line/paragraph separators. */
const UNSAFE_IN_HEADER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;

/** `text` on one line with no character that could end or disguise a header; at most `max` characters. */
export function headerText(text: string, max = 120): string {
  const line = text.replace(UNSAFE_IN_HEADER, ' ').replace(/ {2,}/g, ' ').trim();
  const chars = [...line];
  return chars.length > max ? chars.slice(0, max - 1).join('') + '…' : line;
}

/** One plain address (no display name, group, comment, quoting or whitespace). */
const PLAIN_ADDRESS =
  /^[^\s@<>()[\]\\,;:"\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+@[^\s@<>()[\]\\,;:"\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+\.[^\s@<>()[\]\\,;:"\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u;

/** Whether `address` is one plain address fit for Reply-To. */
export function isPlainAddress(address: string): boolean {
  return address.length <= 254 && PLAIN_ADDRESS.test(address);
}

/** The mail for `lead` (pure: the tests read it without sending). */
export function leadMessage(lead: Lead, settings: Pick<MailSettings, 'to' | 'from'>): SendMailOptions {
  const replyTo = isPlainAddress(lead.email) ? { name: headerText(lead.name, 100), address: lead.email } : undefined;
  const lines = [
    'A new contact request arrived from the website.',
    '',
    `Name:      ${lead.name}`,
    `Business:  ${lead.business_name}`,
    `Email:     ${lead.email}${replyTo ? '' : ' (not a plain address: no Reply-To set)'}`,
    `Received:  ${lead.created_at.toISOString()}`,
    `Reference: ${lead.id}`,
    '',
    lead.additional_info === null ? '(No message.)' : `Message:\n${lead.additional_info}`,
    '',
    replyTo ? 'Reply to this mail to answer them.' : 'Write to them at the address above.',
  ];
  return {
    from: settings.from ?? settings.to[0],
    to: [...settings.to],
    replyTo,
    subject: `New contact request: ${headerText(lead.name, 60)} (${headerText(lead.business_name, 60)})`,
    messageId: `<${lead.id}@ringwise.contact>`,
    headers: { 'X-Ringwise-Lead-Id': lead.id },
    text: lines.join('\n'),
    // The message is built from data only: nodemailer must not read files or URLs for it.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** How long the SMTP server may take for each step before the attempt counts as failed. */
const SMTP_TIMEOUT_MS = 20_000;

/** The email channel. */
export function createMailChannel(settings: MailSettings): Channel {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  const host = (() => {
    try {
      return new URL(settings.smtpUrl).host;
    } catch {
      return 'the SMTP server';
    }
  })();
  return {
    name: 'email',
    async deliver(lead) {
      try {
        await transport.sendMail(leadMessage(lead, settings));
      } catch (error) {
        const { code, responseCode } = error as { code?: string; responseCode?: number };
        throw new DeliveryError(
          'email',
          `${host} refused or failed (${[code, responseCode].filter(Boolean).join(' ') || (error as Error).message})`,
          { cause: error },
        );
      }
    },
    close: () => transport.close(),
  };
}

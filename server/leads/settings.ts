/**
 * The notification settings, from the environment (or any record of variables, such as the one
 * the configuration module merges from `.env` and the environment):
 * - CONTACT_WEBHOOK_URL + CONTACT_WEBHOOK_SECRET: the signed webhook (both or neither);
 * - SMTP_URL + CONTACT_NOTIFY_TO (+ CONTACT_NOTIFY_FROM): the email (both or neither).
 * A half-set pair or a malformed value is one sentence naming the variable, said at start, so a
 * typo never silently drops notifications.
 */
import type { Channel } from './lead.ts';
import { createTranscriptMailChannel, type TranscriptJob } from '../transcripts/mail.ts';
import { createMailChannel, isPlainAddress } from './mail.ts';
import { createWebhookChannel } from './webhook.ts';

/** Variables read here. */
export type DeliveryEnv = Readonly<Record<string, string | undefined>>;

/** The channels configured, with one line each saying where leads go (no secret in it). */
export interface DeliveryConfig {
  channels: Channel[];
  /** The transcripts' mail to visitors (issue 38): through SMTP_URL when it is set, else none. */
  transcripts: Channel<TranscriptJob>[];
  /** e.g. "webhook https://crm.example.com/hooks/…", "email to sales@example.com" */
  summary: string[];
}

/** Shortest webhook secret accepted (bytes of entropy matter; 32 hex characters = 128 bits). */
export const MIN_SECRET_LENGTH = 32;

const value = (env: DeliveryEnv, name: string) => env[name]?.trim() || undefined;

/** `raw` as a URL; throws `notAUrl` (the variable's own sentence) when it is not one. */
function parseUrl(raw: string, notAUrl: string): URL {
  try {
    return new URL(raw);
  } catch {
    throw new Error(notAUrl);
  }
}

/** Reads and checks the notification variables; throws one sentence on a mistake. */
export function readDeliveryConfig(env: DeliveryEnv): DeliveryConfig {
  const channels: Channel[] = [];
  const transcripts: Channel<TranscriptJob>[] = [];
  const summary: string[] = [];
  const url = value(env, 'CONTACT_WEBHOOK_URL');
  const secret = value(env, 'CONTACT_WEBHOOK_SECRET');
  if (url || secret) {
    if (!url)
      throw new Error(
        'CONTACT_WEBHOOK_SECRET is set but CONTACT_WEBHOOK_URL is not: set the URL that receives new contact requests, or remove the secret.',
      );
    const parsed = parseUrl(url, `CONTACT_WEBHOOK_URL is not a URL: ${JSON.stringify(url)}.`);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
      throw new Error(`CONTACT_WEBHOOK_URL must be an http(s) URL, not ${parsed.protocol}.`);
    if (!secret || secret.length < MIN_SECRET_LENGTH) {
      throw new Error(
        `CONTACT_WEBHOOK_SECRET must be set to at least ${MIN_SECRET_LENGTH} characters when CONTACT_WEBHOOK_URL is (e.g. \`openssl rand -hex 32\`); the receiver uses it to check the signature.`,
      );
    }
    channels.push(createWebhookChannel({ url, secret }));
    summary.push(`webhook ${parsed.origin}${parsed.pathname}`);
  }
  const smtpUrl = value(env, 'SMTP_URL');
  const to = value(env, 'CONTACT_NOTIFY_TO');
  if (smtpUrl || to) {
    if (!smtpUrl)
      throw new Error(
        'CONTACT_NOTIFY_TO is set but SMTP_URL is not: set the SMTP server to send through (e.g. smtps://user:password@smtp.example.com).',
      );
    if (!to)
      throw new Error(
        'SMTP_URL is set but CONTACT_NOTIFY_TO is not: set the address(es) that receive new contact requests (comma-separated).',
      );
    const { protocol } = parseUrl(smtpUrl, 'SMTP_URL is not a URL: use smtp://host:587 or smtps://user:password@host.');
    if (protocol !== 'smtp:' && protocol !== 'smtps:')
      throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${protocol}//.`);
    const recipients = to
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean);
    const bad = recipients.find((address) => !isPlainAddress(address));
    if (bad !== undefined || recipients.length === 0)
      throw new Error(
        `CONTACT_NOTIFY_TO must be plain addresses separated by commas; ${JSON.stringify(bad ?? to)} is not one.`,
      );
    const from = value(env, 'CONTACT_NOTIFY_FROM');
    if (from !== undefined && !isPlainAddress(from))
      throw new Error(`CONTACT_NOTIFY_FROM must be one plain address, not ${JSON.stringify(from)}.`);
    channels.push(createMailChannel({ smtpUrl, to: recipients, from }));
    transcripts.push(createTranscriptMailChannel({ smtpUrl, from: from ?? recipients[0]! }));
    summary.push(`email to ${recipients.join(', ')}`);
  }
  return { channels, transcripts, summary };
}

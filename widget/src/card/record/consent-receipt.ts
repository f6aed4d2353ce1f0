/**
 * The consent receipt (issue 38): what the visitor accepted and when, the `ringwise-consent`
 * event's detail on Accept, stored under the consent's key (card/ask-consent.ts) and sent with
 * calls as `assistantOverrides.metadata.consentReceipt` (conversation/element-start.ts).
 */
import { hashText } from '../../conversation/element-start.ts';

/** The receipt as the event and the call's metadata carry it. */
export interface ConsentReceipt {
  /**
   * SHA-256 (hex) of the exact text shown: the title, a line break, the text as read (a link as
   * its words); '' where the page has no Web Crypto (not a secure context).
   */
  consentTextHash: string;
  /** The storage key (`consent-storage-key`, else derived from the attributes' text). */
  version: string;
  /** When the visitor accepted (ISO 8601). */
  acceptedAt: string;
  /** The language the text was shown in (the element's). */
  locale: string;
}

/** Hex SHA-256 of `text` (UTF-8), or '' where the page has no Web Crypto. */
export async function sha256(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return '';
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The receipt of an Accept of `shown` (the text as the card showed it), and what to store:
 * `{ consentReceipt, textKey }`, with the short digest (djb2) the card compares synchronously at the next
 * action, so a changed text asks again.
 */
export async function consentReceipt(
  shown: string,
  version: string,
  locale: string,
): Promise<{ receipt: ConsentReceipt; stored: string }> {
  const receipt = { consentTextHash: await sha256(shown), version, acceptedAt: new Date().toISOString(), locale };
  return { receipt, stored: JSON.stringify({ consentReceipt: receipt, textKey: hashText(shown) }) };
}

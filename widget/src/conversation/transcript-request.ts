/**
 * "Email me a copy" (issue 38): the JSON the widget POSTs to the owner's `transcript-endpoint`
 * when, and only when, the visitor asks for it, and the check of the address they typed. Pure
 * and framework-free (the record file's form, card/record/email-form.ts, sends it). The limits
 * are the receiving server's (server/transcripts/): a longer conversation sends its latest turns.
 */
import type { TranscriptTurn, TranscriptWords } from './transcript.ts';

/** Most turns one request carries (the server refuses more). */
export const MAX_REQUEST_TURNS = 200;

/** Most characters of one turn's text sent (the server refuses longer). */
export const MAX_TURN_CHARS = 4000;

/** The body of the POST: who asked, what was heard, with whom, where. */
export interface TranscriptRequest {
  /** The visitor's address, as typed (trimmed). */
  email: string;
  /** The assistant's name as the card's header shows it. */
  assistant: string;
  /** The card's language (BCP 47). */
  locale: string;
  /** The page the conversation was on (origin + path: never its query or fragment). */
  pageUrl?: string;
  /** The visitor's IANA time zone (the mail's times are in it); left out when unknown or over 64 characters. */
  timeZone?: string;
  /** The turns as heard: speaker, their name, text, ISO time when known, and whether it was cut. */
  transcript: Array<Pick<TranscriptTurn, 'speaker' | 'name' | 'text' | 'at' | 'interrupted'>>;
}

/** One plain address: no spaces, one `@`, a dot in the domain, at most 254 characters. */
export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/.test(text);
}

/**
 * The request for `turns` (the latest {@link MAX_REQUEST_TURNS}, each cut at {@link MAX_TURN_CHARS});
 * `timeZone` is the browser's unless given.
 */
export function transcriptRequest(
  email: string,
  turns: readonly TranscriptTurn[],
  words: Pick<TranscriptWords, 'assistant' | 'locale'>,
  page?: Pick<Location, 'origin' | 'pathname'>,
  timeZone: string | undefined = Intl.DateTimeFormat().resolvedOptions().timeZone,
): TranscriptRequest {
  return {
    email: email.trim(),
    assistant: words.assistant,
    locale: words.locale,
    // The query and fragment can carry a visitor's tokens: left out, as the page context does.
    ...(page && /^https?:/.test(page.origin) && { pageUrl: page.origin + page.pathname }),
    // The server refuses a zone over 64 characters: the copy is worth more than its clock, so none is sent.
    ...(timeZone && timeZone.length <= 64 && { timeZone }),
    transcript: turns.slice(-MAX_REQUEST_TURNS).map((turn) => ({
      speaker: turn.speaker,
      name: turn.name,
      text: turn.text.slice(0, MAX_TURN_CHARS),
      ...(turn.at && { at: turn.at }),
      ...(turn.interrupted && { interrupted: true as const }),
    })),
  };
}

/** POSTs `request` to `endpoint` as JSON; resolves true on a 2xx answer, false otherwise (network included). */
export async function sendTranscriptRequest(
  endpoint: string,
  request: TranscriptRequest,
  doFetch: typeof fetch = fetch,
): Promise<boolean> {
  try {
    const response = await doFetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      // The address and the words go only where the owner said; no cookies of the page's origin.
      credentials: 'omit',
    });
    return response.ok;
  } catch {
    return false;
  }
}

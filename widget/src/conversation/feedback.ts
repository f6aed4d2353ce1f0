/**
 * Feedback (issue 26, item 3): which questions the card asks (`feedback` attribute), what a
 * `ringwise-feedback` event carries, and the POST to the owner's `feedback-url`. Pure apart from
 * the injected `fetch`.
 */

/** Where feedback is asked: thumbs on replies, a rating at the end, both, or nowhere. */
export type FeedbackMode = 'message' | 'end' | 'both' | 'none';

/** The `feedback` attribute's default. */
export const DEFAULT_FEEDBACK_MODE: FeedbackMode = 'end';

const MODES: readonly FeedbackMode[] = ['message', 'end', 'both', 'none'];

/** Reads the `feedback` attribute (absent or unknown: `end`). */
export function parseFeedbackMode(value: string | null | undefined): FeedbackMode {
  const mode = value?.trim().toLowerCase() as FeedbackMode;
  return MODES.includes(mode) ? mode : DEFAULT_FEEDBACK_MODE;
}

/** Whether `mode` asks for thumbs on replies. */
export const asksThumbs = (mode: FeedbackMode): boolean => mode === 'message' || mode === 'both';
/** Whether `mode` asks for the rating at the end. */
export const asksRating = (mode: FeedbackMode): boolean => mode === 'end' || mode === 'both';

/** A comment is cut to this many characters. */
export const FEEDBACK_COMMENT_MAX = 1000;

/**
 * One answer, as the `ringwise-feedback` event's detail and the POSTed JSON. A thumb on a reply:
 * `rating` 1 (up) or -1 (down) and that reply's `messageId`. The conversation's rating: `rating`
 * 1–5, an optional `comment`, no `messageId`. `callId` (voice) and `sessionId` (chat) name the
 * conversation when known.
 */
export interface FeedbackDetail {
  readonly rating: number;
  readonly comment?: string;
  readonly messageId?: string;
  readonly callId?: string;
  readonly sessionId?: string;
}

/** Builds a detail, leaving out what is unknown or empty (the comment trimmed and cut). */
export function feedbackDetail(
  rating: number,
  ids: { messageId?: string | null; callId?: string | null; sessionId?: string | null },
  comment?: string,
): FeedbackDetail {
  const detail: { -readonly [K in keyof FeedbackDetail]: FeedbackDetail[K] } = { rating };
  const said = comment?.trim().slice(0, FEEDBACK_COMMENT_MAX);
  if (said) detail.comment = said;
  if (ids.messageId) detail.messageId = ids.messageId;
  if (ids.callId) detail.callId = ids.callId;
  if (ids.sessionId) detail.sessionId = ids.sessionId;
  return detail;
}

/**
 * POSTs `detail` as JSON to `url` with `keepalive`, so it is delivered even when the page is
 * closed or left right after the answer. No cookies go with it. Never rejects: a failure is
 * returned (for the console), the visitor is not bothered with it.
 */
export async function postFeedback(
  url: string,
  detail: FeedbackDetail,
  fetcher: typeof fetch = fetch,
): Promise<Error | null> {
  try {
    const response = await fetcher(url, {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(detail),
    });
    return response.ok ? null : new Error(`feedback-url answered HTTP ${response.status}`);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

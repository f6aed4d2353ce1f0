/**
 * `POST /api/transcript-requests` (issue 38): the endpoint a widget's `transcript-endpoint` points
 * at. It answers beside the contact endpoint (server/rest.ts) and takes the same steps: CORS for
 * the site's own origins (and ALLOWED_ORIGINS), the per-address rate limit (a bucket of its own),
 * a body limit, then the checks of request.ts, then an insert as anon into
 * public.transcript_requests, whose trigger writes the mail job the delivery worker sends
 * (server/leads/, the same claims, retries and back-off as contact requests). 202 once stored;
 * 400 for bad JSON or a bad field, 413 past 100 KB or 200 turns, 429 with Retry-After, 503 when
 * the server sends no mail (no SMTP_URL) or the database is away. Errors are JSON `{code,
 * message, details, hint}` as the contact endpoint's, and never crash the server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContactDatabase } from '../database.ts';
import type { OriginPolicy } from '../origins.ts';
import type { RateLimiter } from '../rate-limit.ts';
import { applyCors, waitText } from '../rest/access.ts';
import { readBody } from '../rest/body.ts';
import { answerFailuresWith500, refusalForInsertError, refuse, send } from '../rest/errors.ts';
import { checkTranscriptRequest, MAX_TRANSCRIPT_BODY_BYTES } from './request.ts';

/** The route's path (below the server's base path). */
export const TRANSCRIPT_PATH = '/api/transcript-requests';

/** The table the route inserts into (migration 20261128080000). */
export const TRANSCRIPT_TABLE = 'transcript_requests';

/** The rate limiter's bucket for these requests (apart from contact requests'). */
export const TRANSCRIPT_BUCKET = 'transcript';

const COLUMNS = ['email', 'assistant', 'locale', 'page_url', 'transcript', 'time_zone'] as const;

/** Options of {@link createTranscriptHandler}. */
export interface TranscriptHandlerOptions {
  db: ContactDatabase;
  allowOrigin: OriginPolicy;
  rateLimiter: RateLimiter | null;
  /** Whether a mail channel delivers them (SMTP_URL); without one the route answers 503 and stores nothing. */
  delivers: boolean;
  clientAddress: (req: IncomingMessage) => string;
  log: (line: string) => void;
  /** @default 10 s */
  bodyTimeoutMs?: number;
}

/** The handler; it resolves once answered and never rejects. */
export function createTranscriptHandler(options: TranscriptHandlerOptions) {
  const { db, allowOrigin, rateLimiter, delivers, clientAddress, log, bodyTimeoutMs = 10_000 } = options;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Vary', 'Origin');
    const cors = applyCors(req, res, allowOrigin);
    if (cors === 'answered') return;
    if (cors)
      return refuse(res, { ...cors, message: `Transcript requests from ${req.headers.origin} are not accepted.` });
    if (req.method !== 'POST')
      return refuse(res, {
        status: 405,
        code: 'RW405',
        message: 'Send the request with POST.',
        headers: { Allow: 'POST, OPTIONS' },
      });
    if (rateLimiter) {
      const decision = rateLimiter.hit(clientAddress(req), TRANSCRIPT_BUCKET);
      if (!decision.allowed) {
        const seconds = decision.retryAfterSeconds;
        return refuse(res, {
          status: 429,
          code: 'RW429',
          message: `Too many transcript requests from your address. Please try again in ${waitText(seconds)}.`,
          headers: { 'Retry-After': String(seconds) },
        });
      }
    }
    if (!delivers)
      return refuse(res, {
        status: 503,
        code: 'RW503',
        message: 'This server does not send email, so it cannot send a transcript.',
        hint: 'Set SMTP_URL and CONTACT_NOTIFY_TO (and CONTACT_NOTIFY_FROM) on the server.',
      });
    const mediaType = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json')
      return refuse(res, {
        status: 415,
        code: 'RW415',
        message: 'Send the request as Content-Type: application/json.',
      });
    const tooLarge = {
      status: 413,
      code: 'RW413',
      message: `The request is larger than ${MAX_TRANSCRIPT_BODY_BYTES} bytes.`,
      headers: { Connection: 'close' },
    };
    if (Number(req.headers['content-length']) > MAX_TRANSCRIPT_BODY_BYTES) return refuse(res, tooLarge);
    if (/\b100-continue\b/i.test(String(req.headers.expect ?? ''))) res.writeContinue();
    const read = await readBody(req, MAX_TRANSCRIPT_BODY_BYTES, bodyTimeoutMs);
    if (read.kind === 'too-large') return refuse(res, tooLarge);
    if (read.kind !== 'ok') {
      log(`transcript request from ${clientAddress(req)} ${read.kind === 'timeout' ? 'timed out' : 'aborted'}`);
      if (read.kind === 'aborted') return void res.destroy();
      return refuse(res, { status: 408, code: 'RW408', message: 'The request body did not arrive in time.' });
    }
    const checked = checkTranscriptRequest(read.body);
    if ('refusal' in checked) {
      const { status, message } = checked.refusal;
      return refuse(res, { status, code: status === 413 ? 'RW413' : 'RW400', message });
    }
    try {
      await db.insertAsAnon(TRANSCRIPT_TABLE, COLUMNS, checked.row, false);
    } catch (error) {
      const refusal = refusalForInsertError(error);
      if (refusal.unavailable) log(`transcript request failed, answered 503: ${(error as Error).message}`);
      return refuse(res, refusal);
    }
    send(res, 202, { status: 'queued' });
  }

  return answerFailuresWith500(handle, 'transcript', 'RW500', log);
}

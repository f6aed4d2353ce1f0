import type { WebCall } from './call-target.ts';
import { AnswerError } from './errors/answer-error.ts';
import type { RequestContext } from './errors/request-error.ts';

/**
 * Whether `url` is an absolute `https:` URL: the only kind of room address the call object may be
 * given (a `javascript:`, `data:` or plain `http:` address from a hostile or misconfigured
 * platform would otherwise be handed to daily-js).
 */
export function isHttpsUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Daily's domains (and their subdomains): where the platform's web calls take place (`https://<team>.daily.co/<room>`). */
export const DAILY_ROOM_HOSTS: readonly string[] = ['daily.co'];

/**
 * Reads the `room-hosts` option: hosts separated by spaces or commas (`*.` allowed), each with its
 * subdomains; absent or empty: Daily's (`DAILY_ROOM_HOSTS`).
 */
export function parseRoomHosts(value: string | null | undefined): readonly string[] {
  const hosts = (value ?? '')
    .split(/[\s,]+/)
    .map((host) => host.trim().toLowerCase().replace(/^\*\./, ''))
    .filter(Boolean);
  return hosts.length ? hosts : DAILY_ROOM_HOSTS;
}

/**
 * What is wrong with `url` as the room a call joins, or null when nothing is: it must be an
 * absolute `https:` URL whose host is one of `hosts` or a subdomain of one (a look-alike such as
 * `daily.co.evil.example` is not). The same check for a fresh answer and a kept call.
 * @param hosts The room hosts (`parseRoomHosts`); null: any https host.
 */
export function roomUrlProblem(url: unknown, hosts: readonly string[] | null = DAILY_ROOM_HOSTS): string | null {
  if (typeof url !== 'string') return 'webCallUrl must be a string';
  if (!isHttpsUrl(url)) return 'webCallUrl is not https:';
  const host = new URL(url).hostname;
  if (hosts && !hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))) {
    return `webCallUrl is not on a room host (${hosts.join(', ')})`;
  }
  return null;
}

/**
 * Checks a 2xx answer of `POST /call/web` before anything uses it: `id` must be a string and
 * `webCallUrl` an absolute `https:` URL on one of the room hosts (`roomUrlProblem`: the same check
 * a kept call gets), so a hostile or misconfigured platform cannot send the visitor into a room elsewhere.
 * @param status The answer's HTTP status (for the error).
 * @param context Method and path of the request.
 * @param body The parsed body.
 * @param hosts The room hosts (`parseRoomHosts`); null: any https host. @default DAILY_ROOM_HOSTS
 * @returns The body as a `WebCall`.
 * @throws AnswerError (`invalid`) otherwise: the join is refused, with the reason in the message.
 */
export function checkWebCall(
  status: number,
  context: RequestContext,
  body: unknown,
  hosts?: readonly string[] | null,
): WebCall {
  const call = body as Partial<WebCall> | undefined;
  // The URL is not repeated in the message: it may be a script, and messages end up in logs and UIs.
  const problem = typeof call?.id !== 'string' ? 'id must be a string' : roomUrlProblem(call.webCallUrl, hosts);
  if (problem)
    throw new AnswerError(context, status, 'invalid', `Invalid web call: ${problem} (join refused)`, { body });
  return call as WebCall;
}

/**
 * Why one of the widget's files could not be loaded, worked out from what a browser lets a page
 * see about a classic `<script>` that failed (its `error` event carries no status):
 *
 * - a `securitypolicyviolation` event naming the file's URL: the page's Content-Security-Policy;
 * - the script ran (`load`) but did not register: the URL served some other file or version;
 * - the HTTP status from Resource Timing (`responseStatus`, Chromium), which browsers expose for
 *   same-origin files only (a cross-origin file without CORS always reports 0, even with
 *   `Timing-Allow-Origin`): 404/410 not found, another status the server's error;
 * - otherwise offline (`navigator.onLine`) or, for a file on another origin, "missing there, or
 *   the server unreachable" — the browser does not tell those apart.
 *
 * Pure, so it is tested without a browser; the script loader (script-loader.ts) collects the evidence.
 */

/** What went wrong, in the terms the card explains. */
export type LoadFailureReason = 'csp' | 'not-found' | 'http' | 'invalid' | 'offline' | 'unreachable';

/** A widget file that could not be loaded. */
export interface LoadFailure {
  /** The file's name (`voice-widget-engine.js`). */
  readonly file: string;
  /** The URL asked for. */
  readonly url: string;
  readonly reason: LoadFailureReason;
  /** The HTTP status when the browser exposed it, else 0. */
  readonly status: number;
}

/** What the page could observe about one failed attempt. */
export interface LoadEvidence {
  readonly file: string;
  readonly url: string;
  /** The script's `load` event fired (it ran, but registered nothing). */
  readonly ran: boolean;
  /** A `securitypolicyviolation` event named this URL. */
  readonly blocked: boolean;
  /** `responseStatus` of the URL's resource timing entry; 0 when unknown. */
  readonly status: number;
  /** `navigator.onLine`. */
  readonly online: boolean;
}

/** Works out why a file failed (see the module comment). */
export function diagnoseLoad(evidence: LoadEvidence): LoadFailure {
  const { file, url, status } = evidence;
  const reason: LoadFailureReason = evidence.blocked
    ? 'csp'
    : evidence.ran
      ? 'invalid'
      : status === 404 || status === 410
        ? 'not-found'
        : status >= 400
          ? 'http'
          : // Answered 2xx/3xx and still refused as a script: a wrong content type (HTML, a 'nosniff' text file).
            status
            ? 'invalid'
            : evidence.online
              ? 'unreachable'
              : 'offline';
  return { file, url, reason, status };
}

/** One line for the console: the URL and why, in words (the card shows the same with a fix). */
export function loadFailureLine(failure: LoadFailure): string {
  const why: Record<LoadFailureReason, string> = {
    csp: "blocked by the page's Content-Security-Policy (script-src)",
    'not-found': `not found (${failure.status})`,
    http: `the server answered ${failure.status}`,
    invalid: 'the URL did not serve this widget version\'s file',
    offline: 'the browser is offline',
    unreachable: 'missing there, or the server could not be reached',
  };
  return `ringwise-voice-call: could not load ${failure.url}: ${why[failure.reason]}`;
}

/** The `LoadFailure` an error carries (the script loader's, or a core error caused by one). */
export function loadFailureOf(error: unknown): LoadFailure | undefined {
  const e = error as { failure?: LoadFailure; cause?: { failure?: LoadFailure } } | null;
  return e?.failure ?? e?.cause?.failure;
}

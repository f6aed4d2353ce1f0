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
 * The script loader (script-loader.ts, in the small loader file) only records what it saw at the
 * failure (`LoadEvidence`) and logs the URL; the card works out the reason (`loadFailureOf`) when
 * it explains the failure, so the loader stays small. `diagnoseLoad` is pure, tested without a browser.
 */

/** What went wrong, in the terms the card explains. */
export type LoadFailureReason = 'csp' | 'not-found' | 'http' | 'invalid' | 'offline' | 'unreachable';

/** A widget file that could not be loaded. */
export interface LoadFailure {
  /** The file's name (`voice-widget-engine.js`). */
  readonly file: string;
  /** Its address (without the retry query). */
  readonly url: string;
  readonly reason: LoadFailureReason;
  /** The HTTP status when the browser exposed it, else 0. */
  readonly status: number;
  /**
   * For the site's owner, in English: what failed, where, and what to change. The widget logs it
   * and puts it in the `ringwise-error` event; visitors read one plain sentence instead.
   */
  readonly help: string;
}

/** What the script loader saw when a file failed. */
export interface LoadEvidence {
  /** The file's address (its name is the last part). */
  readonly url: string;
  /** The URL asked for (the address, with `?retry=n` after a failure): its resource timing entry. */
  readonly requested: string;
  /** The script's `load` event fired (it ran, but registered nothing). */
  readonly ran: boolean;
  /** A `securitypolicyviolation` event named the URL asked for. */
  readonly blocked: boolean;
}

/** What the browser says later: the status of the URL asked for, and whether it is online. */
export interface LoadContext {
  /** `responseStatus` of the URL's resource timing entry; 0 when unknown. */
  readonly status: number;
  /** `navigator.onLine`. */
  readonly online: boolean;
}

/** Works out why a file failed (see the module comment). */
export function diagnoseLoad(evidence: LoadEvidence, { status, online }: LoadContext): LoadFailure {
  const { url } = evidence;
  const file = url.slice(url.lastIndexOf('/') + 1);
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
            : online
              ? 'unreachable'
              : 'offline';
  return { file, url, reason, status, help: ownerHelp(reason, url, file, status) };
}

/** The owner's explanation of a failure (see `LoadFailure.help`). */
function ownerHelp(reason: LoadFailureReason, url: string, file: string, status: number): string {
  const folder = 'upload every file of the widget folder next to voice-widget.js';
  switch (reason) {
    case 'csp':
      return `This page's Content-Security-Policy blocked ${url}: allow ${new URL(url).origin} in script-src, or give the widget's script tag the page's nonce.`;
    case 'not-found':
      return `${url} was not found (${status}): ${folder}.`;
    case 'http':
      return `The server answered ${status} for ${url}: check the server that hosts the widget files.`;
    case 'invalid':
      return `${url} is not the widget file ${file} of this version: ${folder}.`;
    case 'offline':
      return `The visitor is offline: ${url} could not be downloaded.`;
    default:
      return `${url} could not be downloaded (missing there, or the server is unreachable): check that the file opens at that address.`;
  }
}

/** What the browser says about `url` now (status 0 and online outside a browser). */
export function browserLoadContext(url: string): LoadContext {
  const timing = typeof performance === 'undefined' ? undefined : performance.getEntriesByName(url).at(-1);
  return {
    status: (timing as { responseStatus?: number } | undefined)?.responseStatus ?? 0,
    online: typeof navigator === 'undefined' || navigator.onLine !== false,
  };
}

/**
 * The `LoadFailure` behind an error: the script loader's (its `evidence`), or one a core error
 * was caused by (the daily file), diagnosed now; `undefined` for any other error.
 */
export function loadFailureOf(
  error: unknown,
  context: (url: string) => LoadContext = browserLoadContext,
): LoadFailure | undefined {
  const e = error as { evidence?: LoadEvidence; cause?: { evidence?: LoadEvidence } } | null;
  const evidence = e?.evidence ?? e?.cause?.evidence;
  return evidence && diagnoseLoad(evidence, context(evidence.requested));
}

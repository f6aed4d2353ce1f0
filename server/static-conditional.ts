/**
 * The HTTP validators of the static server (RFC 9110 §8.8, §13): an ETag per file version and
 * representation, Last-Modified, the 304 a revalidation earns when nothing changed, and single
 * byte ranges (`Range: bytes=…`, honouring `If-Range`) for identity responses.
 */
import type { IncomingMessage } from 'node:http';

/** A file version: its size and modification time. */
export interface FileVersion {
  size: number;
  mtimeMs: number;
}

/**
 * The strong ETag of a file version in one content coding (`null` = identity): each coding is its
 * own representation with its own bytes, so each gets its own tag.
 */
export function etagOf(version: FileVersion, coding: string | null): string {
  return `"${version.size.toString(16)}-${Math.floor(version.mtimeMs).toString(16)}${coding ? `-${coding}` : ''}"`;
}

/** Last-Modified: the modification time, in HTTP's date format. */
export function lastModifiedOf(version: FileVersion): string {
  return new Date(version.mtimeMs).toUTCString();
}

/**
 * Whether a GET/HEAD may be answered 304: If-None-Match (weak comparison, `*` matches) decides
 * when present; else If-Modified-Since, to the second.
 */
export function isNotModified(req: IncomingMessage, etag: string, version: FileVersion): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return inm.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
  }
  const ims = req.headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Math.floor(version.mtimeMs / 1000) * 1000 <= since;
}

/** The outcome of a Range header: the whole file, one range, or nothing satisfiable (416). */
export type RangeRequest =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads `Range` for a file of `size` bytes. Only one `bytes` range is served; several ranges, other
 * units, a syntax error or an `If-Range` that no longer matches this version give the whole file
 * (which RFC 9110 §14.2 allows).
 */
export function rangeOf(req: IncomingMessage, size: number, etag: string, lastModified: string): RangeRequest {
  const header = req.headers.range;
  if (!header) return { kind: 'full' };
  const ifRange = req.headers['if-range'] as string | undefined;
  // If-Range needs a strong match: the same ETag, or exactly the same date.
  if (ifRange !== undefined && ifRange.trim() !== etag && ifRange.trim() !== lastModified) return { kind: 'full' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'full' };
  let start: number;
  let end: number;
  if (match[1] === '') {
    // A suffix: the last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (end < start && match[2] !== '') return { kind: 'full' };
  }
  if (start >= size || size === 0) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}

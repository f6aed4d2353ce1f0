/**
 * Serves the built site from `dist/`: directory indexes, `/x` → `x.html`, the 404 page with status
 * 404, correct content types, gzip/brotli for text, immutable caching for Astro's hashed assets,
 * validators (ETag, Last-Modified) with 304s, HEAD, and single byte ranges. Security headers are
 * added by the server for every response (server/app.ts).
 *
 * Dotfiles and dot-folders (`.env`, `.git/`, anything a build copies by mistake) are never
 * served, in the request path or behind a symlink; `/.well-known/` is the one exception.
 *
 * Containment: the request path is percent-decoded once and joined to the root as is; every
 * candidate file (the path itself, its `index.html`, its `.html` fallback and the 404 page) passes
 * the one check {@link isInside}, after symlinks are followed, before it is opened. Nothing
 * normalises the path first (a WHATWG URL would turn `/../` into `/` and hide the escape).
 */
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { COMPRESSIBLE, contentTypeOf } from '../shared/content-types.ts';
import { etagOf, isNotModified, lastModifiedOf, rangeOf } from './static-conditional.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

/**
 * Compressed bodies, computed once per file version (path + mtime) and encoding, so the server
 * pays brotli's best quality once instead of on every request (the daily-js chunk takes ~1 s).
 * The built site is a few megabytes, so holding it compressed in memory is cheap.
 */
const compressed = new Map<string, { mtimeMs: number; body: Promise<Buffer> }>();

async function compressedBody(file: string, encoding: Encoding): Promise<Buffer> {
  const { mtimeMs } = await stat(file);
  const key = `${encoding}\0${file}`;
  const hit = compressed.get(key);
  if (hit && hit.mtimeMs === mtimeMs) return hit.body;
  const body = readFile(file).then((raw) =>
    encoding === 'br'
      ? brotli(raw, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : gzipAsync(raw, { level: 9 }),
  );
  compressed.set(key, { mtimeMs, body });
  body.catch(() => compressed.delete(key));
  return body;
}

/** Whether `path` is `root` or below it, by their names alone. */
function lexicallyInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + sep) && !isAbsolute(rel));
}

/**
 * THE containment check: true when `candidate` lies in `root` both by name and, when it exists,
 * after following symlinks (`realRoot` is the root's real path). Every file the server opens
 * passes it first.
 */
export async function isInside(root: string, realRoot: string, candidate: string): Promise<boolean> {
  if (!lexicallyInside(root, candidate)) return false;
  const real = await realpath(candidate).catch(() => null);
  return real === null || lexicallyInside(realRoot, real);
}

/**
 * Whether a path below the root (`/`-separated, no leading slash) names a dotfile or passes
 * through a dot-folder; `.well-known/` at the top is allowed (RFC 8615).
 */
export function isHiddenPath(relativePath: string): boolean {
  const segments = relativePath.split('/').filter(Boolean);
  return segments.some((segment, i) => segment.startsWith('.') && !(i === 0 && segment === '.well-known'));
}

function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/** Creates a request handler serving files below `root`. */
export function createStaticHandler(root: string) {
  const base = resolve(root);
  const realBase = realpath(base);

  /** The file to serve for `candidate` (a file, or a folder's index.html), if it is inside the root. */
  async function fileAt(candidate: string): Promise<string | null> {
    const real = await realBase;
    if (!(await isInside(base, real, candidate))) return null;
    if (await isHidden(candidate)) return null;
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return candidate;
    if (!info?.isDirectory()) return null;
    const index = join(candidate, 'index.html');
    if (!(await isInside(base, real, index))) return null;
    return (await stat(index).catch(() => null))?.isFile() ? index : null;
  }

  /** Whether `candidate`, by name or after following symlinks, is a dotfile or in a dot-folder. */
  async function isHidden(candidate: string): Promise<boolean> {
    if (isHiddenPath(relative(base, candidate).split(sep).join('/'))) return true;
    const realCandidate = await realpath(candidate).catch(() => null);
    return (
      realCandidate !== null &&
      isHiddenPath(
        relative(await realBase, realCandidate)
          .split(sep)
          .join('/'),
      )
    );
  }

  return async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      plain(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
      return;
    }
    const raw = (req.url ?? '/').split('?')[0]?.split('#')[0] ?? '/';
    let pathname: string;
    try {
      pathname = decodeURIComponent(raw);
    } catch {
      plain(res, 400, 'Bad Request');
      return;
    }
    // NUL cannot be part of a file name; the file system calls would throw on it.
    if (!pathname.startsWith('/') || pathname.includes('\0')) {
      plain(res, 400, 'Bad Request');
      return;
    }
    const target = join(base, pathname);
    let file = await fileAt(target);
    if (!file && !extname(pathname)) file = await fileAt(target + '.html');
    let status = 200;
    if (!file) {
      status = 404;
      file = await fileAt(join(base, '404.html'));
      if (!file) {
        plain(res, 404, 'Not Found');
        return;
      }
    }
    const served = relative(base, file).split(sep).join('/');
    const ext = extname(file).toLowerCase();
    const headers: Record<string, string> = {
      'Content-Type': contentTypeOf(ext),
      'Cache-Control':
        status === 200 && served.startsWith('_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    // The widget's files are loaded by third-party pages, which may read them with CORS.
    if (served.startsWith('widget/') && (ext === '.js' || ext === '.map')) headers['Access-Control-Allow-Origin'] = '*';
    const version = await stat(file);
    const accept = String(req.headers['accept-encoding'] ?? '');
    // A range is of the identity bytes: a request with Range gets them uncompressed.
    const compressible = COMPRESSIBLE.has(ext) && !req.headers.range;
    const encoding: Encoding | null = compressible
      ? /\bbr\b/.test(accept)
        ? 'br'
        : /\bgzip\b/.test(accept)
          ? 'gzip'
          : null
      : null;
    if (COMPRESSIBLE.has(ext)) headers['Vary'] = 'Accept-Encoding';
    if (status === 200) {
      const etag = etagOf(version, encoding);
      headers['ETag'] = etag;
      headers['Last-Modified'] = lastModifiedOf(version);
      if (isNotModified(req, etag, version)) {
        delete headers['Content-Type'];
        res.writeHead(304, headers);
        res.end();
        return;
      }
    }
    if (encoding) {
      const body = await compressedBody(file, encoding);
      headers['Content-Encoding'] = encoding;
      headers['Content-Length'] = String(body.length);
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    let start = 0;
    let end = version.size - 1;
    if (status === 200) {
      headers['Accept-Ranges'] = 'bytes';
      const range = rangeOf(req, version.size, headers['ETag']!, headers['Last-Modified']!);
      if (range.kind === 'unsatisfiable') {
        plain(res, 416, 'Range Not Satisfiable', { 'Content-Range': `bytes */${version.size}` });
        return;
      }
      if (range.kind === 'partial') {
        ({ start, end } = range);
        status = 206;
        headers['Content-Range'] = `bytes ${start}-${end}/${version.size}`;
      }
    }
    headers['Content-Length'] = String(Math.max(0, end - start + 1));
    res.writeHead(status, headers);
    if (req.method === 'HEAD' || version.size === 0) {
      res.end();
      return;
    }
    try {
      await pipeline(createReadStream(file, status === 206 ? { start, end } : {}), res);
    } catch {
      // Client went away mid-response; nothing to do.
      res.destroy();
    }
  };
}

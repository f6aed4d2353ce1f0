/**
 * Serves the built site from `dist/`: directory indexes, the 404 page with status 404, correct
 * content types, gzip/brotli for text, and immutable caching for Astro's hashed assets.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { readFile } from 'node:fs/promises';

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
      ? brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : gzipAsync(raw, { level: 9 }),
  );
  compressed.set(key, { mtimeMs, body });
  body.catch(() => compressed.delete(key));
  return body;
}

/** Content type of each served file extension (shared with the bench's CDN-like server). */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
/** Extensions worth compressing (text formats). */
export const COMPRESSIBLE: ReadonlySet<string> = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.xml', '.txt', '.svg', '.webmanifest']);

async function fileAt(path: string): Promise<string | null> {
  try {
    const s = await stat(path);
    if (s.isFile()) return path;
    if (s.isDirectory()) {
      const index = join(path, 'index.html');
      const si = await stat(index).catch(() => null);
      return si?.isFile() ? index : null;
    }
  } catch {
    // not found
  }
  return null;
}

/** Creates a request handler serving files below `root`. */
export function createStaticHandler(root: string) {
  const base = normalize(root + sep);
  return async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed');
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Bad Request');
      return;
    }
    const target = normalize(join(base, pathname));
    // Refuse anything that escapes the root (e.g. /../../etc/passwd).
    let file = target.startsWith(base) || target + sep === base ? await fileAt(target) : null;
    if (!file && !extname(target)) file = await fileAt(target + '.html');
    let status = 200;
    if (!file) {
      status = 404;
      file = await fileAt(join(base, '404.html'));
      if (!file) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Not Found');
        return;
      }
    }
    const ext = extname(file);
    const headers: Record<string, string> = {
      'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    // The widget's files are loaded by third-party pages; its chunks are ES modules (CORS fetches).
    if (pathname.startsWith('/widget/') && (ext === '.js' || ext === '.map')) headers['Access-Control-Allow-Origin'] = '*';
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding: Encoding | null = COMPRESSIBLE.has(ext)
      ? /\bbr\b/.test(accept)
        ? 'br'
        : /\bgzip\b/.test(accept)
          ? 'gzip'
          : null
      : null;
    if (encoding) {
      const body = await compressedBody(file, encoding);
      headers['Content-Encoding'] = encoding;
      headers['Vary'] = 'Accept-Encoding';
      headers['Content-Length'] = String(body.length);
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    headers['Content-Length'] = String((await stat(file)).size);
    res.writeHead(status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    try {
      await pipeline(createReadStream(file), res);
    } catch {
      // Client went away mid-response; nothing to do.
      res.destroy();
    }
  };
}

/**
 * A static server for the bench that behaves like a CDN: every file below the root is read and
 * compressed once at start (brotli 11 and gzip 9, as a CDN caches them), then answered from memory
 * with the encoding the browser accepts. Measuring through an on-the-fly compressing server would
 * add the compression time of each request (≈1 s for daily-js at brotli 11) to every figure.
 * `/x` serves `x`, `x/index.html` or `x.html`; unknown paths get 404.html (or a plain 404).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESSIBLE, contentTypeOf } from '../../shared/content-types.ts';

interface Entry {
  type: string;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** A running bench server. */
export interface BenchServer {
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Options of `serveStatic`. */
export interface ServeOptions {
  /** Extra in-memory pages by exact path, e.g. `{ '/': '<!DOCTYPE html>…' }` (served as HTML, no-store). */
  pages?: Record<string, string>;
  /**
   * Extra in-memory files by exact path, e.g. `{ '/peers/vapi-web.js': bytes }`: typed by their
   * extension and pre-compressed like the files below the root (a peer's bundle served as a CDN would).
   */
  files?: Record<string, string | Uint8Array>;
  /** Host to bind. @default '127.0.0.1' */
  host?: string;
}

/** One file as a CDN caches it: its type, its bytes, and brotli 11 / gzip 9 when compressible. */
function entryOf(name: string, raw: Buffer): Entry {
  const ext = extname(name);
  const entry: Entry = { type: contentTypeOf(ext), raw };
  if (COMPRESSIBLE.has(ext) && ext !== '.map') {
    entry.br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    entry.gzip = gzipSync(raw, { level: 9 });
  }
  return entry;
}

function load(root: string, extra: Record<string, string | Uint8Array> = {}): Map<string, Entry> {
  const files = new Map<string, Entry>();
  const walk = (dir: string): void => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, d.name);
      if (d.isDirectory()) walk(full);
      else if (d.isFile())
        files.set('/' + relative(root, full).split(sep).join('/'), entryOf(d.name, readFileSync(full)));
    }
  };
  walk(root);
  for (const [path, body] of Object.entries(extra)) files.set(path, entryOf(path, Buffer.from(body)));
  return files;
}

/** Serves `root` (pre-compressed, from memory) on a free loopback port. */
export async function serveStatic(root: string, options: ServeOptions = {}): Promise<BenchServer> {
  const files = load(root, options.files);
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const page = options.pages?.[path];
    if (page !== undefined) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(page);
      return;
    }
    const trimmed = path.replace(/\/$/, '');
    let status = 200;
    let entry = files.get(path) ?? files.get(`${trimmed}/index.html`) ?? files.get(`${trimmed}.html`);
    if (!entry) {
      status = 404;
      entry = files.get('/404.html');
      if (!entry) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
        return;
      }
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    const [body, encoding] =
      entry.br && /\bbr\b/.test(accept)
        ? [entry.br, 'br']
        : entry.gzip && /\bgzip\b/.test(accept)
          ? [entry.gzip, 'gzip']
          : [entry.raw, null];
    const headers: Record<string, string> = {
      'Content-Type': entry.type,
      'Content-Length': String(body.byteLength),
      'Cache-Control': path.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (encoding) {
      headers['Content-Encoding'] = encoding;
      headers['Vary'] = 'Accept-Encoding';
    }
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const server: Server = createServer(handler);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

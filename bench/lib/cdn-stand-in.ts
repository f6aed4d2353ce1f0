/**
 * The local stand-in for Daily's CDN (issue 35): an https server on a loopback port that answers
 * every call-machine bundle path (`/call-machine/versioned/<v>/static/call-machine-object-bundle.js`,
 * whatever the daily-js version asking) with the one synthetic bundle of bench/lib/call-machine.ts,
 * gzip on the wire as a CDN sends it, and 404 to anything else. The browser reaches it as
 * `https://c.daily.co` through `--host-resolver-rules` (`hostResolverRule`) and accepts its
 * self-signed certificate (`--ignore-certificate-errors`), so the bundle travels the page's emulated
 * network like the real one. The certificate is made for each run with `openssl`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALL_MACHINE_HOST, isCallMachinePath, type SyntheticMachine } from './call-machine.ts';

/** A running stand-in. */
export interface CdnStandIn {
  port: number;
  /** Call-machine bundles served so far. */
  served(): number;
  close(): Promise<void>;
}

/**
 * A self-signed certificate for `c.daily.co`, made with `openssl` for this run.
 * @throws Error saying what to install when `openssl` is missing or fails.
 */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cdn-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        `/CN=${CALL_MACHINE_HOST}`,
        '-addext',
        `subjectAltName=DNS:${CALL_MACHINE_HOST}`,
      ],
      { stdio: 'pipe' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } catch (error) {
    throw new Error(
      `the CDN stand-in needs a certificate from openssl, which failed (${(error as Error).message.split('\n')[0]}): ` +
        'install openssl',
      { cause: error },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Serves `machine` as Daily's CDN would (see the module comment) on a free loopback port. */
export async function startCdnStandIn(machine: SyntheticMachine): Promise<CdnStandIn> {
  let served = 0;
  const server = createServer(certificate(), (req, res) => {
    const path = new URL(req.url ?? '/', 'https://x').pathname;
    if (req.method !== 'GET' || !isCallMachinePath(path)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    served++;
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? machine.gzip : machine.raw;
    res.writeHead(200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Content-Length': String(body.byteLength),
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      'Cache-Control': 'public, max-age=31536000',
      'Access-Control-Allow-Origin': '*',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    served: () => served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Who the client is, and whether it came over HTTPS, behind zero or more reverse proxies
 * (`TRUST_PROXY`). Off by default: the client is the socket's peer and `X-Forwarded-*` headers are
 * ignored, because any client can send them. With a hop count or a list of proxy addresses the
 * server walks `X-Forwarded-For` from the right (the entry the nearest proxy appended) past the
 * proxies it trusts; the first address it does not trust is the client. The one place that reads
 * these headers: the rate limiter keys by {@link clientAddress}; HTTPS detection (HSTS) asks
 * {@link requestIsHttps}.
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** How far `X-Forwarded-For` is believed. */
export type TrustProxy =
  | { kind: 'off' }
  /** The nearest `hops` proxies are trusted, whatever their addresses. */
  | { kind: 'hops'; hops: number }
  /** Proxies at these addresses (and networks) are trusted. */
  | { kind: 'addresses'; list: BlockList; text: string };

/** No proxy is trusted (the default). */
export const TRUST_NO_PROXY: TrustProxy = { kind: 'off' };

const OFF_WORDS = new Set(['', '0', 'off', 'false', 'no']);

/** `::ffff:10.0.0.1` → `10.0.0.1`, so one client has one address whichever socket family it came by. */
function normalise(address: string): string {
  const bare = address.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  return mapped ? mapped[1]! : bare;
}

function addToList(list: BlockList, item: string): void {
  if (item === 'loopback') {
    list.addSubnet('127.0.0.0', 8, 'ipv4');
    list.addAddress('::1', 'ipv6');
    return;
  }
  const [address = '', prefixText, ...rest] = item.split('/');
  const family = isIP(normalise(address));
  const prefix = prefixText === undefined ? null : Number(prefixText);
  const maxPrefix = family === 4 ? 32 : 128;
  if (!family || rest.length > 0 || (prefix !== null && (!/^\d+$/.test(prefixText!) || prefix > maxPrefix))) {
    throw new Error(
      `TRUST_PROXY: ${JSON.stringify(item)} is not an address, a network or "loopback" (write a hop count like 1, or addresses like 10.0.0.5, 10.0.0.0/8, loopback).`,
    );
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === null) list.addAddress(normalise(address), type);
  else list.addSubnet(normalise(address), prefix, type);
}

/**
 * Parses `TRUST_PROXY`: unset, `off`, `false` or `0` → off; a whole number → that many hops; else
 * addresses and networks (CIDR) separated by commas or spaces, `loopback` for 127.0.0.0/8 and ::1.
 * `true` and `*` are refused: trusting every hop lets any client choose its own address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (OFF_WORDS.has(text.toLowerCase())) return TRUST_NO_PROXY;
  if (/^\d+$/.test(text)) return { kind: 'hops', hops: Number(text) };
  if (text === '*' || text.toLowerCase() === 'true') {
    throw new Error(
      'TRUST_PROXY may not trust every hop (any client could choose its address): give the number of proxies in front of the server (e.g. 1), or their addresses.',
    );
  }
  const list = new BlockList();
  for (const item of text.split(/[\s,]+/).filter(Boolean)) addToList(list, item);
  return { kind: 'addresses', list, text };
}

function trusted(trust: TrustProxy, address: string, hop: number): boolean {
  if (trust.kind === 'off') return false;
  if (trust.kind === 'hops') return hop < trust.hops;
  const family = isIP(address);
  return family !== 0 && trust.list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The socket's peer, normalised. */
function peerAddress(req: IncomingMessage): string {
  return normalise(req.socket.remoteAddress ?? '') || 'unknown';
}

/** The values of a comma-separated header, in order (several header lines joined). */
function headerList(req: IncomingMessage, name: string): string[] {
  const raw = req.headers[name];
  const joined = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  return joined
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * The client's address: the socket's peer, or, when that peer is a trusted proxy, the nearest
 * address in `X-Forwarded-For` that is not (an entry that is not an address ends the walk at
 * the last trusted hop).
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy = TRUST_NO_PROXY): string {
  let address = peerAddress(req);
  if (trust.kind === 'off') return address;
  const forwarded = headerList(req, 'x-forwarded-for').map(normalise).reverse();
  for (let hop = 0; hop < forwarded.length && trusted(trust, address, hop); hop++) {
    const next = forwarded[hop]!;
    if (!isIP(next)) break;
    address = next;
  }
  return address;
}

/**
 * Whether the client's request came over HTTPS: the socket is TLS, or the peer is a trusted proxy
 * and the first `X-Forwarded-Proto` value (the one the outermost proxy set) is `https` — or, with
 * no `X-Forwarded-Proto`, the first `Forwarded` element's `proto` (RFC 7239). Without a trusted
 * proxy both headers are ignored: any client can write them.
 */
export function requestIsHttps(req: IncomingMessage, trust: TrustProxy = TRUST_NO_PROXY): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!trusted(trust, peerAddress(req), 0)) return false;
  const proto = headerList(req, 'x-forwarded-proto')[0] ?? forwardedProto(req);
  return proto?.toLowerCase() === 'https';
}

/** The `proto` of the first `Forwarded` element, if any. */
function forwardedProto(req: IncomingMessage): string | undefined {
  const forwarded = req.headers.forwarded;
  return (forwarded ? /(?:^|[;,\s])proto="?([a-z][a-z0-9+.-]*)"?/i.exec(forwarded) : null)?.[1];
}

/**
 * The network side of the latency benches, as pure data and functions (unit-tested in
 * tests/unit/gates/): the three network profiles and their DevTools-protocol parameters, which
 * requests a sample's browser context lets through, and how a sample's JavaScript transfers are
 * split around the click and the POST.
 */
import { DEFAULT_API_BASE_URL } from '@ringwise/voice-widget/api';
import { CALL_MACHINE_HOST, callMachineVersion } from './call-machine.ts';

/** One network profile of the latency benches. */
export interface NetworkProfile {
  /** Stable id (JSON, `--profiles=`). */
  id: 'none' | 'fast-mobile' | 'slow-mobile';
  /** Name in the report. */
  label: string;
  /** Short name, where the figures are given elsewhere (the README's budget table). */
  short: string;
  /** Added to every response (DevTools' "latency": request sent → response headers), ms. */
  latencyMs: number;
  /** Download throughput, bits per second; 0 = not throttled. */
  downloadBps: number;
  /** Upload throughput, bits per second; 0 = not throttled. */
  uploadBps: number;
}

/**
 * The profiles the issue sets: none (loopback as it is), fast mobile (40 ms, 9 Mbps down,
 * 1.5 Mbps up) and slow mobile (150 ms, 1.6 Mbps down, 750 kbps up).
 */
export const NETWORK_PROFILES: readonly NetworkProfile[] = [
  { id: 'none', label: 'none (loopback)', short: 'loopback', latencyMs: 0, downloadBps: 0, uploadBps: 0 },
  {
    id: 'fast-mobile',
    label: 'fast mobile (40 ms, 9 Mbps ↓, 1.5 Mbps ↑)',
    short: 'fast mobile',
    latencyMs: 40,
    downloadBps: 9_000_000,
    uploadBps: 1_500_000,
  },
  {
    id: 'slow-mobile',
    label: 'slow mobile (150 ms, 1.6 Mbps ↓, 750 kbps ↑)',
    short: 'slow mobile',
    latencyMs: 150,
    downloadBps: 1_600_000,
    uploadBps: 750_000,
  },
];

/** Parameters of `Network.emulateNetworkConditions` (throughputs in bytes per second, -1 = off). */
export interface CdpNetworkConditions {
  offline: false;
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
}

/**
 * The DevTools-protocol parameters of a profile, or null for a profile that throttles nothing
 * (then the bench does not emulate at all, so "none" carries no emulation overhead).
 */
export function cdpConditions(profile: NetworkProfile): CdpNetworkConditions | null {
  if (!profile.latencyMs && !profile.downloadBps && !profile.uploadBps) return null;
  const bytesPerSecond = (bps: number): number => (bps > 0 ? bps / 8 : -1);
  return {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: bytesPerSecond(profile.downloadBps),
    uploadThroughput: bytesPerSecond(profile.uploadBps),
  };
}

/**
 * The platform's public API origin: our default API base URL, and the one @vapi-ai/web and
 * `<vapi-widget>` use by default too. In the voice bench every subject keeps this default and the
 * browser context's routing answers it from the loopback provider.
 */
export const PLATFORM_API_ORIGIN = new URL(DEFAULT_API_BASE_URL).origin;

/**
 * What a sample's browser context does with one request:
 * - `continue`: a loopback request (host page, scripts, the provider fixture): it goes out, throttled;
 *   with the CDN stand-in on (bench/lib/cdn-stand-in.ts), also the call-machine bundle on
 *   `c.daily.co`, which the browser's host-resolver rule takes to the stand-in;
 * - `provider`: a request to the platform's API origin: answered by the loopback provider;
 * - `abort-daily`: Daily's servers (call-machine bundle, rooms, signalling): aborted;
 * - `abort-other`: anything else leaving the machine: aborted (and counted).
 */
export type RouteDecision = 'continue' | 'provider' | 'abort-daily' | 'abort-other';

/**
 * The URLs a sample's route is installed for: http(s) URLs whose host is not loopback. Kept
 * narrow on purpose: Playwright matches this pattern in its own server and lets every other
 * request go on without a trip through the bench's handler, so the page's own loopback requests
 * (host page, scripts, the chat provider) are not slowed by the interception. Agrees with
 * `routeDecision` (checked by a unit test): it matches exactly the URLs not decided `continue`.
 */
export const EXTERNAL_URL = /^https?:\/\/(?!(?:127\.0\.0\.1|localhost|\[::1\])(?:[:/?#]|$))/i;

/**
 * `EXTERNAL_URL` with the CDN stand-in on: also not the call-machine bundle on `c.daily.co`, which
 * then goes out without a trip through the bench's handler, as the page's own files do (its
 * routing would tax every subject's download of it). Agrees with `routeDecision(url, true)`.
 */
export const EXTERNAL_URL_BUT_CALL_MACHINE = new RegExp(
  '^(?!https://c\\.daily\\.co(?::443)?/call-machine/versioned/[\\w.-]+/static/call-machine-object-bundle\\.js(?:[?#]|$))' +
    EXTERNAL_URL.source.slice(1),
  'i',
);

/** Daily's domains: its API and rooms (daily.co) and its call-machine CDNs (dailywebrtc.com/.net, as in daily-js). */
export const DAILY_DOMAINS = ['daily.co', 'dailywebrtc.com', 'dailywebrtc.net'] as const;

/**
 * Decides the fate of a request by its URL (see `RouteDecision`); `standIn`: the CDN stand-in is
 * on, so the call-machine bundle on `c.daily.co` goes on (`continue`) rather than being aborted.
 */
export function routeDecision(url: string, standIn = false): RouteDecision {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'abort-other';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'continue';
  const host = parsed.hostname;
  if (host === '127.0.0.1' || host === 'localhost' || host === '[::1]') return 'continue';
  if (parsed.origin === PLATFORM_API_ORIGIN) return 'provider';
  if (standIn && host === CALL_MACHINE_HOST && callMachineVersion(url)) return 'continue';
  if (DAILY_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`))) return 'abort-daily';
  return 'abort-other';
}

/** Whether `url` is on one of Daily's hosts (its API, rooms and CDNs: `DAILY_DOMAINS`), the call machine's included. */
export function isDailyUrl(url: string): boolean {
  return routeDecision(url) === 'abort-daily';
}

/** One JavaScript response a sample's page received. */
export interface ScriptTransfer {
  url: string;
  /** Bytes on the wire (DevTools' encodedDataLength: compressed body + headers). */
  bytes: number;
  /** When the last byte arrived, epoch ms. */
  finishedAt: number;
}

/** JavaScript bytes around the click, per sample. */
export interface TransferSplit {
  /** Finished before the click: what the page had loaded when the visitor clicked. */
  beforeClick: number;
  /** Finished after the click and before the POST left: what the visitor waited for. */
  clickToPost: number;
}

/**
 * Splits a sample's script transfers by when their last byte arrived: before the click, or
 * between the click and the POST. A script fetched in parallel that finished after the POST left
 * held up nothing and is in neither.
 */
export function splitTransfers(transfers: readonly ScriptTransfer[], clickAt: number, postAt: number): TransferSplit {
  let beforeClick = 0;
  let clickToPost = 0;
  for (const t of transfers) {
    if (t.finishedAt < clickAt) beforeClick += t.bytes;
    else if (t.finishedAt <= postAt) clickToPost += t.bytes;
  }
  return { beforeClick, clickToPost };
}

/** The split transfers of the counted samples of one cell (a subject on a profile), for its medians. */
export interface TransferSamples {
  /** Bytes finished before the visitor's action (the click, Enter), one entry per sample. */
  readonly before: number[];
  /** Bytes finished between the action and the request it leads to, one entry per sample. */
  readonly during: number[];
}

/** Splits one sample's transfers around `actionAt` → `requestAt` ({@link splitTransfers}) and adds them to `samples`. */
export function recordTransfers(
  samples: TransferSamples,
  transfers: readonly ScriptTransfer[],
  actionAt: number,
  requestAt: number,
): void {
  const split = splitTransfers(transfers, actionAt, requestAt);
  samples.before.push(split.beforeClick);
  samples.during.push(split.clickToPost);
}

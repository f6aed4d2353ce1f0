/**
 * The cells of the click → ready bench (issue 35; issue 20, item 5, before it), as pure data
 * (unit-tested in tests/unit/gates/join-cells.test.ts): a mobile network profile with 4× CPU (a
 * mid-range phone's beside this machine's), the provider's delay before it answers
 * `POST /call/web` (0 ms, and 400 ms: a real call set-up), and the user agent: a desktop's, then a
 * phone's, where every subject waits the description's 1 s `mobile-permissions` pause before
 * joining. Loopback is no cell any more: with no network the call machine's download, what the
 * visitor waits for, does not exist.
 */
import type { SampleOptions } from './browser-sample.ts';
import { NETWORK_PROFILES, type NetworkProfile } from './network.ts';
import { VAPI_PEERS } from './host-pages.ts';

/**
 * A phone's user agent (Chrome on Android): what every subject's mobile test reads
 * (`/android|iphone|…/i`), so each one takes its phone path.
 */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** The subjects of the click → ready bench, in report order: ours, then the two peers. */
export const JOIN_SUBJECTS = [
  { id: 'ours', label: 'ours (default preload)' },
  { id: 'ours-intent', label: 'ours, preload="intent", no hover' },
  ...VAPI_PEERS,
] as const;

/** Id of a subject. */
export type JoinSubjectId = (typeof JOIN_SUBJECTS)[number]['id'];

/** CPU slowdown on the mobile profiles. */
export const MOBILE_CPU_RATE = 4;

/** Provider delays before `POST /call/web` is answered, ms. */
export const JOIN_DELAYS_MS = [0, 400] as const;

/** One cell of the click → ready bench. */
export interface JoinCell {
  /** Stable id, e.g. `fast-mobile-phone/400`. */
  id: string;
  /** Name in the report. */
  label: string;
  profile: NetworkProfile;
  /** `Emulation.setCPUThrottlingRate` (1 = none). */
  cpuRate: number;
  /** Runs with `PHONE_USER_AGENT`. */
  phone: boolean;
  /** The provider answers `POST /call/web` after this many ms. */
  delayMs: number;
}

/** The cells in report order: fast and slow mobile with 4× CPU at each delay, then the same with a phone's user agent. */
export function joinCells(profiles: readonly NetworkProfile[] = NETWORK_PROFILES): JoinCell[] {
  const cells: JoinCell[] = [];
  const mobile = profiles.filter((p) => p.id !== 'none');
  for (const phone of [false, true]) {
    for (const profile of mobile) {
      for (const delayMs of JOIN_DELAYS_MS) {
        const name = `${profile.id}${phone ? '-phone' : ''}`;
        cells.push({
          id: `${name}/${delayMs}`,
          label: `${profile.short} ${MOBILE_CPU_RATE}× CPU${phone ? ', phone UA' : ''}, ${delayMs} ms`,
          profile,
          cpuRate: MOBILE_CPU_RATE,
          phone,
          delayMs,
        });
      }
    }
  }
  return cells;
}

/** A sample's long tasks as the probe reports them (epoch ms). */
export interface TaskSpan {
  start: number;
  duration: number;
}

/** Main-thread figures between the click and ready. */
export interface BusyFigures {
  /** Time inside long tasks (> 50 ms) between the click and ready, ms (clipped to it). */
  longTaskMs: number;
  /** The longest long task that ran (at least partly) between the click and ready, ms (0: none). */
  longestMs: number;
}

/**
 * What the long tasks say about the main thread between `from` (the click) and `to` (ready): the
 * time spent in them (each clipped to the span) and the longest one that overlaps it.
 */
export function busyBetween(tasks: readonly TaskSpan[], from: number, to: number): BusyFigures {
  let longTaskMs = 0;
  let longestMs = 0;
  for (const t of tasks) {
    const overlap = Math.min(t.start + t.duration, to) - Math.max(t.start, from);
    if (overlap <= 0) continue;
    longTaskMs += overlap;
    longestMs = Math.max(longestMs, t.duration);
  }
  return { longTaskMs, longestMs };
}

/**
 * How one sample of `cell` opens its page: the cell's network and CPU, a phone's user agent on a
 * phone cell, the provider at `providerUrl`, and the call machine from the CDN stand-in.
 */
export function cellSampleOptions(cell: JoinCell, providerUrl: string): SampleOptions {
  return {
    profile: cell.profile,
    providerUrl,
    token: 'unused',
    cpuRate: cell.cpuRate,
    userAgent: cell.phone ? PHONE_USER_AGENT : undefined,
    callMachineStandIn: true,
  };
}

/**
 * One latency sample's browser side, the same for every subject: a fresh Playwright context
 * (cold HTTP cache, cold CORS-preflight cache, microphone granted, fake microphone), the same
 * request routing, the DevTools protocol's network emulation for the profile (and, when asked, a
 * CPU slowdown and a phone's user agent), a probe installed before the page's own scripts, and the
 * page's JavaScript transfers recorded from the protocol.
 *
 * Routing (`context.route` for every URL that would leave the machine, `EXTERNAL_URL`; see
 * `routeDecision`): requests to the platform's API origin are answered by the loopback provider
 * (`route.fetch` + `route.fulfill`); Daily's servers (recorded with the time they were asked,
 * `Sample.daily`) and everything else are aborted. Loopback
 * requests (host page, scripts, the chat provider) are not handed to the bench: they go out as
 * they are, throttled by the emulation. Because a route is installed, Playwright answers every
 * CORS preflight itself inside the browser (its Chromium network manager fulfils intercepted
 * `OPTIONS` preflights with a 204, whatever their URL), so no subject's preflight crosses the
 * network: every subject pays the same preflight, none on the wire.
 *
 * The probe (`window.__bench`) records, in epoch ms (`performance.timeOrigin + event.timeStamp`):
 * the last click, the first Enter keydown, and after that Enter the first animation frame whose
 * DOM (open shadow roots included) holds the stream's first token, and the task right after that
 * frame (≈ when it was painted). It also keeps every long task (> 50 ms, the Long Tasks API) and
 * the event-timing duration of the click's interaction (its INP: input → next paint).
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/browser.ts';
import { progress } from './progress.ts';
import { probeScript, type ProbeTimes } from './probe.ts';
import { isJavaScript, parseReadyMessage, type ReadyReport } from './call-machine.ts';
import {
  cdpConditions,
  EXTERNAL_URL,
  EXTERNAL_URL_BUT_CALL_MACHINE,
  isDailyUrl,
  routeDecision,
  type NetworkProfile,
  type RouteDecision,
  type ScriptTransfer,
} from './network.ts';

// The probe's record, for the readers of a sample.
export type { LongTask, ProbeTimes } from './probe.ts';

/**
 * Launches the benches' Chromium (fake microphone, permission prompts auto-accepted), or null;
 * `extraArgs` e.g. the CDN stand-in's host-resolver rule.
 */
export async function launchLatencyBrowser(extraArgs: readonly string[] = []): Promise<Browser | null> {
  const executablePath = findBrowser();
  if (!executablePath) return null;
  return chromium.launch({
    executablePath,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
      ...extraArgs,
    ],
  });
}

/** A request the routing answered from the provider: when it reached the bench (epoch ms). */
export interface RoutedRequest {
  method: string;
  path: string;
  at: number;
}

/** One open sample. */
export interface Sample {
  context: BrowserContext;
  page: Page;
  /** JavaScript responses the page received so far. */
  transfers: ScriptTransfer[];
  /** Requests answered by the provider through the routing, oldest first. */
  routed: RoutedRequest[];
  /** Requests to Daily's hosts (aborted at once), oldest first, timed when they reached the routing (Node). */
  daily: RoutedRequest[];
  /**
   * The same requests timed when the page issued them (DevTools' `requestWillBeSent`, the
   * browser's wall clock): free of the hop to the bench's routing in Node, which is slower while
   * that process is busy with another request of the page (e.g. fulfilling `POST /call/web`).
   */
  dailyIssued: RoutedRequest[];
  /** How many requests each routing decision saw. */
  decisions: Record<RouteDecision, number>;
  /** Hosts of the requests aborted as `abort-other` (neither loopback, the platform nor Daily). */
  otherHosts: Set<string>;
  /** Requests in flight (for "wait until the network is quiet"). */
  inFlight(): number;
  /** Every URL the page requested, in order. */
  requested: string[];
  /**
   * When the widget's engine began the room join after the click (its `daily-call-join` stage,
   * epoch ms, told by a console message from the probe), else null (the peers have none).
   */
  roomJoinAt(): number | null;
  /** What the CDN stand-in's call machine told when daily-js asked it to join, else null. */
  ready(): ReadyReport | null;
  probe(): Promise<ProbeTimes>;
  close(): Promise<void>;
}

/** Options of `openSample`. */
export interface SampleOptions {
  profile: NetworkProfile;
  /** Base URL of the loopback provider that answers the platform's API origin. */
  providerUrl: string;
  /** The stream's first token the probe looks for (chat); any string otherwise. */
  token: string;
  /** The context's user agent (e.g. a phone's). @default Chromium's own */
  userAgent?: string;
  /** CPU slowdown (`Emulation.setCPUThrottlingRate`), e.g. 4. @default 1 (none) */
  cpuRate?: number;
  /**
   * The browser sends `c.daily.co` to the CDN stand-in (bench/lib/cdn-stand-in.ts): the call-machine
   * bundle goes out unrouted instead of being aborted. @default false
   */
  callMachineStandIn?: boolean;
}

const epochNow = (): number => performance.timeOrigin + performance.now();

/** Opens a fresh context and page for one sample (see the module comment). */
export async function openSample(browser: Browser, options: SampleOptions): Promise<Sample> {
  const context = await browser.newContext({
    permissions: ['microphone'],
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  const decisions: Record<RouteDecision, number> = { continue: 0, provider: 0, 'abort-daily': 0, 'abort-other': 0 };
  const routed: RoutedRequest[] = [];
  const daily: RoutedRequest[] = [];
  const otherHosts = new Set<string>();
  const standIn = options.callMachineStandIn ?? false;
  await context.route(standIn ? EXTERNAL_URL_BUT_CALL_MACHINE : EXTERNAL_URL, async (route) => {
    const request = route.request();
    const decision = routeDecision(request.url(), standIn);
    decisions[decision]++;
    if (decision === 'abort-other') otherHosts.add(new URL(request.url()).host);
    if (decision === 'continue') return route.continue();
    const url = new URL(request.url());
    if (decision === 'abort-daily')
      daily.push({ method: request.method(), path: url.host + url.pathname, at: epochNow() });
    if (decision !== 'provider') return route.abort('blockedbyclient');
    // The moment the request left the page's network stack (before the hop to the provider).
    routed.push({ method: request.method(), path: url.pathname, at: epochNow() });
    try {
      const response = await route.fetch({ url: options.providerUrl + url.pathname + url.search });
      await route.fulfill({ response });
    } catch {
      await route.abort('failed').catch(() => {});
    }
  });
  await context.addInitScript({ content: probeScript(options.token) });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const transfers: ScriptTransfer[] = [];
  const requested: string[] = [];
  const pending = new Map<string, { url: string; type?: string; offsetMs: number }>();
  const dailyIssued: RoutedRequest[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    if (isDailyUrl(e.request.url)) {
      const url = new URL(e.request.url);
      dailyIssued.push({ method: e.request.method, path: url.host + url.pathname, at: e.wallTime * 1000 });
    }
    // Monotonic protocol time → epoch ms, from this request's own wallTime.
    pending.set(e.requestId, { url: e.request.url, type: e.type, offsetMs: e.wallTime * 1000 - e.timestamp * 1000 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = pending.get(e.requestId);
    if (r && isJavaScript(r.type, r.url))
      transfers.push({ url: r.url, bytes: e.encodedDataLength, finishedAt: e.timestamp * 1000 + r.offsetMs });
  });
  await cdp.send('Network.enable');
  const conditions = cdpConditions(options.profile);
  if (conditions) await cdp.send('Network.emulateNetworkConditions', conditions);
  if (options.cpuRate && options.cpuRate > 1)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuRate });
  let roomJoinAt: number | null = null;
  let ready: ReadyReport | null = null;
  page.on('console', (message) => {
    if (message.text().startsWith('__bench_room_join')) roomJoinAt = Number(message.text().split(' ')[1]);
    ready ??= parseReadyMessage(message.text());
  });
  let inFlight = 0;
  page.on('request', (r) => {
    inFlight++;
    requested.push(r.url());
  });
  const done = () => inFlight--;
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    context,
    page,
    transfers,
    routed,
    daily,
    dailyIssued,
    decisions,
    otherHosts,
    requested,
    inFlight: () => inFlight,
    roomJoinAt: () => roomJoinAt,
    ready: () => ready,
    probe: () =>
      page.evaluate(() => {
        const p = window as unknown as {
          __bench?: ProbeTimes & {
            interactions: Record<string, number>;
            clickInteraction: number | null;
            firstInput?: number;
          };
        };
        const b = p.__bench;
        // The first input of a sample is its click's pointerdown: a fast click is reported only there.
        const inp = b?.clickInteraction
          ? Math.max(b.interactions[b.clickInteraction] ?? 0, b.firstInput ?? 0)
          : (b?.firstInput ?? null);
        return {
          clickAt: b?.clickAt ?? null,
          clickRunAt: b?.clickRunAt ?? null,
          enterAt: b?.enterAt ?? null,
          tokenAt: b?.tokenAt ?? null,
          paintedAt: b?.paintedAt ?? null,
          visibleAt: b?.visibleAt ?? null,
          visibleWhat: b?.visibleWhat ?? null,
          longTasks: b?.longTasks ?? [],
          clickInp: inp,
        };
      }),
    close: () => context.close(),
  };
}

/** Waits until no request has been in flight for `quietMs` (at most `limitMs`). */
export async function waitForQuiet(sample: Sample, quietMs = 300, limitMs = 8_000): Promise<void> {
  const end = Date.now() + limitMs;
  let quietSince = Date.now();
  while (Date.now() < end) {
    if (sample.inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await sample.page.waitForTimeout(25);
  }
}

/** Polls `ready` every few ms until it returns a value or `limitMs` passes (then null). */
export async function pollFor<T>(page: Page, ready: () => T | null | undefined, limitMs: number): Promise<T | null> {
  const end = Date.now() + limitMs;
  for (;;) {
    const value = ready();
    if (value !== null && value !== undefined) return value;
    if (Date.now() >= end) return null;
    await page.waitForTimeout(5);
  }
}

/**
 * Opens a sample, runs `measure` on it and closes it. A throw is a failed sample: it is logged
 * with `label` and reported as `false`; the context is closed either way.
 */
export async function inSample(
  browser: Browser,
  options: SampleOptions,
  label: string,
  measure: (sample: Sample) => Promise<void>,
): Promise<boolean> {
  let sample: Sample | null = null;
  try {
    sample = await openSample(browser, options);
    await measure(sample);
    return true;
  } catch (error) {
    progress(`  ${label}: sample failed: ${(error as Error).message.split('\n')[0]}`);
    return false;
  } finally {
    await sample?.close().catch(() => {});
  }
}

/**
 * The JavaScript files the sample's page requested from `baseUrl` (the host origin), as paths
 * relative to it, once each, sorted (query strings such as `?retry=1` dropped).
 */
export function scriptsFrom(sample: Sample, baseUrl: string): string[] {
  const origin = new URL(baseUrl).origin;
  const files = sample.requested
    .filter((u) => u.startsWith(origin + '/') && /\.m?js(\?|$)/.test(u))
    .map((u) => new URL(u).pathname.slice(1));
  return [...new Set(files)].sort();
}

/**
 * Click → `POST /call/web` leaves the browser, ours beside the peers, per network profile.
 *
 * Subjects, each on the same third-party host page (bench/lib/host-pages.ts), served from memory
 * pre-compressed like a CDN (bench/lib/serve.ts):
 * - **ours, no prefetch**: the script-tag loader with `data-preload="intent"` (no warm start); the
 *   pointer moves onto the launcher and clicks at once (any hover-intent prefetch gets only those
 *   few ms of head start); the default warm start is measured by the click → join bench;
 * - **ours, hover prefetch**: the pointer rests on the launcher until the network is quiet (what
 *   intent loads has loaded), then clicks;
 * - **Vapi `<vapi-widget>`**: its npm UMD bundle, `mode="voice" size="tiny"` (its one-click start);
 * - **@vapi-ai/web page**: a minimal page, `new Vapi(publicKey, apiBaseUrl)` at load and
 *   `.start(assistantId)` on the button's click, bundled with esbuild (minified, with its daily-js).
 * Every subject keeps the platform's default API origin; the sample's routing answers it from the
 * loopback provider fixture and aborts Daily's servers (bench/lib/browser-sample.ts).
 *
 * Each sample is a fresh browser context with the profile's network emulation; the page loads,
 * the launcher becomes visible, Playwright moves the pointer onto it and clicks. Latency = the
 * moment the POST reached the bench's routing (it has left the page's network stack; epoch ms in
 * Node) − the click event (epoch ms in the page). The subjects are interleaved (one sample of each
 * in turn) so the load of this shared machine falls on all of them alike, after one uncounted
 * warm-up sample of each.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { startLoopbackServer } from '../fixtures/loopback-server.ts';
import { benchCallAnswer } from './lib/call-answer.ts';
import { inSample, launchLatencyBrowser, pollFor, scriptsFrom, waitForQuiet } from './lib/browser-sample.ts';
import { cellFor, cellsInOrder, runRounds } from './lib/rounds.ts';
import { hostPage, oursEmbed, VAPI_PEERS } from './lib/host-pages.ts';
import {
  NETWORK_PROFILES,
  recordTransfers,
  type NetworkProfile,
  type RouteDecision,
  type TransferSamples,
} from './lib/network.ts';
import { WIDGET_CDN } from './lib/paths.ts';
import { progress } from './lib/progress.ts';
import { addVapiPeers, openSubject, type SubjectRunner } from './lib/peers.ts';
import { serveStatic } from './lib/serve.ts';
import { median, summarize, type Summary } from './lib/stats.ts';
import { DEFAULT_API_BASE_URL } from '@ringwise/voice-widget/api';
import { LOADER_FILE } from './widget-size.ts';

/** The click subjects, in report order. */
export const CLICK_SUBJECTS = [
  { id: 'ours', label: 'ours, no prefetch' },
  { id: 'ours-prefetch', label: 'ours, hover prefetch' },
  ...VAPI_PEERS,
] as const;

/** Id of a click subject. */
export type ClickSubjectId = (typeof CLICK_SUBJECTS)[number]['id'];

/** Figures of one subject on one profile. */
export interface LatencyRow {
  subject: ClickSubjectId;
  profile: NetworkProfile['id'];
  /** Click → POST, ms. */
  latency: Summary;
  /** Samples whose POST never came (within `SAMPLE_LIMIT_MS`) or that broke. */
  failed: number;
  /** Median JavaScript bytes on the wire that finished before the click. */
  jsBeforeClick: number;
  /** Median JavaScript bytes that finished between the click and the POST. */
  jsClickToPost: number;
}

/** Result of the click bench. */
export interface ClickLatencyResult {
  rows: LatencyRow[];
  /** Subjects that could not run, with the reason (e.g. ours not built yet). */
  notes: Partial<Record<ClickSubjectId, string>>;
  /** JS files (relative to widget/dist/cdn/) ours fetched through its first click. */
  clickFiles: string[];
  /** Routing decisions summed over every sample, per subject. */
  routing: Partial<Record<ClickSubjectId, Record<RouteDecision, number>>>;
  /** Hosts of the requests aborted as neither the platform nor Daily, per subject. */
  otherHosts: Partial<Record<ClickSubjectId, string[]>>;
  /** Samples per subject and profile asked for. */
  samples: number;
  /** Rounds actually run (fewer than `samples` when the time budget ran out). */
  rounds: number;
  /** Why nothing ran, when nothing did. */
  skipped?: string;
}

/** How long one sample may wait for its POST before it counts as failed. */
const SAMPLE_LIMIT_MS = 10_000;
/** Rounds run even past the time budget: a median of fewer samples is not worth printing. */
export const CLICK_MIN_ROUNDS = 5;

/** This bench's runner: a subject, with or without our prefetch. */
interface Runner extends SubjectRunner<ClickSubjectId> {
  prefetch: boolean;
}

/** Our launcher: the first button of our element (its label may change; its place does not). */
export const oursLauncher = (page: Page): Locator => page.locator('ringwise-voice-call').getByRole('button').first();

/** Options of `benchClickLatency`. */
export interface ClickBenchOptions {
  /** Counted samples per subject and profile. @default 15 */
  samples?: number;
  /** Network profiles to run. @default all three */
  profiles?: readonly NetworkProfile[];
  /** Our script-tag build to measure. @default widget/dist/cdn/ */
  cdnDir?: string;
  /** Start no new round of samples after this many seconds since the bench began. @default Infinity */
  deadlineSeconds?: number;
}

/**
 * Runs the click bench: rounds of one sample per subject and profile (so a time limit leaves
 * every cell with the same count, and the machine's load falls on every subject alike).
 */
export async function benchClickLatency(options: ClickBenchOptions = {}): Promise<ClickLatencyResult> {
  const samples = options.samples ?? 15;
  const profiles = options.profiles ?? NETWORK_PROFILES;
  const deadline = options.deadlineSeconds ?? Number.POSITIVE_INFINITY;
  const cdnDir = options.cdnDir ?? WIDGET_CDN;
  const notes: ClickLatencyResult['notes'] = {};
  const files: Record<string, Uint8Array> = {};
  const pages: Record<string, string> = {};
  const runners: Runner[] = [];
  if (existsSync(join(cdnDir, LOADER_FILE))) {
    // preload="intent": "no prefetch" means no warm start either (click → join measures the default).
    pages['/ours'] = hostPage(oursEmbed(`/${LOADER_FILE}`, { preload: 'intent' }));
    runners.push({ id: 'ours', path: '/ours', launcher: oursLauncher, prefetch: false });
    runners.push({ id: 'ours-prefetch', path: '/ours', launcher: oursLauncher, prefetch: true });
  } else {
    notes.ours = notes['ours-prefetch'] =
      `not built yet (widget/dist/cdn/${LOADER_FILE} missing: \`npm run build -w widget\`)`;
  }
  await addVapiPeers({ runners, pages, files, notes }, DEFAULT_API_BASE_URL, (peer) => ({ ...peer, prefetch: false }));
  const empty: ClickLatencyResult = {
    rows: [],
    notes,
    clickFiles: [],
    routing: {},
    otherHosts: {},
    samples,
    rounds: 0,
  };
  if (!runners.length) return { ...empty, skipped: 'no subject could run' };
  const browser = await launchLatencyBrowser();
  if (!browser) return { ...empty, skipped: 'no Chromium found (set CHROME_PATH)' };

  const provider = await startLoopbackServer();
  // A well-formed answer; its room URL is unreachable, so each call then fails to join.
  provider.route('POST', '/call/web', { status: 201, body: benchCallAnswer('unreachable.daily.co') });
  const host = await serveStatic(cdnDir, { pages, files });
  const routing: ClickLatencyResult['routing'] = {};
  const otherHosts: ClickLatencyResult['otherHosts'] = {};
  const collected = new Map<string, { values: number[]; failed: number } & TransferSamples>();
  let clickFiles: string[] = [];

  /** One sample; its figures go into its subject × profile cell when `counted`. */
  const runSample = async (runner: Runner, profile: NetworkProfile, counted: boolean): Promise<void> => {
    const cell = cellFor(collected, runner.id, profile.id, () => ({ values: [], failed: 0, before: [], during: [] }));
    const ok = await inSample(
      browser,
      { profile, providerUrl: provider.url, token: 'unused' },
      `${runner.id} / ${profile.id}`,
      async (sample) => {
        const { page } = sample;
        const launcher = await openSubject(page, host.url, runner, SAMPLE_LIMIT_MS);
        if (runner.prefetch) {
          await launcher.hover();
          await waitForQuiet(sample);
        }
        const routed = sample.routed;
        await launcher.click();
        const post = await pollFor(
          page,
          () => routed.find((r) => r.method === 'POST' && r.path === '/call/web'),
          SAMPLE_LIMIT_MS,
        );
        const { clickAt } = await sample.probe();
        if (runner.id === 'ours' && !clickFiles.length) {
          await waitForQuiet(sample, 500);
          clickFiles = scriptsFrom(sample, host.url);
        }
        const sum = (routing[runner.id] ??= { continue: 0, provider: 0, 'abort-daily': 0, 'abort-other': 0 });
        for (const [k, v] of Object.entries(sample.decisions)) sum[k as RouteDecision] += v;
        const hosts = (otherHosts[runner.id] ??= []);
        for (const host of sample.otherHosts) if (!hosts.includes(host)) hosts.push(host);
        if (!counted) return;
        if (!post || clickAt === null)
          throw new Error(`no POST /call/web within ${SAMPLE_LIMIT_MS / 1000} s of the click`);
        cell.values.push(post.at - clickAt);
        recordTransfers(cell, sample.transfers, clickAt, post.at);
      },
    );
    if (!ok && counted) cell.failed++;
  };

  let rounds = 0;
  try {
    rounds = await runRounds({
      runners,
      profiles,
      samples,
      minRounds: Math.min(samples, CLICK_MIN_ROUNDS),
      deadlineSeconds: deadline,
      label: 'click → POST /call/web',
      run: runSample,
    });
  } finally {
    await browser.close();
    await provider.close();
    await host.close();
  }
  const rows: LatencyRow[] = [...cellsInOrder(CLICK_SUBJECTS, runners, profiles, collected)].map(
    ({ subject, profile, cell }) => ({
      subject: subject as ClickSubjectId,
      profile,
      latency: summarize(cell.values),
      failed: cell.failed,
      jsBeforeClick: median(cell.before),
      jsClickToPost: median(cell.during),
    }),
  );
  for (const row of rows) {
    progress(
      `  ${row.subject} / ${row.profile}: median ${row.latency.median.toFixed(1)} ms, p95 ${row.latency.p95.toFixed(1)} ms (${row.latency.n} ok, ${row.failed} failed)`,
    );
  }
  return { rows, notes, clickFiles, routing, otherHosts, samples, rounds };
}

/**
 * Click → ready and click → first visible response, ours beside the peers (issue 35; issue 20's
 * click → join request before it, kept as a column for history).
 *
 * What the visitor waits for: the call can speak once Daily's call machine has been downloaded and
 * run and the page has asked it to join. Every subject's daily-js fetches the call machine from
 * `https://c.daily.co`, which the browser resolves to a local stand-in for Daily's CDN
 * (bench/lib/cdn-stand-in.ts) serving one synthetic bundle of a stated gzip size
 * (bench/lib/call-machine.ts; `--machine-kb`, default 250) to every subject, over the sample's
 * emulated network, over https. *Ready* = the stand-in machine received daily-js's `join-meeting`
 * message (the later of: machine downloaded and run; the page asked to join), told to the bench by
 * a console message. *First visible response* = the first animation frame after the press that
 * shows a change the page made (bench/lib/probe.ts). The provider answers `POST /call/web` with a
 * room on a Daily host; every other request to Daily is aborted, so the call never connects.
 *
 * Subjects, each on the same third-party host page (bench/lib/host-pages.ts): ours (the script-tag
 * loader as a website owner pastes it, voice mode, default preload), ours with `preload="intent"`
 * clicked without resting on the launcher, Vapi's `<vapi-widget>` (`mode="voice" size="tiny"`) and
 * the minimal `@vapi-ai/web` page. Cells (bench/lib/join-cells.ts): fast and slow mobile with 4×
 * CPU × the provider answering after 0 or 400 ms × a desktop's or a phone's user agent.
 *
 * Each sample: a fresh browser context, the page loads, the launcher is visible, the bench waits
 * until the network has been quiet for 1 s (a visitor reads before clicking), records the page's look
 * (`arm`), moves the pointer onto the launcher and clicks at once. In the page the probe also records the
 * click's INP and every long task: the longest between the click and ready. Subjects and cells are
 * interleaved one sample at a time after one uncounted warm-up of each subject.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startLoopbackServer } from '../fixtures/loopback-server.ts';
import { inSample, launchLatencyBrowser, pollFor, waitForQuiet, type Sample } from './lib/browser-sample.ts';
import { benchCallAnswer } from './lib/call-answer.ts';
import { standInBrowserArgs, syntheticCallMachine } from './lib/call-machine.ts';
import { startCdnStandIn } from './lib/cdn-stand-in.ts';
import { cellFor, cellsInOrder, runRounds } from './lib/rounds.ts';
import { hostPage, oursEmbed } from './lib/host-pages.ts';
import { cellSampleOptions, JOIN_SUBJECTS, joinCells, type JoinCell, type JoinSubjectId } from './lib/join-cells.ts';
import { PLATFORM_API_ORIGIN } from './lib/network.ts';
import { WIDGET_CDN } from './lib/paths.ts';
import { progress } from './lib/progress.ts';
import { serveStatic } from './lib/serve.ts';
import { collectSample, emptyFigures, rowLine, rowOf, type Figures } from './click-join-sample.ts';
import { oursLauncher } from './latency.ts';
import { addVapiPeers, openSubject, type SubjectRunner } from './lib/peers.ts';
import { LOADER_FILE } from './widget-size.ts';

import type { ClickJoinResult } from './click-join-result.ts';

export { JOIN_SUBJECTS, type JoinSubjectId } from './lib/join-cells.ts';
export type { ClickJoinResult, JoinRow } from './click-join-result.ts';

/** How long one sample waits for ready before it counts as failed. */
const SAMPLE_LIMIT_MS = 15_000;
/** The network must be this quiet before the click. */
const QUIET_BEFORE_CLICK_MS = 1000;
/** After ready, how long the sample still waits for a first visible response (and the click's INP). */
const VISIBLE_AFTER_READY_MS = 1500;
/** The call machine's gzip size when not told. */
export const DEFAULT_MACHINE_BYTES = 250_000;

type Runner = SubjectRunner<JoinSubjectId>;

/** Options of `benchClickJoin`. */
export interface ClickJoinOptions {
  /** Counted samples per subject and cell. @default 8 */
  samples?: number;
  /** Cells to run. @default joinCells() */
  cells?: readonly JoinCell[];
  /** Subjects to run (`--join-subjects=`). @default every subject */
  subjects?: readonly JoinSubjectId[];
  /** The call machine stand-in's gzip size, bytes (`--machine-kb`). @default DEFAULT_MACHINE_BYTES */
  machineBytes?: number;
  /** Start no new round after this many seconds since the bench began. @default Infinity */
  deadlineSeconds?: number;
  /** Load average now (1, 5, 15 min), read at the start and the end. */
  loadAverage: () => number[];
}

/** The subjects that can run, their pages and files, and why the others cannot. */
async function subjectsOf(): Promise<{
  runners: Runner[];
  pages: Record<string, string>;
  files: Record<string, Uint8Array>;
  notes: ClickJoinResult['notes'];
}> {
  const notes: ClickJoinResult['notes'] = {};
  const files: Record<string, Uint8Array> = {};
  const pages: Record<string, string> = {};
  const runners: Runner[] = [];
  if (existsSync(join(WIDGET_CDN, LOADER_FILE))) {
    pages['/ours'] = hostPage(oursEmbed(`/${LOADER_FILE}`));
    pages['/ours-intent'] = hostPage(oursEmbed(`/${LOADER_FILE}`, { preload: 'intent' }));
    runners.push(
      { id: 'ours', path: '/ours', launcher: oursLauncher },
      { id: 'ours-intent', path: '/ours-intent', launcher: oursLauncher },
    );
  } else
    notes.ours = notes['ours-intent'] =
      `not built yet (widget/dist/cdn/${LOADER_FILE} missing: \`npm run build -w widget\`)`;
  await addVapiPeers({ runners, pages, files, notes }, PLATFORM_API_ORIGIN, (peer) => peer);
  return { runners, pages, files, notes };
}

/** Runs the click → ready bench (see the module comment). */
export async function benchClickJoin(options: ClickJoinOptions): Promise<ClickJoinResult> {
  const samples = options.samples ?? 8;
  const cells = options.cells ?? joinCells();
  const { runners, pages, files, notes } = await subjectsOf();
  const start = options.loadAverage();
  // Only the subjects asked for (`--join-subjects=`), the others as if absent.
  const { subjects } = options;
  if (subjects) runners.splice(0, runners.length, ...runners.filter((r) => subjects.includes(r.id)));
  const machine = syntheticCallMachine(options.machineBytes ?? DEFAULT_MACHINE_BYTES);
  const cellList = cells.map((c) => ({ id: c.id, label: c.label }));
  const empty: ClickJoinResult = {
    date: new Date().toISOString(),
    rows: [],
    cells: cellList,
    notes,
    machine: { gzipBytes: machine.gzip.byteLength, rawBytes: machine.raw.byteLength },
    samples,
    rounds: 0,
    load: { start, end: start },
  };
  if (!runners.length) return { ...empty, skipped: 'no subject could run' };
  const cdn = await startCdnStandIn(machine);
  const browser = await launchLatencyBrowser(standInBrowserArgs(cdn.port));
  if (!browser) {
    await cdn.close();
    return { ...empty, skipped: 'no Chromium found (set CHROME_PATH)' };
  }

  const provider = await startLoopbackServer();
  // A room on a Daily host, so every subject's join goes to Daily (and is failed at once).
  const answer = benchCallAnswer('ringwise-bench.daily.co');
  const host = await serveStatic(WIDGET_CDN, { pages, files });
  const collected = new Map<string, Figures>();

  const measure = async (sample: Sample, runner: Runner, counted: boolean, figures: Figures): Promise<void> => {
    const { page } = sample;
    const launcher = await openSubject(page, host.url, runner, SAMPLE_LIMIT_MS);
    await waitForQuiet(sample, QUIET_BEFORE_CLICK_MS, 20_000);
    // The page's look before the click (the probe looks at the launcher again at the press).
    await page.evaluate(() => (window as unknown as { __bench: { arm(): void } }).__bench.arm());
    const issuedBefore = sample.dailyIssued.length;
    await launcher.click();
    // Waited for without evaluating in the page, which would stand in the call's way.
    const ready = await pollFor(page, () => sample.ready(), SAMPLE_LIMIT_MS);
    let probe = await sample.probe();
    const until = Date.now() + VISIBLE_AFTER_READY_MS;
    while ((probe.visibleAt === null || probe.clickInp === null) && Date.now() < until) {
      await page.waitForTimeout(50);
      probe = await sample.probe();
    }
    if (!counted) return;
    const { clickAt } = probe;
    if (!ready || clickAt === null)
      throw new Error(`the call machine was not asked to join within ${SAMPLE_LIMIT_MS / 1000} s of the click`);
    const issued = sample.dailyIssued.slice(issuedBefore)[0];
    collectSample(figures, { probe: { ...probe, clickAt }, ready, issued, sample });
  };

  const runSample = async (runner: Runner, cell: JoinCell, counted: boolean): Promise<void> => {
    const figures = cellFor(collected, runner.id, cell.id, emptyFigures);
    provider.route('POST', '/call/web', { status: 201, body: answer, delayMs: cell.delayMs });
    const sampleOptions = cellSampleOptions(cell, provider.url);
    const ok = await inSample(browser, sampleOptions, `${runner.id} / ${cell.id}`, (sample) =>
      measure(sample, runner, counted, figures),
    );
    if (!ok && counted) figures.failed++;
  };

  let rounds = 0;
  try {
    rounds = await runRounds<Runner, JoinCell>({
      runners,
      profiles: cells,
      samples,
      minRounds: Math.min(samples, 3),
      deadlineSeconds: options.deadlineSeconds ?? Number.POSITIVE_INFINITY,
      label: `click → ready (call machine ${(machine.gzip.byteLength / 1000).toFixed(0)} kB gzip)`,
      run: runSample,
    });
  } finally {
    await browser.close();
    await provider.close();
    await host.close();
    await cdn.close();
  }
  const rows = [...cellsInOrder(JOIN_SUBJECTS, runners, cells, collected)].map(({ subject, profile, cell }) =>
    rowOf(subject as JoinSubjectId, profile, cell),
  );
  for (const row of rows) progress(rowLine(row));
  return { ...empty, rows, rounds, load: { start, end: options.loadAverage() } };
}

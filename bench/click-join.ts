/**
 * Click → the call's join request, ours beside the peers (issue 20, item 5).
 *
 * The join request is the first request after the click to Daily's hosts: daily-js fetching its
 * call machine, inside `join()` for the peers (after `POST /call/web` is answered), and for ours,
 * on a warm page, in the task after the click's, into the call object the warm start made, beside
 * the POST (issue 20); without a warm start, as soon as the call object exists. It is timed when
 * the page issued it (DevTools' `requestWillBeSent`); when it reached the routing is kept beside
 * it. Ours also reports the room join (its `daily-call-join` stage: the answer read, the call
 * object taken, the permission granted): the peers' join request is their room join. The sample's
 * routing fails Daily's requests at once, so nothing leaves the machine and the call never
 * connects.
 *
 * Subjects, each on the same third-party host page (bench/lib/host-pages.ts):
 * - **ours (default preload)**: the script-tag loader as a website owner pastes it, voice mode;
 * - **ours, `preload="intent"`**: the same with `data-preload="intent"` (loads on hover, focus or
 *   press), clicked without resting on the launcher first;
 * - **Vapi `<vapi-widget>`** (`mode="voice" size="tiny"`) and the **minimal `@vapi-ai/web` page**,
 *   as in the click → POST bench (bench/latency.ts).
 * Cells (bench/lib/join-cells.ts): loopback; fast and slow mobile with 4× CPU, the provider
 * answering `POST /call/web` after 0 and 400 ms; the mobile cells again with a phone's user agent.
 *
 * Each sample: a fresh browser context, the page loads, the launcher is visible, then the bench
 * waits until the page's network has been quiet for 1 s (a visitor reads before clicking: what
 * a subject loads after `load` has loaded), moves the pointer onto the launcher and clicks at
 * once. Join = when the request reached the bench's routing (epoch ms in Node) − the click event
 * (epoch ms in the page). In the page the probe also records the click's INP (event timing: input
 * → next paint) and every long task (> 50 ms): the time in long tasks between the click and the
 * join request, and the longest such task. Subjects and cells are interleaved one sample at a
 * time after one uncounted warm-up of each subject, so the shared machine's load falls on all alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { startLoopbackServer } from '../fixtures/loopback-server.ts';
import { inSample, launchLatencyBrowser, pollFor, waitForQuiet } from './lib/browser-sample.ts';
import { cellsInOrder, runRounds } from './lib/rounds.ts';
import { hostPage, oursEmbed, PEER_FILES, VAPI_WEB_BUTTON, vapiWebEmbed, vapiWidgetEmbed } from './lib/host-pages.ts';
import {
  busyBetween,
  JOIN_SUBJECTS,
  joinCells,
  PHONE_USER_AGENT,
  type JoinCell,
  type JoinSubjectId,
} from './lib/join-cells.ts';
import { PLATFORM_API_ORIGIN, splitTransfers } from './lib/network.ts';
import { ROOT, WIDGET_CDN } from './lib/paths.ts';
import { progress } from './lib/progress.ts';
import { serveStatic } from './lib/serve.ts';
import { median, summarize } from './lib/stats.ts';
import { oursLauncher, vapiWebBundle, vapiWidgetLauncher } from './latency.ts';
import { LOADER_FILE } from './widget-size.ts';

import type { ClickJoinResult, JoinRow } from './click-join-result.ts';

export { JOIN_SUBJECTS, type JoinSubjectId } from './lib/join-cells.ts';
export type { ClickJoinResult, JoinRow } from './click-join-result.ts';

/** How long one sample waits for its join request before it counts as failed. */
const SAMPLE_LIMIT_MS = 12_000;
/** The network must be this quiet before the click. */
const QUIET_BEFORE_CLICK_MS = 1000;

interface Runner {
  id: JoinSubjectId;
  path: string;
  launcher(page: Page): Locator;
}

/** Options of `benchClickJoin`. */
export interface ClickJoinOptions {
  /** Counted samples per subject and cell. @default 8 */
  samples?: number;
  /** Cells to run. @default joinCells() */
  cells?: readonly JoinCell[];
  /** Subjects to run (`--join-subjects=`). @default every subject */
  subjects?: readonly JoinSubjectId[];
  /** Start no new round after this many seconds since the bench began. @default Infinity */
  deadlineSeconds?: number;
  /** Load average now (1, 5, 15 min), read at the start and the end. */
  loadAverage: () => number[];
}

/** Runs the click → join bench (see the module comment). */
export async function benchClickJoin(options: ClickJoinOptions): Promise<ClickJoinResult> {
  const samples = options.samples ?? 8;
  const cells = options.cells ?? joinCells();
  const notes: ClickJoinResult['notes'] = {};
  const files: Record<string, Uint8Array> = {};
  const pages: Record<string, string> = {};
  const runners: Runner[] = [];
  const start = options.loadAverage();
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
  const umd = join(ROOT, 'node_modules/@vapi-ai/client-sdk-react/dist/embed/widget.umd.js');
  if (existsSync(umd)) {
    files[PEER_FILES.vapiWidget] = readFileSync(umd);
    pages['/vapi-widget'] = hostPage(vapiWidgetEmbed('voice'));
    runners.push({ id: 'vapi-widget', path: '/vapi-widget', launcher: vapiWidgetLauncher });
  } else notes['vapi-widget'] = 'not installed (@vapi-ai/client-sdk-react): run npm install';
  const web = await vapiWebBundle();
  if (typeof web === 'string') notes['vapi-web'] = web;
  else {
    files[PEER_FILES.vapiWeb] = web;
    pages['/vapi-web'] = hostPage(vapiWebEmbed(PLATFORM_API_ORIGIN));
    runners.push({
      id: 'vapi-web',
      path: '/vapi-web',
      launcher: (page) => page.getByRole('button', { name: VAPI_WEB_BUTTON }),
    });
  }
  // Only the subjects asked for (`--join-subjects=`), the others as if absent.
  const { subjects } = options;
  if (subjects) runners.splice(0, runners.length, ...runners.filter((r) => subjects.includes(r.id)));
  const cellList = cells.map((c) => ({ id: c.id, label: c.label }));
  const empty: ClickJoinResult = {
    date: new Date().toISOString(),
    rows: [],
    cells: cellList,
    notes,
    samples,
    rounds: 0,
    load: { start, end: start },
  };
  if (!runners.length) return { ...empty, skipped: 'no subject could run' };
  const browser = await launchLatencyBrowser();
  if (!browser) return { ...empty, skipped: 'no Chromium found (set CHROME_PATH)' };

  const provider = await startLoopbackServer();
  // A room on a Daily host, so every subject's join goes to Daily (and is failed at once).
  const answer = {
    id: 'call-bench',
    webCallUrl: 'https://ringwise-bench.daily.co/bench-room',
    artifactPlan: { videoRecordingEnabled: false },
    assistant: { voice: { provider: '11labs' } },
  };
  const host = await serveStatic(WIDGET_CDN, { pages, files });
  type Cell = {
    join: number[];
    routed: number[];
    room: number[];
    inp: number[];
    longTask: number[];
    longest: number[];
    before: number[];
    during: number[];
    urls: string[];
    failed: number;
  };
  const collected = new Map<string, Cell>();

  const runSample = async (runner: Runner, cell: JoinCell, counted: boolean): Promise<void> => {
    const key = `${runner.id}|${cell.id}`;
    const figures = collected.get(key) ?? {
      join: [],
      routed: [],
      room: [],
      inp: [],
      longTask: [],
      longest: [],
      before: [],
      during: [],
      urls: [],
      failed: 0,
    };
    collected.set(key, figures);
    provider.route('POST', '/call/web', { status: 201, body: answer, delayMs: cell.delayMs });
    const sampleOptions = {
      profile: cell.profile,
      providerUrl: provider.url,
      token: 'unused',
      cpuRate: cell.cpuRate,
      userAgent: cell.phone ? PHONE_USER_AGENT : undefined,
    };
    const ok = await inSample(browser, sampleOptions, `${runner.id} / ${cell.id}`, async (sample) => {
      const { page } = sample;
      await page.goto(host.url + runner.path, { waitUntil: 'load' });
      const launcher = runner.launcher(page);
      await launcher.waitFor({ state: 'visible', timeout: SAMPLE_LIMIT_MS });
      await waitForQuiet(sample, QUIET_BEFORE_CLICK_MS, 20_000);
      const before = sample.daily.length;
      const issuedBefore = sample.dailyIssued.length;
      await launcher.click();
      const joined = await pollFor(page, () => sample.daily[before], SAMPLE_LIMIT_MS);
      // DevTools' record of the same request may reach Node a moment after the routing saw it.
      const issued = joined ? await pollFor(page, () => sample.dailyIssued[issuedBefore], 2000) : null;
      // Ours: the room join comes after the join request (its call machine asked for at the click);
      // waited for without evaluating in the page, which would stand in the start's way.
      const ours = runner.id.startsWith('ours');
      if (ours) await pollFor(page, () => sample.roomJoinAt(), 2000);
      // The click's event timing is reported after its next paint: give it a moment.
      let probe = await sample.probe();
      for (let i = 0; i < 20 && probe.clickInp === null; i++) {
        await page.waitForTimeout(50);
        probe = await sample.probe();
      }
      if (!counted) return;
      if (!joined || probe.clickAt === null)
        throw new Error(`no request to Daily within ${SAMPLE_LIMIT_MS / 1000} s of the click`);
      if (!issued) throw new Error('DevTools never reported the join request that reached the routing');
      const clickAt = probe.clickAt;
      figures.join.push(issued.at - clickAt);
      figures.routed.push(joined.at - clickAt);
      const roomJoinAt = sample.roomJoinAt();
      if (!ours) figures.room.push(issued.at - clickAt);
      else if (roomJoinAt !== null) figures.room.push(roomJoinAt - clickAt);
      if (probe.clickInp !== null) figures.inp.push(probe.clickInp);
      const busy = busyBetween(probe.longTasks, clickAt, issued.at);
      figures.longTask.push(busy.longTaskMs);
      figures.longest.push(busy.longestMs);
      const split = splitTransfers(sample.transfers, clickAt, issued.at);
      figures.before.push(split.beforeClick);
      figures.during.push(split.clickToPost);
      figures.urls.push(joined.path);
    });
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
      label: 'click → join request',
      run: runSample,
    });
  } finally {
    await browser.close();
    await provider.close();
    await host.close();
  }
  const rows: JoinRow[] = [...cellsInOrder(JOIN_SUBJECTS, runners, cells, collected)].map(
    ({ subject, profile, cell }) => ({
      subject: subject as JoinSubjectId,
      cell: profile,
      join: summarize(cell.join),
      joinRouted: summarize(cell.routed),
      roomJoin: summarize(cell.room),
      failed: cell.failed,
      inp: summarize(cell.inp),
      longTaskMs: summarize(cell.longTask),
      longestMs: summarize(cell.longest),
      jsBeforeClick: median(cell.before),
      jsClickToJoin: median(cell.during),
      joinUrls: byFrequency(cell.urls),
    }),
  );
  for (const row of rows) {
    progress(
      `  ${row.subject} / ${row.cell}: join ${row.join.median.toFixed(0)} ms (${row.join.n} ok, ${row.failed} failed), INP ${row.inp.median.toFixed(0)} ms, longest task ${row.longestMs.median.toFixed(0)} ms`,
    );
  }
  return {
    date: empty.date,
    rows,
    cells: cellList,
    notes,
    samples,
    rounds,
    load: { start, end: options.loadAverage() },
  };
}

/** Distinct values, most frequent first. */
function byFrequency(values: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([v]) => v);
}

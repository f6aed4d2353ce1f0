/**
 * `node bench/click-join-trace.ts [--cell=fast-mobile/0] [--samples=3] [--out=trace.json]`: where
 * our main thread's time goes between the click and ready (issue 35: the call machine, downloaded
 * from the bench's CDN stand-in, received daily-js's join message), in the click → ready bench's
 * own conditions (bench/click-join.ts: the same host page, routing, profile, CPU slowdown, call
 * machine stand-in and quiet wait before the click), for ours with the default preload.
 *
 * Each sample records a Chromium trace (timeline events and the V8 sampling profiler) from just
 * before the click to the join request, and prints, per main-thread task in that span, its
 * duration and what ran in it: the script functions that took the most time (self time, mapped
 * back to the widget's sources through the build's source maps) and the time in style, layout and
 * paint. `--out` keeps the last sample's raw trace (open it in Chromium's Performance panel).
 * Measurement only: nothing of it ships and no budget reads it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { startLoopbackServer } from '../fixtures/loopback-server.ts';
import { benchCallAnswer } from './lib/call-answer.ts';
import { standInBrowserArgs, syntheticCallMachine } from './lib/call-machine.ts';
import { cpuSamples, type TraceEvent } from './lib/cpu-samples.ts';
import { startCdnStandIn } from './lib/cdn-stand-in.ts';
import { launchLatencyBrowser, openSample, pollFor, waitForQuiet } from './lib/browser-sample.ts';
import { hostPage, oursEmbed } from './lib/host-pages.ts';
import { cellSampleOptions, joinCells } from './lib/join-cells.ts';
import { WIDGET_CDN } from './lib/paths.ts';
import { serveStatic } from './lib/serve.ts';
import { oursLauncher } from './latency.ts';
import { LOADER_FILE } from './widget-size.ts';

const arg = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const cellId = arg('cell', 'fast-mobile/0');
const samples = Number(arg('samples', '3'));
const out = arg('out', '');
/** `--stacks=focus,layout`: also print the call stacks (mapped) of the samples whose leaf frame starts with one of these names. */
const stacksOf = arg('stacks', '').split(',').filter(Boolean);
/**
 * `--until=ready` (default): end the span at ready, the bench's end point. `--until=room`: when our
 * engine asks Daily to join the room (its `daily-call-join` stage, marked in the trace by a
 * listener the tool adds). `--until=join`: at daily-js's first request, the end point before issue
 * 35 (the call machine's download, asked for at the click), for history.
 */
const until = arg('until', 'ready');
if (!['ready', 'room', 'join'].includes(until)) throw new Error(`--until=${until}: choose ready, room or join`);
const untilRoom = until === 'room';
/** `--machine-kb=N`: the stand-in call machine's gzip size, as the bench's (default 250). */
const machineKb = Number(arg('machine-kb', '250'));
/** `--top=N`: how many functions to list per task (by self time). */
const top = Number(arg('top', '8'));
const cell = joinCells().find((c) => c.id === cellId);
if (!cell)
  throw new Error(
    `--cell=${cellId}: choose from ${joinCells()
      .map((c) => c.id)
      .join(', ')}`,
  );

/** Maps `file.js:line:col` of the widget's build to its source (`src/…:line`), else keeps it. */
const maps = new Map<string, SourceMapConsumer | null>();
function original(url: string, line: number, column: number): string {
  const file = url.split('/').pop() ?? '';
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMapConsumer(JSON.parse(readFileSync(join(WIDGET_CDN, `${file}.map`), 'utf8'))));
    } catch {
      maps.set(file, null);
    }
  }
  const map = maps.get(file);
  const at = map?.originalPositionFor({ line: line + 1, column });
  return at?.source
    ? `${at.source.replace(/^.*?(src|node_modules)\//, '$1/')}:${at.line}`
    : `${file}:${line + 1}:${column}`;
}

const cdn = await startCdnStandIn(syntheticCallMachine(machineKb * 1000));
const browser = await launchLatencyBrowser(standInBrowserArgs(cdn.port));
if (!browser) throw new Error('no Chromium found (set CHROME_PATH)');
const provider = await startLoopbackServer();
// The click → ready bench's answer (bench/click-join.ts): a room on a Daily host.
provider.route('POST', '/call/web', {
  status: 201,
  body: benchCallAnswer('ringwise-bench.daily.co'),
  delayMs: cell.delayMs,
});
const host = await serveStatic(WIDGET_CDN, { pages: { '/ours': hostPage(oursEmbed(`/${LOADER_FILE}`)) } });
const categories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'toplevel',
];

try {
  for (let n = 0; n < samples; n++) {
    const sample = await openSample(browser, cellSampleOptions(cell, provider.url));
    try {
      const { page } = sample;
      if (untilRoom) {
        await page.addInitScript(() =>
          addEventListener('ringwise-call-start-progress', (e) => {
            const d = (e as CustomEvent<{ stage?: string; status?: string }>).detail;
            if (d?.stage === 'daily-call-join' && d.status === 'started') performance.mark('room-join');
          }),
        );
      }
      await page.goto(`${host.url}/ours`, { waitUntil: 'load' });
      const launcher = oursLauncher(page);
      await launcher.waitFor({ state: 'visible' });
      await waitForQuiet(sample, 1000, 20_000);
      await browser.startTracing(page, { categories });
      const before = sample.daily.length;
      await launcher.click();
      // With the stand-in on, the call machine's download goes out unrouted: daily-js's first routed request
      // comes after ready, so it is waited for only as the end point.
      const ready = until === 'ready' ? await pollFor(page, () => sample.ready(), 20_000) : null;
      const joined = until === 'ready' ? null : await pollFor(page, () => sample.daily[before], 12_000);
      if (untilRoom) await page.waitForTimeout(1500);
      await page.waitForTimeout(200);
      const buffer = await browser.stopTracing();
      const probe = await sample.probe();
      if (out) writeFileSync(out, buffer);
      const end = ready ?? joined;
      if (!end || probe.clickAt === null)
        throw new Error(until === 'ready' ? 'the call machine was not asked to join within 20 s' : 'no join request');
      // The visitor's wait runs from the input (clickAt); the trace's click is its dispatch (clickRunAt),
      // later by the input's delay: ready is placed on the trace from the dispatch.
      const fromDispatch = end.at - (probe.clickRunAt ?? probe.clickAt);
      report(JSON.parse(buffer.toString()).traceEvents as TraceEvent[], end.at - probe.clickAt, fromDispatch);
    } finally {
      await sample.close();
    }
  }
} finally {
  await browser.close();
  await provider.close();
  await host.close();
  await cdn.close();
}

/** Prints the main thread's tasks from the click to the end point (`--until`; see the module comment). */
function report(events: TraceEvent[], measured: number, fromDispatch: number): void {
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.name === 'EventDispatch'),
  );
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const click = onMain.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  // Ready is told by the stand-in call machine (a console line, no trace event): placed after the
  // trace's click (its dispatch) by the span the page measured from that dispatch to ready.
  const send =
    click && until === 'ready'
      ? { ...click, name: 'ready', ts: click.ts + fromDispatch * 1000 }
      : untilRoom
        ? onMain.find((e) => e.name === 'room-join' && e.ts > (click?.ts ?? 0))
        : events.find(
            (e) =>
              e.name === 'ResourceSendRequest' &&
              /daily\.co|dailywebrtc/.test(String(e.args?.data?.url)) &&
              e.ts > (click?.ts ?? 0),
          );
  if (!click || !send)
    throw new Error(
      `trace lacks the ${click ? 'join request' : 'click'}: ${events
        .filter((e) => e.name === 'ResourceSendRequest')
        .map((e) => String(e.args?.data?.url).slice(0, 80))
        .join(', ')}`,
    );
  const all = onMain.filter(
    (e) =>
      e.ph === 'X' &&
      (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
      e.ts + (e.dur ?? 0) >= click.ts &&
      e.ts <= send.ts,
  );
  // The outermost only (the two names nest).
  const tasks = all.filter(
    (t) =>
      !all.some(
        (o) => o !== t && o.ts <= t.ts && o.ts + (o.dur ?? 0) >= t.ts + (t.dur ?? 0) && (o.dur ?? 0) > (t.dur ?? 0),
      ),
  );
  console.log(
    `\n${cell!.id}: click → ${until === 'join' ? 'join request' : until} ${measured.toFixed(0)} ms (probe), ${((send.ts - click.ts) / 1000).toFixed(1)} ms (trace); tasks on the main thread in that span:`,
  );
  const sent = events.filter((e) => e.name === 'ResourceSendRequest' && e.ts >= click.ts && e.ts <= send.ts);
  for (const e of sent)
    console.log(`  +${((e.ts - click.ts) / 1000).toFixed(1)} ms: request ${String(e.args?.data?.url).slice(0, 100)}`);
  const samplesIn = cpuSamples(events, main.pid, main.tid, original);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    const sum = (names: string[]) =>
      inside.filter((e) => names.includes(e.name)).reduce((t, e) => t + (e.dur ?? 0), 0) / 1000;
    const kinds = [
      ...new Set(
        inside
          .map((e) =>
            e.name === 'FunctionCall' ||
            e.name === 'EventDispatch' ||
            e.name === 'TimerFire' ||
            e.name === 'FireAnimationFrame' ||
            e.name === 'EvaluateScript' ||
            e.name === 'v8.compile'
              ? e.name + (e.args?.data?.type ? `(${e.args.data.type})` : '')
              : '',
          )
          .filter(Boolean),
      ),
    ];
    const self = new Map<string, number>();
    for (const s of samplesIn.filter((s) => s.ts >= task.ts && s.ts <= end))
      self.set(s.frame, (self.get(s.frame) ?? 0) + s.ms);
    const heaviest = [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([f, ms]) => `${f} ${ms.toFixed(1)}`);
    const ms = (task.dur ?? 0) / 1000;
    if (ms < 2) continue;
    console.log(
      `  +${((task.ts - click.ts) / 1000).toFixed(1)} ms: task ${ms.toFixed(1)} ms [${kinds.join(', ')}] style ${sum(['UpdateLayoutTree']).toFixed(1)}, layout ${sum(['Layout']).toFixed(1)}, paint ${sum(['Paint', 'PrePaint', 'Layerize']).toFixed(1)}, parse HTML/CSS ${sum(['ParseAuthorStyleSheet', 'ParseHTML']).toFixed(1)}`,
    );
    for (const line of heaviest) console.log(`      ${line}`);
    const stacks = new Map<string, number>();
    for (const s of samplesIn.filter(
      (s) => s.ts >= task.ts && s.ts <= end && stacksOf.some((n) => s.frame.startsWith(n)),
    ))
      stacks.set(s.stack, (stacks.get(s.stack) ?? 0) + s.ms);
    for (const [stack, ms] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 4))
      console.log(`        ${ms.toFixed(1)} ms: ${stack}`);
  }
}

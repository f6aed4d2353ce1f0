/**
 * Click → POST /call/web latency of the script-tag widget in Chromium (Playwright), microphone
 * granted (`--use-fake-ui-for-media-stream --use-fake-device-for-media-stream` and the
 * `microphone` permission), against the loopback provider fixture (tests/fixtures/loopback-server.ts).
 *
 * The host page is a third-party page served by the bench from its own loopback origin, with the
 * files pre-compressed and answered from memory as a CDN would (bench/lib/serve.ts): the built
 * loader (widget/dist/cdn/voice-widget.js, with the chunks next to it) in one script tag pointing
 * `data-api-base-url` at the fixture. Each sample is a fresh browser context (cold HTTP cache):
 * - **no prefetch**: load the page, click the launcher at once (Playwright moves the mouse onto it
 *   and clicks, as a person does; any hover-intent prefetch gets only those few ms of head start);
 * - **prefetch**: load the page, hover the launcher, wait until the network is quiet (the engine and
 *   daily-js chunks fetched on intent), then click.
 * Latency = the fixture's receive time of POST /call/web − the click event's time. Both are epoch
 * milliseconds on this machine's clock: the page takes `performance.timeOrigin + event.timeStamp`
 * in a capturing click listener on the host page; the fixture's route handler takes
 * `performance.timeOrigin + performance.now()` in Node when the request's body has arrived.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from '../scripts/browser.ts';
import { startLoopbackServer } from '../tests/fixtures/loopback-server.ts';
import { WIDGET_CDN } from './lib/paths.ts';
import { serveStatic } from './lib/serve.ts';
import { progress } from './lib/progress.ts';
import { median, percentile } from './lib/stats.ts';
import { LOADER_FILE } from './widget-size.ts';

/** Latency figures of one mode. */
export interface LatencyRow {
  mode: 'no prefetch' | 'prefetch';
  /** Samples measured. */
  n: number;
  /** Samples where no POST arrived within the sample's time limit. */
  failed: number;
  medianMs: number;
  p95Ms: number;
  minMs: number;
  maxMs: number;
}

/** Result of the latency bench. */
export interface LatencyResult {
  rows: LatencyRow[];
  /** JS files (relative to widget/dist/cdn/) the first no-prefetch sample fetched through the click. */
  clickFiles: string[];
  /** Why it did not run, when it did not. */
  skipped?: string;
}

const HOST_PAGE = (apiBaseUrl: string): string => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Host page</title>
<script>addEventListener('click', (e) => { window.benchClickAt = performance.timeOrigin + e.timeStamp; }, { capture: true });</script>
</head><body><h1>A third-party page</h1>
<script src="/${LOADER_FILE}" data-public-key="pk-bench" data-assistant-id="asst-bench" data-api-base-url="${apiBaseUrl}" async></script>
</body></html>`;

/** How long one sample may wait for its POST before it counts as failed. */
const SAMPLE_LIMIT_MS = 10_000;

async function waitForQuiet(page: Page, pending: () => number, quietMs = 300, limitMs = 8_000): Promise<void> {
  const end = Date.now() + limitMs;
  let quietSince = Date.now();
  while (Date.now() < end) {
    if (pending() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(50);
  }
}

/**
 * Runs the latency bench.
 * @param samples clicks per mode. @default 30
 */
export async function benchLatency(samples = 30): Promise<LatencyResult> {
  if (!existsSync(join(WIDGET_CDN, LOADER_FILE))) {
    return { rows: [], clickFiles: [], skipped: 'not built yet (widget/dist/cdn/voice-widget.js missing)' };
  }
  const executablePath = findBrowser();
  if (!executablePath) return { rows: [], clickFiles: [], skipped: 'no Chromium found (set CHROME_PATH)' };

  const arrivals: number[] = [];
  const provider = await startLoopbackServer();
  provider.route('POST', '/call/web', () => {
    arrivals.push(performance.timeOrigin + performance.now());
    // A well-formed answer; the room URL is unreachable here, so the call then fails to join.
    return { status: 201, body: { id: 'call-bench', webCallUrl: 'http://127.0.0.1:9/bench-room', artifactPlan: { videoRecordingEnabled: false }, assistant: { voice: { provider: '11labs' } } } };
  });
  // The host page and the widget files on one origin, pre-compressed like a CDN (bench/lib/serve.ts).
  const host = await serveStatic(WIDGET_CDN, { pages: { '/': HOST_PAGE(provider.url) } });
  const hostUrl = `${host.url}/`;

  let browser: Browser | null = null;
  const rows: LatencyRow[] = [];
  let clickFiles: string[] = [];
  try {
    browser = await chromium.launch({
      executablePath,
      args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
    });
    for (const mode of ['no prefetch', 'prefetch'] as const) {
      const values: number[] = [];
      let failed = 0;
      // i = -1 is a warm-up sample (browser process and disk caches), not counted.
      for (let i = -1; i < samples; i++) {
        if (i >= 0 && i % 10 === 0) progress(`click → POST /call/web, ${mode}: samples ${i + 1}–${Math.min(i + 10, samples)} of ${samples}`);
        const context = await browser.newContext({ permissions: ['microphone'] });
        const page = await context.newPage();
        let inFlight = 0;
        const scripts = new Set<string>();
        page.on('request', (r) => {
          inFlight++;
          const url = new URL(r.url());
          if (url.origin + '/' === hostUrl && /\.m?js$/.test(url.pathname)) scripts.add(url.pathname.slice(1));
        });
        const done = () => inFlight--;
        page.on('requestfinished', done);
        page.on('requestfailed', done);
        try {
          await page.goto(hostUrl, { waitUntil: 'load' });
          const launcher = page.getByRole('button', { name: 'Talk to Our Agent' });
          await launcher.waitFor({ state: 'visible', timeout: 5_000 });
          if (mode === 'prefetch') {
            await launcher.hover();
            await waitForQuiet(page, () => inFlight);
          }
          const before = arrivals.length;
          await launcher.click();
          const deadline = Date.now() + SAMPLE_LIMIT_MS;
          while (arrivals.length === before && Date.now() < deadline) await page.waitForTimeout(5);
          const clickAt = await page.evaluate(() => (window as unknown as { benchClickAt?: number }).benchClickAt ?? null);
          if (i < 0) {
            // warm-up: not counted
          } else if (arrivals.length === before || clickAt === null) failed++;
          else values.push(arrivals[before]! - clickAt);
          if (mode === 'no prefetch' && i === 0) {
            await waitForQuiet(page, () => inFlight, 500);
            clickFiles = [...scripts].sort();
          }
        } catch (error) {
          if (i >= 0) failed++;
          progress(`  sample ${i + 1} failed: ${(error as Error).message.split('\n')[0]}`);
        } finally {
          await context.close();
        }
      }
      rows.push({
        mode,
        n: values.length,
        failed,
        medianMs: median(values),
        p95Ms: percentile(values, 95),
        minMs: values.length ? Math.min(...values) : Number.NaN,
        maxMs: values.length ? Math.max(...values) : Number.NaN,
      });
    }
  } finally {
    await browser?.close();
    await provider.close();
    await host.close();
  }
  return { rows, clickFiles };
}

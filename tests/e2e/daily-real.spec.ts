/**
 * The voice core with the REAL @daily-co/daily-js in Chromium. Daily's call-machine bundle cannot
 * be fetched here (bundlePathOverride points at a loopback folder that answers 404), so the join
 * must fail: the client reports daily-call-join-error, emits call-start-failed, returns to idle and
 * leaves no unhandled rejection. The core and the adapter are bundled from source with esbuild
 * (code splitting on, so the adapter + daily-js load as their own chunk, as in the widget build)
 * and served, with a tiny page, by a loopback server that also plays the provider API.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { build } from 'esbuild';
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/browser.ts';
import { startLoopbackServer, type LoopbackServer } from '../../fixtures/loopback-server.ts';

const CORE = resolve(import.meta.dirname, '../../widget/src/core.ts');

// Replaces the config's launchOptions, so the executable is repeated here.
test.use({
  launchOptions: {
    executablePath: findBrowser() ?? undefined,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Voice core with real daily-js</title></head>
<body>
<main>
  <button type="button" id="start">Start call</button>
  <output role="status" aria-label="Call state" id="state">idle</output>
  <pre role="log" aria-label="Events" id="events"></pre>
  <pre role="log" aria-label="Unhandled rejections" id="rejections"></pre>
  <pre role="log" aria-label="Start result" id="result"></pre>
</main>
<script type="module" src="/app/page.js"></script>
</body>
</html>`;

/** The page script: one VoiceClient on the default (lazy, real Daily) call factory. */
const PAGE_SCRIPT = `
import { VoiceClient } from ${JSON.stringify(CORE)};
const $ = (id) => document.getElementById(id);
const rejections = [];
addEventListener('unhandledrejection', (event) => {
  rejections.push(String(event.reason && (event.reason.stack || event.reason.message) || event.reason));
  $('rejections').textContent = JSON.stringify(rejections);
});
const client = new VoiceClient({
  publicKey: 'pk-e2e',
  apiBaseUrl: location.origin,
  dailyConfig: { bundlePathOverride: location.origin + '/daily-bundles' },
});
const events = [];
const record = (event, payload) => {
  events.push({ event, payload: payload instanceof Error ? { name: payload.name, type: payload.type, stage: payload.stage, message: payload.message } : payload });
  $('events').textContent = JSON.stringify(events);
};
for (const name of ['call-start', 'call-end', 'call-start-progress', 'call-start-success', 'error', 'state-change']) {
  client.on(name, (payload) => record(name, payload));
}
client.on('call-start-failed', ({ stage, error, totalDuration }) =>
  record('call-start-failed', { stage, totalDuration, error: { type: error.type, stage: error.stage, message: error.message } }),
);
client.subscribe(() => ($('state').textContent = client.getSnapshot().state));
$('start').addEventListener('click', async () => {
  const result = await client.start({ assistantId: 'asst-e2e' });
  $('result').textContent = JSON.stringify({ result, state: client.getSnapshot().state, error: client.getSnapshot().error?.type });
});
`;

let server: LoopbackServer;
let outdir: string;
/** The output file holding daily-js (found by a string only daily-js contains). */
let dailyChunk = '';

test.beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'voice-core-e2e-'));
  await build({
    stdin: { contents: PAGE_SCRIPT, resolveDir: outdir, loader: 'js', sourcefile: 'entry-source.js' },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    outdir,
    entryNames: 'page',
    chunkNames: 'chunk-[hash]',
    logLevel: 'warning',
  });
  const files = new Map(readdirSync(outdir).map((name) => [name, readFileSync(join(outdir, name), 'utf8')]));
  dailyChunk = [...files].find(([, code]) => code.includes('call-machine-object-bundle'))?.[0] ?? '';
  server = await startLoopbackServer();
  server.route('GET', '/', { body: PAGE, headers: { 'content-type': 'text/html; charset=utf-8' } });
  server.route('GET', /^\/app\/[\w.-]+\.js$/, (request) => {
    const body = files.get(request.path.slice('/app/'.length));
    return body === undefined
      ? { status: 404, body: 'no such file' }
      : { body, headers: { 'content-type': 'text/javascript' } };
  });
  server.route('POST', '/call/web', {
    status: 201,
    body: {
      id: 'call-e2e',
      webCallUrl: 'https://unreachable.daily.co/room-e2e',
      assistant: { voice: { provider: '11labs' } },
    },
  });
  server.route('GET', /^\/daily-bundles\//, { status: 404, body: 'bundle unavailable' });
});

test.afterAll(async () => {
  await server?.close();
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

test('real daily-js: an unreachable call-machine bundle ends in daily-call-join-error and idle, with no unhandled rejection', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(server.url + '/');
  expect(dailyChunk, 'daily-js was bundled into its own chunk').toMatch(/^chunk-/);
  const chunkRequests = () => server.requestsTo('GET', `/app/${dailyChunk}`).length;
  await expect(page.getByRole('status', { name: 'Call state' }), 'idle on load').toHaveText('idle');
  expect(chunkRequests(), 'the daily chunk is not loaded on page load').toBe(0);

  await page.getByRole('button', { name: 'Start call' }).click();
  const result = page.getByRole('log', { name: 'Start result' });
  await expect(result, 'start() settled').not.toBeEmpty({ timeout: 45_000 });
  const settled = JSON.parse((await result.textContent()) ?? '{}') as {
    result: unknown;
    state: string;
    error?: string;
  };
  expect(settled, 'start resolved null, idle, with the join error in the snapshot').toEqual({
    result: null,
    state: 'idle',
    error: 'daily-call-join-error',
  });
  await expect(page.getByRole('status', { name: 'Call state' }), 'the UI shows idle').toHaveText('idle');

  const events = JSON.parse((await page.getByRole('log', { name: 'Events' }).textContent()) ?? '[]') as {
    event: string;
    payload: { stage?: string; status?: string; type?: string; error?: { type: string } };
  }[];
  const failed = events.filter((e) => e.event === 'call-start-failed');
  expect(failed, 'one call-start-failed').toHaveLength(1);
  expect(failed[0]?.payload.stage, 'failed at the join').toBe('daily-call-join');
  expect(failed[0]?.payload.error?.type, 'join error type').toBe('daily-call-join-error');
  const errors = events.filter((e) => e.event === 'error').map((e) => e.payload.type);
  expect(errors, 'one error event, the join error').toEqual(['daily-call-join-error']);
  const progress = events
    .filter((e) => e.event === 'call-start-progress')
    .map((e) => `${e.payload.stage}:${e.payload.status}`);
  expect(progress, 'stages up to the failed join').toEqual([
    'initialization:started',
    'initialization:completed',
    'web-call-creation:started',
    'web-call-creation:completed',
    'daily-call-object-creation:started',
    'daily-call-object-creation:completed',
    'mobile-permissions:started',
    'mobile-permissions:completed',
    'daily-call-join:started',
    'daily-call-join:failed',
  ]);
  expect(
    events.filter((e) => e.event === 'state-change').map((e) => e.payload),
    'states',
  ).toEqual(['starting', 'idle']);
  expect(
    events.some((e) => e.event === 'call-start' || e.event === 'call-end'),
    'no call-start / call-end',
  ).toBe(false);

  expect(chunkRequests(), 'the daily chunk was loaded on start').toBeGreaterThan(0);
  expect(server.requestsTo('POST', '/call/web'), 'one web call').toHaveLength(1);
  expect(
    server.requests.some((r) => r.path.startsWith('/daily-bundles/')),
    'daily tried the overridden bundle path',
  ).toBe(true);

  // Let any late rejection from daily-js's teardown surface before checking.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 500)));
  await expect(page.getByRole('log', { name: 'Unhandled rejections' }), 'no unhandled rejection').toBeEmpty();
  expect(pageErrors, 'no uncaught page error').toEqual([]);
});

/**
 * Chat latency, ours beside Vapi's `<vapi-widget mode="chat">`, per network profile: type + Enter
 * → `POST /chat/web` leaves the browser, and → the first streamed token is painted.
 *
 * Each sample, in a fresh browser context with the profile's network emulation and the same
 * routing as the click bench (bench/lib/browser-sample.ts), on the same host page: open the
 * launcher (pointer onto it, click), wait for the textbox, wait until the network is quiet (what
 * opening the card loads has loaded: a person needs seconds to type), fill in a short message and
 * press Enter. The streaming provider is the shared loopback fixture's `POST /chat/web`, wired for
 * the bench in bench/lib/chat-provider.ts; both subjects are pointed at it through their API base
 * URL option (`data-api-base-url`, `api-url`), because a routed answer (`route.fulfill`) arrives
 * in one piece and could not stream.
 * Enter → POST = the provider's receive time (Node, epoch ms) − the Enter keydown (page, epoch ms);
 * Enter → painted = the task after the first animation frame whose DOM holds the first token − the
 * Enter keydown, both in the page.
 *
 * Ours runs when the built script-tag files contain the chat route and its launcher opens a
 * textbox in chat mode (checked by the warm-up sample); until the conversation card lands it says
 * "not built yet" and Vapi's widget still runs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { startLoopbackServer } from '../fixtures/loopback-server.ts';
import { inSample, launchLatencyBrowser, pollFor, scriptsFrom, waitForQuiet } from './lib/browser-sample.ts';
import { cellFor, cellsInOrder, runRounds } from './lib/rounds.ts';
import { CHAT_PATH, FIRST_TOKEN, startChatProvider } from './lib/chat-provider.ts';
import { hostPage, oursEmbed, PEER_FILES, vapiWidgetEmbed } from './lib/host-pages.ts';
import { NETWORK_PROFILES, recordTransfers, type NetworkProfile, type TransferSamples } from './lib/network.ts';
import { ROOT, WIDGET_CDN } from './lib/paths.ts';
import { progress } from './lib/progress.ts';
import { serveStatic } from './lib/serve.ts';
import { median, summarize, type Summary } from './lib/stats.ts';
import { oursLauncher } from './latency.ts';
import { openSubject, vapiWidgetLauncher } from './lib/peers.ts';
import { LOADER_FILE } from './widget-size.ts';

/** The chat subjects, in report order. */
export const CHAT_SUBJECTS = [
  { id: 'ours-chat', label: 'ours, chat' },
  { id: 'vapi-widget-chat', label: 'Vapi <vapi-widget mode="chat">' },
] as const;

/** Id of a chat subject. */
export type ChatSubjectId = (typeof CHAT_SUBJECTS)[number]['id'];

/** What the visitor types before pressing Enter. */
export const CHAT_MESSAGE = 'Hello';

/** Figures of one chat subject on one profile. */
export interface ChatRow {
  subject: ChatSubjectId;
  profile: NetworkProfile['id'];
  /** Enter → POST /chat/web at the provider, ms. */
  post: Summary;
  /** Enter → first token painted, ms. */
  token: Summary;
  /** Samples with no POST or no painted token within `SAMPLE_LIMIT_MS`, or that broke. */
  failed: number;
  /** Median JavaScript bytes that finished before Enter (page load and opening the card). */
  jsBeforeEnter: number;
  /** Median JavaScript bytes that finished between Enter and the POST. */
  jsEnterToPost: number;
}

/** Result of the chat bench. */
export interface ChatLatencyResult {
  rows: ChatRow[];
  /** Subjects that could not run, with the reason (e.g. ours not built yet). */
  notes: Partial<Record<ChatSubjectId, string>>;
  /** JS files (relative to widget/dist/cdn/) ours fetched through its first answer (chat total). */
  chatFiles: string[];
  /** CORS preflights that reached the chat provider (0: Playwright answers them in the browser). */
  preflightsOnWire: number;
  samples: number;
  rounds: number;
  skipped?: string;
}

/** Options of `benchChatLatency`. */
export interface ChatBenchOptions {
  /** Counted samples per subject and profile. @default 8 */
  samples?: number;
  profiles?: readonly NetworkProfile[];
  /** Our script-tag build to measure. @default widget/dist/cdn/ */
  cdnDir?: string;
  /** Start no new round after this many seconds since the bench began. @default Infinity */
  deadlineSeconds?: number;
}

const SAMPLE_LIMIT_MS = 10_000;
/** Rounds run even past the time budget: a median of fewer samples is not worth printing. */
export const CHAT_MIN_ROUNDS = 3;
/** How long the warm-up waits for our chat textbox before it decides the chat UI is not built. */
const OPEN_PROBE_MS = 5_000;

/** Whether the built script-tag files hold the chat route (ours' chat mode is built). */
export function oursChatBuilt(cdnDir = WIDGET_CDN): boolean {
  if (!existsSync(cdnDir)) return false;
  return readdirSync(cdnDir).some((f) => /\.js$/.test(f) && readFileSync(join(cdnDir, f), 'utf8').includes(CHAT_PATH));
}

interface Runner {
  id: ChatSubjectId;
  path: string;
  launcher(page: Page): Locator;
  textbox(page: Page): Locator;
}

/** Runs the chat bench (rounds of one sample per subject and profile, like the click bench). */
export async function benchChatLatency(options: ChatBenchOptions = {}): Promise<ChatLatencyResult> {
  const samples = options.samples ?? 8;
  const profiles = options.profiles ?? NETWORK_PROFILES;
  const deadline = options.deadlineSeconds ?? Number.POSITIVE_INFINITY;
  const cdnDir = options.cdnDir ?? WIDGET_CDN;
  const notes: ChatLatencyResult['notes'] = {};
  const chat = await startChatProvider();
  const chatUrl = chat.server.url;
  const pages: Record<string, string> = {};
  const files: Record<string, Uint8Array> = {};
  const runners: Runner[] = [];
  if (!existsSync(join(cdnDir, LOADER_FILE)))
    notes['ours-chat'] = `not built yet (widget/dist/cdn/${LOADER_FILE} missing: \`npm run build -w widget\`)`;
  else if (!oursChatBuilt(cdnDir))
    notes['ours-chat'] =
      `not built yet (no ${CHAT_PATH} in widget/dist/cdn/: the chat mode of the conversation card is not on this build)`;
  else {
    pages['/ours-chat'] = hostPage(oursEmbed(`/${LOADER_FILE}`, { mode: 'chat', apiBaseUrl: chatUrl }));
    runners.push({
      id: 'ours-chat',
      path: '/ours-chat',
      launcher: oursLauncher,
      textbox: (page) => page.locator('ringwise-voice-call').getByRole('textbox'),
    });
  }
  const umd = join(ROOT, 'node_modules/@vapi-ai/client-sdk-react/dist/embed/widget.umd.js');
  if (existsSync(umd)) {
    files[PEER_FILES.vapiWidget] = readFileSync(umd);
    pages['/vapi-widget-chat'] = hostPage(vapiWidgetEmbed('chat', chatUrl));
    runners.push({
      id: 'vapi-widget-chat',
      path: '/vapi-widget-chat',
      launcher: vapiWidgetLauncher,
      textbox: (page) => page.locator('vapi-widget').getByRole('textbox'),
    });
  } else notes['vapi-widget-chat'] = 'not installed (@vapi-ai/client-sdk-react): run npm install';
  const empty: ChatLatencyResult = { rows: [], notes, chatFiles: [], preflightsOnWire: 0, samples, rounds: 0 };
  if (!runners.length) {
    await chat.server.close();
    return { ...empty, skipped: 'no subject could run' };
  }
  const browser = await launchLatencyBrowser();
  if (!browser) {
    await chat.server.close();
    return { ...empty, skipped: 'no Chromium found (set CHROME_PATH)' };
  }
  // The voice provider answers the platform's API origin if a subject calls it (none should in chat mode).
  const provider = await startLoopbackServer();
  const host = await serveStatic(cdnDir, { pages, files });
  const collected = new Map<string, { post: number[]; token: number[]; failed: number } & TransferSamples>();
  const emptyCell = () => ({ post: [], token: [], failed: 0, before: [], during: [] });
  let chatFiles: string[] = [];

  const runSample = async (runner: Runner, profile: NetworkProfile, counted: boolean): Promise<void> => {
    const cell = cellFor(collected, runner.id, profile.id, emptyCell);
    const ok = await inSample(
      browser,
      { profile, providerUrl: provider.url, token: FIRST_TOKEN },
      `${runner.id} / ${profile.id}`,
      async (sample) => {
        const { page } = sample;
        const launcher = await openSubject(page, host.url, runner, SAMPLE_LIMIT_MS);
        await launcher.click();
        const textbox = runner.textbox(page);
        try {
          await textbox.waitFor({ state: 'visible', timeout: counted ? SAMPLE_LIMIT_MS : OPEN_PROBE_MS });
        } catch (error) {
          // The warm-up tells a build without our chat UI (no textbox) from a slow sample.
          if (!counted && runner.id === 'ours-chat') {
            notes['ours-chat'] =
              `not built yet (opening the launcher with data-mode="chat" showed no textbox within ${OPEN_PROBE_MS / 1000} s)`;
          }
          throw error;
        }
        await waitForQuiet(sample);
        await textbox.fill(CHAT_MESSAGE);
        const before = chat.arrivals.length;
        await textbox.press('Enter');
        const postAt = await pollFor(page, () => chat.arrivals[before], SAMPLE_LIMIT_MS);
        const deadlineAt = Date.now() + SAMPLE_LIMIT_MS;
        let probe = await sample.probe();
        while (probe.paintedAt === null && Date.now() < deadlineAt) {
          await page.waitForTimeout(10);
          probe = await sample.probe();
        }
        if (runner.id === 'ours-chat' && !chatFiles.length) {
          await waitForQuiet(sample, 500);
          chatFiles = scriptsFrom(sample, host.url);
        }
        if (!counted) return;
        const { enterAt, paintedAt } = probe;
        if (postAt === null || enterAt === null)
          throw new Error(`no POST /chat/web within ${SAMPLE_LIMIT_MS / 1000} s of Enter`);
        if (paintedAt === null)
          throw new Error(`the first token was not painted within ${SAMPLE_LIMIT_MS / 1000} s of Enter`);
        cell.post.push(postAt - enterAt);
        cell.token.push(paintedAt - enterAt);
        recordTransfers(cell, sample.transfers, enterAt, postAt);
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
      minRounds: Math.min(samples, CHAT_MIN_ROUNDS),
      deadlineSeconds: deadline,
      label: 'type + Enter → POST /chat/web → first token',
      run: runSample,
      afterWarmUp: () => {
        const ours = runners.findIndex((r) => r.id === 'ours-chat');
        if (notes['ours-chat'] && ours >= 0) runners.splice(ours, 1);
      },
    });
  } finally {
    await browser.close();
    await provider.close();
    await host.close();
    await chat.server.close();
  }
  const rows: ChatRow[] = [...cellsInOrder(CHAT_SUBJECTS, runners, profiles, collected)].map(
    ({ subject, profile, cell }) => ({
      subject: subject as ChatSubjectId,
      profile,
      post: summarize(cell.post),
      token: summarize(cell.token),
      failed: cell.failed,
      jsBeforeEnter: median(cell.before),
      jsEnterToPost: median(cell.during),
    }),
  );
  for (const row of rows) {
    progress(
      `  ${row.subject} / ${row.profile}: → POST median ${row.post.median.toFixed(1)} ms, → token ${row.token.median.toFixed(1)} ms (${row.post.n} ok, ${row.failed} failed)`,
    );
  }
  return { rows, notes, chatFiles, preflightsOnWire: chat.preflights(), samples, rounds };
}

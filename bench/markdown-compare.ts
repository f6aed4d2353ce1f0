/**
 * The Markdown bench row's stream (markdown-stream.ts: 1 MB in 1 KB pieces at 4× CPU) on two builds
 * of the renderer side by side (issue 34): this checkout's and another commit's, alternated run by
 * run in one browser, so a machine whose load changes during the run weighs on both alike.
 * `node bench/markdown-compare.ts <commit> [rounds = 3] [bytes = 1000000]` (under Node 22: `npx`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from '../scripts/browser.ts';
import { openPage, pageScripts, streamCase, type StreamStats } from './markdown-stream.ts';

const ROOT = join(fileURLToPath(import.meta.url), '../..');

/** One run: which build, the load average as it started, the pieces, and the warm layout's tasks (ms). */
export interface CompareRun {
  build: string;
  load: number;
  stats: StreamStats;
  warm: number[];
}

/** Runs `rounds` × (this checkout, then `commit`), alternating which goes first each round. */
export async function compareMarkdownStream(commit: string, rounds = 3, bytes = 1_000_000): Promise<CompareRun[]> {
  const executablePath = findBrowser();
  if (!executablePath) throw new Error('no Chromium found');
  // The other build's card sources, as that commit has them (the inputs stay this checkout's).
  const other = mkdtempSync(join(tmpdir(), 'md-compare-'));
  const tar = execFileSync('git', ['archive', '--format=tar', commit, 'widget/src/card'], {
    cwd: ROOT,
    maxBuffer: 1 << 28,
  });
  execFileSync('tar', ['-x', '-C', other], { input: tar });
  const builds = { [`${commit} (before)`]: await pageScripts(other), 'this checkout': await pageScripts() };
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const runs: CompareRun[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const order = Object.entries(builds);
      if (round % 2) order.reverse();
      for (const [build, scripts] of order) {
        const load = loadavg()[0]!;
        const { page, load: file } = await openPage(browser, scripts);
        const { stats } = await streamCase(page, bytes, file);
        await page.close();
        runs.push({ build, load, stats, warm: file.warm });
        console.log(runLine(runs.at(-1)!));
      }
    }
  } finally {
    await browser.close();
    rmSync(other, { recursive: true, force: true });
  }
  return runs;
}

const ms = (n: number) => n.toFixed(1);

/** One run as a line. */
export function runLine({ build, load, stats, warm }: CompareRun): string {
  const { median, p95, longest, over, pieces } = stats;
  const tasks = `warm tasks ${warm.map(ms).join(' + ')} ms (longest ${ms(Math.max(...warm))})`;
  const spread = `median ${ms(median)}, p95 ${ms(p95)}, longest ${ms(longest)} ms, ${over} of ${pieces} over 50 ms`;
  return `${build.padEnd(24)} load ${load.toFixed(1)}: ${spread}; ${tasks}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [commit, rounds, bytes] = process.argv.slice(2);
  if (!commit) throw new Error('usage: node bench/markdown-compare.ts <commit> [rounds] [bytes]');
  await compareMarkdownStream(commit, Number(rounds) || undefined, Number(bytes) || undefined);
}

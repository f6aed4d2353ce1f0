/**
 * The Markdown bench row (issue 34): the assistant's renderer (widget/src/card/markdown/) in
 * headless Chromium at 4× CPU throttling (DevTools' `Emulation.setCPUThrottlingRate`), in a bubble
 * styled as the card's:
 * - a 1 MB reply with tables, quotes, lists and emphasis streamed in 1 KB pieces, one piece per
 *   animation frame as the card draws it: the longest main-thread task (the update and the layout
 *   it forces, and any `longtask` the browser reports) and the most DOM nodes in the message;
 * - the issue's attacks drawn at once (a restored turn): the table bomb at 2, 8 and 10 KB and
 *   100 KB of `>` lines: the task and the nodes.
 * Budgets: longest task ≤ 50 ms, nodes ≤ 2,000 a message. `npm run bench -- --only=markdown`, or
 * `node bench/markdown-stream.ts` alone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { CHROMIUM_ARGS, findBrowser } from '../scripts/browser.ts';

const ROOT = join(fileURLToPath(import.meta.url), '../..');
/** Longest main-thread task allowed while the reply streams or an attack is drawn (ms). */
export const MARKDOWN_TASK_BUDGET_MS = 50;
/** DOM nodes allowed in one message (card/markdown/limits.ts's MAX_NODES). */
export const MARKDOWN_NODE_BUDGET = 2_000;

/** One measured case. */
export interface MarkdownCase {
  name: string;
  bytes: number;
  /** Longest task, ms (4× CPU). */
  longestTaskMs: number;
  /** Most DOM nodes in the message. */
  nodes: number;
  /** What the longest task was made of, where measured. */
  detail?: string;
}

/** The renderer's scripts and stylesheet for a page: see `pageScripts`. */
export interface PageScripts {
  inputs: string;
  file: string;
  css: string;
}

/**
 * The page's scripts: the inputs (the same builders as the unit tests), and the renderer's own file
 * (card/markdown-file.ts, as the card loads it: its stylesheet imported `?raw`), added on its own,
 * with its stylesheet. `root`: the checkout the file and stylesheet come from (another build's, to
 * compare two side by side: markdown-compare.ts).
 */
export async function pageScripts(root = ROOT): Promise<PageScripts> {
  const bundle = async (contents: string, resolveDir = ROOT) => {
    const out = await build({
      stdin: { contents, resolveDir, loader: 'ts' },
      bundle: true,
      write: false,
      format: 'iife',
      minify: true,
      plugins: [
        {
          name: 'raw',
          setup(b) {
            b.onResolve({ filter: /\?raw$/ }, (args) => ({
              path: join(args.resolveDir, args.path.slice(0, -4)),
              namespace: 'raw',
            }));
            b.onLoad({ filter: /.*/, namespace: 'raw' }, (args) => ({
              contents: readFileSync(args.path, 'utf8'),
              loader: 'text',
            }));
          },
        },
      ],
    });
    return out.outputFiles[0]!.text;
  };
  return {
    inputs: await bundle(`
      import { longReply, quotes, tableBomb } from './tests/unit/widget/card/markdown/attacks.ts';
      window.__md = { longReply, quotes, tableBomb };`),
    file: await bundle(
      `import { markdownView, warmLayout } from './widget/src/card/markdown-file.ts';
      Object.assign(window.__md, { markdownView, warmLayout });`,
      root,
    ),
    css: readFileSync(join(root, 'widget/src/card/styles/markdown.css'), 'utf8'),
  };
}

/** The tasks of loading the renderer's file: its own, and warming the layout (each of its tasks). */
export interface FileLoad {
  took: number;
  warm: number[];
}

/** A new page as the card's log with the renderer's file loaded and warmed, at 4× CPU. */
export async function openPage(browser: Browser, scripts: PageScripts): Promise<{ page: Page; load: FileLoad }> {
  const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
  // As in the card: a log that scrolls and follows the end, the visitor's words already laid out
  // in the card's font, and the renderer's file (warmed as it loads) arriving in its own task.
  await page.setContent(
    `<!doctype html><style>${scripts.css} body{font:15px system-ui;margin:0}` +
      ' .log{height:560px;overflow-y:auto;padding:8px}' +
      ' .bubble{max-width:85%;padding:9px 14px;white-space:pre-wrap;overflow-wrap:anywhere}</style>' +
      '<div class="log"><div class="bubble">You: compare the plans, please.</div>' +
      '<div class="bubble"><span class="md"></span></div></div>',
  );
  await page.addScriptTag({ content: scripts.inputs });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const load = await page.evaluate(async (file) => {
    await new Promise(requestAnimationFrame);
    const start = performance.now();
    const script = document.createElement('script');
    script.textContent = file;
    document.head.append(script);
    const took = performance.now() - start;
    // As the card does once the file is in: its fonts and table styles warmed in tasks of their own
    // (one, in a build before they were split), each timed: the timers it sets are wrapped.
    await new Promise((resolve) => setTimeout(resolve));
    const warm: number[] = [];
    const real = window.setTimeout;
    window.setTimeout = ((run: () => void, ms?: number) =>
      real(() => {
        const at = performance.now();
        run();
        warm.push(performance.now() - at);
      }, ms)) as typeof setTimeout;
    const { __md } = window as never as { __md: { warmLayout(log: Element): unknown } };
    const at = performance.now();
    const done = __md.warmLayout(document.querySelector('.log')!);
    warm.unshift(performance.now() - at);
    await done;
    window.setTimeout = real;
    await new Promise(requestAnimationFrame);
    return { took, warm };
  }, scripts.file);
  return { page, load };
}

/** The pieces of a streamed reply: median, p95, the longest and how many over the budget (ms). */
export interface StreamStats {
  median: number;
  p95: number;
  longest: number;
  over: number;
  pieces: number;
}

/** Streams a `streamBytes` reply in 1 KB pieces, one per frame, on a page from `openPage`. */
export async function streamCase(
  page: Page,
  streamBytes: number,
  loadMs: FileLoad,
): Promise<MarkdownCase & { stats: StreamStats }> {
  return page.evaluate(
    async ([streamBytes, loadMs]) => {
      type Md = Record<string, (...a: unknown[]) => never>;
      const { markdownView, longReply } = (window as never as { __md: Md }).__md;
      const box = document.querySelector('.bubble + .bubble .md')!;
      const log = document.querySelector('.log')!;
      box.replaceChildren();
      const view = markdownView!(box) as (s: string) => void;
      const source = longReply!(streamBytes) as string;
      let nodes = 0;
      let reported = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) reported = Math.max(reported, entry.duration);
      }).observe({ type: 'longtask', buffered: false });
      const count = () => {
        let n = 0;
        const walker = document.createTreeWalker(box);
        while (walker.nextNode()) n++;
        return n;
      };
      /** Per piece: the update (script), then following the end (the layout it forces). */
      const pieces: { piece: number; script: number; layout: number; plain: boolean }[] = [];
      for (let at = 1_024, piece = 0; at < source.length + 1_024; at += 1_024, piece++) {
        await new Promise(requestAnimationFrame);
        const start = performance.now();
        view(source.slice(0, at));
        const viewed = performance.now();
        log.scrollTop = log.scrollHeight;
        const plain = !!box.querySelector('[data-plain]');
        pieces.push({ piece, script: viewed - start, layout: performance.now() - viewed, plain });
        if (piece % 32 === 0) nodes = Math.max(nodes, count());
      }
      nodes = Math.max(nodes, count());
      await new Promise((resolve) => setTimeout(resolve, 100));
      const worst = pieces.reduce((w, p) => (p.script + p.layout > w.script + w.layout ? p : w));
      const [first] = pieces;
      const ms = (n: number) => n.toFixed(1);
      /** Median, p95 and p99 of some pieces, and how many of them are over 50 ms. */
      const spread = (some: typeof pieces) => {
        const sorted = some.map((p) => p.script + p.layout).sort((x, y) => x - y);
        const at = (q: number) => ms(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
        const over = sorted.filter((t) => t > 50).length;
        return `median ${at(0.5)}, p95 ${at(0.95)}, p99 ${at(0.99)} ms, ${over} of ${sorted.length} over 50 ms`;
      };
      // Percentiles beside the worst: on a loaded machine one piece can be descheduled mid-task.
      const detail =
        `file load task ${ms(loadMs.took)} ms, warm layout tasks ${loadMs.warm.map(ms).join(', ')} ms; ` +
        `first piece ${ms(first!.script)} + ${ms(first!.layout)} ms; ` +
        `worst piece #${worst.piece}: update ${ms(worst.script)} ms + layout ${ms(worst.layout)} ms; ` +
        `pieces ${spread(pieces)}; formatted part ${spread(pieces.filter((p) => !p.plain))}; ` +
        `plain rest ${spread(pieces.filter((p) => p.plain))}; longest reported longtask ${ms(reported)} ms`;
      const longestTaskMs = Math.max(worst.script + worst.layout, reported);
      const sorted = pieces.map((p) => p.script + p.layout).sort((x, y) => x - y);
      const stats = {
        median: sorted[Math.floor(sorted.length / 2)]!,
        p95: sorted[Math.floor(0.95 * sorted.length)]!,
        longest: longestTaskMs,
        over: sorted.filter((t) => t > 50).length,
        pieces: sorted.length,
      };
      return { name: 'reply streamed in 1 KB pieces', bytes: source.length, longestTaskMs, nodes, detail, stats };
    },
    [streamBytes, loadMs] as const,
  );
}

/** Runs every case; prints nothing. */
export async function benchMarkdownStream(streamBytes = 1_000_000): Promise<MarkdownCase[]> {
  const executablePath = findBrowser();
  if (!executablePath) throw new Error('no Chromium found');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const { page, load } = await openPage(browser, await pageScripts());
    const cases: MarkdownCase[] = [await streamCase(page, streamBytes, load)];
    for (const [name, make, bytes] of [
      ['table bomb, 2 KB', 'tableBomb', 2_000],
      ['table bomb, 8 KB', 'tableBomb', 8_000],
      ['table bomb, 10 KB', 'tableBomb', 10_000],
      ['> lines, 100 KB', 'quotes', 100_000],
    ] as const) {
      cases.push(
        await page.evaluate(
          async ([name, make, bytes]) => {
            const md = (window as never as { __md: Record<string, (...a: unknown[]) => never> }).__md;
            const box = document.querySelector('.bubble + .bubble .md')!;
            box.replaceChildren();
            const source = md[make]!(bytes) as string;
            await new Promise(requestAnimationFrame);
            const start = performance.now();
            (md.markdownView!(box) as (s: string) => void)(source);
            void (box as HTMLElement).offsetHeight;
            const longestTaskMs = performance.now() - start;
            let nodes = 0;
            const walker = document.createTreeWalker(box);
            while (walker.nextNode()) nodes++;
            return { name, bytes: source.length, longestTaskMs, nodes };
          },
          [name, make, bytes] as const,
        ),
      );
    }
    return cases;
  } finally {
    await browser.close();
  }
}

/** The cases as lines, each with its verdict against the budgets. */
export function markdownLines(cases: readonly MarkdownCase[]): string[] {
  return cases.map((c) => {
    const ok = c.longestTaskMs <= MARKDOWN_TASK_BUDGET_MS && c.nodes <= MARKDOWN_NODE_BUDGET;
    const task = `longest task ${c.longestTaskMs.toFixed(1)} ms (≤ ${MARKDOWN_TASK_BUDGET_MS})`;
    const nodes = `${c.nodes} nodes (≤ ${MARKDOWN_NODE_BUDGET})`;
    const line = `${ok ? 'ok  ' : 'OVER'} ${c.name} (${c.bytes.toLocaleString('en')} B): ${task}, ${nodes}`;
    return c.detail ? `${line}\n       ${c.detail}` : line;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bytes = Number(process.argv[2]) || undefined;
  for (const line of markdownLines(await benchMarkdownStream(bytes))) console.log(line);
}

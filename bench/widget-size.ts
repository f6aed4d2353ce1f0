/**
 * Widget bytes beside its peers, all measured in the same run, gzip -9 / brotli 11 (1 KB = 1000 B):
 * - ours, from the script-tag build in widget/dist/cdn/: the loader (voice-widget.js); the engine
 *   as shipped (voice-widget-engine.js and its static imports); the total after the first click
 *   (loader + every JavaScript file fetched through the first click: taken from the browser run of
 *   the latency bench when it ran, else loader + engine + daily chunk with their static imports);
 *   and the core (VoiceClient + createWebCall from widget/src, bundled minimally with esbuild, no daily-js);
 * - the best-known SDK, @vapi-ai/web, bundled minimally with esbuild (`import Vapi from
 *   '@vapi-ai/web'`), with and without daily-js (marked external);
 * - its `<vapi-widget>` script-tag bundle (the UMD file @vapi-ai/client-sdk-react publishes);
 *   its older html script tag is served from a GitHub CDN and not published on npm, so it is
 *   reported as not measurable here;
 * - ElevenLabs' embeddable widget (@elevenlabs/convai-widget-embed's dist file);
 * - @daily-co/daily-js alone, bundled minimally: the floor under any Daily-based widget.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CDN_FILES } from '../widget/build.ts';
import { bundleSource } from './lib/bundle.ts';
import { ROOT, WIDGET_CDN } from './lib/paths.ts';
import { addSizes, sizesOf, type Sizes } from './lib/size.ts';
import { ModuleGraph } from './site-js.ts';

/** File name of the script-tag loader in widget/dist/cdn/ (from the widget's build script). */
export const LOADER_FILE = CDN_FILES.loader;

/** One measured (or unmeasurable) bundle. */
export interface SizeRow {
  /** Short id, stable across runs (used for ratios and JSON). */
  id: string;
  /** What it is, for the table. */
  label: string;
  /** Sizes, or null when it could not be measured (see `note`). */
  sizes: Sizes | null;
  /** How it was measured, or why it was not. */
  note: string;
  /** Files counted (for ours). */
  files?: string[];
}

/** JS files of the script-tag build, relative to widget/dist/cdn/ (source maps excluded). */
export function cdnScripts(): string[] {
  if (!existsSync(WIDGET_CDN)) return [];
  return readdirSync(WIDGET_CDN, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.m?js$/.test(f))
    .sort();
}

function sizesOfCdn(files: string[]): Sizes {
  return addSizes(...files.map((f) => sizesOf(readFileSync(join(WIDGET_CDN, f)))));
}

async function tryBundle(
  id: string,
  label: string,
  source: string,
  note: string,
  external: string[] = [],
): Promise<SizeRow> {
  try {
    return { id, label, sizes: sizesOf(await bundleSource(source, { external })), note };
  } catch (error) {
    return { id, label, sizes: null, note: `not measured: ${(error as Error).message.split('\n')[0]}` };
  }
}

function fileRow(id: string, label: string, rel: string, note: string): SizeRow {
  const file = join(ROOT, 'node_modules', rel);
  if (!existsSync(file)) return { id, label, sizes: null, note: `not installed (${rel}); run npm install` };
  return { id, label, sizes: sizesOf(readFileSync(file)), note };
}

/**
 * Measures our widget and the peers.
 * @param clickFiles JS files (relative to widget/dist/cdn/) the browser fetched up to and after
 *   the first click, when the latency bench observed them; otherwise every `.js` in the build.
 * @param chat JS files ours' chat mode fetched through the first answer (observed by the chat
 *   bench), or why there are none (e.g. "not built yet …", "not measured (--only)").
 */
export async function measureWidgetSizes(
  clickFiles?: string[],
  chat: { files: string[] } | { note: string } = { note: 'not measured (the chat bench did not run)' },
): Promise<SizeRow[]> {
  const rows: SizeRow[] = [];
  const scripts = cdnScripts();
  if (!scripts.includes(LOADER_FILE)) {
    const why = 'not built yet (widget/dist/cdn/voice-widget.js missing: `npm run build -w widget`)';
    rows.push({ id: 'ours-loader', label: 'ours: script-tag loader', sizes: null, note: why });
    rows.push({
      id: 'ours-click',
      label: 'ours: after first click (loader + engine + daily-js)',
      sizes: null,
      note: why,
    });
  } else {
    rows.push({
      id: 'ours-loader',
      label: 'ours: script-tag loader',
      sizes: sizesOfCdn([LOADER_FILE]),
      note: LOADER_FILE,
      files: [LOADER_FILE],
    });
    const graph = new ModuleGraph(WIDGET_CDN);
    const engine = [...(await graph.closure([`/${CDN_FILES.engine}`]))]
      .map((p) => p.slice(1))
      .filter((f) => scripts.includes(f))
      .sort();
    if (engine.length) {
      rows.push({
        id: 'ours-engine',
        label: 'ours: engine as shipped (no daily-js)',
        sizes: sizesOfCdn(engine),
        note: engine.join(' + '),
        files: engine,
      });
    }
    const observed = clickFiles?.length ? [...new Set([LOADER_FILE, ...clickFiles])].sort() : null;
    const staticClick = [...(await graph.closure([`/${LOADER_FILE}`, `/${CDN_FILES.engine}`, `/${CDN_FILES.daily}`]))]
      .map((p) => p.slice(1))
      .filter((f) => scripts.includes(f))
      .sort();
    const files = observed ?? staticClick;
    rows.push({
      id: 'ours-click',
      label: 'ours: after first click (loader + engine + daily-js)',
      sizes: sizesOfCdn(files),
      note: observed
        ? `files the browser fetched through the first click: ${files.join(', ')}`
        : `loader + engine + daily chunk with their static imports: ${files.join(', ')}`,
      files,
    });
  }
  const chatLabel = 'ours: chat, through the first message (loader + UI + chat engine)';
  if ('files' in chat && chat.files.length && scripts.includes(LOADER_FILE)) {
    const files = [...new Set([LOADER_FILE, ...chat.files])].filter((f) => scripts.includes(f)).sort();
    rows.push({
      id: 'ours-chat',
      label: chatLabel,
      sizes: sizesOfCdn(files),
      note: `files the browser fetched through the first answer: ${files.join(', ')}`,
      files,
    });
  } else {
    rows.push({
      id: 'ours-chat',
      label: chatLabel,
      sizes: null,
      note: 'note' in chat ? chat.note : 'not measured (no chat files observed)',
    });
  }
  const coreEntry = join(ROOT, 'widget/src/core.ts');
  rows.push(
    existsSync(coreEntry)
      ? await tryBundle(
          'ours-core',
          'ours: core + createWebCall, no daily-js',
          "export { VoiceClient } from './widget/src/core.ts'; export { createWebCall } from './widget/src/api/index.ts';",
          'esbuild, minified, from widget/src (daily-js external)',
          ['@daily-co/daily-js'],
        )
      : {
          id: 'ours-core',
          label: 'ours: core + createWebCall, no daily-js',
          sizes: null,
          note: 'not built yet (widget/src/core missing)',
        },
  );
  rows.push(
    await tryBundle(
      'vapi-web',
      '@vapi-ai/web (with its daily-js)',
      "import Vapi from '@vapi-ai/web'; export default Vapi;",
      "esbuild, minified: `import Vapi from '@vapi-ai/web'`",
    ),
  );
  rows.push(
    await tryBundle(
      'vapi-web-nodaily',
      '@vapi-ai/web without daily-js',
      "import Vapi from '@vapi-ai/web'; export default Vapi;",
      'same, @daily-co/daily-js external',
      ['@daily-co/daily-js'],
    ),
  );
  rows.push(
    fileRow(
      'vapi-widget',
      'Vapi <vapi-widget> script tag',
      '@vapi-ai/client-sdk-react/dist/embed/widget.umd.js',
      '@vapi-ai/client-sdk-react dist/embed/widget.umd.js',
    ),
  );
  rows.push({
    id: 'vapi-html-script-tag',
    label: 'Vapi html script tag (vapi-ai html-script-tag)',
    sizes: null,
    note: 'not published on npm (served from a GitHub CDN only): not measurable from npm here',
  });
  rows.push(
    fileRow(
      'elevenlabs-embed',
      'ElevenLabs convai-widget-embed',
      '@elevenlabs/convai-widget-embed/dist/index.js',
      '@elevenlabs/convai-widget-embed dist/index.js',
    ),
  );
  rows.push(
    await tryBundle(
      'daily-js',
      '@daily-co/daily-js alone (floor)',
      "import Daily from '@daily-co/daily-js'; export default Daily;",
      'esbuild, minified, the version the widget depends on',
    ),
  );
  return rows;
}

/** One ratio line: ours against a peer, gzip. */
export interface Ratio {
  label: string;
  ours: string;
  peer: string;
  /** ours ÷ peer (gzip), e.g. 0.05 = 5% of the peer. */
  ratio: number;
}

/** The ratios the table prints (only where both sides were measured). */
export function widgetRatios(rows: SizeRow[]): Ratio[] {
  const by = new Map(rows.map((r) => [r.id, r]));
  const pairs: Array<[string, string, string]> = [
    ['loader vs Vapi <vapi-widget>', 'ours-loader', 'vapi-widget'],
    ['loader vs ElevenLabs embed', 'ours-loader', 'elevenlabs-embed'],
    ['after first click vs Vapi <vapi-widget>', 'ours-click', 'vapi-widget'],
    ['after first click vs ElevenLabs embed', 'ours-click', 'elevenlabs-embed'],
    ['after first click vs @vapi-ai/web bundle', 'ours-click', 'vapi-web'],
    ['after first click vs daily-js floor', 'ours-click', 'daily-js'],
    ['chat through the first message vs Vapi <vapi-widget> (chat mode loads it all)', 'ours-chat', 'vapi-widget'],
    ['core vs @vapi-ai/web without daily-js', 'ours-core', 'vapi-web-nodaily'],
    ['engine as shipped vs @vapi-ai/web without daily-js', 'ours-engine', 'vapi-web-nodaily'],
  ];
  const out: Ratio[] = [];
  for (const [label, a, b] of pairs) {
    const ours = by.get(a)?.sizes;
    const peer = by.get(b)?.sizes;
    if (ours && peer && peer.gzip > 0) out.push({ label, ours: a, peer: b, ratio: ours.gzip / peer.gzip });
  }
  return out;
}

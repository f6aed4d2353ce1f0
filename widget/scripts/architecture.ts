/**
 * Writes `widget/ARCHITECTURE.md`: the layers with their ranks (from the layering rules,
 * tests/lib/layering.ts), the map "shipped file → sources" (from the script-tag build's esbuild
 * metafile), the click → call path file by file, the ports, then the prose of architecture-notes.ts. Run with
 * `npm run docs:architecture -w widget`; tests/unit/widget/architecture.test.ts regenerates the
 * text and fails when the file is stale. Erasable TypeScript only (Node type stripping).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Metafile } from 'esbuild';
import { buildCdn, CDN_FILES, WIDGET_DIR } from '../build.ts';
import { WIDGET_RULES } from '../../tests/lib/layering.ts';
import { architectureNotes } from './architecture-notes.ts';

/** Where the document is written. */
export const ARCHITECTURE_FILE = join(WIDGET_DIR, 'ARCHITECTURE.md');

/** One stop of the click → call path: the file, the shipped file it runs from, what it does. */
export interface PathStop {
  readonly source: string;
  readonly shipped: string;
  readonly does: string;
}

/**
 * The click → call path of the script-tag widget in voice mode, one stop per file (at most 12).
 * A test checks that each source exists and lands in the shipped file named here.
 */
export const CLICK_TO_CALL: readonly PathStop[] = [
  {
    source: 'src/element/launcher.ts',
    shipped: CDN_FILES.loader,
    does: 'the launcher button: the click, painted pressed in its own frame',
  },
  {
    source: 'src/element/voice-call-element.ts',
    shipped: CDN_FILES.loader,
    does: 'the element opens its card with a call',
  },
  {
    source: 'src/element/card-loading.ts',
    shipped: CDN_FILES.loader,
    does: 'asks for the start file, the engine and daily-js at once; mounts the card when it comes',
  },
  {
    source: 'src/element/script-loader.ts',
    shipped: CDN_FILES.loader,
    does: 'fetches those files next to the loader as classic scripts',
  },
  {
    source: 'src/conversation/element-start.ts',
    shipped: CDN_FILES.start,
    does: 'the element’s target, consent and page context for the start',
  },
  {
    source: 'src/core/call-request.ts',
    shipped: CDN_FILES.start,
    does: 'the call request’s one owner: POST /call/web and the microphone, the call machine beside them',
  },
  { source: 'src/api/web-call.ts', shipped: CDN_FILES.start, does: 'sends the request (and later reads its answer)' },
  {
    source: 'src/card/index.ts',
    shipped: CDN_FILES.card,
    does: 'the card opens with the start and hands it to the controller',
  },
  {
    source: 'src/conversation/controller.ts',
    shipped: CDN_FILES.card,
    does: 'one start at a time (CallStarts); adopts the request, loads the voice engine',
  },
  {
    source: 'src/core/voice-client.ts',
    shipped: CDN_FILES.engine,
    does: 'the start stages: reads the adopted request’s answer, makes the call object',
  },
  {
    source: 'src/core/voice-session.ts',
    shipped: CDN_FILES.engine,
    does: 'the session: joins the call and plays its audio',
  },
  { source: 'src/daily/index.ts', shipped: CDN_FILES.daily, does: 'daily-js: the call object and its join' },
];

/** Files the path runs through that only hand on (registration, the fetch, bookkeeping): named, not counted. */
const PASSED_THROUGH: readonly string[] = [
  'the files’ entries (chunks/entries/start.ts, card.ts, voice-engine.ts)',
  'api/post-json.ts (the fetch)',
  'card/submit.ts and card/consent-part.ts (the card’s sender and its side of consent)',
  'conversation/lazy-client.ts (the controller’s engine client)',
  'core/call-slot.ts and core/start-stages.ts (the start’s bookkeeping)',
  'daily/lazy-factory.ts (the engine’s way to the daily file)',
];

/** The ports: where each seam between layers is declared, and who supplies it. */
const PORTS: readonly (readonly [string, string])[] = [
  [
    '`CallFactory` (core/call-port.ts)',
    'the core’s call engine; the Daily adapter (daily/) implements it, the entries supply it, tests pass a typed fake',
  ],
  [
    '`VoiceEngine`, `ChatEngine` (conversation/engine-port.ts)',
    'what the view model loads lazily: the engine files (chunks/entries/)',
  ],
  [
    '`ContinuityPort` (conversation/continuity-port.ts)',
    'the view model’s side of continuity; the controller implements it, continuity/ uses it',
  ],
  [
    '`CardHost`, `Card`, `StartModule` (ports/card-port.ts)',
    'between the loader and the files it loads: the element gives the card its host, the card returns its handle',
  ],
  [
    '`WidgetModules`, `LoadModule`, file names (ports/manifest.ts)',
    'the files the loader loads, by key; modules above the ports add their own key (declaration merging)',
  ],
];

/** `src/card/index.ts` → `card/index.ts`, grouped under the folder in the table. */
function folderOf(source: string): string {
  const rest = source.slice('src/'.length);
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : '(root)';
}

/** The sources of each shipped file of the script-tag build, from its metafile, by folder. */
export function shippedSources(meta: Metafile, outdir: string): Map<string, Map<string, string[]>> {
  const table = new Map<string, Map<string, string[]>>();
  for (const file of Object.values(CDN_FILES)) {
    const key = relative(WIDGET_DIR, join(outdir, file)).split('\\').join('/');
    const sources = Object.keys(meta.outputs[key]?.inputs ?? {})
      .filter((input) => input.startsWith('src/'))
      .sort();
    const byFolder = new Map<string, string[]>();
    for (const source of sources) {
      const folder = folderOf(source);
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), source.slice('src/'.length)]);
    }
    table.set(file, byFolder);
  }
  return table;
}

/** The whole document for `meta` (the script-tag build's metafile, built into `outdir`). */
export function renderArchitecture(meta: Metafile, outdir: string): string {
  const lines: string[] = [
    '# Architecture of `@ringwise/voice-widget`',
    '',
    '<!-- Generated by `npm run docs:architecture -w widget` (widget/scripts/architecture.ts) from the layering',
    'rules and the script-tag build’s metafile; tests/unit/widget/architecture.test.ts fails when it is stale. -->',
    '',
    '## Layers',
    '',
    'Every folder of `src/` has a rank; a module imports only folders of a lower rank (within a folder aside),',
    'so no two folders import each other. The import-graph test (tests/unit/gates/layering.test.ts) holds it.',
    '',
    '| rank | folder | may import | why |',
    '|---|---|---|---|',
  ];
  const rows = Object.entries(WIDGET_RULES).sort(([a, x], [b, y]) => x.rank - y.rank || a.localeCompare(b));
  for (const [folder, rule] of rows) {
    const allowed = [...rule.folders].sort().join(', ') || '—';
    const packages = rule.packages?.length ? ` · packages: ${rule.packages.join(', ')}` : '';
    lines.push(
      `| ${rule.rank} | \`${folder === '(root)' ? '(root)' : `${folder}/`}\` | ${allowed}${packages} | ${rule.why} |`,
    );
  }
  lines.push(
    '',
    '## Shipped files → sources',
    '',
    'The script-tag build (`dist/cdn/`), from esbuild’s metafile. Each file is one classic script.',
    '',
  );
  lines.push('| shipped file | sources |', '|---|---|');
  for (const [file, byFolder] of shippedSources(meta, outdir)) {
    const cells = [...byFolder].map(([folder, sources]) =>
      folder === '(root)'
        ? sources.join(', ')
        : `${folder}/ (${sources.map((s) => s.slice(folder.length + 1)).join(', ')})`,
    );
    lines.push(`| \`${file}\` | ${cells.join('; ')} |`);
  }
  lines.push(
    '',
    '## Click → call',
    '',
    `The script-tag widget in voice mode, one stop per file (${CLICK_TO_CALL.length} files):`,
    '',
  );
  lines.push('| # | file | shipped in | what it does |', '|---|---|---|---|');
  CLICK_TO_CALL.forEach((stop, index) =>
    lines.push(`| ${index + 1} | \`${stop.source.slice('src/'.length)}\` | \`${stop.shipped}\` | ${stop.does} |`),
  );
  lines.push('', `Passed through without a step of their own (not counted): ${PASSED_THROUGH.join(', ')}.`);
  lines.push('', '## Ports', '', '| port | between |', '|---|---|');
  for (const [port, between] of PORTS) lines.push(`| ${port} | ${between} |`);
  lines.push('', ...architectureNotes());
  return `${lines.join('\n')}\n`;
}

/** Builds the script-tag files into a temporary folder, hands `use` the metafile, removes the folder. */
export async function withCdnBuild<T>(use: (meta: Metafile, outdir: string) => T): Promise<T> {
  const outdir = mkdtempSync(join(tmpdir(), 'widget-architecture-'));
  try {
    return use(await buildCdn(outdir), outdir);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** The document as a fresh build of the script-tag files renders it. */
export const freshArchitecture = (): Promise<string> => withCdnBuild(renderArchitecture);

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = await freshArchitecture();
  const before = (() => {
    try {
      return readFileSync(ARCHITECTURE_FILE, 'utf8');
    } catch {
      return '';
    }
  })();
  writeFileSync(ARCHITECTURE_FILE, text);
  console.log(before === text ? 'widget/ARCHITECTURE.md unchanged' : 'widget/ARCHITECTURE.md written');
}

/**
 * Builds `@ringwise/voice-widget` (run with `npm run build -w widget`; Node runs this file directly):
 *
 * - `dist/*.js`: the ESM library (entries index, core, element, react, api; shared code split into
 *   `dist/chunks/`; react and daily-js stay external), minified, with source maps.
 * - `dist/types/`: declarations from `tsc -p tsconfig.build.json` (checked with skipLibCheck false).
 * - `dist/cdn/`: what a script tag loads, all minified with source maps:
 *   `voice-widget.js` (IIFE loader + element UI), `voice-widget-engine.js` (ESM: core + createWebCall,
 *   imported on intent/click, relative to the loader) and `voice-widget-daily.js` (ESM: the Daily
 *   adapter with daily-js, imported by the engine when a call starts or on intent). No shared chunks: one fetch per step.
 *
 * Exports `buildLib`, `buildCdn` and `buildTypes` for tests (the size test builds into a temp dir).
 * Erasable TypeScript only (Node type stripping).
 */
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The widget package folder. */
export const WIDGET_DIR = fileURLToPath(new URL('.', import.meta.url));

const pkg = JSON.parse(readFileSync(join(WIDGET_DIR, 'package.json'), 'utf8')) as { version: string };

/** ESM library entries: output name → source. */
export const LIB_ENTRIES = {
  index: 'src/index.ts',
  core: 'src/core/index.ts',
  element: 'src/element/index.ts',
  react: 'src/react/index.ts',
  api: 'src/api/index.ts',
};

/** File names of the script-tag build (in `dist/cdn/`). */
export const CDN_FILES = {
  loader: 'voice-widget.js',
  engine: 'voice-widget-engine.js',
  daily: 'voice-widget-daily.js',
};

const common: BuildOptions = {
  absWorkingDir: WIDGET_DIR,
  bundle: true,
  minify: true,
  sourcemap: true,
  legalComments: 'none',
  platform: 'browser',
  logLevel: 'warning',
  metafile: true,
  define: { __RINGWISE_VERSION__: JSON.stringify(pkg.version) },
};

/** Builds the ESM library into `outdir` (default `dist/`). */
export async function buildLib(outdir = join(WIDGET_DIR, 'dist')): Promise<Metafile> {
  const result = await build({
    ...common,
    entryPoints: LIB_ENTRIES,
    outdir,
    format: 'esm',
    splitting: true,
    target: 'es2022',
    chunkNames: 'chunks/[name]-[hash]',
    external: ['react', 'react/*', '@daily-co/daily-js'],
  });
  return result.metafile!;
}

/** Resolves the core's dynamic import of the Daily adapter to the daily file next to the engine. */
const dailyAsSibling: Plugin = {
  name: 'daily-as-sibling',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /[\\/]daily[\\/]index\.ts$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: `./${CDN_FILES.daily}`, external: true } : undefined,
    );
  },
};

/** Builds the script-tag loader and its engine and daily chunks into `outdir` (default `dist/cdn/`). */
export async function buildCdn(outdir = join(WIDGET_DIR, 'dist', 'cdn')): Promise<Metafile> {
  const loader = await build({
    ...common,
    entryPoints: { 'voice-widget': 'src/embed.ts' },
    outdir,
    format: 'iife',
    target: 'es2022',
  });
  // The engine is ONE file, so a click costs one fetch before POST /call/web (a shared chunk
  // would add a request waterfall). The core's `import('../daily/index.ts')` becomes an import of
  // the sibling daily file, built on its own below.
  const engine = await build({
    ...common,
    entryPoints: { 'voice-widget-engine': 'src/element/engine.ts' },
    outdir,
    format: 'esm',
    target: 'es2022',
    plugins: [dailyAsSibling],
  });
  const daily = await build({
    ...common,
    entryPoints: { 'voice-widget-daily': 'src/daily/index.ts' },
    outdir,
    format: 'esm',
    target: 'es2022',
  });
  return {
    inputs: { ...loader.metafile!.inputs, ...engine.metafile!.inputs, ...daily.metafile!.inputs },
    outputs: { ...loader.metafile!.outputs, ...engine.metafile!.outputs, ...daily.metafile!.outputs },
  };
}

/** Emits declarations into `dist/types/` with `tsconfig.build.json`; throws with tsc's output on errors. */
export function buildTypes(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(WIDGET_DIR, 'tsconfig.build.json')], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tsc (declarations) failed:\n${result.stdout}${result.stderr}`);
  // Sources import './x.ts'; published declarations must say './x.js' for consumers without
  // allowImportingTsExtensions.
  const typesDir = join(WIDGET_DIR, 'dist', 'types');
  for (const file of readdirSync(typesDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.d.ts')) continue;
    const path = join(typesDir, file);
    const text = readFileSync(path, 'utf8');
    const rewritten = text.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1$2.js$3');
    if (rewritten !== text) writeFileSync(path, rewritten);
  }
}

async function main(): Promise<void> {
  rmSync(join(WIDGET_DIR, 'dist'), { recursive: true, force: true });
  await buildLib();
  await buildCdn();
  buildTypes();
  console.log('widget built: dist/ (ESM + types) and dist/cdn/ (script-tag loader, engine, daily chunks)');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * Builds `@ringwise/voice-widget` (run with `npm run build -w widget`; Node runs this file directly):
 *
 * - `dist/*.js`: the ESM library (entries index, core, element, react, api, vapi, testing; shared code split into
 *   `dist/chunks/`; react and daily-js stay external), minified, with source maps.
 * - `dist/cjs/`: CommonJS, one `.cjs` file per source module (the same module graph as the ESM
 *   build, so one copy of each module), with `.d.cts` declarations next to them: the `require`
 *   branch of every entry in the `exports` map.
 * - `dist/umd/voice-widget.umd.js`: the main entry as one self-contained UMD file (AMD `define`,
 *   CommonJS `require`, else the global `RingwiseVoice`, merged into one the script-tag loader
 *   may have set); the Daily adapter with daily-js is inside it, evaluated only when a call starts.
 * - `dist/types/`: declarations from `tsc -p tsconfig.build.json` (checked with skipLibCheck false).
 * - `dist/cdn/`: what a script tag loads, all classic scripts (IIFE), minified with source maps
 *   (names in `src/ports/manifest.ts`): `voice-widget.js` (the loader: the element and its launcher), and
 *   the files it loads next to itself on intent or click, each registering through
 *   `RingwiseVoice.chunk`: `voice-widget-card.js` (the card UI), `voice-widget-engine.js` (core +
 *   request adoption), `voice-widget-chat.js` (the chat client only) `voice-widget-daily.js`
 *   (the Daily adapter with daily-js, loaded by the voice engine when a call starts or on
 *   intent), `voice-widget-keep.js` (`persist`), `voice-widget-start.js` (the click's start in
 *   voice mode: target, consent check, `POST /call/web`, the microphone) and `voice-widget-{de,es,fr}.js` (one shipped language's labels, loaded when an
 *   element uses it). No CORS needed, no shared chunks: one fetch per step.
 * - CSS files imported as `./x.css?raw` become minified strings (esbuild's CSS minifier).
 *
 * Exports `buildLib`, `buildCjs`, `buildUmd`, `buildCdn`, `buildTypes` and `buildCjsTypes` (the last three
 * written in `build/`) for tests
 * (the size test builds into a temp dir).
 * Erasable TypeScript only (Node type stripping).
 */
import { build, type Metafile, type Plugin } from 'esbuild';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';
import { common, cssAsText, NOT_LIBRARY, WIDGET_DIR } from './build/common.ts';
import { buildCjsTypes, buildTypes } from './build/declarations.ts';
import { buildUmd } from './build/umd.ts';
import { LOADER_FILE, MODULE_FILES } from './src/ports/manifest.ts';
import { LOCALES } from './src/i18n/labels.ts';

// The parts of the build in widget/build/, exported from here as before (tests and the bench import this file).
export { WIDGET_DIR } from './build/common.ts';
export { buildCjsTypes, buildTypes } from './build/declarations.ts';
export { buildUmd, UMD } from './build/umd.ts';

/** ESM library entries: output name → source. */
export const LIB_ENTRIES = {
  index: 'src/index.ts',
  core: 'src/core.ts',
  element: 'src/element.ts',
  react: 'src/react.ts',
  api: 'src/api/index.ts',
  vapi: 'src/vapi/index.ts',
  testing: 'src/testing/index.ts',
  webhook: 'src/webhook/index.ts',
  'vapi-api': 'src/vapi/platform-api.ts',
};

/** File names of the script-tag build (in `dist/cdn/`): the loader and what it loads. */
export const CDN_FILES = { loader: LOADER_FILE, ...MODULE_FILES };

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

/** Every library source file, relative to `src/` (`core/voice-client.ts`, …). */
function librarySources(): string[] {
  return readdirSync(join(WIDGET_DIR, 'src'), { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !NOT_LIBRARY.has(file))
    .sort();
}

/**
 * Keeps relative imports as imports of the sibling `.cjs` file instead of bundling them
 * (stylesheets imported as text are inlined by `cssAsText`, which runs first).
 */
const relativeAsCjs: Plugin = {
  name: 'relative-as-cjs',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.?\/.*\.ts$/ }, (args) =>
      args.kind === 'entry-point' ? undefined : { path: args.path.replace(/\.ts$/, '.cjs'), external: true },
    );
  },
};

/**
 * Builds the CommonJS library into `outdir` (default `dist/cjs/`): each source module transpiled
 * on its own to `.cjs`, its relative imports pointing at the sibling `.cjs` files, packages
 * (react, daily-js) left to `require`. The package `VoiceClient`'s lazy `import()` of the Daily adapter (daily/default-client.ts) stays lazy.
 */
export async function buildCjs(outdir = join(WIDGET_DIR, 'dist', 'cjs')): Promise<Metafile> {
  const result = await build({
    ...common,
    entryPoints: librarySources().map((file) => join('src', file)),
    outbase: 'src',
    outdir,
    format: 'cjs',
    platform: 'neutral',
    target: 'es2022',
    outExtension: { '.js': '.cjs' },
    // `import()` becomes a lazy `require` in a promise: CommonJS consumers without ESM support
    // (Jest's default runtime, Browserify) then still load the Daily adapter, only when needed.
    supported: { 'dynamic-import': false },
    external: ['react', 'react/*', '@daily-co/daily-js'],
    plugins: [cssAsText, relativeAsCjs],
  });
  return result.metafile!;
}

/** Source of each file the loader loads (`MODULE_FILES`, by key). */
export const CDN_SOURCES: Record<keyof typeof MODULE_FILES, string> = {
  card: 'src/chunks/entries/card.ts',
  engine: 'src/chunks/entries/voice-engine.ts',
  chat: 'src/chunks/entries/chat-engine.ts',
  keep: 'src/continuity/file.ts',
  rich: 'src/card/rich/index.ts',
  daily: 'src/daily/index.ts',
  analytics: 'src/analytics/stream.ts',
  nudge: 'src/nudge/nudge.ts',
  audio: 'src/card/audio-panel.ts',
  markdown: 'src/card/markdown-file.ts',
  record: 'src/card/record/index.ts',
  sheet: 'src/card/sheet.ts',
  unread: 'src/card/unread-badge.ts',
  problems: 'src/card/problems-file.ts',
  consent: 'src/card/consent-file.ts',
  start: 'src/chunks/entries/start.ts',
  ...(Object.fromEntries(LOCALES.map((locale) => [locale, `src/i18n/locales/${locale}.ts`])) as Record<
    (typeof LOCALES)[number],
    string
  >),
};

/**
 * The entry of a widget file: it imports the module's exports and hands them to the page's widget
 * loader under `key` (`RingwiseVoice.chunk`, src/element/script-loader.ts) as it runs, so the file
 * is a classic script (an IIFE). Also used for the tests' fake files.
 * @param source Import specifier of the module (relative to the build's resolve folder).
 * @param names The module's value exports, named (no namespace object, no helper code), else all.
 */
export function chunkEntry(key: string, source: string, names?: string[]): string {
  const from = JSON.stringify(source);
  const register = (exports: string) => `self.RingwiseVoice.chunk(${JSON.stringify(key)}, ${exports});\n`;
  return names
    ? `import { ${names.join(', ')} } from ${from};\n${register(`{ ${names.join(', ')} }`)}`
    : `import * as m from ${from};\n${register('m')}`;
}

/** The value exports of a source module (from an esbuild metafile: types are erased). */
async function exportsOf(source: string): Promise<string[]> {
  const result = await build({
    ...common,
    entryPoints: [source],
    write: false,
    sourcemap: false,
    format: 'esm',
    outdir: 'out',
    external: ['*'],
  });
  return Object.values(result.metafile!.outputs)[0]!.exports;
}

/**
 * A second minifier over esbuild's output, for the loader only (every page view downloads it):
 * terser inlines functions used once and names variables by how often they occur, which gzip
 * rewards (loader −150 B gzip, measured). The source map is carried through.
 */
async function terse(file: string): Promise<void> {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const result = await minify(readFileSync(file, 'utf8'), {
    ecma: 2020,
    // `unsafe` (templates as concatenation, `Error()` without `new`) and `unsafe_arrows` (the
    // inlined one-use helpers as arrows: none reads `this` or `arguments`) hold for this code;
    // −15 B gzip, measured. Not `unsafe_comps`: it turns `delay >= 0 ? …` into `!(delay < 0)`,
    // wrong for NaN (a `nudge-delay` that is not a number).
    compress: { passes: 3, unsafe: true, unsafe_arrows: true },
    // The sources' text stays in the map, as in esbuild's (terser drops it unless asked).
    sourceMap: {
      content: readFileSync(`${file}.map`, 'utf8'),
      url: `${name}.map`,
      filename: name,
      includeSources: true,
    },
  });
  writeFileSync(file, `${result.code!}\n`);
  writeFileSync(`${file}.map`, result.map as string);
}

/** `voice-widget.js` → `voice-widget`: esbuild's entry name of an output file. */
const entry = (file: string) => file.replace(/\.js$/, '');

/**
 * Builds the script-tag loader and the files it loads (`MODULE_FILES`) into `outdir` (default
 * `dist/cdn/`): every one a classic script (IIFE), so any static host can serve them without CORS
 * headers; each file on its own (no shared chunks: one fetch per step).
 */
export async function buildCdn(outdir = join(WIDGET_DIR, 'dist', 'cdn')): Promise<Metafile> {
  const loader = await build({
    ...common,
    entryPoints: { [entry(LOADER_FILE)]: 'src/embed.ts' },
    outdir,
    format: 'iife',
    target: 'es2022',
  });
  await terse(join(outdir, LOADER_FILE));
  // The card UI gets the engines, the icons and the request helpers from the loader, so it
  // imports none of them; the voice engine is ONE file (a shared chunk would add a request
  // waterfall before POST /call/web) whose entry supplies the core the daily file, loaded through
  // the loader (src/chunks/entries/voice-engine.ts; the ESM build's engine uses `import()`).
  const files = await Promise.all(
    (Object.keys(MODULE_FILES) as (keyof typeof MODULE_FILES)[]).map(async (key) =>
      build({
        ...common,
        stdin: {
          contents: chunkEntry(key, `./${CDN_SOURCES[key]}`, await exportsOf(CDN_SOURCES[key])),
          resolveDir: WIDGET_DIR,
          sourcefile: `${key}-chunk.js`,
          loader: 'js',
        },
        outfile: join(outdir, MODULE_FILES[key]),
        format: 'iife',
        target: 'es2022',
        charset: 'utf8',
      }),
    ),
  );
  const all = [loader, ...files];
  return {
    inputs: Object.assign({}, ...all.map((result) => result.metafile!.inputs)),
    outputs: Object.assign({}, ...all.map((result) => result.metafile!.outputs)),
  };
}

async function main(): Promise<void> {
  rmSync(join(WIDGET_DIR, 'dist'), { recursive: true, force: true });
  await buildLib();
  await buildCjs();
  await buildUmd();
  await buildCdn();
  buildTypes();
  buildCjsTypes();
  console.log(
    'widget built: dist/ (ESM + types), dist/cjs/ (CommonJS + types), dist/umd/ (UMD) and dist/cdn/ (script-tag loader, card UI, engine, chat and daily chunks)',
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * Release smoke test of `@ringwise/voice-widget` (`node scripts/widget-smoke.ts`, run by .ci/run
 * and by the release steps in widget/README.md): builds the widget, packs it with `npm pack`, installs the tarball
 * into a fresh Vite + React + TypeScript app (create-vite's react-ts setup, scripts/widget-smoke-app.ts) whose
 * package.json lists only the tarball, React, daily-js (the package's peer) and React's types (from the npm cache
 * first: `--prefer-offline`), and builds it as the template does: `tsc -b`, then `vite build`. The app uses the
 * hook, the element in TSX, every React snippet of the /widget configurator and every TSX block of the README.
 * Then: one copy of daily-js in the app; the same app type-checks and builds with the peer range's lowest
 * daily-js; and the bundle of a one-page app on `./vapi` against the same app on `@vapi-ai/web` (printed).
 * Nothing but the npm registry is reached. `--keep` leaves the scratch folder for a look; `--no-build` packs the
 * widget as it is built.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PROJECT_ROOT } from '../shared/config.ts';
import {
  configuratorSnippets,
  MAIN_TSX,
  readmeTsx,
  TSCONFIG,
  TSCONFIG_APP,
  vapiPage,
  WRONG_TSX,
} from './widget-smoke-app.ts';

const WIDGET_DIR = join(PROJECT_ROOT, 'widget');
const args = new Set(process.argv.slice(2));
const rootPkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
const widgetPkg = JSON.parse(readFileSync(join(WIDGET_DIR, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
const DAILY = '@daily-co/daily-js';
const VITE = join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const TSC = join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

function run(label: string, command: string, commandArgs: string[], cwd: string): string {
  console.log(`▶ ${label}`);
  const result = spawnSync(command, commandArgs, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_loglevel: 'error' },
  });
  if (result.status !== 0) {
    throw new Error(
      `${label} failed: ${command} ${commandArgs.join(' ')} exited ${result.status ?? result.signal}\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

const install = (label: string, cwd: string, extra: string[] = []) =>
  run(label, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', ...extra], cwd);

/** Writes a fresh app's package.json. */
function writePackage(dir: string, name: string, dependencies: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name, private: true, type: 'module', dependencies }, null, 2),
  );
}

/** Every `.js` file Vite wrote under `dist/assets` of `dir`, joined. */
function bundleOf(dir: string): string {
  const assets = join(dir, 'dist', 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
}

/** The installed copies of daily-js under `dir` (their package.json paths and versions). */
function dailyCopies(dir: string): string[] {
  return readdirSync(join(dir, 'node_modules'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.split('\\').join('/').endsWith(`${DAILY}/package.json`))
    .map(
      (file) =>
        `${file.slice(0, -'/package.json'.length)} ${(JSON.parse(readFileSync(join(dir, 'node_modules', file), 'utf8')) as { version: string }).version}`,
    );
}

/** `tsc -b` then `vite build`, as the react-ts template's `npm run build`. */
function buildApp(app: string, what: string): void {
  run(`type-check the app (tsc -b) ${what}`, process.execPath, [TSC, '-b'], app);
  // The repository's own Vite (a devDependency): the app lists only the tarball, React and daily-js.
  run(`build the app (vite build) ${what}`, process.execPath, [VITE, 'build', '--logLevel', 'warn'], app);
}

/** Builds the one-page app in `dir` and returns its JavaScript's gzip size in bytes. */
function pageSize(dir: string, specifier: string): number {
  const page = vapiPage(specifier);
  writeFileSync(join(dir, 'index.html'), page.html);
  writeFileSync(join(dir, 'main.ts'), page.main);
  run(`build a one-page app on ${specifier}`, process.execPath, [VITE, 'build', '--logLevel', 'warn'], dir);
  return gzipSync(bundleOf(dir)).length;
}

const scratch = mkdtempSync(join(tmpdir(), 'widget-smoke-'));
try {
  if (!args.has('--no-build'))
    run('build the widget (npm run build -w widget)', 'npm', ['run', 'build', '-w', 'widget'], PROJECT_ROOT);
  const packed = JSON.parse(
    run('pack it (npm pack)', 'npm', ['pack', '--json', '--pack-destination', scratch], WIDGET_DIR),
  ) as Array<{ filename: string; version: string }>;
  const tarball = join(scratch, packed[0]!.filename);
  const app = join(scratch, 'app');
  const devDeps = rootPkg.devDependencies;
  writePackage(app, 'widget-smoke-app', {
    '@ringwise/voice-widget': `file:${tarball}`,
    [DAILY]: widgetPkg.devDependencies[DAILY]!,
    react: devDeps.react!,
    'react-dom': devDeps['react-dom']!,
    '@types/react': devDeps['@types/react']!,
    '@types/react-dom': devDeps['@types/react-dom']!,
  });
  mkdirSync(join(app, 'src', 'snippets'), { recursive: true });
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  writeFileSync(join(app, 'tsconfig.app.json'), JSON.stringify(TSCONFIG_APP, null, 2));
  writeFileSync(
    join(app, 'index.html'),
    '<!doctype html><html><body><div id="app"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
  );
  writeFileSync(join(app, 'src', 'main.tsx'), MAIN_TSX);
  writeFileSync(join(app, 'src', 'wrong-values.tsx'), WRONG_TSX);
  const snippets = await configuratorSnippets();
  snippets.forEach((snippet, i) => writeFileSync(join(app, 'src', 'snippets', `configurator-${i + 1}.tsx`), snippet));
  const readme = readmeTsx();
  readme.forEach((block, i) => writeFileSync(join(app, 'src', 'snippets', `readme-${i + 1}.tsx`), block));
  console.log(`  ${snippets.length} configurator snippets and ${readme.length} README blocks in src/snippets/`);
  install('install the tarball into a fresh Vite + React + TypeScript app (npm install --prefer-offline)', app);
  const copies = dailyCopies(app);
  if (copies.length !== 1)
    throw new Error(`The app has ${copies.length} copies of ${DAILY}, one expected:\n${copies.join('\n')}`);
  buildApp(app, `(${copies[0]})`);
  const bundle = bundleOf(app);
  for (const [what, marker] of [
    ['the custom element', 'ringwise-voice-call'],
    ['the app', 'Talk to Our Agent'],
    ['the API client', '/call/web'],
  ] as const) {
    if (!bundle.includes(marker))
      throw new Error(
        `The Vite build of the smoke app lacks ${what} (${JSON.stringify(marker)} not found in dist/assets).`,
      );
  }

  // The size of one page on `./vapi` (this app: the package and its peer daily-js) against `@vapi-ai/web`.
  const ours = join(app, 'vapi-page');
  mkdirSync(ours);
  const oursBytes = pageSize(ours, '@ringwise/voice-widget/vapi');
  const reference = join(scratch, 'reference');
  writePackage(reference, 'widget-smoke-reference', { '@vapi-ai/web': devDeps['@vapi-ai/web']! });
  install('install @vapi-ai/web into a second app', reference);
  const referenceBytes = pageSize(reference, '@vapi-ai/web');
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
  console.log(
    `  one page, min + gzip: ./vapi ${kb(oursBytes)} (${copies[0]}) against @vapi-ai/web ${kb(referenceBytes)} (${dailyCopies(reference).join(', ')})`,
  );

  // The lowest daily-js of the peer range: the same app type-checks and builds with it.
  const lowest = /^>=(\S+)/.exec(widgetPkg.peerDependencies[DAILY]!)?.[1];
  if (!lowest) throw new Error(`The peer range of ${DAILY} has no lower bound: ${widgetPkg.peerDependencies[DAILY]}`);
  install(`install the range's lowest ${DAILY} (${lowest})`, app, [`${DAILY}@${lowest}`]);
  buildApp(app, `(${dailyCopies(app).join(', ')})`);
  const oursOnLowest = pageSize(ours, '@ringwise/voice-widget/vapi');
  console.log(
    `  one page, min + gzip, the same daily-js (${lowest}) in both: ./vapi ${kb(oursOnLowest)} against @vapi-ai/web ${kb(referenceBytes)}`,
  );
  console.log(
    `✔ ${packed[0]!.filename} (${packed[0]!.version}) installs into a fresh Vite + React + TypeScript app; tsc -b and vite build pass.`,
  );
} catch (error) {
  console.error(`✖ ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  if (args.has('--keep')) console.log(`Scratch folder kept: ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
}

/**
 * Release smoke test of `@ringwise/voice-widget` (`node scripts/widget-smoke.ts`, run by .ci/run
 * and by the release steps in widget/README.md): builds the widget, packs it with `npm pack`,
 * installs the tarball into a fresh Vite app whose package.json lists only the tarball and React
 * (from the npm cache first: `--prefer-offline`), builds that app with Vite, and checks that the
 * bundle holds the React hook and the custom element. Nothing but the npm registry is reached.
 * `--keep` leaves the scratch folder for a look; `--no-build` packs the widget as it is built.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../shared/config.ts';

const WIDGET_DIR = join(PROJECT_ROOT, 'widget');
const args = new Set(process.argv.slice(2));
const rootPkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };

function run(label: string, command: string, commandArgs: string[], cwd: string): string {
  console.log(`▶ ${label}`);
  const result = spawnSync(command, commandArgs, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_loglevel: 'error' } });
  if (result.status !== 0) {
    throw new Error(`${label} failed: ${command} ${commandArgs.join(' ')} exited ${result.status ?? result.signal}\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

const APP_SOURCE = `import { createElement, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useVoiceCall } from '@ringwise/voice-widget/react';
import { defineVoiceCallElement } from '@ringwise/voice-widget/element';

defineVoiceCallElement();

function CallButton() {
  const call = useVoiceCall({ publicKey: 'pk-smoke', target: { assistantId: 'asst-smoke' } });
  useEffect(() => call.preload, [call]);
  return createElement('button', { onClick: () => call.toggle() }, call.phase === 'idle' ? 'Talk to Our Agent' : 'Hang Up');
}

createRoot(document.getElementById('app')).render(createElement(CallButton));
`;

const scratch = mkdtempSync(join(tmpdir(), 'widget-smoke-'));
try {
  if (!args.has('--no-build')) run('build the widget (npm run build -w widget)', 'npm', ['run', 'build', '-w', 'widget'], PROJECT_ROOT);
  const packed = JSON.parse(run('pack it (npm pack)', 'npm', ['pack', '--json', '--pack-destination', scratch], WIDGET_DIR)) as Array<{ filename: string; version: string }>;
  const tarball = join(scratch, packed[0]!.filename);
  const app = join(scratch, 'app');
  mkdirSync(join(app, 'src'), { recursive: true });
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify(
      {
        name: 'widget-smoke-app',
        private: true,
        type: 'module',
        dependencies: { '@ringwise/voice-widget': `file:${tarball}`, react: rootPkg.devDependencies.react, 'react-dom': rootPkg.devDependencies['react-dom'] },
      },
      null,
      2,
    ),
  );
  writeFileSync(join(app, 'index.html'), '<!doctype html><html><body><div id="app"></div><script type="module" src="/src/main.js"></script></body></html>\n');
  writeFileSync(join(app, 'src', 'main.js'), APP_SOURCE);
  run('install the tarball into a fresh Vite app (npm install --prefer-offline)', 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], app);
  // The repository's own Vite (a devDependency): the app lists only the tarball and React.
  run('build the app (vite build)', process.execPath, [join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], app);
  const assets = join(app, 'dist', 'assets');
  const bundle = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
  for (const [what, marker] of [
    ['the custom element', 'ringwise-voice-call'],
    ['the app', 'Talk to Our Agent'],
    ['the API client', '/call/web'],
  ] as const) {
    if (!bundle.includes(marker)) throw new Error(`The Vite build of the smoke app lacks ${what} (${JSON.stringify(marker)} not found in dist/assets).`);
  }
  console.log(`✔ ${packed[0]!.filename} (${packed[0]!.version}) installs into a fresh Vite app and builds.`);
} catch (error) {
  console.error(`✖ ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  if (args.has('--keep')) console.log(`Scratch folder kept: ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
}

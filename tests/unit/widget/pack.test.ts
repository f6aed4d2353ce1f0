/**
 * The published package works for a consumer: build the widget, `npm pack` it, install the
 * tarball into a scratch project (with React as the optional peer), import every subpath in Node
 * (SSR-safe imports), and type-check a consumer file with `skipLibCheck: false` under both
 * `moduleResolution: bundler` and `nodenext`. Slow (a build and an install), but deterministic:
 * the install uses the npm cache first (`--prefer-offline`).
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WIDGET_DIR } from '../../../widget/build.ts';

const require = createRequire(import.meta.url);
const rootPkg = JSON.parse(readFileSync(join(WIDGET_DIR, '..', 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
let scratch = '';
let tarball = '';

function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${String(result.stdout)}\n${String(result.stderr)}`);
  }
  return String(result.stdout);
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'widget-pack-'));
  run('npm', ['run', 'build'], { cwd: WIDGET_DIR });
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: WIDGET_DIR })) as { filename: string; files: { path: string }[] }[];
  tarball = join(scratch, packed[0]!.filename);
  writeFileSync(join(scratch, 'files.json'), JSON.stringify(packed[0]!.files.map((f) => f.path)));
  const app = join(scratch, 'app');
  run('mkdir', ['-p', app]);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'scratch-consumer',
      private: true,
      type: 'module',
      dependencies: {
        '@ringwise/voice-widget': `file:${tarball}`,
        react: rootPkg.devDependencies.react,
        '@types/react': rootPkg.devDependencies['@types/react'],
      },
    }),
  );
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: app });
}, 300_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('npm pack → install → import', () => {
  test('the tarball holds the builds, types and README, not the sources', () => {
    const files = JSON.parse(readFileSync(join(scratch, 'files.json'), 'utf8')) as string[];
    for (const expected of [
      'package.json',
      'README.md',
      'dist/index.js',
      'dist/core.js',
      'dist/element.js',
      'dist/react.js',
      'dist/api.js',
      'dist/types/index.d.ts',
      'dist/cdn/voice-widget.js',
      'dist/cdn/voice-widget-engine.js',
      'dist/cdn/voice-widget-daily.js',
    ]) {
      expect(files, `tarball contains ${expected}`).toContain(expected);
    }
    expect(files.filter((file) => file.startsWith('src/') || file.endsWith('.ts') && !file.endsWith('.d.ts')), 'no sources').toEqual([]);
  });

  test('every subpath imports in Node without a DOM (SSR-safe) and exports its API', () => {
    const script = `
      const index = await import('@ringwise/voice-widget');
      const core = await import('@ringwise/voice-widget/core');
      const api = await import('@ringwise/voice-widget/api');
      const element = await import('@ringwise/voice-widget/element');
      const react = await import('@ringwise/voice-widget/react');
      console.log(JSON.stringify({
        index: [typeof index.VoiceClient, typeof index.createWebCall, typeof index.defineVoiceCallElement, typeof index.VoiceCallController],
        core: [typeof core.VoiceClient],
        api: [typeof api.createWebCall, typeof api.createApiClient],
        element: [typeof element.defineVoiceCallElement, element.ELEMENT_NAME],
        react: [typeof react.useVoiceCall],
      }));`;
    const out = run(process.execPath, ['--input-type=module', '-e', script], { cwd: join(scratch, 'app') });
    expect(JSON.parse(out.trim()), 'exports per subpath').toEqual({
      index: ['function', 'function', 'function', 'function'],
      core: ['function'],
      api: ['function', 'function'],
      element: ['function', 'ringwise-voice-call'],
      react: ['function'],
    });
  });

  test.each(['bundler', 'nodenext'])('types compile for a consumer with skipLibCheck false (moduleResolution %s)', (resolution) => {
    const app = join(scratch, 'app');
    writeFileSync(
      join(app, 'consumer.ts'),
      `import { VoiceClient, type VoiceSnapshot, type CallTarget } from '@ringwise/voice-widget/core';
import { createWebCall } from '@ringwise/voice-widget/api';
import { defineVoiceCallElement, type VoiceCallElement } from '@ringwise/voice-widget/element';
import { useVoiceCall, type UseVoiceCallResult } from '@ringwise/voice-widget/react';
import { VoiceCallController, type CallView } from '@ringwise/voice-widget';

const target: CallTarget = { assistantId: 'a' };
const client = new VoiceClient({ publicKey: 'pk' });
const snapshot: VoiceSnapshot = client.getSnapshot();
client.on('volume-level', (level: number) => level.toFixed(2));
void createWebCall({ baseUrl: 'http://x', token: 't' }, target).then((call) => call.webCallUrl.length);
const el = document.createElement('ringwise-voice-call') satisfies VoiceCallElement;
el.addEventListener('ringwise-error', (event) => event.detail.type);
defineVoiceCallElement(async () => ({ VoiceClient }));
const view: CallView = new VoiceCallController({ loadEngine: async () => ({ VoiceClient }) }).getSnapshot();
export function useCall(): UseVoiceCallResult {
  return useVoiceCall({ publicKey: 'pk', target });
}
export { snapshot, view };
`,
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: resolution === 'bundler' ? 'ESNext' : 'NodeNext',
          moduleResolution: resolution,
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          strict: true,
          skipLibCheck: false,
          noEmit: true,
          types: [],
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', app], { encoding: 'utf8' });
    expect(result.stdout + result.stderr, 'tsc output').toBe('');
    expect(result.status, 'tsc exit code').toBe(0);
  });
});

/**
 * The published package works for a consumer: build the widget, `npm pack` it, install the
 * tarball into a scratch project (with React as the optional peer), and load each format in
 * Node 22: every subpath with `import` (ESM, SSR-safe) and with `require` (the CommonJS entries,
 * with require(esm) turned off so they, not the ESM files, answer), the UMD file with `require`,
 * under a tiny AMD `define` loader and as a plain script (global, merged into the loader's). Then
 * type-check `import` and `require` consumers with `skipLibCheck: false` under
 * `moduleResolution` bundler, node16 and nodenext, and check which declarations each one read.
 * Slow (a build and an install), but deterministic: the install uses the npm cache first.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WIDGET_DIR } from '../../../widget/build.ts';
import { importConsumer, preactConsumer, requireConsumer, solidConsumer, tsxConsumer } from './pack-consumers.ts';

const require = createRequire(import.meta.url);
const rootPkg = JSON.parse(readFileSync(join(WIDGET_DIR, '..', 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
let scratch = '';
let tarball = '';

function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${String(result.stdout)}\n${String(result.stderr)}`,
    );
  }
  return String(result.stdout);
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'widget-pack-'));
  run('npm', ['run', 'build'], { cwd: WIDGET_DIR });
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: WIDGET_DIR })) as {
    filename: string;
    files: { path: string }[];
  }[];
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
        preact: rootPkg.devDependencies.preact,
        'solid-js': rootPkg.devDependencies['solid-js'],
        // The reference, for the drop-in test: the same apps compiled against it and against ./vapi.
        '@vapi-ai/web': rootPkg.devDependencies['@vapi-ai/web'],
      },
    }),
  );
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
    cwd: app,
  });
}, 600_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}, 120_000);

describe('npm pack → install → import', () => {
  test('the tarball holds the builds, types and README, not the sources', () => {
    const files = JSON.parse(readFileSync(join(scratch, 'files.json'), 'utf8')) as string[];
    for (const expected of [
      'package.json',
      'README.md',
      'CHANGELOG.md',
      'dist/index.js',
      'dist/core.js',
      'dist/element.js',
      'dist/react.js',
      'dist/api.js',
      'dist/vapi.js',
      'dist/types/index.d.ts',
      'dist/types/vapi/index.d.ts',
      'dist/cjs/vapi/index.cjs',
      'dist/cjs/vapi/index.d.cts',
      'dist/testing.js',
      'dist/types/testing/index.d.ts',
      'dist/cjs/testing/index.cjs',
      'dist/cjs/testing/index.d.cts',
      'dist/cjs/index.cjs',
      'dist/cjs/index.d.cts',
      'dist/cjs/core.cjs',
      'dist/cjs/core.d.cts',
      'dist/cjs/core/chat-client.cjs',
      'dist/cjs/daily/index.cjs',
      'dist/cjs/react.cjs',
      'dist/umd/voice-widget.umd.js',
      'dist/umd/package.json',
      'dist/cdn/voice-widget.js',
      'dist/cdn/voice-widget-engine.js',
      'dist/cdn/voice-widget-daily.js',
      'dist/webhook.js',
      'dist/types/webhook/index.d.ts',
      'dist/cjs/webhook/index.cjs',
      'dist/cjs/webhook/index.d.cts',
      'dist/vapi-api.js',
      'dist/types/vapi/platform-api.d.ts',
      'dist/cjs/vapi/platform-api.d.cts',
    ]) {
      expect(files, `tarball contains ${expected}`).toContain(expected);
    }
    expect(
      files.filter((file) => file.startsWith('src/') || (file.endsWith('.ts') && !file.endsWith('.d.ts'))),
      'no sources',
    ).toEqual([]);
  });

  test('every subpath imports in Node without a DOM (SSR-safe) and exports its API', () => {
    const script = `
      const index = await import('@ringwise/voice-widget');
      const core = await import('@ringwise/voice-widget/core');
      const api = await import('@ringwise/voice-widget/api');
      const element = await import('@ringwise/voice-widget/element');
      const react = await import('@ringwise/voice-widget/react');
      const vapi = await import('@ringwise/voice-widget/vapi');
      const testing = await import('@ringwise/voice-widget/testing');
      console.log(JSON.stringify({
        testing: [typeof testing.ScriptedVoiceClient, typeof testing.ScriptedChatClient, typeof testing.createScriptedEngines],
        vapi: [typeof vapi.default, typeof new vapi.default('pk').start, typeof vapi.default.runNetworkTestsStandalone],
        index: [typeof index.VoiceClient, typeof index.createWebCall, typeof index.defineVoiceCallElement, typeof index.ConversationController],
        core: [typeof core.VoiceClient],
        api: [typeof api.createWebCall, typeof api.createApiClient],
        element: [typeof element.defineVoiceCallElement, element.ELEMENT_NAME],
        react: [typeof react.useVoiceCall],
      }));`;
    const out = run(process.execPath, ['--input-type=module', '-e', script], { cwd: join(scratch, 'app') });
    expect(JSON.parse(out.trim()), 'exports per subpath').toEqual({
      testing: ['function', 'function', 'function'],
      vapi: ['function', 'function', 'function'],
      index: ['function', 'function', 'function', 'function'],
      core: ['function'],
      api: ['function', 'function'],
      element: ['function', 'ringwise-voice-call'],
      react: ['function'],
    });
  });

  test('every subpath requires in Node 22 from the CommonJS entries (require(esm) off), one module instance each', () => {
    const script = `
      const resolved = ['', '/core', '/api', '/element', '/react', '/vapi', '/testing'].map((sub) => require.resolve('@ringwise/voice-widget' + sub));
      const index = require('@ringwise/voice-widget');
      const core = require('@ringwise/voice-widget/core');
      const api = require('@ringwise/voice-widget/api');
      const element = require('@ringwise/voice-widget/element');
      const react = require('@ringwise/voice-widget/react');
      const vapi = require('@ringwise/voice-widget/vapi');
      const testing = require('@ringwise/voice-widget/testing');
      const chat = new core.ChatClient({ publicKey: 'pk' });
      console.log(JSON.stringify({
        resolved: resolved.map((file) => file.slice(file.indexOf('/dist/'))),
        index: [typeof index.VoiceClient, typeof index.ChatClient, typeof index.requestWebCall, typeof index.defineVoiceCallElement],
        core: [typeof core.VoiceClient, typeof core.toolCallsOf, chat.getSnapshot().state, new core.VoiceClient({ publicKey: 'pk' }).getSnapshot().videoTrack],
        api: [typeof api.createWebCall, typeof api.requestChatWeb, typeof api.createApiClient],
        element: [typeof element.defineVoiceCallElement, element.ELEMENT_NAME],
        react: [typeof react.useVoiceCall],
        vapi: [typeof vapi.default, typeof new vapi.default('pk').on],
        testing: [typeof testing.ScriptedVoiceClient, new testing.ScriptedChatClient({ publicKey: 'pk' }).getSnapshot().state],
        sameInstance: index.VoiceClient === core.VoiceClient && index.createWebCall === api.createWebCall,
      }));`;
    const out = run(process.execPath, ['--no-experimental-require-module', '-e', script], {
      cwd: join(scratch, 'app'),
    });
    expect(JSON.parse(out.trim()), 'exports per subpath, from dist/cjs').toEqual({
      resolved: [
        '/dist/cjs/index.cjs',
        '/dist/cjs/core.cjs',
        '/dist/cjs/api/index.cjs',
        '/dist/cjs/element.cjs',
        '/dist/cjs/react.cjs',
        '/dist/cjs/vapi/index.cjs',
        '/dist/cjs/testing/index.cjs',
      ],
      index: ['function', 'function', 'function', 'function'],
      core: ['function', 'function', 'idle', null],
      api: ['function', 'function', 'function'],
      element: ['function', 'ringwise-voice-call'],
      react: ['function'],
      vapi: ['function', 'function'],
      testing: ['function', 'idle'],
      sameInstance: true,
    });
  });

  test('the UMD file loads with require in Node (module.exports, no global)', () => {
    const script = `
      const umd = require('@ringwise/voice-widget/umd');
      console.log(JSON.stringify({
        file: require.resolve('@ringwise/voice-widget/umd').split('/dist/')[1],
        api: [typeof umd.VoiceClient, typeof umd.ChatClient, typeof umd.createWebCall, typeof umd.toolCallsOf, typeof umd.defineVoiceCallElement],
        global: typeof globalThis.RingwiseVoice,
      }));`;
    const out = run(process.execPath, ['-e', script], { cwd: join(scratch, 'app') });
    expect(JSON.parse(out.trim()), 'CommonJS branch of the UMD').toEqual({
      file: 'umd/voice-widget.umd.js',
      api: ['function', 'function', 'function', 'function', 'function'],
      global: 'undefined',
    });
  });

  describe('the UMD file as a script', () => {
    const umdSource = () =>
      readFileSync(join(scratch, 'app/node_modules/@ringwise/voice-widget/dist/umd/voice-widget.umd.js'), 'utf8');

    test('under a tiny AMD loader: define([], factory) with the exports, no global', () => {
      const modules: unknown[] = [];
      const define = Object.assign(
        (deps: unknown, factory: () => unknown) => {
          expect(deps, 'no dependencies').toEqual([]);
          modules.push(factory());
        },
        { amd: {} },
      );
      const context: Record<string, unknown> = { define };
      runInNewContext(umdSource(), context);
      expect(modules, 'one anonymous module').toHaveLength(1);
      const api = modules[0] as Record<string, unknown>;
      expect([typeof api.VoiceClient, typeof api.ChatClient, typeof api.requestChatWeb], 'its exports').toEqual([
        'function',
        'function',
        'function',
      ]);
      expect(context.RingwiseVoice, 'no global under AMD').toBeUndefined();
    });

    test('without a module system: the RingwiseVoice global, merged into the loader one without replacing its keys', () => {
      const plain: Record<string, unknown> = {};
      runInNewContext(umdSource(), plain);
      const global = plain.RingwiseVoice as Record<string, unknown>;
      expect([typeof global.VoiceClient, typeof global.ChatClient], 'the global').toEqual(['function', 'function']);

      const mount = () => 'launcher';
      const registerLocale = () => 'loader labels';
      const loader = { version: '9.9.9', mount, registerLocale };
      const withLoader: Record<string, unknown> = { RingwiseVoice: loader };
      runInNewContext(umdSource(), withLoader);
      expect(withLoader.RingwiseVoice, 'the same object').toBe(loader);
      const merged = withLoader.RingwiseVoice as Record<string, unknown>;
      expect([merged.version, merged.mount, merged.registerLocale], "the loader's keys kept").toEqual([
        '9.9.9',
        mount,
        registerLocale,
      ]);
      expect(
        [typeof merged.VoiceClient, typeof merged.ChatClient, typeof merged.createWebCall],
        'the UMD exports added',
      ).toEqual(['function', 'function', 'function']);
    });
  });

  /** Type-checks `files` of the scratch app with these options; returns tsc's output and the files it read. */
  function typecheck(name: string, files: string[], options: Record<string, unknown>) {
    const app = join(scratch, 'app');
    const config = join(app, `tsconfig.${name}.json`);
    writeFileSync(
      config,
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          strict: true,
          skipLibCheck: false,
          noEmit: true,
          types: [],
          ...options,
        },
        files,
      }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', config, '--listFiles'], { encoding: 'utf8' });
    const lines = result.stdout.split('\n');
    const read = lines
      .filter((line) => line.includes('/@ringwise/voice-widget/'))
      .map((line) => line.slice(line.indexOf('/dist/') + 1));
    const diagnostics = lines.filter((line) => !line.startsWith('/') && line.trim()).join('\n') + result.stderr;
    return { diagnostics, status: result.status, read };
  }

  // [consumer, moduleResolution, compiler options, declarations it must read, declarations it must not]
  test.each([
    ['import', 'bundler', { module: 'ESNext', moduleResolution: 'bundler' }, 'dist/types/core.d.ts', '.d.cts'],
    ['import', 'node16', { module: 'Node16', moduleResolution: 'node16' }, 'dist/types/core.d.ts', '.d.cts'],
    ['import', 'nodenext', { module: 'NodeNext', moduleResolution: 'nodenext' }, 'dist/types/core.d.ts', '.d.cts'],
    ['require', 'bundler', { module: 'Preserve', moduleResolution: 'bundler' }, 'dist/cjs/core.d.cts', 'dist/types/'],
    ['require', 'node16', { module: 'Node16', moduleResolution: 'node16' }, 'dist/cjs/core.d.cts', 'dist/types/'],
    ['require', 'nodenext', { module: 'NodeNext', moduleResolution: 'nodenext' }, 'dist/cjs/core.d.cts', 'dist/types/'],
  ])(
    'an %s consumer type-checks with skipLibCheck false (moduleResolution %s), on its own declarations',
    (kind, name, options, expected, forbidden) => {
      const file = kind === 'import' ? 'consumer.ts' : 'consumer-require.cts';
      writeFileSync(join(scratch, 'app', file), kind === 'import' ? importConsumer : requireConsumer);
      const { diagnostics, status, read } = typecheck(`${kind}-${name}`, [file], options);
      expect(diagnostics, 'tsc output').toBe('');
      expect(status, 'tsc exit code').toBe(0);
      expect(read, 'the declarations of its branch of the exports map').toContain(expected);
      expect(
        read.filter((path) => path.includes(forbidden)),
        'none of the other branch',
      ).toEqual([]);
      // tsc reads the platform's DTOs (./vapi/dist/api, 1.9 MB of declarations) with skipLibCheck false.
    },
    180_000,
  );

  test('<ringwise-voice-call> type-checks in TSX with skipLibCheck false (React 19 JSX types)', () => {
    writeFileSync(join(scratch, 'app', 'agent.tsx'), tsxConsumer);
    const { diagnostics, status } = typecheck('tsx', ['agent.tsx'], {
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
    });
    expect(diagnostics, 'tsc output').toBe('');
    expect(status, 'tsc exit code').toBe(0);
  }, 180_000);

  test('<ringwise-voice-call> type-checks in Preact TSX too, from the same option types (issue 39)', () => {
    writeFileSync(join(scratch, 'app', 'agent-preact.tsx'), preactConsumer);
    const { diagnostics, status } = typecheck('tsx-preact', ['agent-preact.tsx'], {
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      jsxImportSource: 'preact',
    });
    expect(diagnostics, 'tsc output').toBe('');
    expect(status, 'tsc exit code').toBe(0);
  }, 180_000);

  test('<ringwise-voice-call> type-checks in Solid TSX too, from the same option types (issue 39)', () => {
    writeFileSync(join(scratch, 'app', 'agent-solid.tsx'), solidConsumer);
    const { diagnostics, status } = typecheck('tsx-solid', ['agent-solid.tsx'], {
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'preserve',
      jsxImportSource: 'solid-js',
    });
    expect(diagnostics, 'tsc output').toBe('');
    expect(status, 'tsc exit code').toBe(0);
  }, 180_000);

  test("four apps' @vapi-ai/web call patterns compile against ./vapi with only the import swapped", () => {
    const apps = join(WIDGET_DIR, '..', 'tests', 'fixtures', 'vapi-apps');
    const files = readdirSync(apps);
    const reference = join(scratch, 'app', 'dropin-reference');
    const ours = join(scratch, 'app', 'dropin-ours');
    cpSync(apps, reference, { recursive: true });
    mkdirSync(ours);
    for (const file of files) {
      const source = readFileSync(join(apps, file), 'utf8');
      writeFileSync(join(ours, file), source.replaceAll("from '@vapi-ai/web", "from '@ringwise/voice-widget/vapi"));
    }
    // skipLibCheck as apps have it: the reference's own declarations import `openai` types it does not install.
    const options = { module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx', skipLibCheck: true };
    const onReference = typecheck(
      'dropin-reference',
      files.map((file) => `dropin-reference/${file}`),
      options,
    );
    expect(onReference.diagnostics, 'the apps compile against @vapi-ai/web itself').toBe('');
    const onOurs = typecheck(
      'dropin-ours',
      files.map((file) => `dropin-ours/${file}`),
      options,
    );
    expect(onOurs.diagnostics, 'and against ./vapi').toBe('');
    expect(onOurs.read, 'with the DTOs of ./vapi/dist/api').toContain('dist/types/vapi/platform-api.d.ts');
  }, 180_000);
});

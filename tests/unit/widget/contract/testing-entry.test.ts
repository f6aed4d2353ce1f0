/**
 * `@ringwise/voice-widget/testing` is a package entry like the others: named in the exports map
 * (ESM, CommonJS, declarations), built by widget/build.ts, and what its built file exports is
 * what the contract suite holds to the real clients (the fakes of voice-subjects.ts and
 * chat-subjects.ts come through the same entry). Its code stays out of every other entry's
 * output: nothing test-only ships to a visitor.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { beforeAll, describe, expect, test } from 'vitest';
import * as source from '@ringwise/voice-widget/testing';
import { buildLib, LIB_ENTRIES, WIDGET_DIR } from '../../../../widget/build.ts';
import { useTempDir } from '../../../fixtures/temp-dir.ts';
import { TARGET } from './trace.ts';

const pkg = JSON.parse(readFileSync(join(WIDGET_DIR, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
};

const built = useTempDir('widget-testing-entry-');
let outdir = '';
let metafile: Metafile;

beforeAll(async () => {
  outdir = built();
  metafile = await buildLib(outdir);
}, 120_000);

describe('the ./testing entry', () => {
  test('is in the exports map with both branches and their declarations', () => {
    expect(pkg.exports['./testing'], 'exports["./testing"]').toEqual({
      import: { types: './dist/types/testing/index.d.ts', default: './dist/testing.js' },
      require: { types: './dist/cjs/testing/index.d.cts', default: './dist/cjs/testing/index.cjs' },
    });
    expect(LIB_ENTRIES.testing, 'the ESM build has the entry').toBe('src/testing/index.ts');
  });

  test('the built file exports what the sources export, and its scripted engines play a script', async () => {
    const built = (await import(pathToFileURL(join(outdir, 'testing.js')).href)) as typeof source;
    expect(Object.keys(built).sort(), 'the built entry’s exports').toEqual(Object.keys(source).sort());
    const { engine } = built.createScriptedEngines({ voice: { snapshot: { state: 'active' } } });
    const client = new engine.VoiceClient({ publicKey: 'pk-entry' });
    const call = await client.start(TARGET);
    expect([call?.id, client.getSnapshot().state], 'the played start connects').toEqual([
      built.SCRIPTED_CALL.id,
      'active',
    ]);
    client.destroy();
  });

  test('no other entry’s output holds a source of src/testing/', () => {
    const leaks = Object.entries(metafile.outputs)
      .filter(([, output]) => output.entryPoint !== LIB_ENTRIES.testing)
      .flatMap(([file, output]) =>
        Object.keys(output.inputs)
          .filter((input) => input.startsWith('src/testing/'))
          .map((input) => `${relative(outdir, join(WIDGET_DIR, file))} ← ${input}`),
      );
    // Guards the check itself: the testing entry's own output does hold them.
    const own = Object.values(metafile.outputs).find((output) => output.entryPoint === LIB_ENTRIES.testing);
    expect(
      Object.keys(own?.inputs ?? {}).some((input) => input.startsWith('src/testing/')),
      'the entry holds its sources',
    ).toBe(true);
    expect(leaks, 'outputs of other entries (or shared chunks) with test doubles in them').toEqual([]);
  });
});

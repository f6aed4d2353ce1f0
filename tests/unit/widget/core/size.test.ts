/**
 * Size budget of DESIGN.md: the voice core + createWebCall, minified and gzipped (level 9), without
 * daily-js or the Daily adapter (both load lazily as their own chunk) must stay ≤ 6 KB. Bytes are
 * deterministic, so this is a test; the figures are printed for the bench notes.
 */
import { gzipSync } from 'node:zlib';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const WIDGET_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../widget/src');
const BUDGET = 6 * 1024;

async function bundle(contents: string) {
  const lazy: string[] = [];
  const result = await build({
    stdin: { contents, resolveDir: WIDGET_SRC, loader: 'ts', sourcefile: 'size-entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'daily-external',
        setup(builder) {
          // The adapter and daily-js are a separate chunk: not part of this budget.
          builder.onResolve({ filter: /(^@daily-co\/daily-js$)|(\/daily\/index\.ts$)/ }, (args) => {
            lazy.push(args.path);
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  const bytes = result.outputFiles[0]!.contents;
  return { code: new TextDecoder().decode(bytes), minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, lazy };
}

describe('voice core size', () => {
  it('VoiceClient + createWebCall stay within 6 KB gzip, with daily-js only behind a dynamic import', async () => {
    const { code, minified, gzip, lazy } = await bundle(
      "export { VoiceClient, VoiceError, isVoiceError } from './core/index.ts'; export { createWebCall } from './api/web-call.ts';",
    );
    console.info(`voice core + createWebCall: ${minified} B min, ${gzip} B gzip (budget ${BUDGET} B)`);
    expect(gzip, 'gzip bytes').toBeLessThanOrEqual(BUDGET);
    expect(lazy, 'only the adapter is referenced, and only lazily').toEqual(['../daily/index.ts']);
    expect(code, 'the adapter is loaded with a dynamic import').toMatch(/import\(["']\.\.\/daily\/index\.ts["']\)/);
    expect(code.includes('@daily-co/daily-js'), 'daily-js is not referenced by the core').toBe(false);
  });
});

/**
 * Size of the `./vapi` entry beside `@vapi-ai/web` 2.7.1 (the devDependency), both minified and
 * gzipped (level 9) the same way, daily-js excluded from both (it is the same download either
 * way). Budget (DESIGN.md): the entry, core and Daily adapter included, ≤ @vapi-ai/web's 13.0 KB
 * (1 KB = 1000 B), and never larger than the reference measured here.
 */
import { gzipSync } from 'node:zlib';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const BUDGET = 13_000;

const dailyExternal: Plugin = {
  name: 'daily-external',
  setup(builder) {
    builder.onResolve({ filter: /^@daily-co\/daily-js$/ }, (args) => ({ path: args.path, external: true }));
  },
};

async function gzipOf(entry: string, platform: 'browser' | 'neutral' = 'browser') {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform,
    write: false,
    logLevel: 'silent',
    outdir: '/tmp/vapi-size',
    splitting: true,
    plugins: [dailyExternal],
  });
  // The entry file only: a lazily imported chunk (network diagnostics) is not downloaded with it.
  const main = result.outputFiles.find((file) => /\/index\.js$|\/vapi\.js$/.test(file.path)) ?? result.outputFiles[0]!;
  return gzipSync(main.contents, { level: 9 }).length;
}

describe('./vapi size', () => {
  it('the entry with the core and the Daily adapter, daily-js excluded, ≤ 13.0 KB gzip and ≤ @vapi-ai/web', async () => {
    const ours = await gzipOf('widget/src/vapi/index.ts');
    const reference = await gzipOf('node_modules/@vapi-ai/web/dist/vapi.js');
    console.info(
      `./vapi: ${ours} B gzip; @vapi-ai/web 2.7.1: ${reference} B gzip (daily-js excluded from both; budget ${BUDGET} B)`,
    );
    expect(ours, 'within the budget').toBeLessThanOrEqual(BUDGET);
    expect(ours, 'not larger than the reference').toBeLessThanOrEqual(reference);
  });
});

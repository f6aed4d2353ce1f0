/**
 * Size and layering of what chat mode and the loader's early request need (min + gzip level 9,
 * 1 KB = 1000 B, bytes are deterministic):
 * - the chat engine (`src/element/chat-engine.ts`: ChatClient + requestChatWeb) ≤ 3 KB, with no
 *   voice core, platform, Daily adapter or package in it, so chat mode's download (loader + UI +
 *   chat engine ≤ 15 KB) has room;
 * - `requestWebCall` + `requestChatWeb`, what a loader bundles to send the first request at the
 *   click, ≤ 0.4 KB and made of nothing but the POST helper.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const WIDGET_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../widget/src');
const KB = 1000;

async function bundle(contents: string) {
  const result = await build({
    stdin: { contents, resolveDir: WIDGET_SRC, loader: 'ts', sourcefile: 'size-entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0]!.contents;
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0]!.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path.replace(/^.*widget\/src\//, ''));
  return { minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, inputs };
}

describe('chat and early-request sizes', () => {
  it('the chat engine stays ≤ 3 KB gzip and holds no voice code', async () => {
    const { minified, gzip, inputs } = await bundle("export { ChatClient } from './element/chat-engine.ts';");
    console.info(`chat engine (ChatClient + requestChatWeb): ${minified} B min, ${gzip} B gzip (budget ${3 * KB} B)`);
    expect(gzip, 'gzip bytes').toBeLessThanOrEqual(3 * KB);
    expect(inputs, 'the chat client is in it').toContain('core/chat-client.ts');
    expect(
      inputs.filter((input) => /voice-client|platform|daily|node_modules|element\/(?!chat-engine)/.test(input)),
      'no voice core, platform, adapter, UI or package',
    ).toEqual([]);
  });

  it('requestWebCall + requestChatWeb stay ≤ 0.4 KB gzip and import nothing but the POST helper', async () => {
    const { minified, gzip, inputs } = await bundle(
      "export { requestWebCall } from './api/web-call.ts'; export { requestChatWeb } from './api/chat-web.ts';",
    );
    console.info(`requestWebCall + requestChatWeb: ${minified} B min, ${gzip} B gzip`);
    expect(gzip, 'gzip bytes').toBeLessThanOrEqual(400);
    expect(inputs.sort(), 'only these modules contribute code').toEqual(['api/chat-web.ts', 'api/post-json.ts', 'api/web-call.ts']);
  });
});

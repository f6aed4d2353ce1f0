/**
 * The UMD build of the main entry (`dist/umd/voice-widget.umd.js`): one self-contained file for
 * AMD, CommonJS and a plain script tag (the global `RingwiseVoice`). Part of widget/build.ts.
 */
import { build, type Metafile } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { common, WIDGET_DIR } from './common.ts';

/** The UMD file name (in `dist/umd/`) and its browser global. */
export const UMD = { file: 'voice-widget.umd.js', global: 'RingwiseVoice' } as const;

/**
 * UMD wrapper around esbuild's IIFE (whose result is in `__ringwiseUmd`). AMD and CommonJS get the
 * exports; otherwise they go to `RingwiseVoice`, merged into an existing object (the script-tag
 * loader's `{ version, mount, registerLocale }`) without replacing any of its keys.
 */
const UMD_HEAD = `(function(root,factory){if(typeof define==='function'&&define.amd)define([],factory);else if(typeof module==='object'&&module.exports)module.exports=factory();else{var api=factory(),g=root.${UMD.global};if(g&&typeof g==='object'){for(var k in api)if(!(k in g))g[k]=api[k]}else root.${UMD.global}=api}})(typeof globalThis!=='undefined'?globalThis:typeof self!=='undefined'?self:this,function(){`;
const UMD_TAIL = `return __ringwiseUmd;});`;

/**
 * Builds the UMD bundle of the main entry into `outdir` (default `dist/umd/`), plus a
 * `package.json` there that marks its `.js` as CommonJS, so Node's `require` runs the wrapper as
 * a script (in the package's ESM scope it would not see `module`).
 */
export async function buildUmd(outdir = join(WIDGET_DIR, 'dist', 'umd')): Promise<Metafile> {
  const result = await build({
    ...common,
    entryPoints: { [UMD.file.replace(/\.js$/, '')]: 'src/index.ts' },
    outdir,
    format: 'iife',
    globalName: '__ringwiseUmd',
    target: 'es2022',
    banner: { js: UMD_HEAD },
    footer: { js: UMD_TAIL },
  });
  writeFileSync(join(outdir, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
  return result.metafile!;
}
